"""Tests for rules/combat/attacking.py: `AttackFoe`, weapon reach, what a hit does (§10.2.2, §16 #21)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from expedition.rules.combat.attacking import AttackFoe, attack_attrs, distracted, in_reach
from expedition.rules.combat.combat_actions import GUARDS
from expedition.rules.combat.combat_events import Attacked, CombatEnded, CombatOutcome
from expedition.rules.combat.combat_state import CombatState, Foe
from expedition.rules.core.attributes import Attr
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import resolve
from expedition.rules.core.dice import SeededDice
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.events import Note
from expedition.rules.core.item_defs import Item, ItemDef, Special
from expedition.rules.core.notation import parse_attack
from expedition.rules.core.phase import Phase
from expedition.rules.core.skills import Trait
from expedition.rules.engine.campaign import CampaignState
from expedition.rules.engine.dispatch import apply
from expedition.rules.items import slots
from tests.rules.combat.test_fights import SWORD, combat_of, fight, make_state, place, rat, run


def _fight(*names: str) -> CampaignState:
    state = make_state(*names)
    fight(state, [], ambush=True)
    place(state, (9, 6))
    return state


def test_close_weapons_reach_orthogonally_unless_they_reach_diagonally() -> None:
    """§16 #2: a Close attack reaches only orthogonal neighbours, diagonals with a diagonal weapon."""
    state = _fight()
    combat, wren = combat_of(state), state.party[0]
    foe = combat.foes[0]
    sword = next(i for i in wren.items if i.uid == 1)
    here = combat.positions["wren"]
    foe.pos = (here[0] + 1, here[1] + 1)
    assert not in_reach(state, combat, wren, sword, foe)
    pole = Item.new(5, replace(SWORD, key="pole", specials=frozenset({Special.DIAGONAL})))
    assert in_reach(state, combat, wren, pole, foe)
    foe.pos = (here[0] + 1, here[1])
    assert in_reach(state, combat, wren, sword, foe)
    bow = Item.new(6, ItemDef(key="bow", name="Bow", attack="DEX 1+1 Nearby"))
    foe.pos = (here[0] + 5, here[1])
    assert in_reach(state, combat, wren, bow, foe) and not in_reach(state, combat, wren, sword, foe)


def test_cold_blood_lets_a_str_weapon_be_tested_with_dex() -> None:
    """§6.2: Cold blood adds DEX to a STR weapon's attributes."""
    wren = _fight().party[0]
    attack = parse_attack("STR 2+1")
    assert attack_attrs(wren, attack) == (Attr.STR,)
    wren.traits.add(Trait.COLD_BLOOD)
    assert attack_attrs(wren, attack) == (Attr.STR, Attr.DEX)


def test_an_attack_needs_a_wielded_weapon_and_a_conscious_target() -> None:
    """§10.2.2: attack with a weapon you wield, at a foe still in the fight."""
    state = _fight()
    foe = combat_of(state).foes[0]
    foe.pos = (3, 3)
    GUARDS[AttackFoe](state, AttackFoe(actor="wren", target=foe.uid, weapon_uid=1))
    with pytest.raises(IllegalAction, match="no such weapon"):
        GUARDS[AttackFoe](state, AttackFoe(actor="wren", target=foe.uid, weapon_uid=7))
    with pytest.raises(IllegalAction, match="DEX"):
        GUARDS[AttackFoe](state, AttackFoe(actor="wren", target=foe.uid, weapon_uid=1, attr="DEX"))
    foe.out = True
    with pytest.raises(IllegalAction, match="out of the fight"):
        GUARDS[AttackFoe](state, AttackFoe(actor="wren", target=foe.uid, weapon_uid=1))


def test_an_attack_hits_for_base_and_a_great_success_adds_crit_and_knocks_out_past_w() -> None:
    """§10.2.2, §16 #21: a hit deals BASE, a great success BASE+CRIT; W 2 drops at the 3rd wound."""
    state = make_state()
    fight(state, [], ambush=True)
    foe = place(state, (3, 3))
    foe.defn = rat(wounds=5)
    run(state, AttackFoe(actor="wren", target=foe.uid, weapon_uid=1), [5, 2])
    assert foe.wounds == 2 and not foe.out
    run(state, AttackFoe(actor="wren", target=foe.uid, weapon_uid=1), [6, 6])
    assert foe.wounds == 5 and not foe.out  # W 5 resists 5


def test_a_foe_is_knocked_out_when_wounds_exceed_w_and_the_fight_is_won() -> None:
    """§16 #21, #25: the 3rd wound on W 2 knocks it out; no conscious enemy is a victory, 1 ET passes."""
    state = make_state()
    turn = state.turn
    fight(state, [], ambush=True)
    foe = place(state, (3, 3))
    ctx = Context(SeededDice(1))
    foe.wounds = 2
    resolve(apply(ctx, state, AttackFoe(actor="wren", target=foe.uid, weapon_uid=1)), lambda d: d.default)
    if not foe.out:  # a miss with these dice; hit again until it drops
        ctx = run(state, AttackFoe(actor="wren", target=foe.uid, weapon_uid=1), [5, 5])
    assert foe.out
    ended = [e for e in ctx.events if isinstance(e, CombatEnded)]
    assert ended and ended[0].outcome is CombatOutcome.VICTORY
    assert state.phase is Phase.EXPLORATION and state.expedition.combat is None  # type: ignore[union-attr]
    assert state.turn == turn + 1


def test_a_foe_is_distracted_when_flanked_engaged_with_another_or_stunned() -> None:
    """HOUSE §6.1, §16 #5: flanked, engaged with someone else, or stunned counts as distracted."""
    combat = CombatState(positions={"wren": (2, 3), "ash": (8, 8)})
    foe = Foe(uid="foe1", key="rat", defn=rat(), pos=(3, 3))
    assert not distracted(combat, foe, "wren")
    assert distracted(combat, foe, "ash")  # engaged with Wren, not with Ash
    combat.positions["ash"] = (4, 3)
    assert distracted(combat, foe, "wren")  # flanked
    combat.positions["ash"] = (8, 8)
    foe.tokens.stun = 1
    assert distracted(combat, foe, "wren")


def test_an_attack_whose_weapon_the_encumbrance_test_dropped_is_not_taken() -> None:
    """§7.1, §10.2.2: the turn's STR test drops the chosen sword; the attack is refused, no action spent."""
    state = make_state()
    wren = state.party[0]
    rock = ItemDef(key="rock", name="Rock")
    wren.items.extend(Item(uid=100 + n, defn=rock, place=slots.TORSO) for n in range(13))  # 14 > 13
    fight(state, [], ambush=True)
    foe = place(state, (3, 3))
    ctx = run(state, AttackFoe(actor="wren", target=foe.uid, weapon_uid=1), [2, 3, 1])  # fail; item 1
    assert all(i.uid != 1 for i in wren.items)  # the sword lies on the floor
    assert not [e for e in ctx.events if isinstance(e, Attacked)]
    assert any(isinstance(e, Note) and "not taken" in e.text for e in ctx.events)
    combat = combat_of(state)
    assert combat.active == "wren" and combat.actions_left == 2 and foe.wounds == 0
