"""Provides the fight's geometry: where one may stand, who sees whom, orthogonal moves (§8, §10.2.2)."""

from __future__ import annotations

from collections import deque

from expedition.rules.core.distance import Pos, orthogonal_neighbours
from expedition.rules.core.kept import Kept
from expedition.rules.exploration.dungeon_map import Level
from expedition.rules.exploration.sight import line
from expedition.rules.exploration.tiles import DoorState, Tile

SIGHT = 12
"""How far combatants see one another for fleeing and shooting: Far (§16 #3; most enemies see in the dark)."""


def floor(level: Level, pos: Pos) -> bool:
    """True if a creature can stand on `pos` in a fight: passable, and not a closed door."""
    if not level.in_bounds(pos) or not level.walkable(pos):
        return False
    if level.tile(pos) is Tile.DOOR:
        door = level.doors.get(pos)
        return door is not None and door.state is DoorState.OPEN
    return True


def spread(level: Level, origin: Pos, taken: set[Pos]) -> list[Pos]:
    """Free floor tiles ordered by walking distance from `origin` (origin first when free)."""
    order: list[Pos] = []
    seen = {origin}
    queue = deque([origin])
    while queue:
        pos = queue.popleft()
        if pos not in taken:
            order.append(pos)
        for step in orthogonal_neighbours(pos):
            if step not in seen and floor(level, step):
                seen.add(step)
                queue.append(step)
    return order


def sees(level: Level, a: Pos, b: Pos, radius: int = SIGHT) -> bool:
    """True if a straight line joins `a` and `b` (either way) within `radius` with nothing blocking sight."""
    dx, dy = a[0] - b[0], a[1] - b[1]
    if dx * dx + dy * dy > radius * (radius + 1):
        return False

    def clear(path: list[Pos]) -> bool:
        return not any(level.blocks_sight(pos) for pos in path[1:-1])

    return clear(line(a, b)) or clear(line(b, a))


def routes(
    level: Level,
    start: Pos,
    steps: int,
    blocked: set[Pos],
    *,
    engaged: set[Pos] = frozenset(),  # type: ignore[assignment]  # a read-only default
    through_walls: bool = False,
    passable: set[Pos] = frozenset(),  # type: ignore[assignment]  # a read-only default
) -> dict[Pos, tuple[Pos, ...]]:
    """Every tile reachable in up to `steps` orthogonal steps, with the path to it (start excluded).

    `blocked` tiles cannot be entered. Leaving a tile in `engaged` (next to an opponent) ends
    the move on the next tile (the combat movement penalty, HOUSE §6.4). With `through_walls`
    the mover crosses walls but never stops in one. `passable` tiles (allies, house) can be
    crossed but not stopped on.

    The answer is kept for the same question on the same terrain (`Level.terrain`): judging a
    fighter's options asks it again for every tile they could move or flee to.
    """
    key = (level.terrain(), start, steps, through_walls, frozenset(blocked), frozenset(engaged),
           frozenset(passable))  # fmt: skip
    kept = _ROUTES.get(key, lambda: _routes(level, start, steps, blocked, engaged, through_walls, passable))
    return dict(kept)


_ROUTES: Kept[tuple[object, ...], dict[Pos, tuple[Pos, ...]]] = Kept(256)
"""`routes` answers by the terrain and the question."""


def _routes(
    level: Level,
    start: Pos,
    steps: int,
    blocked: set[Pos],
    engaged: set[Pos],
    through_walls: bool,
    passable: set[Pos],
) -> dict[Pos, tuple[Pos, ...]]:
    found: dict[Pos, tuple[Pos, ...]] = {}
    queue: deque[tuple[Pos, tuple[Pos, ...], bool]] = deque([(start, (), False)])
    seen = {start}
    while queue:
        pos, path, stopped = queue.popleft()
        if len(path) >= steps or stopped:
            continue
        for step in orthogonal_neighbours(pos):
            if step in seen or step in blocked or not level.in_bounds(step):
                continue
            if not floor(level, step) and not (through_walls and level.tile(step) is not Tile.DOOR):
                continue
            seen.add(step)
            queue.append((step, (*path, step), pos in engaged))
            if floor(level, step) and step not in passable:
                found[step] = (*path, step)
    return found
