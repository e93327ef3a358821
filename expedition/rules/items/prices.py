"""Provides what items cost: the price dice by category (§7.2) and Street Wise's discount (§6.1).

Both the starting shop (`creation.starting_shop`) and the interlude market (`interlude.market`)
price items this way.
"""

from __future__ import annotations

from collections.abc import Mapping

from expedition.rules.character.adventurer import Character
from expedition.rules.core.dice import DiceExpr
from expedition.rules.core.item_defs import Category, ItemDef
from expedition.rules.core.skills import Skill

PRICE_DICE: Mapping[Category, DiceExpr] = {
    Category.COMMON: DiceExpr(1, 6),
    Category.UNCOMMON: DiceExpr(2, 6, bonus=2),
    Category.VALUABLE: DiceExpr(2, 6, multiplier=3),
    Category.RARE: DiceExpr(3, 6, multiplier=5),
    Category.EXOTIC: DiceExpr(4, 6, multiplier=10),
}
"""Price dice by category (§7.2); free items cost nothing."""


def street_wise_discount(defn: ItemDef, buyer: Character, price: int) -> int:
    """Silver Street Wise takes off `price`: 1 off a common item, to at least 1 (§6.1)."""
    if defn.category is Category.COMMON and buyer.has(Skill.STREET_WISE):
        return price - max(1, price - 1)
    return 0
