"""Tests for exploration/using_items.py: `UseItem` while exploring, quick and slow (§10.1, §4.6)."""

from __future__ import annotations

from expedition.rules.core.conditions import Affliction
from expedition.rules.core.context import Context
from expedition.rules.core.dice import ScriptedDice
from expedition.rules.core.item_defs import Item
from expedition.rules.exploration.using_items import UseItem
from expedition.rules.items import handling, slots
from expedition.session.catalog_world import default_world
from tests.rules.exploration_helpers import LANTERN, make_state, run

ITEMS = default_world().items


def test_slow_item_costs_a_turn_and_quick_is_free() -> None:
    """§10.1: a slow item takes 1 ET (lighting a lantern is quick: free)."""
    state = make_state(lit=False)
    wren = state.character("wren")
    lantern = Item.new(100, LANTERN)
    handling.put(Context(ScriptedDice([])), wren, lantern, slots.LEFT_HAND)
    run(state, UseItem(actor="wren", item=100), [])
    assert lantern.lit and state.turn == 0


def test_bandages_stop_bleeding_section_4_6() -> None:
    """§4.6: bandages are a cure item: using them while exploring stops Bleeding and uses one strip."""
    state = make_state()
    wren = state.character("wren")
    wren.afflictions.add(Affliction.BLEEDING)
    bandages = Item.new(400, ITEMS["bandages"])
    handling.put(Context(ScriptedDice([])), wren, bandages, slots.RIGHT_HAND)
    run(state, UseItem(actor="wren", item=400), [])
    assert Affliction.BLEEDING not in wren.afflictions and state.turn == 0  # quick: free
    assert bandages.quantity == ITEMS["bandages"].pack - 1
