"""Provides alchemy (§11.1 Alchemy rules): extract values, tonic recipes, and blending extracts into a tonic.

Extracts are carried as items keyed "<kind>_extract" (house items, `Tag.EXTRACT`); a recipe
matches when the Yig and Grai values of the extracts used add up exactly (§11.1). Purging
hot-water is (2, 1) (§16 #8). The fewest extracts that match are used.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING

from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.events import Event
from expedition.rules.core.item_defs import Item, Tag
from expedition.rules.items.usage import use_one

if TYPE_CHECKING:
    from expedition.rules.character.adventurer import Character
    from expedition.rules.core.context import Context
    from expedition.rules.core.item_defs import ItemDef

VALUES: dict[str, tuple[int, int]] = {
    "flame": (-1, 1),
    "water": (1, -1),
    "smoke": (0, -1),
    "necro": (-1, 0),
    "rot": (0, 1),
    "ether": (1, 0),
}
"""Each extract's (Yig, Grai) (§11.1)."""
RECIPES: dict[str, tuple[int, int]] = {
    "healing_tonic": (2, 0),
    "potion_of_giants": (0, 3),
    "explosive_potion": (-2, 2),
    "tonic_of_bravery": (1, 1),
    "anti_poison_tonic": (1, -1),
    "mercurial_tonic": (0, 0),
    "tonic_of_focus": (-1, -1),
    "purging_hot_water": (2, 1),
}
"""Each tonic's (Yig, Grai) totals (§11.1, §16 #8)."""
MOST_EXTRACTS = 4
"""(house) At most this many extracts go into one tonic."""
KIT = "alchemic_kit"
"""Alchemic tools; the kit's flasks serve as the bottle (house)."""


def extract_kind(item: Item) -> str:
    """The extract an item is ("flame"), or "" for anything else."""
    kind = item.defn.key.removesuffix("_extract")
    return kind if Tag.EXTRACT in item.defn.tags and kind in VALUES else ""


def mixture(member: Character, tonic: str) -> list[Item]:
    """The fewest carried extracts whose values add up to `tonic`'s recipe (one entry per unit).

    Raises:
        IllegalAction: Unknown tonic, no alchemic kit, or no matching extracts.
    """
    if tonic not in RECIPES:
        raise IllegalAction(f"There is no recipe for {tonic!r}.")
    if not any(i.defn.key == KIT for i in member.items):
        raise IllegalAction(f"{member.name} needs an alchemic kit to blend extracts.")
    units = [i for i in member.items if extract_kind(i) for _ in range(max(1, i.quantity))]
    goal = RECIPES[tonic]
    for size in range(1, min(MOST_EXTRACTS, len(units)) + 1):
        for combo in combinations(units, size):
            values = [VALUES[extract_kind(i)] for i in combo]
            if (sum(v[0] for v in values), sum(v[1] for v in values)) == goal:
                return list(combo)
    raise IllegalAction(f"{member.name}'s extracts do not add up to that recipe {goal}.")


def brewable(member: Character) -> list[str]:
    """The tonics `member` could blend now."""
    found = []
    for tonic in RECIPES:
        try:
            mixture(member, tonic)
        except IllegalAction:
            continue
        found.append(tonic)
    return found


def brew(
    ctx: Context, member: Character, tonic: str, items: Mapping[str, ItemDef], next_uid: int, *, rule: str
) -> Item:
    """Use up the extracts of the mixture and give `member` the tonic (uid `next_uid`).

    The tonic goes into no place yet (it counts its slots; `handling.put` may place it).

    Raises:
        IllegalAction: As `mixture`, or when the tonic has no item definition.
    """
    used = mixture(member, tonic)
    if tonic not in items:
        raise IllegalAction(f"Nothing is known of the tonic {tonic!r}.")
    for item in used:
        use_one(ctx, member, item, rule=rule)
    made = Item.new(next_uid, items[tonic])
    member.items.append(made)
    ctx.emit(
        TonicBlended(
            rule=rule,
            character=member.id,
            tonic=tonic,
            item=made.uid,
            extracts=tuple(extract_kind(i) for i in used),
        )
    )
    return made


@dataclass(frozen=True, slots=True, kw_only=True)
class TonicBlended(Event):
    """Extracts were blended into a tonic (§11.1 Transmute)."""

    character: str
    tonic: str
    item: int
    extracts: tuple[str, ...]
