"""Tests for creation/starting_shop.py:

Shopping with starting silver before setting out (§5.1 step 6, §7.2).
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from expedition.rules.character.adventurer import Character
from expedition.rules.character.party import Party
from expedition.rules.core.context import Context
from expedition.rules.core.dice import ScriptedDice, SeededDice
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.item_defs import Category, ItemDef
from expedition.rules.core.skills import Skill
from expedition.rules.creation.starting_kit import ItemStashed
from expedition.rules.creation.starting_shop import (
    PriceBook,
    StartingGearBought,
    StartingPriceRolled,
    buy,
    can_buy,
    price_of,
    verify_buy,
    verify_sell,
)
from expedition.rules.items.slots import LEFT_HAND, RIGHT_HAND

ROPE = ItemDef("rope", "Rope", category=Category.COMMON)
RELIC = ItemDef("relic", "Holy relic", category=Category.EXOTIC)
KEY = ItemDef("old_key", "Old key", category=Category.FREE)


@given(st.integers(0, 2**32))
def test_a_price_is_rolled_once_and_then_holds_section_7_2(seed: int) -> None:
    """§7.2: an item's price is rolled the first time it is asked, then holds for the whole party."""
    ctx = Context(SeededDice(seed))
    book = PriceBook()
    first = price_of(ctx, book, RELIC)
    rolls = len(ctx.events)
    assert price_of(ctx, book, RELIC) == first and len(ctx.events) == rolls
    assert 40 <= first <= 240 and first % 10 == 0
    assert [e for e in ctx.events if isinstance(e, StartingPriceRolled)] == [
        StartingPriceRolled(rule="§7.2", item="relic", price=first)
    ]


def test_free_items_cost_nothing_and_roll_nothing_section_7_2() -> None:
    """§7.2: a free item has no price dice."""
    ctx = Context(ScriptedDice([]))
    assert price_of(ctx, PriceBook(), KEY) == 0


def test_buying_rolls_each_price_once_and_pays_from_the_purse_section_5_1() -> None:
    """§5.1 step 6, §7.2: the price is rolled once per item; the party's silver pays; no buyer: the stash."""
    ctx = Context(ScriptedDice([4]))
    party = Party(silver=10)
    book = PriceBook()
    first = buy(ctx, party, ROPE, book)
    buy(ctx, party, ROPE, book)
    assert party.silver == 2 and book.prices == {"rope": 4}
    assert len([e for e in ctx.events if isinstance(e, StartingPriceRolled)]) == 1
    assert first in party.stash and len(party.stash) == 2
    assert len([e for e in ctx.events if isinstance(e, ItemStashed)]) == 2
    with pytest.raises(IllegalAction, match="costs 4 silver; the party has 2"):
        buy(ctx, party, ROPE, book)
    assert party.silver == 2 and len(party.stash) == 2


def test_exotic_price_dice_and_a_buyer_carries_the_item_section_7_2() -> None:
    """§7.2: exotic items cost 10 × 4d6; a buyer puts the item where it fits."""
    ctx = Context(ScriptedDice([1, 1, 1, 2]))
    party = Party(silver=60)
    ada = Character(id="ada", name="Ada")
    item = buy(ctx, party, RELIC, PriceBook(), buyer=ada)
    assert party.silver == 10 and item in ada.items and item.place in (LEFT_HAND, RIGHT_HAND)
    bought = [e for e in ctx.events if isinstance(e, StartingGearBought)]
    assert bought == [
        StartingGearBought(rule="§5.1", item=item.uid, name="Holy relic", price=50, buyer="ada")
    ]


def test_street_wise_pays_one_less_for_common_goods_in_the_starting_shop_section_6_1() -> None:
    """§6.1 Street Wise: common items cost 1 silver less (never under 1); the list price stays."""
    ctx = Context(ScriptedDice([4, 1]))
    party = Party(silver=20)
    wren = Character(id="wren", name="Wren")
    wren.skills.add(Skill.STREET_WISE)
    book = PriceBook()
    buy(ctx, party, ROPE, book, buyer=wren)
    assert party.silver == 17 and book.prices["rope"] == 4
    buy(ctx, party, ROPE, book, buyer=Character(id="bo", name="Bo"))
    assert party.silver == 13  # no skill, full price
    cheap = ItemDef("chalk", "Chalk", category=Category.COMMON)
    buy(ctx, party, cheap, book, buyer=wren)
    assert party.silver == 12  # a 1-silver item stays at 1
    paid = [e.price for e in ctx.events if isinstance(e, StartingGearBought)]
    assert paid == [3, 4, 1]


def test_verify_and_can_buy_agree_section_5_1() -> None:
    """§5.1 step 6: the purse must hold the whole price."""
    party = Party(silver=5)
    assert can_buy(party, 5, ROPE) and not can_buy(party, 6, ROPE)
    verify_buy(party, 5, ROPE)
    with pytest.raises(IllegalAction, match="Rope costs 6 silver"):
        verify_buy(party, 6, ROPE)


def test_nothing_is_sold_before_the_first_expedition_section_5_1() -> None:
    """§5.1 step 6: no selling before the first mission."""
    with pytest.raises(IllegalAction, match="before the first expedition"):
        verify_sell(first_expedition_done=False)
    verify_sell(first_expedition_done=True)
