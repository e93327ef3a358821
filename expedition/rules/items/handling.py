"""Provides moving carried items (§7.1): put (add or move), drop, give, wield and unwield.

Wielding (house reading of §7.1): each hand wields at most one item; a two-handed item takes
the wielding of both hands but not their carrying room, so the other hand may still carry
things. Moving an item out of its hand stops wielding it (reported by `ItemMoved`).
"""

from __future__ import annotations

from dataclasses import dataclass

from expedition.rules.character.adventurer import Character
from expedition.rules.character.traumas import TRAUMA_GAINED
from expedition.rules.core.conditions import Trauma
from expedition.rules.core.context import Context
from expedition.rules.core.errors import IllegalAction, InvalidAction
from expedition.rules.core.events import Event
from expedition.rules.core.item_defs import Item
from expedition.rules.items.slots import (
    BROKEN_ARM_HAND,
    HANDS,
    inside,
    is_worn_container,
    items_in,
    two_handed,
    verify_put,
)


def carries(character: Character, item: Item) -> bool:
    """True if this very item is among the character's items."""
    return any(other is item for other in character.items)


def verify_carried(character: Character, item: Item) -> None:
    """Raise unless the character carries the item.

    Raises:
        IllegalAction: Naming the item the character does not have.
    """
    if not carries(character, item):
        raise IllegalAction(f"{character.name} does not carry the {item.name}.")


def take_away(character: Character, item: Item) -> None:
    """Remove an item from the character's list without reporting it (callers emit the event)."""
    index = next(i for i, other in enumerate(character.items) if other is item)
    del character.items[index]
    item.place = ""
    item.wielded = False


def put(ctx: Context, character: Character, item: Item, place: str, *, rule: str = "§7.1") -> None:
    """Put an item in a place: add it if new to the character, move it if already carried.

    Putting an item where it already is does nothing. The caller makes sure a new item is not
    carried by someone else (use `give` between characters).

    Raises:
        InvalidAction: If `place` is not a place.
        IllegalAction: If it does not fit there (see `places.verify_put`).
    """
    verify_put(character, item, place)
    if not carries(character, item):
        item.place = place
        item.wielded = False
        character.items.append(item)
        ctx.emit(ItemAdded(rule=rule, character=character.id, item=item.uid, name=item.name, place=place))
        return
    if item.place == place:
        return
    previous = item.place
    item.place = place
    item.wielded = False
    ctx.emit(
        ItemMoved(
            rule=rule,
            character=character.id,
            item=item.uid,
            name=item.name,
            source=previous,
            place=place,
        )
    )


def drop(ctx: Context, character: Character, item: Item, *, rule: str = "§7.1") -> list[Item]:
    """Drop an item; a worn container falls with everything inside it.

    Returns:
        The dropped items (the container first), for the caller to leave on the floor.

    Raises:
        IllegalAction: If the character does not carry it.
    """
    verify_carried(character, item)
    dropped = [item]
    if is_worn_container(item):
        dropped += items_in(character, inside(item))
    for thing in dropped:
        place = thing.place
        take_away(character, thing)
        ctx.emit(ItemDropped(rule=rule, character=character.id, item=thing.uid, name=thing.name, place=place))
    return dropped


def give(
    ctx: Context, giver: Character, receiver: Character, item: Item, place: str, *, rule: str = "§7.1"
) -> None:
    """Hand an item to another character, who puts it in `place`.

    Raises:
        InvalidAction: If giver and receiver are the same, or `place` is not a place.
        IllegalAction: If the giver does not carry it, a worn container is not empty, or it
            does not fit in the receiver's `place`.
    """
    if giver is receiver:
        raise InvalidAction("Giving to oneself is moving: use put.")
    verify_carried(giver, item)
    if is_worn_container(item) and items_in(giver, inside(item)):
        raise IllegalAction(f"{giver.name} must empty the {item.name} first.")
    verify_put(receiver, item, place)
    take_away(giver, item)
    item.place = place
    receiver.items.append(item)
    ctx.emit(
        ItemGiven(rule=rule, giver=giver.id, receiver=receiver.id, item=item.uid, name=item.name, place=place)
    )


