"""Tests for rules/exploration/features.py: what is placed on a level (HOUSE §1.3–§1.8)."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from expedition.rules.exploration.features import Cache, Corpse, Door, Encounter, EncounterRow, Trap, Treasure
from expedition.rules.exploration.tiles import DoorState


@pytest.mark.parametrize("state", list(DoorState))
def test_only_an_open_door_lets_sight_through_house_6_3(state: DoorState) -> None:
    """HOUSE §6.3, §1.4: closed, stuck, locked and barred doors all block sight; an open one does not."""
    assert Door((3, 1), state).blocks_sight is (state is not DoorState.OPEN)


def test_an_unfound_secret_door_blocks_sight_even_when_open_house_1_4() -> None:
    """HOUSE §1.4: a secret door passes for wall until found; once found it behaves like any door."""
    door = Door((3, 1), DoorState.OPEN, secret=True)
    assert door.blocks_sight
    door.found = True
    assert not door.blocks_sight


@given(hidden=st.booleans(), found=st.booleans(), disarmed=st.booleans(), sprung=st.booleans())
def test_a_trap_is_known_when_found_or_never_hidden_and_armed_until_spent_house_1_8(
    hidden: bool, found: bool, disarmed: bool, sprung: bool
) -> None:
    """HOUSE §1.8: a concealed trap stays unknown until found; disarming or springing it spends it."""
    trap = Trap((1, 1), 0, "pit", "Pit", hidden=hidden, found=found, disarmed=disarmed, sprung=sprung)
    assert trap.known is (found or not hidden)
    assert trap.armed is not (disarmed or sprung)


def test_placed_features_start_in_their_untouched_state_house_1_3() -> None:
    """HOUSE §1.3, §1.8: traps start hidden and armed, doors closed, caches full, encounters standing."""
    trap = Trap((1, 1), 0, "pit", "Pit")
    assert trap.hidden and not trap.known and trap.armed and trap.find == "normal"
    assert Door((2, 2)).state is DoorState.CLOSED
    cache = Cache((1, 1), 0)
    assert not cache.looted and not cache.hidden and not cache.locked
    assert not Encounter(0, ("ghoul",)).defeated
    assert Corpse((1, 1), "human").rises_in_days is None and not Corpse((1, 1), "human").warded


def test_table_rows_and_treasures_are_values_house_1_8() -> None:
    """HOUSE §1.8, §4.1: encounter rows and treasure items are read-only table values."""
    row = EncounterRow(3, "Crawlers", ("crawler", "crawler"), filler=("rat",))
    with pytest.raises(dataclasses.FrozenInstanceError):
        row.name = "Other"  # type: ignore[misc]
    treasure = Treasure("Pearl string", "valuable", kind="J")
    with pytest.raises(dataclasses.FrozenInstanceError):
        treasure.slots = 2  # type: ignore[misc]
    assert treasure == Treasure("Pearl string", "valuable", kind="J")
