"""Tests for rules/camp/transmute.py: a wizard blends a tonic in camp, free of camp actions (§10.3, §11.1)."""

from __future__ import annotations

import pytest

from expedition.rules.camp.camp_setup import current_camp
from expedition.rules.camp.transmute import Transmute, transmute, verify_transmute
from expedition.rules.character.adventurer import Status
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import resolve_default
from expedition.rules.core.dice import ScriptedDice
from expedition.rules.core.errors import IllegalAction, InvalidAction
from expedition.rules.core.phase import Phase
from expedition.rules.engine.campaign import CampaignState
from expedition.rules.engine.dispatch import verify
from expedition.rules.exploration.camp_state import CampPlace, CampState
from expedition.rules.magic.spells.alchemy import TonicBlended
from tests.rules.magic_helpers import WORLD, give, make_state, run


def camping_wizard() -> CampaignState:
    """The magic helpers' party in camp (3 camp actions); the wizard holds Transmute and can blend."""
    state = make_state()
    assert state.expedition is not None
    state.expedition.camp = CampState(place=CampPlace(long_rest=False), pool=3, total=3)
    state.phase = Phase.CAMP
    wiz = state.character("wiz")
    wiz.magic.known_spells = ["transmute"]
    wiz.magic.memorised_spells = ["transmute"]
    give(wiz, "alchemic_kit", 30)
    give(wiz, "ether_extract", 31)
    give(wiz, "ether_extract", 32)
    return state


def test_transmute_in_camp_costs_no_camp_action_and_gives_the_tonic() -> None:
    """§10.3, §11.1: free in camp, no casting test; the extracts become the tonic."""
    state = camping_wizard()
    state.next_uid = uid = 100  # clear of the helpers' fixed uids
    ctx = run(state, Transmute(actor="wiz", tonic="healing_tonic"), [])
    wiz = state.character("wiz")
    assert current_camp(state).pool == 3
    assert [i.defn.key for i in wiz.items if i.uid == uid] == ["healing_tonic"] and state.next_uid == uid + 1
    assert not [i for i in wiz.items if i.defn.key == "ether_extract"]
    assert [e.rule for e in ctx.events if isinstance(e, TonicBlended)] == ["§11.1"]


def test_transmute_needs_the_spell_held_in_memory_and_not_forgotten() -> None:
    """§11.1: Transmute is a spell: the wizard must hold it, and a forgotten spell does not work."""
    state = camping_wizard()
    wiz = state.character("wiz")
    wiz.magic.forgotten_spells.append("transmute")
    with pytest.raises(IllegalAction, match="does not hold the Transmute spell"):
        verify(state, Transmute(actor="wiz", tonic="healing_tonic"))
    wiz.magic.forgotten_spells.clear()
    wiz.magic.memorised_spells = []
    with pytest.raises(IllegalAction, match="does not hold the Transmute spell"):
        verify_transmute(state, Transmute(actor="wiz", tonic="healing_tonic"))


def test_transmute_needs_a_camp_an_able_wizard_and_a_matching_mixture() -> None:
    """§10.3, §11.1: only in camp, by someone able to act, with extracts adding up to the recipe."""
    state = camping_wizard()
    with pytest.raises(IllegalAction, match="do not add up"):
        verify_transmute(state, Transmute(actor="wiz", tonic="potion_of_giants"))
    with pytest.raises(InvalidAction):
        verify_transmute(state, Transmute(actor="nobody", tonic="healing_tonic"))
    state.character("wiz").status = Status.FAINTED
    with pytest.raises(IllegalAction, match="cannot act"):
        verify_transmute(state, Transmute(actor="wiz", tonic="healing_tonic"))
    state = camping_wizard()
    state.phase = Phase.EXPLORATION
    with pytest.raises(IllegalAction, match="not camping"):
        verify_transmute(state, Transmute(actor="wiz", tonic="healing_tonic"))


def test_the_verb_blends_directly_with_the_worlds_items() -> None:
    """§11.1: the verb draws the tonic's definition from the world and numbers it with the next uid."""
    state = camping_wizard()
    ctx = Context(ScriptedDice([]), world=WORLD)
    resolve_default(transmute(ctx, state, Transmute(actor="wiz", tonic="healing_tonic")))
    assert any(i.defn is WORLD.items["healing_tonic"] for i in state.character("wiz").items)
