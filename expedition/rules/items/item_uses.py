"""Provides the table of what each usable item does (§7.3, §7.4, §11.1), for the Use item actions.

Lights (lit or put out) and curing items (`CURES_BY_ITEM`) keep their own handling in the
exploration and combat verbs; every other Quick or Slow item either has an `ItemUse` here (a
verify, an apply and where it works) or an `ELSEWHERE` reason naming the action that uses it.
The effects live with the rules they belong to and register here with `item_use`: exploring gear
in `exploration.gear`, potions, tonics and living ashes in `combat.potions`, medicine on someone
down in `camp.camp_items`. `target` is what the item is used on ("" for the default: the user,
the first fitting thing), a character id, a foe uid, an item uid or a tile "x,y".
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, TypeVar

from expedition.rules.character.blindness import refuse_blind
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.item_defs import Tag
from expedition.rules.items.medicine import STABILISERS, fallen

if TYPE_CHECKING:
    from expedition.rules.character.adventurer import Character
    from expedition.rules.core.context import Context
    from expedition.rules.core.decisions import Resolution
    from expedition.rules.core.item_defs import Item
    from expedition.rules.engine.campaign import CampaignState


class Where(StrEnum):
    """Where an item's use works."""

    EXPLORING = "exploring"
    COMBAT = "combat"
    BOTH = "both"


Verify = Callable[["CampaignState", "Character", "Item", str], None]
"""Raise `IllegalAction` unless the item can be used now on the target."""
Apply = Callable[["Context", "CampaignState", "Character", "Item", str], "Resolution[None]"]
"""Use the item on the target: emit events, spend the item."""


@dataclass(frozen=True, slots=True)
class ItemUse:
    """What using one item does.

    Attributes:
        verify: Raises `IllegalAction` with the reason it cannot be used now.
        apply: The effect.
        where: Exploring, in a fight, or both (Slow items are never used in a fight, §7.3).
        verb: The option's verb ("Drink from", "Throw").
    """

    verify: Verify
    apply: Apply
    where: Where
    verb: str = "Use"


USES: dict[str, ItemUse] = {}
"""Each usable item's effect, by item key, as the modules of the rules it belongs to register it."""

A = TypeVar("A", bound=Apply)


def item_use(*keys: str, verify: Verify, where: Where, verb: str = "Use") -> Callable[[A], A]:
    """Register the decorated function as what using each of `keys` does (a decorator).

    Args:
        keys: The item keys it is the use of.
        verify: Raises `IllegalAction` with the reason it cannot be used now.
        where: Exploring, in a fight, or both.
        verb: The option's verb ("Drink from", "Throw").

    Raises:
        ValueError: When one of the keys already has a use.
    """

    def register(apply: A) -> A:
        for key in keys:
            existing = USES.get(key)
            if existing is not None and existing.apply is not apply:
                raise ValueError(f"the item {key!r} already has a use")
            USES[key] = ItemUse(verify, apply, where, verb)
        return apply

    return register


ELSEWHERE: dict[str, str] = {
    "lockpicking_tools": "Lockpicking tools are used by Pick the lock.",
    "trapping_kit": (
        "The trapping kit is used by Disarm trap (where a trap allows it) and the Fast trapping maneuver."
    ),
    "tainted_water": "Tainted water is drunk from its canteen or waterskin (HOUSE §1.12).",
}
"""Items only ever used through another action, and the reason given when "Use" is asked."""
WHERE_NOT: dict[str, str] = {
    "explosive_potion": "The explosive potion is thrown in a fight.",
    "mercurial_tonic": "The mercurial tonic quickens a fight; outside one it does nothing.",
}
"""Why a fight-only item is refused while exploring."""


def offered(item: Item, *, combat: bool) -> bool:
    """True if a Use option for the item belongs in the options list (in a fight, or exploring)."""
    use = USES.get(item.defn.key)
    if use is None:
        return False
    return use.where is Where.BOTH or use.where is (Where.COMBAT if combat else Where.EXPLORING)


def verify_item_use(
    state: CampaignState, member: Character, item: Item, target: str, *, combat: bool
) -> None:
    """Raise unless `member` can use `item` on `target` now (§7.3 tags, then the item's own verify).

    Raises:
        IllegalAction: With the reason (an item used through another action names that action).
    """
    key = item.defn.key
    if key.startswith("scroll"):
        refuse_blind(member, "read")  # mishap 5 (house)
    if key in ELSEWHERE:
        raise IllegalAction(ELSEWHERE[key])
    use = USES.get(key)
    if use is None:
        raise IllegalAction(f"The {item.name} is not something to use.")
    slow = Tag.SLOW in item.defn.tags and Tag.QUICK not in item.defn.tags
    if combat and (use.where is Where.EXPLORING or slow):
        raise IllegalAction(f"The {item.name} is not used in a fight (Slow items never are).")
    if not combat and use.where is Where.COMBAT:
        raise IllegalAction(WHERE_NOT.get(key, f"The {item.name} is used in a fight."))
    use.verify(state, member, item, target)


def use_item(
    ctx: Context, state: CampaignState, member: Character, item: Item, target: str
) -> Resolution[None]:
    """Apply the item's effect (its verify has passed)."""
    yield from USES[item.defn.key].apply(ctx, state, member, item, target)


def item_targets(state: CampaignState, member: Character, item: Item) -> list[str]:
    """Targets to offer for the item: each conscious foe for a thrown potion, else just the default ""."""
    if item.defn.key == "explosive_potion" and state.expedition is not None and state.expedition.combat:
        return [f.uid for f in state.expedition.combat.conscious_foes]
    if item.defn.key in STABILISERS:
        return fallen(state, member) or [""]
    return [""]
