"""The angry gods' sacrifices (§5.7.4, §11.2) and the blinding mishap (§11.1 mishap 5), house readings."""

from __future__ import annotations

import pytest

from expedition.rules.actions import Action
from expedition.rules.blindness import BLIND, Blinded, is_blind
from expedition.rules.camp import start_camp
from expedition.rules.camp_actions import BurnTeeth, PrayForFavour
from expedition.rules.camp_options import camp_options
from expedition.rules.camp_sacrifices import TeethBurned
from expedition.rules.camp_state import CampPlace, CampState
from expedition.rules.campaign import CampaignState, Phase
from expedition.rules.character import Attr, Character
from expedition.rules.combat_events import CombatOutcome
from expedition.rules.combat_rounds import end_combat
from expedition.rules.conditions import Affliction
from expedition.rules.context import Context
from expedition.rules.decisions import answers, resolve
from expedition.rules.dice import ScriptedDice
from expedition.rules.errors import IllegalAction
from expedition.rules.exploration import LookForTraps, Loot, Search
from expedition.rules.lasting import PARTY, Span, has_lasting, lasting_on, tick
from expedition.rules.magic_combat import fight_ends
from expedition.rules.prayers import GodAppeased, InvokePrayer, MakeSacrifice
from expedition.rules.rolls import PoolThrown, attribute_test
from expedition.rules.sacrifices import CAPTIVE, CaptiveSacrificed, PartyPlagued, UndeadBound
from expedition.rules.spellcasting import CastSpell, apply_mishap
from expedition.rules.turns import verify
from tests.rules.magic_helpers import WORLD, fight, give, make_state, run


def angry(god: str) -> tuple[CampaignState, Character]:
    state = make_state()
    cle = state.character("cle")
    cle.magic.calling = god
    cle.magic.god_angry = True
    return state, cle


def camp(state: CampaignState, *, fire: bool = True, pool: int = 3) -> CampState:
    assert state.expedition is not None
    state.expedition.camp = CampState(place=CampPlace(long_rest=False), pool=pool, total=pool, fire=fire)
    state.phase = Phase.CAMP
    return state.expedition.camp


def camp_run(state: CampaignState, action: Action, faces: list[int], *keys: str) -> Context:
    ctx = Context(ScriptedDice(faces), world=WORLD)
    from expedition.rules.turns import apply

    resolve(apply(ctx, state, action), answers(*keys))
    assert ctx.dice.used == len(faces)  # type: ignore[attr-defined]
    return ctx


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


def test_burning_teeth_needs_a_camp_fire_and_teeth() -> None:
    """§5.7.4 Goshkalon: only in camp with a fire lit, and only with a handful of teeth."""
    state, cle = angry("goshkalon")
    camp(state, fire=False)
    give(cle, "human_teeth", 10)
    with pytest.raises(IllegalAction, match="fire"):
        verify(state, BurnTeeth(actor="cle"))
    state, cle = angry("goshkalon")
    camp(state)
    with pytest.raises(IllegalAction, match="no teeth"):
        verify(state, BurnTeeth(actor="cle"))
    give(cle, "human_teeth", 10)
    verify(state, BurnTeeth(actor="cle"))


def test_a_handful_that_does_not_trigger_leaves_the_god_angry_and_is_used_up() -> None:
    """§5.7.4 Goshkalon: 1d! per handful; no 1, no favour; a found handful burns away (house)."""
    state, cle = angry("goshkalon")
    site = camp(state)
    give(cle, "human_teeth", 10)
    ctx = camp_run(state, BurnTeeth(actor="cle"), [4])
    assert cle.magic.god_angry and site.pool == 2
    assert not [i for i in cle.items if i.defn.key == "human_teeth"]
    assert [e.pleased for e in ctx.events if isinstance(e, TeethBurned)] == [False]


def test_a_trigger_pleases_goshkalon_and_the_purse_rolls_its_usage_die() -> None:
    """§5.7.4 Goshkalon: a 1 on the 1d! pleases him; the kit's purse (Ud6, house) rolls its die each time."""
    state, cle = angry("goshkalon")
    camp(state)
    purse = give(cle, "human_teeth", 10)
    purse.usage = 6
    camp_run(state, BurnTeeth(actor="cle"), [3, 5])
    assert cle.magic.god_angry and purse.usage == 6
    ctx = camp_run(state, BurnTeeth(actor="cle"), [1, 2])
    assert not cle.magic.god_angry and purse.usage == 4 and purse in cle.items
    assert any(isinstance(e, GodAppeased) and e.rule == "§5.7.4" for e in ctx.events)
    with pytest.raises(IllegalAction, match="not angry"):
        verify(state, BurnTeeth(actor="cle"))


