"""Tests for exploration/hazards/floors.py: floors that give way, burning silk (HOUSE §1.9, §1.12, §1.13)."""

from __future__ import annotations

import pytest

from expedition.rules.core.attributes import Attr
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import resolve_default
from expedition.rules.core.dice import ScriptedDice
from expedition.rules.core.errors import IllegalAction
from expedition.rules.engine.campaign import CampaignState
from expedition.rules.engine.dispatch import verify
from expedition.rules.exploration.exploration_turn import ExplorationTurnPassed
from expedition.rules.exploration.hazards.floors import (
    BurnSilk,
    FellToLevelBelow,
    FloorGaveWay,
    PitClimbed,
    SilkBurned,
    cross,
    silk_offers,
)
from expedition.rules.exploration.stepping import Step
from expedition.rules.items import usage
from tests.rules import exploration_helpers as explore


def _wounds(state: CampaignState) -> int:
    wren = state.character("wren")
    return sum(wren[a].wounds for a in Attr)


def _at_crypt_door(hazard: str) -> CampaignState:
    state = explore.make_state()
    state.expedition.level.rooms[1].hazard = hazard  # type: ignore[union-attr]
    for _ in range(3):
        explore.run(state, Step(direction="east"), [])  # to the doorway, still the hall's area
    return state


def test_the_first_across_a_hollow_floor_defends_and_climbs_out_of_the_pit_house_1_9() -> None:
    """HOUSE §1.9, §6.2: DEX 1, impact; on a hit a burial pit, left with the STR test."""
    state = _at_crypt_door("hollow_floor")
    ctx = explore.run(state, Step(direction="east"), [2, 3, 5])  # the wound takes a STR die
    assert _wounds(state) == 1
    assert [(e.hazard, e.hit, e.rule) for e in ctx.events if isinstance(e, FloorGaveWay)] == [
        ("hollow_floor", True, "HOUSE §1.9")
    ]
    assert [e.hauled for e in ctx.events if isinstance(e, PitClimbed)] == [False]
    assert state.expedition.level.rooms[1].crossed  # type: ignore[union-attr]


def test_a_failed_climb_means_the_others_haul_them_out_in_a_turn_house_6_2() -> None:
    """HOUSE §6.2 (house reading): a failed STR test costs 1 exploration turn, then they are out."""
    state = _at_crypt_door("hollow_floor")
    ctx = explore.run(state, Step(direction="east"), [2, 3, 2])  # the wound takes a STR die
    assert [e.hauled for e in ctx.events if isinstance(e, PitClimbed)] == [True]
    assert sum(isinstance(e, ExplorationTurnPassed) for e in ctx.events) == 2  # the step's and the haul's


def test_a_floor_acts_only_the_first_time_the_party_crosses_it_house_1_9() -> None:
    """HOUSE §1.9: only the first adventurer across defends; leaving and coming back rolls nothing."""
    state = _at_crypt_door("hollow_floor")
    explore.run(state, Step(direction="east"), [5, 3])  # avoided: still crossed
    explore.run(state, Step(direction="west"), [])
    explore.run(state, Step(direction="east"), [])
    assert _wounds(state) == 0


def test_a_sagging_floor_drops_the_party_to_the_level_below_house_1_13() -> None:
    """HOUSE §1.13 (house reading): DEX 2, impact; on a hit the victim falls and the party follows down."""
    state = _at_crypt_door("sagging_floor")
    ctx = explore.run(state, Step(direction="east"), [2, 3])
    expedition = state.expedition
    assert expedition is not None
    assert expedition.depth == 2 and expedition.position == (1, 1)
    assert _wounds(state) == 2
    assert [(e.character, e.depth, e.rule) for e in ctx.events if isinstance(e, FellToLevelBelow)] == [
        ("wren", 2, "HOUSE §1.13")
    ]


def test_a_chasm_on_the_deepest_level_costs_a_wound_more_instead_house_1_12() -> None:
    """HOUSE §1.12 (house reading): DEX 3, impact; with no level below the faller takes 1 wound more."""
    state = explore.make_state()
    expedition = state.expedition
    assert expedition is not None
    expedition.depth, expedition.position = 2, (2, 1)
    room = expedition.level.rooms[0]
    room.hazard = "chasm"
    ctx = Context(ScriptedDice([2, 3]))
    resolve_default(cross(ctx, state, room, "wren"))
    assert expedition.depth == 2 and _wounds(state) == 4
    ctx = Context(ScriptedDice([]))
    resolve_default(cross(ctx, state, room, "wren"))  # crossed already
    assert not ctx.events


def test_a_floor_that_holds_does_nothing_more_and_other_hazards_are_not_floors_house_1_13() -> None:
    """HOUSE §1.13: a passed DEX test avoids the fall; a room without such a floor rolls nothing."""
    state = _at_crypt_door("sagging_floor")
    explore.run(state, Step(direction="east"), [5, 3])
    assert state.expedition.depth == 1 and _wounds(state) == 0  # type: ignore[union-attr]
    state = _at_crypt_door("warped_floor")
    explore.run(state, Step(direction="east"), [])
    assert not state.expedition.level.rooms[1].crossed  # type: ignore[union-attr]


def test_a_lit_lantern_burns_the_sticky_silk_away_in_one_turn_house_1_12() -> None:
    """HOUSE §1.12 (house reading): Burn the silk: 1 ET, the light rolls its usage die, the hazard is gone."""
    state = _at_crypt_door("sticky_silk")
    with pytest.raises(IllegalAction, match="no sticky silk"):
        verify(state, BurnSilk(actor="wren"))
    assert silk_offers(state, "wren") == []
    explore.run(state, Step(direction="east"), [])
    assert [label for _, label in silk_offers(state, "wren")] == ["Burn away the sticky silk"]
    ctx = explore.run(state, BurnSilk(actor="wren"), [5])
    room = state.expedition.level.rooms[1]  # type: ignore[union-attr]
    assert room.hazard == "" and room.hazard_text == ""
    assert [(e.character, e.rule) for e in ctx.events if isinstance(e, SilkBurned)] == [
        ("wren", "HOUSE §1.12")
    ]
    assert sum(isinstance(e, ExplorationTurnPassed) for e in ctx.events) == 1


def test_silk_does_not_burn_without_a_flame_in_hand_house_1_12() -> None:
    """HOUSE §1.12: without a lit torch or lantern in hand there is nothing to burn it with."""
    state = _at_crypt_door("sticky_silk")
    explore.run(state, Step(direction="east"), [])
    wren = state.character("wren")
    lantern = next(i for i in wren.items if i.defn.key == "lantern")
    usage.extinguish(Context(ScriptedDice([])), wren, lantern)
    with pytest.raises(IllegalAction, match="lit torch or lantern"):
        verify(state, BurnSilk(actor="wren"))
