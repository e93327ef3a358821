"""Lasting and utility spells (§11.1) and Transmute in camp (§10.3), several as house readings."""

from __future__ import annotations

import pytest

from expedition.rules.alchemy import TonicBlended
from expedition.rules.camp_state import CampPlace, CampState
from expedition.rules.camp_transmute import Transmute
from expedition.rules.campaign import CampaignState, Phase
from expedition.rules.character import Attr
from expedition.rules.combat_actions import move_tiles
from expedition.rules.combat_enemies import enemy_turns
from expedition.rules.combat_harm import defend, wound_foe
from expedition.rules.combat_state import Attacked, EnemyActed, combat_of
from expedition.rules.context import Context
from expedition.rules.decisions import resolve_default
from expedition.rules.dice import ScriptedDice
from expedition.rules.dungeon_map import Trap
from expedition.rules.errors import IllegalAction
from expedition.rules.expedition import in_darkness
from expedition.rules.lasting import Span, end_spans, has_lasting, tick
from expedition.rules.notation import parse_attack
from expedition.rules.places import inside, slots_used
from expedition.rules.skills import Trait
from expedition.rules.spell_book import MISSING
from expedition.rules.spell_marvels import FATE, kept_fate
from expedition.rules.spell_wonders import burn_foes, close_pockets
from expedition.rules.spellcasting import CastSpell
from expedition.rules.traps import spring
from expedition.rules.turns import verify
from expedition.rules.warding import (
    FIRE,
    HASTE,
    HOVER,
    PRISON,
    SEAL,
    SMOKE,
    benighted,
    foe_blinded,
    swings_with_int,
)
from tests.rules.magic_helpers import WORLD, fight, give, make_state, run

MINE = [
    "haste",
    "hover",
    "smoke_form",
    "arcane_prison",
    "arcane_seal",
    "black_night",
    "arcane_fire",
    "pocket_reality",
    "magic_mouth",
    "arcane_eye",
    "mind_fog",
    "weave_fate",
    "mystic_ink",
    "telekinesis",
    "transmute",
]


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


def test_none_of_these_spells_is_refused_any_more() -> None:
    """§11.1: every spell here has an effect."""
    assert not set(MINE) & set(MISSING)


def test_haste_doubles_a_nearby_allys_move_until_the_fight_ends() -> None:
    """§11.1 Haste."""
    state = wizard("haste")
    fight(state, "goblin_scrapper")
    cle = state.character("cle")
    before = move_tiles(cle, state)
    run(state, CastSpell(actor="wiz", spell="haste", target="cle"), [5, 5])
    assert move_tiles(cle, state) == 2 * before > 0
    ticks(state, Span.ROUND, 3)
    assert has_lasting(state, "cle", HASTE)
    end_spans(Context(ScriptedDice([]), world=WORLD), state, (Span.FIGHT,), "fight over", rule="§16 #25")
    assert move_tiles(cle, state) == before


def test_hover_lasts_1d6_turns_and_floats_over_floor_traps() -> None:
    """§11.1 Hover: a rolled 3 keeps the wizard up for 3 exploration turns; no floor trap goes off."""
    state = wizard("hover")
    run(state, CastSpell(actor="wiz", spell="hover"), [3, 5, 5])
    assert has_lasting(state, "wiz", HOVER)
    trap = Trap(pos=(2, 2), room=0, key="spikes", name="Spikes", test="DEX", attack="DEX 3")
    resolve_default(
        spring(Context(ScriptedDice([]), world=WORLD), state, trap, state.character("wiz"), rule="x")
    )
    assert not trap.sprung
    ticks(state, Span.TURN, 2)  # the cast's own turn already counted one
    assert not has_lasting(state, "wiz", HOVER)


def test_smoke_form_keeps_every_harm_off_until_the_round_ends() -> None:
    """§11.1 Smoke form: 2 actions; an attack this round rolls nothing and misses."""
    state = wizard("smoke_form")
    (foe,) = fight(state, "goblin_scrapper")
    run(state, CastSpell(actor="wiz", spell="smoke_form"), [5, 5])
    assert combat_of(state).actions_left == 0
    ctx = Context(ScriptedDice([]), world=WORLD)
    hit = resolve_default(
        defend(ctx, state, combat_of(state), foe, "bite", parse_attack("STR 3"), state.character("wiz"))
    )
    assert hit is False and any(isinstance(e, Attacked) and e.outcome == "unharmed" for e in ctx.events)
    ticks(state, Span.ROUND, 1)
    assert not has_lasting(state, "wiz", SMOKE)