def test_loose_handfuls_burn_before_the_purse() -> None:
    """§5.7.4 (house): a found handful without a usage die goes first; the purse is kept."""
    state, cle = angry("goshkalon")
    camp(state)
    purse = give(cle, "human_teeth", 10)
    purse.usage = 6
    loose = give(cle, "human_teeth", 11)
    camp_run(state, BurnTeeth(actor="cle"), [6])
    assert loose not in cle.items and purse in cle.items and purse.usage == 6


def test_the_camp_screen_lists_the_sacrifice_for_an_angry_cleric_only() -> None:
    """§5.7.4, §10.3: the camp's action list offers the teeth to Goshkalon's angry cleric."""
    state, cle = angry("goshkalon")
    camp(state)
    give(cle, "human_teeth", 10)
    offered = {type(o.action): o for o in camp_options(state, "cle")}
    assert offered[BurnTeeth].enabled and offered[BurnTeeth].cost == 1
    assert BurnTeeth not in {type(o.action) for o in camp_options(state, "wiz")}
    cle.magic.god_angry = False
    assert BurnTeeth not in {type(o.action) for o in camp_options(state, "cle")}


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
    from expedition.rules.sacrifices import plague_party

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


def test_praying_to_kaal_rafir_needs_the_holy_symbol_and_a_camp_action() -> None:
    """§5.7.4, §11.2: the camp prayer needs the holy symbol and an action in the pool."""
    state, cle = angry("kaal_rafir")
    camp(state, pool=0)
    with pytest.raises(IllegalAction, match="camp action"):
        verify(state, PrayForFavour(actor="cle"))
    camp(state)
    cle.items.clear()
    with pytest.raises(IllegalAction, match="holy symbol"):
        verify(state, PrayForFavour(actor="cle"))


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


# --- blindness (spell mishap 5) ---------------------------------------------------------------------------


def mishap_five(state: CampaignState) -> Context:
    ctx = Context(ScriptedDice([]), world=WORLD)
    row = next(r for r in WORLD.mishaps if r.roll == 5)
    resolve(apply_mishap(ctx, state, state.character("wiz"), row), answers())
    return ctx


def test_mishap_five_blinds_the_caster_for_six_exploration_turns() -> None:
    """§11.1 mishap 5: blind for 6 ET, kept as a lasting effect and a mark that goes with it."""
    state = make_state()
    wiz = state.character("wiz")
    ctx = mishap_five(state)
    assert [e.turns for e in ctx.events if isinstance(e, Blinded)] == [6]
    assert is_blind(wiz) and lasting_on(state, "wiz", BLIND)[0].left == 6
    fight_ends(state)  # a fight's end does not cure it
    assert is_blind(wiz)
    for _ in range(5):
        tick(ctx, state, Span.TURN, rule="§10.1")
    assert is_blind(wiz)
    tick(ctx, state, Span.TURN, rule="§10.1")
    assert not is_blind(wiz) and BLIND not in wiz.magic.effects


def test_a_blind_character_tests_with_disadvantage() -> None:
    """§11.1 mishap 5 (house): disadvantage on every test."""
    state = make_state()
    mishap_five(state)
    ctx = Context(ScriptedDice([5, 5]), world=WORLD)
    resolve(attribute_test(ctx, state.character("wiz"), Attr.STR, rule="§3.2"), answers())
    thrown = next(e for e in ctx.events if isinstance(e, PoolThrown))
    assert thrown.disadvantage == 1
    ctx = Context(ScriptedDice([5, 5]), world=WORLD)
    resolve(attribute_test(ctx, state.character("cle"), Attr.STR, rule="§3.2"), answers())
    assert next(e for e in ctx.events if isinstance(e, PoolThrown)).disadvantage == 0


def test_a_blind_character_cannot_look_for_traps_search_or_loot() -> None:
    """§11.1 mishap 5 (house): no Look for traps, Search or Loot while blind."""
    state = make_state()
    mishap_five(state)
    for action in (LookForTraps(actor="wiz", plan="tap"), Search(actor="wiz"), Loot(actor="wiz")):
        with pytest.raises(IllegalAction, match="blind"):
            verify(state, action)
    verify(state, Search(actor="cle"))


def test_a_blind_wizard_casts_only_on_themself() -> None:
    """§11.1 mishap 5 (house): a spell at anyone else is refused; one with no target still works."""
    state = make_state()
    wiz = state.character("wiz")
    wiz.magic.known_spells = wiz.magic.memorised_spells = ["light"]
    mishap_five(state)
    with pytest.raises(IllegalAction, match="blind"):
        verify(state, CastSpell(actor="wiz", spell="light", target="cle"))
    verify(state, CastSpell(actor="wiz", spell="light"))
