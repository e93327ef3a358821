"""Tests for rules/exploration/camp_state.py: the camping place and the camp under way (§10.3, HOUSE §1.3)."""

from __future__ import annotations

import dataclasses
import subprocess
import sys

import pytest

from expedition.persistence.state import body_to_state, state_to_body
from expedition.rules.exploration.camp_state import CampPlace, CampState
from tests.rules.camp_helpers import camp_with, make_state


def test_a_default_place_is_a_dry_dungeon_room_where_a_fire_can_burn() -> None:
    """§10.3, HOUSE §1.3: by default a place is dry, clean, sheltered, in a dungeon, long rest undecided."""
    place = CampPlace()
    assert (place.dry, place.filthy, place.exposed, place.fire_possible) == (True, False, False, True)
    assert (place.in_dungeon, place.long_rest, place.extra_dice, place.campers) == (True, None, 0, ())
    with pytest.raises(dataclasses.FrozenInstanceError):
        place.dry = False  # type: ignore[misc]


def test_a_new_camp_starts_empty_and_its_lists_are_its_own() -> None:
    """§10.3: a camp starts with no pool, no fire, no lookouts; two camps never share their lists."""
    first, second = CampState(CampPlace()), CampState(CampPlace())
    assert (first.pool, first.total, first.fire, first.slept, first.returns_to) == (
        0,
        0,
        False,
        False,
        "exploration",
    )
    first.lookouts.append("wren")
    first.done.append("surgery:wren")
    assert second.lookouts == [] and second.done == [] and second.snorers == []


def test_a_camp_under_way_survives_a_snapshot_round_trip() -> None:
    """§10.3: the camp (place, pool, lookouts, what was done) is plain data that a save keeps."""
    state = make_state()
    camp_with(state, CampPlace(name="Refuge", exposed=True, long_rest=True))
    assert state.expedition is not None and state.expedition.camp is not None
    state.expedition.camp.lookouts.append("wren")
    state.expedition.camp.done.append("repair:moss")
    again = body_to_state(state_to_body(state))
    assert again.expedition is not None and again.expedition.camp == state.expedition.camp


def test_the_camp_state_does_not_import_the_camp_rules() -> None:
    """§10.3: the state module stands apart, so campaign and expedition states can hold a camp."""
    code = (
        "import sys, expedition.rules.exploration.camp_state;"
        "print(sorted(m for m in sys.modules"
        " if m.startswith('expedition.rules.') and m.count('.') > 2))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "['expedition.rules.exploration.camp_state']"
