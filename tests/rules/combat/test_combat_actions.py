"""Tests for rules/combat/combat_actions.py: combat actions: costs, reach and guards (§10.2.2)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from expedition.rules.combat.combat_actions import (
    GUARDS,
    AttackFoe,
    CombatMove,
    CombatUseItem,
    Defend,
    Dodge,
    EndTurn,
    Help,
    Intimidate,
    Recover,
    attack_attrs,
    cost_of,
    in_reach,
    move_tiles,
    wield_hand,
)
from expedition.rules.core.attributes import Attr
from expedition.rules.core.conditions import Affliction, Trauma
from expedition.rules.core.context import Context
from expedition.rules.core.dice import ScriptedDice
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.item_defs import Item, ItemDef, Special
from expedition.rules.core.notation import parse_attack
from expedition.rules.core.skills import Skill, Trait
from expedition.rules.engine.campaign import CampaignState
from expedition.rules.engine.dispatch import verify
from expedition.rules.items import handling, slots
from tests.rules.combat.test_fights import SHIELD, SWORD, combat_of, fight, make_state, place


def _fight(*names: str) -> CampaignState:
    state = make_state(*names)
    fight(state, [], ambush=True)
    place(state, (9, 6))
    return state


def test_action_costs_follow_the_table() -> None:
    """§10.2.2: Dodge, Help, Intimidate take 2; EndTurn 0; the rest 1; a Broken leg moves for 2."""
    state = _fight()
    wren = state.party[0]
    assert [cost_of(wren, a) for a in (Dodge(actor="wren"), Help(actor="wren", ally="ash"))] == [2, 2]
    assert cost_of(wren, Intimidate(actor="wren")) == 2 and cost_of(wren, EndTurn(actor="wren")) == 0
    assert (
        cost_of(wren, Defend(actor="wren")) == 1 and cost_of(wren, CombatMove(actor="wren", to=(3, 3))) == 1
    )
    wren.traumas.add(Trauma.BROKEN_LEG)
    assert cost_of(wren, CombatMove(actor="wren", to=(3, 3))) == 2


def test_a_move_covers_twice_the_available_dex_and_a_broken_leg_only_one_tile() -> None:
    """§10.2.2, §4.5: 2 × available DEX tiles; fatigue lowers it; a Broken leg caps it at 1."""
    wren = _fight().party[0]
    assert move_tiles(wren) == 4
    wren[Attr.DEX].fatigue = 1
    assert move_tiles(wren) == 2
    wren.traumas.add(Trauma.BROKEN_LEG)
    assert move_tiles(wren) == 1


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


def test_a_stunned_adventurer_may_only_recover_and_nothing_costs_more_than_the_actions_left() -> None:
    """§10.2.1: with a stun token only Recover (or ending the turn); a 2-action Dodge needs 2 left."""
    state = _fight()
    wren, combat = state.party[0], combat_of(state)
    wren.tokens.stun = 1
    with pytest.raises(IllegalAction, match="stunned"):
        GUARDS[Defend](state, Defend(actor="wren"))
    GUARDS[Recover](state, Recover(actor="wren"))
    GUARDS[EndTurn](state, EndTurn(actor="wren"))
    wren.tokens.stun = 0
    combat.active, combat.actions_left = "wren", 1
    with pytest.raises(IllegalAction, match="2 actions"):
        GUARDS[Dodge](state, Dodge(actor="wren"))


def test_recover_needs_a_token_to_give_up_or_a_stun_token() -> None:
    """§10.2.2, §16 #15: Recover with no shield, dodge or stun token is refused."""
    state = _fight()
    with pytest.raises(IllegalAction, match="no token"):
        GUARDS[Recover](state, Recover(actor="wren"))
    state.party[0].tokens.shield = 1
    with pytest.raises(IllegalAction, match="no dodge token"):
        GUARDS[Recover](state, Recover(actor="wren", token="dodge"))
    GUARDS[Recover](state, Recover(actor="wren", token="shield"))


def test_defend_needs_a_held_shield_and_stops_at_five_tokens() -> None:
    """§10.2.2: Defend needs a shield; the cap is 5 shield tokens."""
    state = _fight()
    wren = state.party[0]
    with pytest.raises(IllegalAction, match="no shield"):
        GUARDS[Defend](state, Defend(actor="wren"))
    handling.wield(Context(ScriptedDice([])), wren, Item.new(9, SHIELD), slots.LEFT_HAND)
    GUARDS[Defend](state, Defend(actor="wren"))
    wren.tokens.shield = 5
    with pytest.raises(IllegalAction, match="5 shield"):
        GUARDS[Defend](state, Defend(actor="wren"))


def test_help_needs_an_ally_on_or_next_to_the_helper_who_is_not_sleepy() -> None:
    """§10.2.2, §3.5: help an ally within 1 tile; Sleepy characters cannot help."""
    state = _fight("wren", "ash")
    combat, wren = combat_of(state), state.party[0]
    combat.positions.update({"wren": (2, 3), "ash": (5, 3)})
    with pytest.raises(IllegalAction, match="next to"):
        GUARDS[Help](state, Help(actor="wren", ally="ash"))
    combat.positions["ash"] = (3, 3)
    GUARDS[Help](state, Help(actor="wren", ally="ash"))
    with pytest.raises(IllegalAction):
        GUARDS[Help](state, Help(actor="wren", ally="wren"))
    wren.afflictions.add(Affliction.SLEEPY)
    with pytest.raises(IllegalAction, match="Sleepy"):
        GUARDS[Help](state, Help(actor="wren", ally="ash"))


def test_intimidate_needs_the_skill_and_works_once_a_fight() -> None:
    """§6.1, §10.2.2: Intimidate needs the skill and is used once per combat."""
    state = _fight()
    with pytest.raises(IllegalAction, match="skill"):
        GUARDS[Intimidate](state, Intimidate(actor="wren"))
    state.party[0].skills.add(Skill.INTIMIDATE)
    GUARDS[Intimidate](state, Intimidate(actor="wren"))
    combat_of(state).intimidated.add("wren")
    with pytest.raises(IllegalAction, match="already"):
        verify(state, Intimidate(actor="wren"))


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


def test_a_thrown_item_goes_to_the_hand_with_room_or_is_refused_section_7_1() -> None:
    """§7.1, §10.2.2: using a throwable picks a hand it fits in; with both hands full it is refused."""
    state = _fight()
    wren = state.party[0]
    ctx = Context(ScriptedDice([]))
    for item in [i for i in wren.items if i.place in slots.HANDS]:
        wren.items.remove(item)
    flask = ItemDef("oil_flask", "Oil flask", attack=parse_attack("DEX 1"))
    bulky = ItemDef("vials", "Vials", slots=2)
    handling.wield(ctx, wren, Item.new(20, SWORD), slots.RIGHT_HAND)
    handling.put(ctx, wren, Item.new(21, bulky), slots.LEFT_HAND)
    thrown = Item.new(22, flask)
    wren.items.append(thrown)
    assert wield_hand(wren, thrown) == slots.RIGHT_HAND  # the left hand is full of vials
    GUARDS[CombatUseItem](state, CombatUseItem(actor="wren", item=22))
    handling.put(ctx, wren, Item.new(23, ItemDef("rope", "Rope")), slots.RIGHT_HAND)
    with pytest.raises(IllegalAction, match="no free hand for the Oil flask"):
        GUARDS[CombatUseItem](state, CombatUseItem(actor="wren", item=22))
