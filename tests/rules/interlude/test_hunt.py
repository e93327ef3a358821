"""Tests for settlement doom 7 (§9.4, house reading): the morning hunt, streets only, no trade."""

from __future__ import annotations

import pytest

from expedition.rules.core.attributes import Attr
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import resolve_default
from expedition.rules.core.dice import ScriptedDice, SeededDice
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.events import DiceRolled
from expedition.rules.core.tracker import advance
from expedition.rules.engine.campaign import CampaignState
from expedition.rules.engine.dispatch import apply, verify
from expedition.rules.interlude.day_and_night import EndDay
from expedition.rules.interlude.hunger_and_sleep import ChooseBed, Slept
from expedition.rules.interlude.hunt import PartyHunted, RanFromTheMob, is_hunted, the_hunt
from expedition.rules.interlude.interlude_state import new_item
from expedition.rules.items.handling import put
from expedition.session.catalog_world import default_world
from tests.rules.interlude_helpers import back_in_town, interlude_of

WORLD = default_world()


def _hunted(doom_value: int = 7) -> CampaignState:
    state = back_in_town(size=4, silver=50)
    doom = state.locations[interlude_of(state).settlement].doom
    advance(Context(SeededDice(0)), doom, doom_value, rule="§9.4")
    return state


def _wounds(state: CampaignState) -> dict[str, int]:
    return {m.id: sum(m[a].wounds for a in Attr) for m in state.party}


def test_below_seven_the_locals_do_not_hunt_section_9_4() -> None:
    """§9.4: at doom 6 there is no hunt and no dice are rolled for it."""
    state = _hunted(6)
    ctx = Context(ScriptedDice([]), world=WORLD)
    assert not is_hunted(state, interlude_of(state))
    assert resolve_default(the_hunt(ctx, state, interlude_of(state))) is False
    assert not [e for e in ctx.events if isinstance(e, DiceRolled)]


def test_the_hunt_misses_when_no_risk_die_shows_a_one_section_9_4() -> None:
    """§9.4 (house): the morning's 2d! without a 1: the locals do not find the party."""
    state = _hunted()
    ctx = Context(ScriptedDice([2, 5]), world=WORLD)
    before = _wounds(state)
    assert resolve_default(the_hunt(ctx, state, interlude_of(state))) is False
    assert [e.caught for e in ctx.events if isinstance(e, PartyHunted)] == [False]
    assert _wounds(state) == before


def test_when_caught_each_adventurer_runs_and_a_failure_costs_wounds_section_9_4() -> None:
    """§9.4 (house): a triggered 2d! brings a DEX test each; a critical failure costs 2 wounds."""
    state = _hunted()
    # The risk dice (a 1), then c1 rolls 6 6 6 (gets away), c2 rolls 1 1 1 (a critical failure).
    ctx = Context(ScriptedDice([1, 4, 6, 6, 6, 1, 1, 1]), world=WORLD)
    before = _wounds(state)
    assert resolve_default(the_hunt(ctx, state, interlude_of(state))) is True
    ran = {e.character: e.wounds for e in ctx.events if isinstance(e, RanFromTheMob)}
    assert ran == {"c1": 0, "c2": 2}
    after = _wounds(state)
    assert after["c1"] == before["c1"] and after["c2"] == before["c2"] + 2


def test_while_hunted_only_the_streets_are_left_to_sleep_in_section_9_4() -> None:
    """§9.4 (house): every bed but the streets is refused, and a bed chosen before rolls as streets."""
    state = _hunted()
    with pytest.raises(IllegalAction, match="hunt"):
        resolve_default(
            apply(Context(SeededDice(1), world=WORLD), state, ChooseBed(actor="c1", place="proper"))
        )
    interlude_of(state).beds["c1"] = "camp"  # chosen before the doom climbed
    camping = new_item(state, WORLD.items["camping_supplies"], 1)
    put(Context(SeededDice(0)), state.character("c1"), camping, "left_hand")
    ctx = Context(SeededDice(9), world=WORLD)
    resolve_default(apply(ctx, state, EndDay()))
    assert state.camp is None  # no camp phase while hunted
    slept = {e.character: e.place for e in ctx.events if isinstance(e, Slept)}
    assert slept["c1"].startswith("streets") and slept["c2"].startswith("streets")
    assert any(isinstance(e, PartyHunted) for e in ctx.events)  # the next morning's hunt


def test_while_hunted_nobody_trades_with_the_party_section_9_4() -> None:
    """§9.4: from doom 6 (and so at 7) selling is refused."""
    from expedition.rules.interlude.daily_actions import PlanDay
    from expedition.rules.interlude.interlude_state import DailyAction

    state = _hunted()
    torch = new_item(state, WORLD.items["torch"], 1)
    put(Context(SeededDice(0)), state.character("c1"), torch, "left_hand")
    with pytest.raises(IllegalAction):
        verify(state, PlanDay(actor="c1", action=DailyAction.SELL, items=(torch.uid,)))
