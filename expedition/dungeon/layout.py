"""Provides level layout: rooms placed on a grid and joined by corridors with doors (HOUSE §1.1, §1.4)."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field

from expedition.dungeon.budget import Roller
from expedition.rules.core.distance import Pos
from expedition.rules.exploration.dungeon_map import Room
from expedition.rules.exploration.tiles import Tile

WALL = ord(Tile.WALL.value)
FLOOR = ord(Tile.FLOOR.value)
DOOR = ord(Tile.DOOR.value)
_SIDES = ("n", "e", "s", "w")


@dataclass(slots=True)
class Layout:
    """A level under construction.

    Attributes:
        width: Columns.
        height: Rows.
        grid: Rows of tile codes as bytes.
        rooms: Placed rooms.
        owner: For each tile, the id of the room whose floor or wall ring holds it, or -1.
        links: Room pairs joined by a corridor, with the two door tiles.
        loops: Indexes into `links` of corridors that only close a loop.
    """

    width: int
    height: int
    grid: list[bytearray]
    rooms: list[Room] = field(default_factory=list)
    owner: list[list[int]] = field(default_factory=list)
    links: list[tuple[int, int, Pos, Pos]] = field(default_factory=list)
    loops: list[int] = field(default_factory=list)

    def rows(self) -> list[str]:
        """The grid as strings, one per row."""
        return [row.decode() for row in self.grid]


def lay_out(roll: Roller, width: int, height: int, count: int, extra_loops: int) -> Layout:
    """Place up to `count` rooms and join them all, plus `extra_loops` loop corridors.

    Every room is reachable from every other through floor and door tiles.
    """
    layout = Layout(width, height, [bytearray(b"#" * width) for _ in range(height)])
    layout.owner = [[-1] * width for _ in range(height)]
    _place_rooms(layout, roll, count)
    _connect(layout, roll, extra_loops)
    return layout


def _place_rooms(layout: Layout, roll: Roller, count: int) -> None:
    for _attempt in range(count * 40):
        if len(layout.rooms) >= count:
            break
        w, h = roll.between(4, 11), roll.between(3, 7)
        x = roll.between(2, layout.width - w - 3)
        y = roll.between(2, layout.height - h - 3)
        if any(_overlaps((x, y, w, h), (r.x, r.y, r.w, r.h), 3) for r in layout.rooms):
            continue
        room = Room(id=len(layout.rooms), x=x, y=y, w=w, h=h)
        layout.rooms.append(room)
        for yy in range(y - 1, y + h + 1):
            for xx in range(x - 1, x + w + 1):
                layout.owner[yy][xx] = room.id
                if room.contains((xx, yy)):
                    layout.grid[yy][xx] = FLOOR


def _overlaps(a: tuple[int, int, int, int], b: tuple[int, int, int, int], gap: int) -> bool:
    return not (
        a[0] + a[2] + gap <= b[0]
        or b[0] + b[2] + gap <= a[0]
        or a[1] + a[3] + gap <= b[1]
        or b[1] + b[3] + gap <= a[1]
    )


def _connect(layout: Layout, roll: Roller, extra_loops: int) -> None:
    rooms = layout.rooms
    if len(rooms) < 2:
        return
    joined = {0}
    pairs = sorted(
        ((_dist(a, b), a.id, b.id) for a in rooms for b in rooms if a.id < b.id),
    )
    # Prim's tree over room centres: every room joins the nearest room already joined.
    while len(joined) < len(rooms):
        best = min((d, a, b) for d, a, b in pairs if (a in joined) != (b in joined))
        _, a, b = best
        if not _corridor(layout, roll, rooms[a], rooms[b]):
            pairs.remove(best)
            if not any((x in joined) != (y in joined) for _, x, y in pairs):
                # An unreachable room: fill it back in rather than leave it orphaned.
                lost = b if a in joined else a
                _remove_room(layout, lost)
                return _connect(layout, roll, extra_loops)
            continue
        joined.update((a, b))
    linked = {(a, b) for a, b, _, _ in layout.links}
    spare = [(d, a, b) for d, a, b in pairs if (a, b) not in linked and (b, a) not in linked]
    for _d, a, b in spare[: extra_loops * 3]:
        if len(layout.loops) >= extra_loops:
            break
        if roll.d(3) > 1 and _corridor(layout, roll, rooms[a], rooms[b]):
            layout.loops.append(len(layout.links) - 1)
    return None


def _remove_room(layout: Layout, lost: int) -> None:
    room = layout.rooms[lost]
    for yy in range(room.y - 1, room.y + room.h + 1):
        for xx in range(room.x - 1, room.x + room.w + 1):
            layout.grid[yy][xx] = WALL
            layout.owner[yy][xx] = -1
    del layout.rooms[lost]
    for index, other in enumerate(layout.rooms):
        if other.id != index:
            for yy in range(other.y - 1, other.y + other.h + 1):
                for xx in range(other.x - 1, other.x + other.w + 1):
                    layout.owner[yy][xx] = index
            other.id = index
    layout.links.clear()
    layout.loops.clear()
    for row in layout.grid:
        row[:] = row.replace(b"+", b"#")
    for other in layout.rooms:
        for x, y in other.tiles():
            layout.grid[y][x] = FLOOR
    for yy, row in enumerate(layout.grid):
        for xx, code in enumerate(row):
            if code == FLOOR and layout.owner[yy][xx] == -1:
                row[xx] = WALL


def _dist(a: Room, b: Room) -> int:
    (ax, ay), (bx, by) = a.center, b.center
    return abs(ax - bx) + abs(ay - by)


def _door_spot(roll: Roller, room: Room, side: str) -> tuple[Pos, Pos]:
    """A door tile on `side` of the room's wall ring and the corridor tile just outside it."""
    if side in ("n", "s"):
        x = roll.between(room.x, room.x + room.w - 1)
        y = room.y - 1 if side == "n" else room.y + room.h
        return (x, y), (x, y - 1 if side == "n" else y + 1)
    y = roll.between(room.y, room.y + room.h - 1)
    x = room.x - 1 if side == "w" else room.x + room.w
    return (x, y), (x - 1 if side == "w" else x + 1, y)


