"""Tests of the dungeon model: tiles, doors, traps and level helpers (HOUSE §1)."""

from __future__ import annotations

from expedition.rules.exploration.dungeon_map import Level, Room
from expedition.rules.exploration.features import Door, Trap
from expedition.rules.exploration.tiles import DoorState, Tile


def _level() -> Level:
    return Level(depth=1, width=5, height=3, tiles=["#####", "#.+.#", "#####"])


def test_every_tile_has_a_distinct_glyph_and_a_name() -> None:
    """Nothing is told apart by colour alone: each tile has its own glyph and words."""
    glyphs = [tile.glyph for tile in Tile]
    assert len(set(glyphs)) == len(glyphs)
    assert all(len(glyph) == 1 for glyph in glyphs)
    assert all(tile.label for tile in Tile)
    assert Tile.STAIRS_DOWN.label == "stairs down"


def test_walls_block_and_floors_pass() -> None:
    assert not Tile.WALL.passable and Tile.WALL.opaque
    assert Tile.FLOOR.passable and not Tile.FLOOR.opaque
    assert Tile.WATER.passable and not Tile.RUBBLE.passable


def test_closed_doors_block_sight_and_open_doors_do_not() -> None:
    """HOUSE §1.4: a door's state decides whether it hides what lies beyond."""
    level = _level()
    level.doors[(2, 1)] = Door(pos=(2, 1), state=DoorState.CLOSED)
    assert level.blocks_sight((2, 1))
    level.doors[(2, 1)].state = DoorState.OPEN
    assert not level.blocks_sight((2, 1))


def test_an_unfound_secret_door_looks_like_wall_and_blocks_sight() -> None:
    """HOUSE §1.4: secret doors show as wall until a Search finds them."""
    level = _level()
    level.doors[(2, 1)] = Door(pos=(2, 1), state=DoorState.OPEN, secret=True)
    assert level.glyph_at((2, 1)) == Tile.WALL.glyph
    assert level.blocks_sight((2, 1))
    level.doors[(2, 1)].found = True
    assert level.glyph_at((2, 1)) != Tile.WALL.glyph
    assert not level.blocks_sight((2, 1))


def test_set_tile_changes_one_cell_only() -> None:
    level = _level()
    level.set_tile((1, 1), Tile.RUBBLE)
    assert level.tiles == ["#####", "#%+.#", "#####"]
    assert level.tile((1, 1)) is Tile.RUBBLE
    assert level.tile((-1, 0)) is Tile.WALL


def test_a_trap_is_hidden_until_found_and_harmless_once_disarmed() -> None:
    trap = Trap(pos=(1, 1), room=0, key="snare", name="Snare")
    assert trap.hidden and not trap.known and trap.armed
    trap.found = True
    assert trap.known
    trap.disarmed = True
    assert not trap.armed


def test_room_contains_its_floor_and_finds_rooms_by_position() -> None:
    level = _level()
    level.rooms.append(Room(id=0, x=1, y=1, w=1, h=1))
    assert level.room_at((1, 1)) is level.rooms[0]
    assert level.room_at((3, 1)) is None
    assert list(level.rooms[0].tiles()) == [(1, 1)]
