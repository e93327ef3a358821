"""Tests for exploration/locations.py: places the party knows, and Veterans reading doom (§9.2, §6.1)."""

from __future__ import annotations

import pytest

from expedition.rules.character.adventurer import Character
from expedition.rules.core.context import Context
from expedition.rules.core.dice import ScriptedDice
from expedition.rules.core.errors import IllegalAction
from expedition.rules.engine.campaign import Player, new_campaign
from expedition.rules.exploration.locations import DoomRevealed, Location, reveal_doom
from expedition.rules.trackers.doom import DoomThreshold, new_doom

THRESHOLDS = (DoomThreshold(2, "rats", "Rats swarm."), DoomThreshold(5, "collapse", "A hall collapses."))
PLAYERS = [Player("ann", "Ann"), Player("ben", "Ben")]


def party() -> list[Character]:
    return [Character("wren", "Wren", owner="ann"), Character("bo", "Bo", owner="ben")]


def test_a_new_location_keeps_nothing_of_a_visit_yet_section_9_2() -> None:
    """§9.2: a location starts with its doom and no kept dungeon, bodies or map."""
    tomb = Location("tomb", new_doom("tomb", THRESHOLDS, size=5))
    assert not tomb.settlement and tomb.dungeon is None
    assert tomb.dead == {} and tomb.risen == {} and tomb.seen == {} and tomb.origin == ""


def test_a_veterans_reading_of_doom_is_kept_and_replaced_section_6_1() -> None:
    """§6.1: a Veteran learns doom's value and the steps to its next effect; a new reading replaces it."""
    state = new_campaign(8, party(), PLAYERS, dungeon="tomb", doom_thresholds=THRESHOLDS)
    ctx = Context(ScriptedDice([]))
    bo = state.character("bo")
    first = reveal_doom(ctx, state, bo)
    assert (first.character, first.location, first.value, first.steps_to_next) == ("bo", "tomb", 0, 2)
    state.here.doom.filled = 3
    second = reveal_doom(ctx, state, bo)
    assert second.value == 3 and second.steps_to_next == 2 and state.reveals == [second]
    state.here.doom.filled = 5
    assert reveal_doom(ctx, state, bo).steps_to_next is None  # no effect left above
    reveal_doom(ctx, state, state.character("wren"))
    assert [r.character for r in state.reveals] == ["bo", "wren"]
    assert ctx.events[0] == DoomRevealed(rule="§6.1", character="bo", location="tomb")
    assert not any(hasattr(e, "value") for e in ctx.events)  # the event never carries the value
    with pytest.raises(IllegalAction, match="Stranger is not with the party"):
        reveal_doom(ctx, state, Character("x", "Stranger", owner="ann"))
