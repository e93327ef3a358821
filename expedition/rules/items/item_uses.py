"""Provides the table of what each usable item does (§7.3, §7.4, §11.1), for the Use item actions.

Lights (lit or put out) and curing items (`CURES_BY_ITEM`) keep their own handling in the
exploration and combat verbs; every other Quick or Slow item either has an `ItemUse` here (a
verify, an apply and where it works) or an `ELSEWHERE` reason naming the action that uses it.
The effects live in `item_uses_gear` (exploring gear) and `item_uses_fight` (potions, tonics,
living ashes); `target` is what the item is used on ("" for the default: the user, the first
fitting thing), a character id, a foe uid, an item uid or a tile "x,y".
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

from expedition.rules.character.blindness import refuse_blind
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.item_defs import Tag
from expedition.rules.items import gear, medicine
from expedition.rules.items import potions as fight

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


USES: dict[str, ItemUse] = {
    "canteen": ItemUse(gear.verify_drink, gear.drink, Where.BOTH, "Drink from"),
    "first_aid_kit": ItemUse(
        medicine.verify_stabilise, medicine.stabilise_with, Where.BOTH, "Stabilise with"
    ),
    "medical_supply": ItemUse(
        medicine.verify_stabilise, medicine.stabilise_with, Where.BOTH, "Stabilise with"
    ),
    "waterskin": ItemUse(gear.verify_drink, gear.drink, Where.EXPLORING, "Drink from"),
    "cloth": ItemUse(gear.verify_cloth, gear.bind, Where.EXPLORING, "Bind a wound with"),
    "oil": ItemUse(gear.verify_oil, gear.refuel, Where.EXPLORING, "Refill a lantern with"),
    "iron_spikes": ItemUse(gear.verify_spikes, gear.spike, Where.EXPLORING, "Hammer in"),
    "rope": ItemUse(gear.verify_rope, gear.run_rope, Where.EXPLORING, "Run across a trap"),
    "climbing_gear": ItemUse(gear.verify_rope, gear.run_rope, Where.EXPLORING, "Run across a trap"),
    "compass": ItemUse(gear.verify_compass, gear.read_compass, Where.EXPLORING, "Read"),
    "ashes_of_insight": ItemUse(gear.verify_ashes, gear.fling_ashes, Where.EXPLORING, "Fling"),
    "living_ashes": ItemUse(fight.verify_living_ashes, fight.rub_ashes, Where.BOTH, "Rub in"),
    "potion_of_giants": ItemUse(fight.verify_giants, fight.giants, Where.BOTH, "Drink"),
    "explosive_potion": ItemUse(fight.verify_explosive, fight.explode, Where.COMBAT, "Throw"),
    "tonic_of_bravery": ItemUse(fight.verify_bravery, fight.bravery, Where.BOTH, "Drink"),
    "anti_poison_tonic": ItemUse(fight.verify_anti_poison, fight.anti_poison, Where.BOTH, "Drink"),
    "mercurial_tonic": ItemUse(fight.verify_mercurial, fight.mercurial, Where.COMBAT, "Drink"),
    "tonic_of_focus": ItemUse(fight.verify_focus, fight.focus, Where.BOTH, "Drink"),
    "purging_hot_water": ItemUse(fight.verify_purging, fight.purging, Where.BOTH, "Drink"),
}
"""Each usable item's effect, by item key."""
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
    if item.defn.key in medicine.STABILISERS:
        return medicine.fallen(state, member) or [""]
    return [""]
