"""Tests for exploration/dungeon_map.py:

Rooms, levels and the dungeon as plain data (HOUSE §1.1–§1.5, §6.3).
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from expedition.rules.exploration.dungeon_map import Level, Room
from expedition.rules.exploration.features import Cache, Door, Trap
from expedition.rules.exploration.tiles import DoorState, Tile
from tests.rules.exploration_helpers import TILES_1, make_dungeon


def _level() -> Level:
    return make_dungeon().level(1)


@given(x=st.integers(0, 20), y=st.integers(0, 20), w=st.integers(1, 8), h=st.integers(1, 8))
def test_a_rooms_tiles_are_exactly_the_floor_it_contains_house_1_1(x: int, y: int, w: int, h: int) -> None:
    """HOUSE §1.1: a room is a w x h rectangle of floor; its centre and every tile lie inside it."""
    room = Room(0, x, y, w, h)
    tiles = list(room.tiles())
    assert len(tiles) == len(set(tiles)) == w * h
    assert all(room.contains(pos) for pos in tiles)
    assert room.contains(room.center)
    assert not room.contains((x + w, y)) and not room.contains((x, y + h)) and not room.contains((x - 1, y))


def test_outside_the_map_is_wall_and_set_tile_changes_one_cell_house_1_1() -> None:
    """HOUSE §1.1: tiles are read by code; off the map is wall; a collapse edits one cell."""
    level = _level()
    assert level.tile((1, 3)) is Tile.EXIT and level.tile((8, 3)) is Tile.STAIRS_DOWN
    assert level.tile((-1, 0)) is Tile.WALL and level.tile((10, 2)) is Tile.WALL
    assert not level.in_bounds((10, 2))
    level.set_tile((3, 2), Tile.RUBBLE)
    assert level.tile((3, 2)) is Tile.RUBBLE and not level.walkable((3, 2))
    changed = [(x, y) for y, row in enumerate(level.tiles) for x, ch in enumerate(row) if ch != TILES_1[y][x]]
    assert changed == [(3, 2)]


def test_sight_is_blocked_by_walls_rubble_and_shut_doors_house_6_3() -> None:
    """HOUSE §6.3: a door tile blocks sight unless its door stands open; a door tile with no door blocks."""
    level = _level()
    assert level.blocks_sight((5, 2))  # the closed door
    level.doors[(5, 2)].state = DoorState.OPEN
    assert not level.blocks_sight((5, 2))
    assert level.blocks_sight((0, 0)) and not level.blocks_sight((2, 2))
    del level.doors[(5, 2)]
    assert level.blocks_sight((5, 2))


def test_the_map_draws_an_unfound_secret_door_as_wall_and_an_open_door_apart_house_1_4() -> None:
    """HOUSE §1.4: until a Search finds it, a secret door looks like wall; an open door has its own glyph."""
    level = _level()
    assert level.glyph_at((5, 2)) == "+"
    level.doors[(5, 2)] = Door((5, 2), DoorState.CLOSED, secret=True)
    assert level.glyph_at((5, 2)) == "#"
    level.doors[(5, 2)].found = True
    assert level.glyph_at((5, 2)) == "+"
    level.doors[(5, 2)].state = DoorState.OPEN
    assert level.glyph_at((5, 2)) == "'"


def test_rooms_traps_and_caches_are_found_by_tile_house_1_3() -> None:
    """HOUSE §1.3: what stands on a tile: its room (none in a doorway), a trap, a cache."""
    level = _level()
    assert level.room_at((2, 2)) is level.rooms[0] and level.room_at((7, 2)) is level.rooms[1]
    assert level.room_at((5, 2)) is None
    assert isinstance(level.trap_at((7, 2)), Trap) and level.trap_at((6, 2)) is None
    assert isinstance(level.cache_at((8, 1)), Cache) and level.cache_at((8, 2)) is None


def test_levels_are_one_based_and_the_wandering_row_is_capped_house_1_5() -> None:
    """HOUSE §1.5: level 1 is the first; a roll past the table reads its last row, below 1 its first."""
    dungeon = make_dungeon()
    assert dungeon.level(1).depth == 1 and dungeon.level(2).depth == 2
    assert dungeon.wandering_row(1).name == "Crawlers" and dungeon.wandering_row(2).name == "Ghouls"
    assert dungeon.wandering_row(9).name == "Ghouls" and dungeon.wandering_row(0).name == "Crawlers"
