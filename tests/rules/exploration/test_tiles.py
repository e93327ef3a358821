"""Tests for rules/exploration/tiles.py: tile kinds, door states, room contents (HOUSE §1.3, §1.4, §6.3)."""

from __future__ import annotations

import pytest

from expedition.rules.exploration.tiles import Contents, DoorState, Tile


@pytest.mark.parametrize("tile", list(Tile))
def test_every_tile_reads_back_from_its_glyph_and_has_a_spoken_name_house_6_3(tile: Tile) -> None:
    """HOUSE §6.3: each tile is drawn as one character and has words for a screen reader."""
    assert len(tile.glyph) == 1 and Tile(tile.glyph) is tile
    assert tile.label and tile.label != tile.glyph


def test_walls_rubble_and_chasms_cannot_be_stood_on_section_8() -> None:
    """§8 (movement): only walls, rubble and a chasm stop a creature; water and doors can be entered."""
    blocked = {tile for tile in Tile if not tile.passable}
    assert blocked == {Tile.WALL, Tile.RUBBLE, Tile.CHASM}
    assert Tile.WATER.passable and Tile.DEEP_WATER.passable and Tile.DOOR.passable


def test_only_walls_and_rubble_block_sight_by_themselves_house_6_3() -> None:
    """HOUSE §6.3: a chasm or water can be seen across; a door's opacity is its state's, not the tile's."""
    assert {tile for tile in Tile if tile.opaque} == {Tile.WALL, Tile.RUBBLE}
    assert not Tile.DOOR.opaque and not Tile.CHASM.opaque


def test_doors_have_the_five_states_of_the_door_roll_house_1_4() -> None:
    """HOUSE §1.4: open, closed (unlocked), stuck, locked and barred; no other state exists."""
    assert [state.value for state in DoorState] == ["open", "closed", "stuck", "locked", "barred"]
    assert DoorState("barred") is DoorState.BARRED


def test_room_contents_name_every_stocking_result_house_1_3() -> None:
    """HOUSE §1.3: a room is stocked with an encounter, trap, hazard, cache, nothing, or is a lair."""
    assert {c.value for c in Contents} == {"encounter", "trap", "hazard", "cache", "empty", "lair"}
