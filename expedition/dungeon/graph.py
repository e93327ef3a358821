"""Provides how a level's rooms join up: the room graph, distances, door counts and refuges."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable

from expedition.rules.core.distance import Pos
from expedition.rules.exploration.dungeon_map import Level, Room
from expedition.rules.exploration.tiles import Tile

__all__ = ["door_counts", "refuge_candidates", "room_distances", "room_graph", "tile_distances"]


def room_graph(level: Level) -> dict[int, set[int]]:
    """Rooms joined through a door and the corridor behind it (or a shared door), by room id."""
    door_rooms: dict[Pos, set[int]] = {pos: set(door.rooms) for pos, door in level.doors.items()}
    floors = _floors(level)
    walkable = _walkable(level)
    seen: set[Pos] = set()
    graph: dict[int, set[int]] = {room.id: set() for room in level.rooms}
    for pos, door in level.doors.items():
        rooms = set(door.rooms)
        x, y = pos
        for start in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if start in seen or level.tile(start) is Tile.WALL or start in floors:
                continue
            if start in level.doors:
                continue
            component, touching = _corridor_component(start, door_rooms, floors, walkable)
            seen |= component
            rooms |= touching
            for a in touching:
                graph[a] |= touching - {a}
        for a in rooms:
            graph[a] |= rooms - {a}
    return graph


def _floors(level: Level) -> set[Pos]:
    """Every tile some room's floor holds (`Level.room_at` is not None there), worked out once.

    Building the room graph asked `room_at` (a walk over every room) for each corridor tile, several
    times per level: two thirds of generating a dungeon went there.
    """
    return {
        (x, y)
        for room in level.rooms
        for y in range(room.y, room.y + room.h)
        for x in range(room.x, room.x + room.w)
    }


def _walkable(level: Level) -> Callable[[Pos], bool]:
    """`Level.walkable` for a level whose tiles do not change while it is asked (one search).

    The same answer, without building a `Tile` for each question: the searches here ask it for
    every tile they cross, and that was most of generating a dungeon.
    """
    rows, width, height = level.tiles, level.width, level.height
    passable = {char for char in sorted(set().union(*rows)) if Tile(char).passable}

    def walkable(pos: Pos) -> bool:
        x, y = pos
        return 0 <= x < width and 0 <= y < height and rows[y][x] in passable

    return walkable


def _corridor_component(
    start: Pos, door_rooms: dict[Pos, set[int]], floors: set[Pos], walkable: Callable[[Pos], bool]
) -> tuple[set[Pos], set[int]]:
    component = {start}
    touching: set[int] = set()
    queue = deque([start])
    while queue:
        x, y = queue.popleft()
        for nxt in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if nxt in door_rooms:
                touching |= door_rooms[nxt]
            elif nxt not in component and nxt not in floors and walkable(nxt):
                component.add(nxt)
                queue.append(nxt)
    return component, touching


def room_distances(level: Level, origin: int) -> dict[int, int]:
    graph = room_graph(level)
    distances = {origin: 0}
    queue = deque([origin])
    while queue:
        room = queue.popleft()
        for other in sorted(graph[room]):
            if other not in distances:
                distances[other] = distances[room] + 1
                queue.append(other)
    return distances


def tile_distances(level: Level, origin: Pos) -> dict[Pos, int]:
    walkable = _walkable(level)
    distances = {origin: 0}
    queue = deque([origin])
    while queue:
        x, y = pos = queue.popleft()
        for nxt in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if nxt not in distances and walkable(nxt):
                distances[nxt] = distances[pos] + 1
                queue.append(nxt)
    return distances


def door_counts(level: Level) -> dict[int, int]:
    """Doors (exits) of each room, by room id."""
    doors = {room.id: 0 for room in level.rooms}
    for door in level.doors.values():
        for room in door.rooms:
            doors[room] += 1
    return doors


def refuge_candidates(level: Level, lair: Room | None) -> list[Room]:
    """Rooms with a single door that are not next to the lair (HOUSE §1.3)."""
    graph = room_graph(level)
    doors = door_counts(level)
    return [
        room
        for room in level.rooms
        if doors[room.id] == 1
        and not room.entrance
        and not room.lair
        and room.center not in (level.stairs_down, level.stairs_up)
        and (lair is None or (room.id not in graph[lair.id] and room.id != lair.id))
    ]
