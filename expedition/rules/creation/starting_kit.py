"""Provides starting trappings (§5.1 step 3) and outfitting: items go where they fit, the rest to the stash.

Outfitting is our reading of §7.1 for a fresh character: containers are worn first (the biggest
in each trappings box), then armour on the torso (one piece per armour slot), then the first
weapon wielded in the right hand and a shield in the left, then everything else inside worn
containers, then in the hands. Nothing is put where it would make the character encumbered
(7 + 3 × STR slots); what does not fit goes to the party stash.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from expedition.rules.character.adventurer import Character
from expedition.rules.character.party import Party
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import GM, Choice, Decision, Resolution
from expedition.rules.core.dice import risk_triggered
from expedition.rules.core.errors import InvalidAction
from expedition.rules.core.events import Event
from expedition.rules.core.item_defs import Item, ItemDef, Tag
from expedition.rules.items.handling import put, wield
from expedition.rules.items.slots import (
    BACK,
    FLASK,
    HANDS,
    LEFT_HAND,
    NOTES,
    RIGHT_HAND,
    SMALL_BAGS,
    TORSO,
    WAIST,
    box_for,
    can_put,
    capacity,
    cost_of,
    inside,
    is_container,
    items_in,
    slots_used,
    two_handed,
    worn_containers,
)


@dataclass(frozen=True, slots=True)
class TrappingKeys:
    """Item keys of the trappings everyone starts with (§5.1 step 3)."""

    belt: str = "belt"
    canteen: str = "canteen"
    bag: str = "bag"
    torch: str = "torch"
    ration: str = "ration"
    camping_supply: str = "camping_supplies"
    bandage: str = "bandages"


def roll_trappings(ctx: Context, character: Character, keys: TrappingKeys) -> list[tuple[str, int]]:
    """Roll a character's starting trappings (§5.1 step 3).

    Everyone gets a belt, a canteen, a bag, 1d6 torches and a ration; a camping supply if 3d!
    triggers and a bandage if 2d! triggers (a risk roll triggers on any 1).

    Returns:
        (item key, quantity) lines, in that order.
    """
    (torches,) = ctx.roll(1, 6, who=character.id, why="starting torches", rule="§5.1")
    lines = [(keys.belt, 1), (keys.canteen, 1), (keys.bag, 1), (keys.torch, torches), (keys.ration, 1)]
    camping = ctx.roll(3, 6, who=character.id, why="starting camping supply (3d!)", rule="§5.1")
    if risk_triggered(camping):
        lines.append((keys.camping_supply, 1))
    bandage = ctx.roll(2, 6, who=character.id, why="starting bandage (2d!)", rule="§5.1")
    if risk_triggered(bandage):
        lines.append((keys.bandage, 1))
    return lines


def make_items(
    party: Party, items: Mapping[str, ItemDef], key: str, quantity: int, usage: int = 0
) -> list[Item]:
    """New items for `quantity` of item `key`: packs are filled before a new pack is started.

    Args:
        party: Hands out the uids.
        items: Item definitions by key.
        key: The item's key.
        quantity: How many single items (three torches with a pack of two: a full pack and one).
        usage: A usage die that overrides the item's own (a kit's Ud10 hatchets), or 0.

    Raises:
        InvalidAction: If `key` names no item.
    """
    defn = items.get(key)
    if defn is None:
        raise InvalidAction(f"no item called {key!r}")
    made: list[Item] = []
    left = quantity
    while left > 0:
        take = min(left, max(defn.pack, 1))
        item = party.new_item(defn, take)
        if usage:
            item.usage = usage
        made.append(item)
        left -= take
    return made


def outfit(
    ctx: Context, party: Party, character: Character, items: list[Item], *, rule: str = "§5.1"
) -> list[Item]:
    """Put new items on a character where they fit; the rest go to the party stash.

    Returns:
        The items that went to the stash.
    """
    stashed: list[Item] = []
    for item in sorted(items, key=_order):
        if not _place(ctx, character, item, rule):
            stashed.append(item)
            stash(ctx, party, item, owner=character.id, rule=rule)
    return stashed


def stash(ctx: Context, party: Party, item: Item, *, owner: str = "", rule: str = "§5.1") -> None:
    """Put an item nobody carries in the party stash and report it."""
    item.place = ""
    item.wielded = False
    party.stash.append(item)
    ctx.emit(ItemStashed(rule=rule, character=owner, item=item.uid, name=item.name))


def camping_supply_fallback(
    ctx: Context, party: Party, items: Mapping[str, ItemDef], keys: TrappingKeys
) -> Resolution[str]:
    """If nobody in the party has a camping supply, give one to a member the GM picks (§5.1 step 3).

    Returns:
        The id of the character who got it, or "" when someone already had one.
    """
    carried = [item for character in party.characters for item in character.items]
    if not party.characters or any(item.defn.key == keys.camping_supply for item in [*carried, *party.stash]):
        return ""
    default = max(party.characters, key=lambda c: capacity(c) - slots_used(c))
    chosen = yield Decision(
        kind="camping_supply",
        owner=GM,
        prompt="Nobody has a camping supply. Who gets one?",
        choices=tuple(Choice(c.id, c.name) for c in party.characters),
        default=default.id,
        rule="§5.1",
    )
    character = party.character(chosen)
    outfit(ctx, party, character, make_items(party, items, keys.camping_supply, 1))
    return character.id


def _order(item: Item) -> tuple[int, int]:
    # Containers first, the roomiest first so it takes the box (a kit's backpack beats the bag).
    defn = item.defn
    if is_container(defn):
        return 0, -(defn.capacity or defn.liquid_capacity)
    if defn.is_armour:
        return 1, 0
    if defn.attack is not None and not defn.is_shield:
        return 2, 0  # weapons before shields: a two-handed weapon is wielded even if a shield came first
    if defn.is_shield:
        return 2, 1
    return 3, 0


def _fits_load(character: Character, item: Item, place: str) -> bool:
    # Outfitting never makes a fresh character encumbered (§7.1).
    others = items_in(character, place)
    added = cost_of([*others, item]) - cost_of(others)
    return slots_used(character) + added <= capacity(character)


def _place(ctx: Context, character: Character, item: Item, rule: str) -> bool:
    defn = item.defn
    if is_container(defn) and can_put(character, item, box_for(defn)):
        put(ctx, character, item, box_for(defn), rule=rule)
        return True
    if defn.is_armour and _can_wear(character, item):
        put(ctx, character, item, TORSO, rule=rule)
        return True
    if defn.attack is not None or defn.is_shield:
        hand = _free_hand(character, item)
        if hand is not None:
            wield(ctx, character, item, hand, rule=rule)
            return True
    for place in _places(character, item):
        if can_put(character, item, place) and _fits_load(character, item, place):
            put(ctx, character, item, place, rule=rule)
            return True
    return False


def _can_wear(character: Character, item: Item) -> bool:
    worn = [other.defn.armour_slot for other in items_in(character, TORSO)]
    return (
        item.defn.armour_slot not in worn
        and can_put(character, item, TORSO)
        and _fits_load(character, item, TORSO)
    )


def _free_hand(character: Character, item: Item) -> str | None:
    held = [other for other in character.items if other.wielded]
    if any(two_handed(other.defn) for other in held):
        return None
    if two_handed(item.defn):
        hands = [RIGHT_HAND] if not held else []
    elif item.defn.is_shield:
        hands = [LEFT_HAND]
    else:
        hands = [RIGHT_HAND]
    for hand in hands:
        free = not any(other.place == hand for other in held)
        if free and can_put(character, item, hand) and _fits_load(character, item, hand):
            return hand
    return None


_BOX_ORDER = {BACK: 0, WAIST: 1, SMALL_BAGS: 2, FLASK: 4}


def _places(character: Character, item: Item) -> list[str]:
    if item.defn.slot_cost == 0 and Tag.LIQUID not in item.defn.tags:
        return [NOTES]
    containers = sorted(worn_containers(character), key=lambda c: _BOX_ORDER.get(box_for(c.defn), 3))
    return [*(inside(container) for container in containers), *HANDS]


@dataclass(frozen=True, slots=True, kw_only=True)
class ItemStashed(Event):
    """An item went to the party stash because it fit nowhere on its owner.

    Attributes:
        character: Whose item it would have been ("" for the party's).
        item: The item's uid.
        name: The item's name.
    """

    character: str
    item: int
    name: str
