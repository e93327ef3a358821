"""Lasting and utility spells (§11.1) and Transmute in camp (§10.3), several as house readings."""

from __future__ import annotations

import pytest

from expedition.rules.combat.combat_events import Attacked, EnemyActed
from expedition.rules.combat.combat_harm import defend, wound_foe
from expedition.rules.combat.combat_state import combat_of
from expedition.rules.combat.enemy_phase import enemy_turns
from expedition.rules.combat.moving_and_fleeing import move_tiles
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import resolve_default
from expedition.rules.core.dice import ScriptedDice
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.lasting import Span, end_spans, has_lasting, tick
from expedition.rules.core.notation import parse_attack
from expedition.rules.core.skills import Trait
from expedition.rules.engine.campaign import CampaignState
from expedition.rules.engine.dispatch import verify
from expedition.rules.exploration.expedition import in_darkness
from expedition.rules.exploration.features import Trap
from expedition.rules.exploration.traps import spring
from expedition.rules.items.slots import inside, slots_used
from expedition.rules.magic.spells.lasting_spells import burn_foes, close_pockets
from expedition.rules.magic.spells.spell_book import MISSING
from expedition.rules.magic.spells.spellcasting import CastSpell
from expedition.rules.magic.warding import (
    FIRE,
    HASTE,
    HOVER,
    PRISON,
    SEAL,
    SMOKE,
    benighted,
    foe_blinded,
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
