"""Tests for rules/camp/rest_and_sleep.py: a well deserved rest and sleep at camp (§10.3, §4.6, §11.2)."""

from __future__ import annotations

import pytest

from expedition.rules.camp.ambush import ambush_dice
from expedition.rules.camp.camp_setup import current_camp
from expedition.rules.camp.rest_and_sleep import (
    PartyRested,
    PrayersRefreshed,
    Sleep,
    WellDeservedRest,
    refresh_prayers,
    rest,
)
from expedition.rules.character.adventurer import Character
from expedition.rules.character.party import CreationSheet
from expedition.rules.core.attributes import Attr
from expedition.rules.core.conditions import Affliction
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import answers, resolve
from expedition.rules.core.dice import ScriptedDice
from expedition.rules.core.errors import IllegalAction
from expedition.rules.engine.campaign import CampaignState
from expedition.rules.engine.dispatch import verify
from expedition.rules.exploration.camp_state import CampPlace
from tests.rules.camp_helpers import camp_with, make_state, pool, run


def test_a_well_deserved_rest_recovers_fatigue_shaken_and_prayers_but_not_sleepy() -> None:
    """§10.3, §4.6, §11.2, §16 #34: all fatigue and Shaken removed, prayers un-exhausted; Sleepy stays."""
    state = make_state()
    wren, moss = state.character("wren"), state.character("moss")
    wren[Attr.STR].fatigue = 2
    wren.afflictions |= {Affliction.SHAKEN, Affliction.SLEEPY}
    moss.magic.exhausted_prayers.append("light")
    camp_with(state, CampPlace(long_rest=False))
    run(state, WellDeservedRest(actor="moss"), [])
    assert wren[Attr.STR].fatigue == 0 and wren.afflictions == {Affliction.SLEEPY}  # only Sleep cures it
    assert moss.magic.exhausted_prayers == [] and pool(state) == 0


def test_sleep_costs_two_heals_a_wound_each_and_adds_an_ambush_die() -> None:
    """§10.3, §4.4: Sleep heals 1 wound each (not while Hungry or Cursed), +1 ambush die."""
    state = make_state()
    wren, moss = state.character("wren"), state.character("moss")
    wren[Attr.DEX].wounds = 1
    wren[Attr.INT].wounds = 1
    wren.afflictions.add(Affliction.SHAKEN)
    moss[Attr.STR].wounds = 1
    moss.afflictions.add(Affliction.CURSED)
    camp_with(state, CampPlace(long_rest=True))
    camp = current_camp(state)
    run(state, Sleep(actor="wren"), [], "INT")
    assert (wren[Attr.DEX].wounds, wren[Attr.INT].wounds) == (1, 0)
    assert Affliction.SHAKEN not in wren.afflictions
    assert moss[Attr.STR].wounds == 1  # Cursed: resting heals nothing
    assert camp.pool == 1 and camp.slept and ambush_dice(state, camp) == 1
    with pytest.raises(IllegalAction, match="already slept"):
        verify(state, Sleep(actor="moss"))


def test_a_snorer_who_sleeps_adds_an_ambush_die_or_stays_sleepy() -> None:
    """§5.6 feature 4, §10.3: a loud snorer adds 1 ambush die, or does not shake off Sleepy."""
    for key, dice, sleepy in (("snore", 2, False), ("restless", 1, True)):
        state = make_state()
        state.sheets["wren"] = CreationSheet("wren", feature="loud_snorer")
        state.character("wren").afflictions.add(Affliction.SLEEPY)
        camp_with(state, CampPlace(long_rest=True))
        run(state, Sleep(actor="moss"), [], key)
        assert ambush_dice(state, current_camp(state)) == dice
        assert (Affliction.SLEEPY in state.character("wren").afflictions) is sleepy


def _rest(state: CampaignState, action: WellDeservedRest) -> Context:
    """Run the verb directly (no guard), with no dice."""
    ctx = Context(ScriptedDice([]))
    resolve(rest(ctx, state, action), answers())
    return ctx


def test_refresh_prayers_brings_back_every_exhausted_prayer_once() -> None:
    """§11.2, §10.3: rest un-exhausts every prayer, reporting how many; nothing to report when none were."""
    cleric = Character("cle", "Cle")
    cleric.magic.exhausted_prayers.extend(["light", "bless"])
    ctx = Context(ScriptedDice([]))
    refresh_prayers(ctx, cleric)
    refresh_prayers(ctx, cleric)
    assert cleric.magic.exhausted_prayers == []
    assert [(e.character, e.count) for e in ctx.events if isinstance(e, PrayersRefreshed)] == [("cle", 2)]


def test_a_rest_recovers_fatigue_for_everyone_living() -> None:
    """§10.3: a well deserved rest removes all fatigue and Shaken from the whole party."""
    state = make_state()
    wren, moss = state.character("wren"), state.character("moss")
    wren[Attr.DEX].fatigue, moss[Attr.INT].fatigue = 1, 2
    moss.afflictions.add(Affliction.SHAKEN)
    camp_with(state, CampPlace(long_rest=True))
    ctx = _rest(state, WellDeservedRest(actor="wren"))
    assert (wren[Attr.DEX].fatigue, moss[Attr.INT].fatigue) == (0, 0) and not moss.afflictions
    assert [e.sleep for e in ctx.events if isinstance(e, PartyRested)] == [False]
