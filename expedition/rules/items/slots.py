"""Provides where carried items can go and how many slots they take (§7.1): places, capacity, encumbrance.

House ruling (§7.1 [note] leaves open how capacity and containers relate):

- The PLACES an item can sit are the torso (4 slots, armour and helmets only), each hand
  (2 slots), the inside of each worn container (its `capacity`, or `liquid_capacity` for the
  canteen and waterskin, which hold liquids only) and the notes (tiny things, free).
  A place never holds more than it has room for: that limit is hard.
- `capacity` = 7 + 3 × STR score is the total number of slots a character carries before
  being ENCUMBERED; carrying more is allowed (§7.1) and halves movement. Whichever limit is
  lower applies: a strong character runs out of places first, a weak one gets encumbered first.
- Containers fill the sheet's trappings boxes and take no slot while worn there: the waist box
  (belt or small pouch), the back box (bag or backpack), the flask box (canteen or waterskin)
  and two small-bag boxes. A container not worn in its box is an ordinary item (it takes its
  slots and holds nothing); a worn container must be emptied before it is taken off.
- Water and other `per_slot` items share slots with the same item in the same place (two water
  units per slot; the canteen's one liquid slot holds two units). Extracts (`Tag.EXTRACT`)
  take one slot per two different kinds in a place, however many of each kind.
- An item with no place yet ("") still counts its slots; only `handling.put` gives places.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from expedition.rules.character.adventurer import Character
from expedition.rules.core.attributes import Attr
from expedition.rules.core.conditions import Trauma
from expedition.rules.core.errors import IllegalAction, InvalidAction, RuleError
from expedition.rules.core.item_defs import Item, ItemDef, Tag

TORSO = "torso"
"""Worn armour and helmets (§7.1)."""
LEFT_HAND = "left_hand"
"""Held items; one of them may be wielded."""
RIGHT_HAND = "right_hand"
"""Held items; one of them may be wielded."""
HANDS = (LEFT_HAND, RIGHT_HAND)
"""Both hands."""
BROKEN_ARM_HAND = LEFT_HAND
"""The hand a Broken arm leaves useless (house reading of §4.5: the book does not say which arm)."""
NOTES = "notes"
"""Tiny things that take no slot (§7.1)."""

TORSO_SLOTS = 4
"""Slots on the torso (§7.1)."""
HAND_SLOTS = 2
"""Slots in each hand (§7.1)."""
UNLIMITED = 999
"""What `free_space` reports for the notes, which never fill up."""

WAIST = "waist"
"""Trappings box for a belt or a small pouch."""
BACK = "back"
"""Trappings box for a bag or a backpack."""
FLASK = "flask"
"""Trappings box for a canteen or a waterskin."""
SMALL_BAGS = "small_bags"
"""Trappings boxes for up to two small bags."""

BOX_OF: dict[str, str] = {
    "belt": WAIST,
    "small_pouch": WAIST,
    "bag": BACK,
    "backpack": BACK,
    "canteen": FLASK,
    "waterskin": FLASK,
    "small_bag": SMALL_BAGS,
}
"""Container key → the trappings box it is worn in. Other containers get a box of their own key."""
BOX_LIMIT: dict[str, int] = {WAIST: 1, BACK: 1, FLASK: 1, SMALL_BAGS: 2}
"""Containers each box takes; boxes not listed take one."""

_LABELS = {TORSO: "torso", LEFT_HAND: "left hand", RIGHT_HAND: "right hand", NOTES: "notes"}


def is_container(defn: ItemDef) -> bool:
    """True for items that hold other items or liquids."""
    return defn.capacity > 0 or defn.liquid_capacity > 0


def box_for(defn: ItemDef) -> str:
    """The trappings box a container is worn in."""
    return BOX_OF.get(defn.key, defn.key)


def is_worn_container(item: Item) -> bool:
    """True for a container worn in its trappings box (it then holds items and takes no slot)."""
    return is_container(item.defn) and item.place == box_for(item.defn)


def inside(container: Item) -> str:
    """The place name of a container's inside, such as "bag:12"."""
    return f"{container.defn.key}:{container.uid}"


