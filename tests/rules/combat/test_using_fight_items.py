"""Tests for rules/combat/using_fight_items.py: `CombatUseItem`, the wielding hand (§7.1)."""

from __future__ import annotations

import pytest

from expedition.rules.combat.combat_actions import GUARDS
from expedition.rules.combat.using_fight_items import CombatUseItem, wield_hand
from expedition.rules.core.context import Context
from expedition.rules.core.dice import ScriptedDice
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.item_defs import Item, ItemDef
from expedition.rules.core.notation import parse_attack
from expedition.rules.engine.campaign import CampaignState
from expedition.rules.items import handling, slots
from tests.rules.combat.test_fights import SWORD, fight, make_state, place


def _fight(*names: str) -> CampaignState:
    state = make_state(*names)
    fight(state, [], ambush=True)
    place(state, (9, 6))
    return state


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