def _facing(a: Room, b: Room) -> list[tuple[str, str]]:
    (ax, ay), (bx, by) = a.center, b.center
    horizontal = ("e", "w") if bx >= ax else ("w", "e")
    vertical = ("s", "n") if by >= ay else ("n", "s")
    first, second = (horizontal, vertical) if abs(bx - ax) >= abs(by - ay) else (vertical, horizontal)
    return [first, second, (first[0], second[1]), (second[0], first[1])]


def _free(layout: Layout, pos: Pos) -> bool:
    x, y = pos
    return 0 < x < layout.width - 1 and 0 < y < layout.height - 1 and layout.owner[y][x] == -1


def _corridor(layout: Layout, roll: Roller, a: Room, b: Room) -> bool:
    """Carve a corridor with a door at each end between two rooms; False if no way was found."""
    for side_a, side_b in _facing(a, b):
        door_a, out_a = _door_spot(roll, a, side_a)
        door_b, out_b = _door_spot(roll, b, side_b)
        if not (_free(layout, out_a) and _free(layout, out_b)):
            continue
        path = _l_path(layout, out_a, out_b, roll.d(2) == 1) or _l_path(layout, out_a, out_b, True)
        path = path or _l_path(layout, out_a, out_b, False) or _search(layout, out_a, out_b)
        if path is None:
            continue
        for x, y in path:
            layout.grid[y][x] = FLOOR
        for x, y in (door_a, door_b):
            layout.grid[y][x] = DOOR
        layout.links.append((a.id, b.id, door_a, door_b))
        return True
    return False


def _l_path(layout: Layout, start: Pos, end: Pos, x_first: bool) -> list[Pos] | None:
    (sx, sy), (ex, ey) = start, end
    corner = (ex, sy) if x_first else (sx, ey)
    path: list[Pos] = []
    for (ax, ay), (bx, by) in ((start, corner), (corner, end)):
        dx = (bx > ax) - (bx < ax)
        dy = (by > ay) - (by < ay)
        x, y = ax, ay
        while True:
            if not _free(layout, (x, y)):
                return None
            if not path or path[-1] != (x, y):
                path.append((x, y))
            if (x, y) == (bx, by):
                break
            x, y = x + dx, y + dy
    return path


def _search(layout: Layout, start: Pos, end: Pos) -> list[Pos] | None:
    """Breadth-first route through free tiles, for corridors an L shape cannot make."""
    previous: dict[Pos, Pos | None] = {start: None}
    queue = deque([start])
    while queue:
        pos = queue.popleft()
        if pos == end:
            path = []
            step: Pos | None = pos
            while step is not None:
                path.append(step)
                step = previous[step]
            return path
        x, y = pos
        for nxt in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if nxt not in previous and _free(layout, nxt):
                previous[nxt] = pos
                queue.append(nxt)
    return None
