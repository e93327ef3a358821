"""Tests for items/prices.py: price dice by category (§7.2) and Street Wise's discount (§6.1)."""

from __future__ import annotations

import pytest

from expedition.rules.character.adventurer import Character
from expedition.rules.core.item_defs import Category, ItemDef
from expedition.rules.core.skills import Skill
from expedition.rules.items.prices import PRICE_DICE, street_wise_discount


@pytest.mark.parametrize(
    ("category", "low", "high"),
    [
        (Category.COMMON, 1, 6),
        (Category.UNCOMMON, 4, 14),
        (Category.VALUABLE, 6, 36),
        (Category.RARE, 15, 90),
        (Category.EXOTIC, 40, 240),
    ],
)
def test_price_dice_per_category_section_7_2(category: Category, low: int, high: int) -> None:
    """§7.2: 1d6, 2 + 2d6, 3 × 2d6, 5 × 3d6 and 10 × 4d6; free things are not priced."""
    dice = PRICE_DICE[category]
    assert (dice.minimum, dice.maximum) == (low, high)
    assert Category.FREE not in PRICE_DICE


def test_street_wise_takes_one_off_a_common_item_down_to_one_section_6_1() -> None:
    """§6.1: 1 silver off a common item, never below 1; nothing off the rest or without the skill."""
    rope = ItemDef("rope", "Rope", category=Category.COMMON)
    relic = ItemDef("relic", "Holy relic", category=Category.EXOTIC)
    local, stranger = Character("a", "Ash"), Character("b", "Bea")
    local.skills.add(Skill.STREET_WISE)
    assert (street_wise_discount(rope, local, 4), street_wise_discount(rope, local, 1)) == (1, 0)
    assert street_wise_discount(relic, local, 40) == 0 and street_wise_discount(rope, stranger, 4) == 0
