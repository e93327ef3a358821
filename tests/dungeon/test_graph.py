"""The room graph and the walking distances, against their definitions on generated levels.

`graph.py` answers from tiles worked out once per search (the rooms' floors, the walkable
characters) instead of asking the level tile by tile: the answers must be the level's own.
"""

from __future__ import annotations

from collections import deque

from hypothesis import given, settings
from hypothesis import strategies as st

from expedition.dungeon.generate import generate_dungeon
from expedition.dungeon.graph import room_graph, tile_distances
from expedition.dungeon.themes import ThemeDef
from expedition.rules.core.distance import Pos
from expedition.rules.exploration.dungeon_map import Level
from expedition.rules.exploration.tiles import Tile

STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1))


def _graph_by_definition(level: Level) -> dict[int, set[int]]:
    """Rooms joined by a door, or by a door, a corridor and another door, asking the level each time."""
    graph: dict[int, set[int]] = {room.id: set() for room in level.rooms}
    for pos, door in level.doors.items():
        rooms = set(door.rooms)
        for dx, dy in STEPS:
            start = (pos[0] + dx, pos[1] + dy)
            if level.tile(start) is Tile.WALL or level.room_at(start) is not None or start in level.doors:
                continue
            corridor, queue = {start}, deque([start])
            while queue:
                x, y = queue.popleft()
                for ex, ey in STEPS:
                    nxt = (x + ex, y + ey)
                    if nxt in level.doors:
                        rooms |= set(level.doors[nxt].rooms)
                    elif nxt not in corridor and level.walkable(nxt) and level.room_at(nxt) is None:
                        corridor.add(nxt)
                        queue.append(nxt)
        for a in rooms:
            graph[a] |= rooms - {a}
    return graph


def _distances_by_definition(level: Level, origin: Pos) -> dict[Pos, int]:
    distances, queue = {origin: 0}, deque([origin])
    while queue:
        x, y = pos = queue.popleft()
        for dx, dy in STEPS:
            nxt = (x + dx, y + dy)
            if nxt not in distances and level.walkable(nxt):
                distances[nxt] = distances[pos] + 1
                queue.append(nxt)
    return distances


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_the_room_graph_and_distances_are_the_levels_own(themes: dict[str, ThemeDef], seed: int) -> None:
    for level in generate_dungeon(seed, themes).levels:
        assert room_graph(level) == _graph_by_definition(level)
        assert tile_distances(level, level.arrival) == _distances_by_definition(level, level.arrival)
