"""Provides dungeon names from the house name tables (HOUSE.md §7): "The [adjective] [place] of [owner]"."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from expedition.dungeon.budget import Roller

ADJECTIVES = (
    "Drowned", "Hollow", "Weeping", "Salted", "Gnawed", "Silent",
    "Blackened", "Broken", "Hungry", "Forsaken", "Sunken", "Bleached",
)  # fmt: skip
"""1d12 adjectives."""

PLACES = {
    "mausoleum": ("Crypt", "Barrow"),
    "warren": ("Warren", "Burrows"),
    "sea_caves": ("Grotto", "Wreck"),
    "weaver_caverns": ("Deep", "Hollows"),
    "void_ruin": ("Sanctum", "Spire"),
    "sewers": ("Drains", "Cistern"),
}
"""1d2 places per theme key."""

OWNERS = (
    "Abbot Corvale", "the Tallow King", "Mother Hask", "Lady Ombrine", "the Nine Drowned",
    "Brother Vael", "House Garrow", "the Salt-Witch", "Old Tamsk", "the Quiet Choir",
    "Magister Hollin", "Saint Ebbe",
)  # fmt: skip
"""1d12 owners, added on 1d6 4+."""


def dungeon_name(roll: Roller, theme: str) -> str:
    """Roll a name for a dungeon of `theme` (an unknown theme gets "Halls")."""
    adjective = ADJECTIVES[roll.d(12) - 1]
    places = PLACES.get(theme, ("Halls", "Vaults"))
    name = f"The {adjective} {places[roll.d(2) - 1]}"
    if roll.d(6) >= 4:
        name += f" of {OWNERS[roll.d(12) - 1]}"
    return name