def two_handed(defn: ItemDef) -> bool:
    """True for items that need both hands to wield."""
    return defn.hands >= 2 or Tag.TWO_HANDED in defn.tags


def capacity(character: Character) -> int:
    """Slots carried before encumbrance: 7 + 3 × STR score (§7.1)."""
    return 7 + 3 * character[Attr.STR].score


def cost_of(items: Iterable[Item]) -> int:
    """Slots a group of items takes together in one place (§7.1).

    Tiny things take none; awkward tags add one each (`ItemDef.slot_cost`); `per_slot` items
    share slots with the same item; two different extracts share a slot.
    """
    total = 0
    shared: dict[str, tuple[int, ItemDef]] = {}
    extracts: set[str] = set()
    for item in items:
        defn = item.defn
        if defn.slot_cost == 0:
            continue
        if Tag.EXTRACT in defn.tags:
            extracts.add(defn.key)
        elif defn.per_slot > 1:
            units, _ = shared.get(defn.key, (0, defn))
            shared[defn.key] = (units + item.quantity, defn)
        else:
            total += defn.slot_cost
    for units, defn in shared.values():
        total += math.ceil(units / defn.per_slot) * defn.slot_cost
    return total + math.ceil(len(extracts) / 2)


def items_in(character: Character, place: str) -> list[Item]:
    """The items in one place, in the order they were added."""
    return [item for item in character.items if item.place == place]


def slots_used(character: Character) -> int:
    """Slots taken by everything carried; worn containers and the notes take none (§7.1)."""
    groups: dict[str, list[Item]] = {}
    for item in character.items:
        if item.place == NOTES or is_worn_container(item) or item.place.startswith("pocket_reality:"):
            continue  # a Pocket reality's contents weigh nothing (§11.1)
        groups.setdefault(item.place, []).append(item)
    return sum(cost_of(group) for group in groups.values())


def encumbered(character: Character) -> bool:
    """True when carrying more slots than `capacity` (§7.1)."""
    return slots_used(character) > capacity(character)


def movement_multiplier(character: Character) -> float:
    """Movement is halved while encumbered (§7.1)."""
    return 0.5 if encumbered(character) else 1.0


def worn_armour(character: Character) -> list[Item]:
    """Armour and helmets worn on the torso."""
    return [item for item in character.items if item.place == TORSO and item.defn.is_armour]


def lit_lights(character: Character) -> list[Item]:
    """Light sources burning, including one burning its last turn (see `usage.burn_out_lights`)."""
    return [item for item in character.items if item.lit]


def worn_containers(character: Character) -> list[Item]:
    """Containers worn in their trappings boxes."""
    return [item for item in character.items if is_worn_container(item)]


def container_at(character: Character, place: str) -> Item:
    """The worn container whose inside is `place`.

    Raises:
        InvalidAction: If `place` is not a container's inside.
        IllegalAction: If the character wears no such container.
    """
    _, _, uid_text = place.rpartition(":")
    if not uid_text.isdigit():
        raise InvalidAction(f"{place!r} is not a place for items")
    for item in character.items:
        if item.uid == int(uid_text) and is_container(item.defn) and inside(item) == place:
            if not is_worn_container(item):
                raise IllegalAction(f"{character.name} must put on the {item.name} before filling it.")
            return item
    raise IllegalAction(f"{character.name} has no such container.")


def _box_limit(character: Character, place: str) -> int | None:
    if place in BOX_LIMIT:
        return BOX_LIMIT[place]
    if any(is_container(item.defn) and box_for(item.defn) == place for item in character.items):
        return 1
    return None


def label(character: Character, place: str) -> str:
    """A place in the player's words: "left hand", "Bag", "back box"."""
    if place in _LABELS:
        return _LABELS[place]
    if ":" in place:
        try:
            return container_at(character, place).name
        except RuleError:
            return place
    return f"{place} box"


