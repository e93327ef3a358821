"""Sacrifices made while exploring or fighting, and Kaal Rafir's plague (§5.7.4, §11.2), house readings."""

from __future__ import annotations

import pytest

from expedition.rules.camp.camp_options import camp_options
from expedition.rules.camp.camp_sacrifices import PrayForFavour
from expedition.rules.camp.camp_setup import start_camp
from expedition.rules.combat.combat_events import CombatOutcome
from expedition.rules.combat.rounds import end_combat
from expedition.rules.core.attributes import Attr
from expedition.rules.core.conditions import Affliction
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import answers, resolve
from expedition.rules.core.dice import ScriptedDice
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.lasting import PARTY, Span, has_lasting, lasting_on
from expedition.rules.engine.campaign import CampaignState
from expedition.rules.engine.dispatch import verify
from expedition.rules.exploration.camp_state import CampPlace
from expedition.rules.magic.prayers.praying import InvokePrayer
from expedition.rules.magic.prayers.sacrifices import (
    CAPTIVE,
    CaptiveSacrificed,
    GodAppeased,
    MakeSacrifice,
    PartyPlagued,
    UndeadBound,
)
from tests.rules.magic_helpers import WORLD, fight, give, make_state, run
from tests.rules.prayer_helpers import angry, camp_run

# --- the exploring sacrifices ------------------------------------------------------------------------


def test_akhzu_wants_two_rations_buried_and_they_are_used_up() -> None:
    """§5.7.4 Akhzu: bury 2 rations (1 ET, house); fewer than 2 refuses."""
    state, cle = angry("akhzu")
    give(cle, "ration", 10)
    with pytest.raises(IllegalAction, match="2 rations"):
        verify(state, MakeSacrifice(actor="cle"))
    give(cle, "ration", 11)
    ctx = run(state, MakeSacrifice(actor="cle"), [])
    assert not cle.magic.god_angry and not [i for i in cle.items if i.defn.key == "ration"]
    assert any(isinstance(e, GodAppeased) for e in ctx.events) and state.turn == 1


def test_goshkalon_and_kaal_rafir_send_the_cleric_to_camp() -> None:
    """§5.7.4: the teeth burn in a camp fire; Kaal Rafir is prayed to at camp: not while exploring."""
    state, _ = angry("goshkalon")
    with pytest.raises(IllegalAction, match="camp"):
        verify(state, MakeSacrifice(actor="cle"))
    state, _ = angry("kaal_rafir")
    with pytest.raises(IllegalAction, match="camp"):
        verify(state, MakeSacrifice(actor="cle"))


# --- Goshkalon: teeth in the fire ----------------------------------------------------------------------


# --- Kaal Rafir: pray at camp, and his plague ------------------------------------------------------------


def test_kaal_rafirs_anger_is_two_pre_fatigue_that_never_wounds() -> None:
    """§5.7.4 Kaal Rafir: 2 PRE fatigue on everyone, non-lethal (house): no wound, no fainting."""
    state = make_state()
    cle, wiz = state.character("cle"), state.character("wiz")
    cle.magic.calling = "kaal_rafir"
    cle.magic.known_prayers = cle.magic.memorised_prayers = ["light"]
    wiz[Attr.PRE].fatigue = 1  # 1 die left: only 1 point fits
    ctx = run(state, InvokePrayer(actor="cle", prayer="light"), [1, 2])
    assert cle.magic.god_angry and cle[Attr.PRE].fatigue == 2 and cle[Attr.PRE].wounds == 0
    assert wiz[Attr.PRE].fatigue == 2 and wiz[Attr.PRE].wounds == 0 and wiz.can_act
    assert sum(isinstance(e, PartyPlagued) for e in ctx.events) == 1


def test_a_plagued_adventurer_takes_none_of_kaal_rafirs_fatigue() -> None:
    """§5.7.4 (house: non-lethal), §4.6: Plagued fatigue would be wounds, so none is taken."""
    state, cle = angry("kaal_rafir")
    wiz = state.character("wiz")
    wiz.afflictions.add(Affliction.PLAGUED)
    from expedition.rules.magic.prayers.sacrifices import plague_party

    plague_party(Context(ScriptedDice([])), state)
    assert wiz[Attr.PRE].wounds == wiz[Attr.PRE].fatigue == 0 and cle[Attr.PRE].fatigue == 2


def test_each_camp_under_an_angry_kaal_rafir_tires_the_party_until_he_is_prayed_to() -> None:
    """§5.7.4 Kaal Rafir (house timing): each camp made while angry tires the party; a camp prayer ends it."""
    state, cle = angry("kaal_rafir")
    ctx = Context(ScriptedDice([]), world=WORLD)
    resolve(start_camp(ctx, state, place=CampPlace(long_rest=False)), answers())
    assert any(isinstance(e, PartyPlagued) for e in ctx.events)
    assert all(m[Attr.PRE].fatigue == 2 for m in state.party)
    offered = {type(o.action): o for o in camp_options(state, "cle")}
    assert offered[PrayForFavour].enabled
    camp_run(state, PrayForFavour(actor="cle"), [])
    assert state.expedition is not None and state.expedition.camp is not None
    assert not cle.magic.god_angry and state.expedition.camp.pool == 0


# --- Cador: capture an undead, then kill it in the rite ----------------------------------------------------


def win(state: CampaignState, *answer: str) -> Context:
    assert state.expedition is not None and state.expedition.combat is not None
    ctx = Context(ScriptedDice([]), world=WORLD)
    resolve(end_combat(ctx, state, state.expedition.combat, CombatOutcome.VICTORY), answers(*answer))
    return ctx


def test_cador_wants_a_captive_before_the_rite() -> None:
    """§5.7.4 Cador (house): without a bound undead there is nothing to sacrifice."""
    state, _ = angry("cador")
    with pytest.raises(IllegalAction, match="undead"):
        verify(state, MakeSacrifice(actor="cle"))


def test_a_knocked_out_undead_is_bound_then_slain_in_the_rite() -> None:
    """§5.7.4 Cador (house): win with an undead knocked out, bind it, then the rite (1 ET) appeases."""
    state, cle = angry("cador")
    (husk,) = fight(state, "reanimated_husk")
    husk.out = True
    ctx = win(state)
    assert [e.foe for e in ctx.events if isinstance(e, UndeadBound)] == ["foe1"]
    assert has_lasting(state, PARTY, CAPTIVE) and lasting_on(state, PARTY, CAPTIVE)[0].span is Span.EXPEDITION
    turn = state.turn
    ctx = run(state, MakeSacrifice(actor="cle"), [])
    assert not cle.magic.god_angry and not has_lasting(state, PARTY, CAPTIVE) and state.turn == turn + 1
    assert any(isinstance(e, CaptiveSacrificed) for e in ctx.events)


def test_no_captive_when_the_cleric_declines_the_god_is_calm_or_the_foe_lives() -> None:
    """§5.7.4 Cador (house): binding is the angry cleric's choice, and only an undead can be bound."""
    state, _ = angry("cador")
    fight(state, "reanimated_husk")[0].out = True
    win(state, "no")
    assert not has_lasting(state, PARTY, CAPTIVE)
    state = make_state()  # Cador's cleric, not angry
    fight(state, "reanimated_husk")[0].out = True
    win(state)
    assert not has_lasting(state, PARTY, CAPTIVE)
    state, _ = angry("cador")
    fight(state, "goblin_scrapper")[0].out = True
    win(state)
    assert not has_lasting(state, PARTY, CAPTIVE)
