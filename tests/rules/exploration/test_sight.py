"""Tests of field of view and lighting (RULES §7.8, §8, §16 #3; HOUSE §6.3)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from expedition.dungeon.lighting import Memory, TileState, light_radius, tile_state, update_memory
from expedition.rules.exploration.dungeon_map import Level
from expedition.rules.exploration.features import Door
from expedition.rules.exploration.sight import in_radius, line, visible_from
from expedition.rules.exploration.tiles import DoorState, Tile

OPEN_ROOM = ["#" * 21] + ["#" + "." * 19 + "#" for _ in range(19)] + ["#" * 21]


def _level(rows: list[str]) -> Level:
    return Level(depth=1, width=len(rows[0]), height=len(rows), tiles=list(rows))


def test_walls_block_sight_but_are_seen() -> None:
    """HOUSE §6.3: a wall hides what is behind it; the wall itself shows."""
    level = _level(["#######", "#..#..#", "#######"])
    seen = visible_from(level, (1, 1), 10)
    assert (3, 1) in seen
    assert (4, 1) not in seen and (5, 1) not in seen


def test_closed_doors_block_and_open_doors_let_sight_through() -> None:
    """HOUSE §6.3, §1.4: a closed door is seen but hides what is beyond; an open one lets sight through."""
    level = _level(["#######", "#..+..#", "#######"])
    level.doors[(3, 1)] = Door(pos=(3, 1), state=DoorState.CLOSED)
    assert (4, 1) not in visible_from(level, (1, 1), 10)
    assert (3, 1) in visible_from(level, (1, 1), 10)
    level.doors[(3, 1)].state = DoorState.OPEN
    assert (5, 1) in visible_from(level, (1, 1), 10)


def test_radius_is_respected() -> None:
    """§16 #3: a Nearby light reaches 6 tiles and no further."""
    level = _level(OPEN_ROOM)
    seen = visible_from(level, (10, 10), 6)
    assert (16, 10) in seen and (17, 10) not in seen
    assert all(in_radius((10, 10), pos, 6) for pos in seen)
    assert visible_from(level, (10, 10), 0) == {(10, 10)}


def test_a_pillar_casts_a_shadow() -> None:
    """HOUSE §6.3: a lone opaque tile is seen, and hides the tiles straight behind it."""
    rows = list(OPEN_ROOM)
    rows[10] = rows[10][:12] + "#" + rows[10][13:]
    level = _level(rows)
    seen = visible_from(level, (10, 10), 8)
    assert (12, 10) in seen
    assert (14, 10) not in seen


@settings(max_examples=40, deadline=None)
@given(
    st.tuples(st.integers(1, 19), st.integers(1, 19)),
    st.tuples(st.integers(1, 19), st.integers(1, 19)),
    st.lists(st.tuples(st.integers(1, 19), st.integers(1, 19)), max_size=25),
)
def test_sight_is_symmetric(a: tuple[int, int], b: tuple[int, int], pillars: list[tuple[int, int]]) -> None:
    """HOUSE §6.3: if A sees B, B sees A, with any scatter of pillars between them."""
    level = _level(OPEN_ROOM)
    for pos in pillars:
        if pos not in (a, b):
            level.set_tile(pos, level.tile((0, 0)))
    assert (b in visible_from(level, a, 12)) == (a in visible_from(level, b, 12))


def _seen_by_definition(level: Level, origin: tuple[int, int], radius: int) -> set[tuple[int, int]]:
    """HOUSE §6.3 read word for word: a tile in the radius is seen when a line to it, or back, is clear."""

    def clear(path: list[tuple[int, int]]) -> bool:
        return not any(level.blocks_sight(pos) for pos in path[1:-1])

    return {origin} | {
        (x, y)
        for y in range(level.height)
        for x in range(level.width)
        if in_radius(origin, (x, y), radius) and (clear(line(origin, (x, y))) or clear(line((x, y), origin)))
    }


@settings(max_examples=40, deadline=None)
@given(
    st.tuples(st.integers(0, 20), st.integers(0, 20)),
    st.integers(0, 13),
    st.lists(st.tuples(st.integers(1, 19), st.integers(1, 19)), max_size=40),
)
def test_sight_is_the_rule_whatever_the_origin_and_radius(
    origin: tuple[int, int], radius: int, pillars: list[tuple[int, int]]
) -> None:
    """The lines are drawn once per radius and moved to each origin: the same tiles as drawing each one."""
    level = _level(OPEN_ROOM)
    for pos in pillars:
        if pos != origin:
            level.set_tile(pos, level.tile((0, 0)))
    assert visible_from(level, origin, radius) == _seen_by_definition(level, origin, radius)


def test_light_radius_by_source_and_darkness() -> None:
    """§7.8: candles light Close (1), torches and lanterns Nearby (6); unnatural darkness halves."""
    assert light_radius("candle") == 1
    assert light_radius("torch") == 6
    assert light_radius("lantern") == 6
    assert light_radius("torch", unnatural_darkness=True) == 3
    assert light_radius("candle", unnatural_darkness=True) == 0
    assert light_radius("torch", unnatural_darkness=True, halved=True) == 1
    assert light_radius(None) == 0


def test_memory_turns_seen_tiles_into_remembered_ones() -> None:
    """HOUSE §6.3, §10.1: the map shows what is seen now, remembers what was seen, per level."""
    memory = Memory()
    fresh = update_memory(memory, 1, {(1, 1), (2, 1)})
    assert fresh == {(1, 1), (2, 1)}
    assert update_memory(memory, 1, {(2, 1), (3, 1)}) == {(3, 1)}
    assert tile_state(memory, 1, (3, 1), {(3, 1)}) is TileState.VISIBLE
    assert tile_state(memory, 1, (1, 1), {(3, 1)}) is TileState.REMEMBERED
    assert tile_state(memory, 1, (9, 9), set()) is TileState.UNSEEN
    assert tile_state(memory, 2, (1, 1), set()) is TileState.UNSEEN


def test_path_goes_round_walls_over_known_tiles_section_8() -> None:
    """§8: the walk to a clicked tile is orthogonal, avoids walls and uses only seen tiles."""
    from expedition.rules.exploration.dungeon_map import Level
    from expedition.rules.exploration.sight import path_to

    rows = ["#######", "#..#..#", "#..#..#", "#.....#", "#######"]
    level = Level(depth=1, width=7, height=5, tiles=rows, theme="test")
    known = {(x, y) for y in range(5) for x in range(7)}
    walk = path_to(level, known, (1, 1), (5, 1))
    assert walk[-1] == (5, 1) and (3, 1) not in walk and (3, 2) not in walk
    assert len(walk) == 8
    for a, b in zip([(1, 1), *walk], walk, strict=False):
        assert abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1
    assert path_to(level, known - {(3, 3)}, (1, 1), (5, 1)) == []
    assert path_to(level, known, (1, 1), (1, 1)) == []


def test_sight_asked_again_follows_the_terrain_as_it_is_now() -> None:
    """HOUSE §6.3: sight kept for the same question is not given once a tile changed (a collapse);
    the same question on the same terrain gives the same tiles, in the same order, whatever a caller
    did to an earlier answer."""
    level = _level(["#######", "#.....#", "#######"])
    first = visible_from(level, (1, 1), 10)
    assert (5, 1) in first
    first.clear()
    again = visible_from(level, (1, 1), 10)
    assert (5, 1) in again and list(again) == list(visible_from(level, (1, 1), 10))
    level.set_tile((3, 1), Tile.WALL)
    assert (5, 1) not in visible_from(level, (1, 1), 10) and (3, 1) in visible_from(level, (1, 1), 10)