def wield(ctx: Context, character: Character, item: Item, hand: str, *, rule: str = "§7.1") -> None:
    """Wield an item in a hand, putting it there first if needed (§7.1).

    Whatever that hand wielded is only carried from now on; a two-handed item also frees the
    other hand's wielding, and wielding anything stops a two-handed item being wielded.

    Raises:
        InvalidAction: If `hand` is not "left_hand" or "right_hand".
        IllegalAction: If the item cannot be put in that hand, or it needs two hands and an arm
            is broken (§4.5).
    """
    if hand not in HANDS:
        raise InvalidAction(f"{hand!r} is not a hand; use left_hand or right_hand")
    if Trauma.BROKEN_ARM in character.traumas and (hand == BROKEN_ARM_HAND or two_handed(item.defn)):
        raise IllegalAction(
            f"{character.name}'s arm is broken: one hand cannot wield the {item.name} (§4.5)."
        )
    put(ctx, character, item, hand, rule=rule)
    if item.wielded:
        return
    for other in character.items:
        if other is item or not other.wielded:
            continue
        if other.place == hand or two_handed(item.defn) or two_handed(other.defn):
            unwield(ctx, character, other, rule=rule)
    item.wielded = True
    ctx.emit(ItemWielded(rule=rule, character=character.id, item=item.uid, name=item.name, hand=hand))


def unwield(ctx: Context, character: Character, item: Item, *, rule: str = "§7.1") -> None:
    """Stop wielding an item; it stays carried in its hand. Does nothing if it is not wielded.

    Raises:
        IllegalAction: If the character does not carry it.
    """
    verify_carried(character, item)
    if not item.wielded:
        return
    item.wielded = False
    ctx.emit(ItemUnwielded(rule=rule, character=character.id, item=item.uid, name=item.name))


@TRAUMA_GAINED.register
def _broken_arm_lets_go(ctx: Context, character: Character, trauma: Trauma, rule: str) -> None:
    """A Broken arm stops wielding what the broken hand held, and any two-handed grip (§4.5).

    What that hand carries stays there: moving it out is the player's business.
    """
    if trauma is not Trauma.BROKEN_ARM:
        return
    for item in list(character.items):
        if item.wielded and (item.place == BROKEN_ARM_HAND or two_handed(item.defn)):
            unwield(ctx, character, item, rule=rule)


def wielded(character: Character) -> list[Item]:
    """Items wielded right now."""
    return [item for item in character.items if item.wielded]


@dataclass(frozen=True, slots=True, kw_only=True)
class ItemAdded(Event):
    """A character took an item that was nobody's (found, bought, made) and put it somewhere.

    Attributes:
        character: Who now carries it.
        item: The item's uid.
        name: The item's name.
        place: Where it was put.
    """

    character: str
    item: int
    name: str
    place: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ItemMoved(Event):
    """A character moved an item; leaving a hand also means it is no longer wielded.

    Attributes:
        character: Who carries it.
        item: The item's uid.
        name: The item's name.
        source: Where it was.
        place: Where it is now.
    """

    character: str
    item: int
    name: str
    source: str
    place: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ItemDropped(Event):
    """An item left a character's hands or packs and lies on the floor."""

    character: str
    item: int
    name: str
    place: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ItemGiven(Event):
    """An item passed from one character to another, into `place`."""

    giver: str
    receiver: str
    item: int
    name: str
    place: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ItemWielded(Event):
    """A character wields an item in `hand`."""

    character: str
    item: int
    name: str
    hand: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ItemUnwielded(Event):
    """A character stopped wielding an item but still holds it."""

    character: str
    item: int
    name: str