def test_arcane_prison_freezes_a_foe_for_1d6_rounds() -> None:
    """§11.1 Arcane prison: a rolled 2; the foe skips its turn and takes no wounds, then is free."""
    state = wizard("arcane_prison")
    (foe,) = fight(state, "goblin_scrapper")
    run(state, CastSpell(actor="wiz", spell="arcane_prison", target="foe1"), [2, 5, 5])
    ctx = Context(ScriptedDice([]), world=WORLD)
    assert wound_foe(ctx, state, combat_of(state), foe, 5, by="cle") == 0 and foe.wounds == 0
    resolve_default(enemy_turns(ctx, state))
    assert any(isinstance(e, EnemyActed) and e.action == "imprisoned" for e in ctx.events)
    with pytest.raises(IllegalAction, match="already"):
        verify(state, CastSpell(actor="wiz", spell="arcane_prison", target="foe1"))
    ticks(state, Span.ROUND, 2)
    assert not has_lasting(state, "foe1", PRISON)


def test_arcane_seal_keeps_spells_off_a_door_for_1d6_turns() -> None:
    """§11.1 Arcane Seal: a sealed door refuses Knock/Lock until the 2 rolled turns pass."""
    state = wizard("arcane_seal", "knock_lock")
    run(state, CastSpell(actor="wiz", spell="arcane_seal", target="5,1"), [2, 5, 5])
    assert has_lasting(state, "5,1", SEAL)
    with pytest.raises(IllegalAction, match="Seal"):
        verify(state, CastSpell(actor="wiz", spell="knock_lock", target="5,1"))
    with pytest.raises(IllegalAction, match="door or a chest"):
        verify(state, CastSpell(actor="wiz", spell="arcane_seal", target="2,2"))
    ticks(state, Span.TURN, 1)
    assert not has_lasting(state, "5,1", SEAL)


def test_black_night_darkens_everyone_inside_but_the_wizard() -> None:
    """§11.1 Black night (house length 1d6): a lit party's cleric is in darkness; foes inside are blind."""
    state = wizard("black_night")
    cle = state.character("cle")
    cle.traits.discard(Trait.NIGHT_STALKER)
    give(cle, "torch", 9).lit = True
    assert not in_darkness(state, "cle")
    assert state.expedition is not None
    x, y = state.expedition.position
    run(state, CastSpell(actor="wiz", spell="black_night", target=f"{x + 1},{y}"), [2, 5, 5])
    assert in_darkness(state, "cle") and benighted(state, "cle") and not benighted(state, "wiz")
    assert foe_blinded(state, "foe1", (x + 2, y))
    ticks(state, Span.TURN, 1)
    assert not in_darkness(state, "cle")


def test_arcane_fire_burns_two_tiles_for_the_fight() -> None:
    """§11.1 Arcane fire: the foe's tile and a chosen second tile burn; the foe takes wounds at cleanup."""
    state = wizard("arcane_fire")
    (foe,) = fight(state, "goblin_scrapper")
    run(state, CastSpell(actor="wiz", spell="arcane_fire", target="3,2"), [5, 5], "4,2")
    assert has_lasting(state, "3,2", FIRE) and has_lasting(state, "4,2", FIRE)
    ctx = Context(ScriptedDice([1] * 6), world=WORLD)
    burn_foes(ctx, state, combat_of(state))
    assert foe.wounds > 0
    end_spans(ctx, state, (Span.FIGHT,), "fight over", rule="§16 #25")
    assert not has_lasting(state, "3,2", FIRE)


def test_pocket_reality_carries_three_weightless_slots_until_the_expedition_ends() -> None:
    """§11.1 Pocket reality."""
    state = wizard("pocket_reality")
    wiz = state.character("wiz")
    state.next_uid = 100
    run(state, CastSpell(actor="wiz", spell="pocket_reality"), [5, 5])
    pocket = next(i for i in wiz.items if i.defn.key == "pocket_reality")
    rope = give(wiz, "rope", 50)
    rope.place = inside(pocket)
    before = slots_used(wiz)
    with pytest.raises(IllegalAction, match="already"):
        verify(state, CastSpell(actor="wiz", spell="pocket_reality"))
    close_pockets(Context(ScriptedDice([]), world=WORLD), state)
    assert pocket not in wiz.items and rope.place == "" and slots_used(wiz) > before


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