def free_space(character: Character, place: str) -> int:
    """Slots still free in a place (boxes: containers that still fit; notes: `UNLIMITED`).

    Raises:
        InvalidAction: If `place` is not a place.
        IllegalAction: If it is a container the character does not wear.
    """
    if place == NOTES:
        return UNLIMITED
    if place == TORSO:
        return TORSO_SLOTS - cost_of(items_in(character, place))
    if place in HANDS:
        return max(0, _room(character, place) - cost_of(items_in(character, place)))
    if ":" in place:
        container = container_at(character, place)
        room = container.defn.liquid_capacity or container.defn.capacity
        return room - cost_of(items_in(character, place))
    limit = _box_limit(character, place)
    if limit is None:
        raise InvalidAction(f"{place!r} is not a place for items")
    return limit - len(items_in(character, place))


def _room(character: Character, place: str) -> int:
    if place == TORSO:
        return TORSO_SLOTS
    if place in HANDS:
        return 0 if place == BROKEN_ARM_HAND and Trauma.BROKEN_ARM in character.traumas else HAND_SLOTS
    container = container_at(character, place)
    return container.defn.liquid_capacity or container.defn.capacity


def verify_put(character: Character, item: Item, place: str) -> None:
    """Raise unless `item` may be put in `place` (added if new, moved if carried) (§7.1).

    Raises:
        InvalidAction: If `place` is not a place.
        IllegalAction: Saying why the item does not fit there.
    """
    carried = any(other is item for other in character.items)
    if carried and item.place == place:
        return
    if carried and is_worn_container(item) and items_in(character, inside(item)):
        raise IllegalAction(f"{character.name} must empty the {item.name} first.")
    liquid = Tag.LIQUID in item.defn.tags
    if place == NOTES:
        if item.defn.slot_cost > 0 or liquid:
            raise IllegalAction(f"Only tiny things go in the notes; the {item.name} takes a slot.")
        return
    if place == "" or (place not in (TORSO, *HANDS) and ":" not in place):
        _verify_box(character, item, place)
        return
    if ":" in place:
        container = container_at(character, place)
        if container is item:
            raise IllegalAction(f"The {item.name} cannot go inside itself.")
        if container.defn.liquid_capacity and not liquid:
            raise IllegalAction(f"Only liquids go in the {container.name}.")
    if liquid and not (":" in place and container_at(character, place).defn.liquid_capacity):
        raise IllegalAction(f"The {item.name} needs a canteen or a waterskin.")
    if place == BROKEN_ARM_HAND and Trauma.BROKEN_ARM in character.traumas:
        raise IllegalAction(f"{character.name}'s arm is broken: that hand can carry nothing (§4.5).")
    if place == TORSO and not item.defn.is_armour:
        raise IllegalAction(f"Only armour and helmets are worn on the torso, not the {item.name}.")
    others = [other for other in items_in(character, place) if other is not item]
    needed = cost_of([*others, item]) - cost_of(others)
    free = _room(character, place) - cost_of(others)
    if needed > free:
        where = label(character, place)
        raise IllegalAction(f"No room for the {item.name} in the {where}: it needs {needed}, {free} free.")


def _verify_box(character: Character, item: Item, place: str) -> None:
    if not place or (_box_limit(character, place) is None and not is_container(item.defn)):
        raise InvalidAction(f"{place!r} is not a place for items")
    if not is_container(item.defn) or box_for(item.defn) != place:
        raise IllegalAction(f"The {item.name} is not worn in the {place} box.")
    limit = BOX_LIMIT.get(place, 1)
    worn = [other for other in items_in(character, place) if other is not item]
    if len(worn) >= limit:
        raise IllegalAction(f"{character.name} already wears the {worn[0].name} there.")


def can_put(character: Character, item: Item, place: str) -> bool:
    """True if `verify_put` would allow it."""
    try:
        verify_put(character, item, place)
    except RuleError:
        return False
    return True
