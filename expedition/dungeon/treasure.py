"""Provides treasure rolls: a theme's treasure row made into a cache (HOUSE §1.8, §4.1)."""

from __future__ import annotations

from expedition.dungeon.budget import Roller
from expedition.dungeon.themes import ThemeDef
from expedition.rules.core.distance import Pos
from expedition.rules.exploration.features import Cache, Treasure

__all__ = ["PRICE_DICE", "TREASURE_ITEMS", "treasure_cache", "treasure_item"]

# (name, kind, slots, fragile, always marked), HOUSE §4.1.
_Row = tuple[str, str, int, bool, bool]
TREASURE_ITEMS: dict[str, tuple[_Row, ...]] = {
    "uncommon": (
        ("Copper-and-bone ring", "J", 0, False, False),
        ("Locket holding a braid of hair", "J", 0, False, False),
        ("Prayer beads of black salt", "R", 0, False, False),
        ("Saint's knucklebone in a glass vial", "R", 1, True, False),
        ("Painted funeral mask", "A", 2, True, False),
        ("Rough gemstone", "T", 0, False, False),
        ("Jar of Golden Ridge peppercorns", "T", 1, False, False),
        ("Mirror shard in a silver frame", "C", 1, True, False),
    ),
    "valuable": (
        ("Signet ring of an extinct house", "J", 0, False, True),
        ("Jet earrings on silver hooks", "J", 0, False, False),
        ("Pearl string", "J", 0, False, False),
        ("Cador's seal-stone", "R", 1, False, False),
        ("Alabaster figurine of a weeping woman", "A", 2, True, False),
        ("Dented silver chalice", "T", 1, False, False),
        ("Cut gem", "T", 0, False, False),
        ("Brass astrolabe", "C", 2, True, False),
    ),
    "rare": (
        ("Fine jewelry", "J", 0, False, False),
        ("Sapphire brooch of Empire make", "J", 0, False, False),
        ("Reliquary box holding a saint's finger", "R", 1, False, False),
        ("Idol of an old god", "R", 1, False, False),
        ("Amber statuette", "A", 3, True, False),
        ("Ingot of black-salt silver", "T", 1, False, False),
    ),
    "exotic": (
        ("Holy relic", "R", 1, False, False),
        ("Crown of a drowned lord", "J", 1, False, True),
        ("Portrait of a forgotten queen", "A", 3, True, False),
        ("Void-glass lens", "C", 1, False, False),
    ),
}
"""The treasure item tables of HOUSE §4.1 by category."""

PRICE_DICE: dict[str, str] = {
    "uncommon": "2 + 2d6",
    "valuable": "3 x 2d6",
    "rare": "5 x 3d6",
    "exotic": "10 x 4d6",
}
"""Sale price dice by category (RULES §7.2); the price is rolled when the item is sold."""

AVERAGE_PRICE: dict[str, int] = {"uncommon": 9, "valuable": 21, "rare": 52, "exotic": 140}
"""About what a category item sells for, for estimates (HOUSE §1.8)."""


def treasure_item(roll: Roller, category: str) -> Treasure:
    """Roll one item of a category on its HOUSE §4.1 table; Valuable and better is marked on 1d!."""
    name, kind, slots, fragile, marked = roll.pick(TREASURE_ITEMS[category])
    if category != "uncommon" and not marked:
        marked = roll.risk(1)
    return Treasure(name=name, category=category, kind=kind, slots=slots, fragile=fragile, marked=marked)


def treasure_cache(roll: Roller, theme: ThemeDef, effective_depth: int, pos: Pos, room: int) -> Cache:
    """Make one treasure roll on the theme's table as a cache at `pos` (HOUSE §1.3, §1.8)."""
    row = theme.treasure[roll.d(6) - 1]
    cell = row.cell(effective_depth)
    items: list[str] = []
    for entry in cell.items:
        parts = entry.split()
        count = roll.expr(parts[0]) if len(parts) == 2 else 1
        items.extend([parts[-1]] * count)
    return Cache(
        pos=pos,
        room=room,
        silver=roll.expr(cell.silver) if cell.silver else 0,
        items=tuple(items),
        treasures=tuple(treasure_item(roll, category) for category in cell.treasures),
        locked=row.locked,
        description=f"{row.name}: {cell.text}",
    )


def cache_value(cache: Cache) -> int:
    """About what a cache is worth in silver: its coins plus average category prices."""
    return cache.silver + sum(AVERAGE_PRICE[t.category] for t in cache.treasures)
