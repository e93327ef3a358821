"""Tests for magic/spells/utility_spells.py:

The Wandering Mystics' marvels, Telekinesis and Transmute (§11.1).
"""

from __future__ import annotations

import pytest

from expedition.rules.camp.transmute import Transmute
from expedition.rules.core.attributes import Attr
from expedition.rules.core.context import Context
from expedition.rules.core.dice import ScriptedDice
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.lasting import Span, has_lasting, tick
from expedition.rules.core.phase import Phase
from expedition.rules.core.skills import Trait
from expedition.rules.engine.campaign import CampaignState
from expedition.rules.engine.dispatch import verify
from expedition.rules.exploration.camp_state import CampPlace, CampState
from expedition.rules.exploration.expedition import in_darkness
from expedition.rules.magic.spells.alchemy import TonicBlended
from expedition.rules.magic.spells.spellcasting import CastSpell
from expedition.rules.magic.spells.utility_spells import FATE, kept_fate
from expedition.rules.magic.warding import (
    foe_blinded,
    swings_with_int,
)
from tests.rules.magic_helpers import WORLD, fight, give, make_state, run


def wizard(*spells: str) -> CampaignState:
    state = make_state()
    wiz = state.character("wiz")
    wiz.magic.known_spells = list(spells)
    wiz.magic.memorised_spells = list(spells)
    return state


def ticks(state: CampaignState, span: Span, count: int) -> None:
    ctx = Context(ScriptedDice([]), world=WORLD)
    for _ in range(count):
        tick(ctx, state, span, rule="§11.1")


def test_magic_mouth_shouting_in_a_fight_stuns_foes_near_it() -> None:
    """§11.1 Magic mouth (house): a shout gives foes within 2 tiles of the mouth 1 stun less resistance."""
    state = wizard("magic_mouth")
    (foe,) = fight(state, "goblin_scrapper")
    run(state, CastSpell(actor="wiz", spell="magic_mouth", target="4,2"), [5, 5], "shout")
    assert foe.tokens.stun == max(0, 1 - foe.defn.resist)


def test_magic_mouth_whispering_leaves_a_mouth_on_the_tile() -> None:
    """§11.1 Magic mouth (house): outside a fight the mouth stays for the expedition."""
    state = wizard("magic_mouth")
    run(state, CastSpell(actor="wiz", spell="magic_mouth", target="7,2"), [5, 5], "whisper")
    assert has_lasting(state, "7,2", "spell:magic_mouth")


def test_arcane_eye_shows_a_far_room_whole() -> None:
    """§11.1 Arcane eye: the Crypt behind the locked door joins the map."""
    state = wizard("arcane_eye")
    assert state.expedition is not None
    assert (7, 2) not in state.expedition.seen.get(1, set())
    with pytest.raises(IllegalAction, match="room"):
        verify(state, CastSpell(actor="wiz", spell="arcane_eye", target="north"))
    run(state, CastSpell(actor="wiz", spell="arcane_eye", target="room:1"), [5, 5])
    assert (7, 2) in state.expedition.seen[1]


def test_mind_fog_blinds_a_close_foe_for_1d4_rounds() -> None:
    """§11.1 Mind fog (house): the GM's secret 2; its attacks are made blind meanwhile."""
    state = wizard("mind_fog")
    (foe,) = fight(state, "goblin_scrapper")
    with pytest.raises(IllegalAction):
        verify(state, CastSpell(actor="wiz", spell="mind_fog", target="foe1"))
    foe.pos = (2, 2)
    run(state, CastSpell(actor="wiz", spell="mind_fog", target="foe1"), [2, 5, 5])
    assert foe_blinded(state, "foe1", foe.pos)
    ticks(state, Span.ROUND, 2)
    assert not foe_blinded(state, "foe1", foe.pos)


def test_weave_fate_keeps_dice_that_save_a_cast_and_unused_ones_hurt() -> None:
    """§11.1 Weave fate: kept 6,6 with a 2-turn timer; a kept 6 turns a failed cast into a success;
    the unused 6 costs 1 INT wound when the timer runs out."""
    state = wizard("weave_fate", "light")
    wiz = state.character("wiz")
    run(state, CastSpell(actor="wiz", spell="weave_fate"), [6, 6, 1, 1, 5, 5])
    assert kept_fate(state, "wiz") == [6, 6]
    run(state, CastSpell(actor="wiz", spell="light"), [2, 3])
    assert wiz.magic.forgotten_spells == [] and not has_lasting(state, "wiz", FATE)
    assert wiz[Attr.INT].wounds == 1


def test_mystic_ink_lets_wizards_who_know_it_see_by_the_mark() -> None:
    """§11.1 Mystic ink (house): the mark keeps the wizard out of darkness; others see nothing."""
    state = wizard("mystic_ink")
    for member in state.party:
        member.traits.discard(Trait.NIGHT_STALKER)
    assert in_darkness(state, "wiz")
    run(state, CastSpell(actor="wiz", spell="mystic_ink"), [5, 5])
    assert not in_darkness(state, "wiz") and in_darkness(state, "cle")


def test_telekinesis_lets_the_wizard_swing_with_int_for_the_round() -> None:
    """§11.1 Telekinesis."""
    state = wizard("telekinesis")
    fight(state, "goblin_scrapper")
    run(state, CastSpell(actor="wiz", spell="telekinesis"), [5, 5])
    assert swings_with_int(state, "wiz")
    ticks(state, Span.ROUND, 1)
    assert not swings_with_int(state, "wiz")


def test_transmute_blends_extracts_that_add_up_to_a_recipe() -> None:
    """§11.1 Transmute, Alchemy rules: two Ether (1,0) make a healing tonic (2,0)."""
    state = wizard("transmute")
    wiz = state.character("wiz")
    with pytest.raises(IllegalAction, match="kit"):
        verify(state, CastSpell(actor="wiz", spell="transmute", target="healing_tonic"))
    give(wiz, "alchemic_kit", 20)
    give(wiz, "ether_extract", 21)
    with pytest.raises(IllegalAction, match="add up"):
        verify(state, CastSpell(actor="wiz", spell="transmute", target="healing_tonic"))
    give(wiz, "ether_extract", 22)
    run(state, CastSpell(actor="wiz", spell="transmute", target="healing_tonic"), [5, 5])
    keys = [i.defn.key for i in wiz.items]
    assert "healing_tonic" in keys and "ether_extract" not in keys


def test_transmute_in_camp_costs_no_camp_action() -> None:
    """§10.3, §11.1: free in camp; Flame (-1,1) + Water (1,-1) make a Mercurial tonic (0,0)."""
    state = wizard("transmute")
    wiz = state.character("wiz")
    give(wiz, "alchemic_kit", 20)
    give(wiz, "flame_extract", 21)
    give(wiz, "water_extract", 22)
    assert state.expedition is not None
    state.expedition.camp = CampState(place=CampPlace(name="a hollow"), pool=2)
    state.phase = Phase.CAMP
    with pytest.raises(IllegalAction, match="no recipe"):
        verify(state, Transmute(actor="wiz", tonic="elixir"))
    ctx = run(state, Transmute(actor="wiz", tonic="mercurial_tonic"), [])
    assert any(isinstance(e, TonicBlended) and e.tonic == "mercurial_tonic" for e in ctx.events)
    assert state.expedition.camp.pool == 2
