"""Provides moving items in the interlude (§7.1, house): between adventurers, and to and from the stash.

House: in a settlement, items change hands freely and take no daily action. A whole stack moves
at once. An item goes where it fits (`place_for`: tiny things in the notes, a container in its
trappings box, armour on the torso, the rest inside worn containers, then in the hands) and never
where it would leave its new holder encumbered; a worn container must be emptied first. The
stash (`CampaignState.stash`) holds anything and stays in the settlement.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from expedition.rules.character.adventurer import Character, Status
from expedition.rules.core.actions import Action
from expedition.rules.core.context import Context
from expedition.rules.core.errors import IllegalAction, InvalidAction
from expedition.rules.core.events import Event
from expedition.rules.core.item_defs import Item, Tag
from expedition.rules.interlude.interlude_state import current
from expedition.rules.items.handling import give, put, take_away
from expedition.rules.items.slots import (
    HANDS,
    NOTES,
    TORSO,
    box_for,
    can_put,
    capacity,
    cost_of,
    inside,
    is_container,
    is_worn_container,
    items_in,
    slots_used,
    worn_containers,
)

if TYPE_CHECKING:
    from expedition.rules.core.decisions import Resolution
    from expedition.rules.engine.campaign import CampaignState

RULE = "§7.1"


@dataclass(frozen=True, slots=True, kw_only=True)
class GiveItem(Action):
    """Hand a carried item (the whole stack) to another adventurer in the interlude (house).

    Attributes:
        item: The item's uid, carried by the actor.
        to: The receiving adventurer's id.
    """

    item: int
    to: str


@dataclass(frozen=True, slots=True, kw_only=True)
class StashItem(Action):
    """Leave a carried item in the settlement stash (house); `item` is its uid."""

    item: int


@dataclass(frozen=True, slots=True, kw_only=True)
class TakeFromStash(Action):
    """Take an item from the settlement stash (house); `item` is its uid."""

    item: int


# --- where an item goes -------------------------------------------------------------------------


def _keeps_load(character: Character, item: Item, place: str, used: int) -> bool:
    """True when `item` in `place` leaves `character` (carrying `used` slots) unencumbered."""
    others = items_in(character, place)
    added = cost_of([*others, item]) - cost_of(others)
    return used + added <= capacity(character)


def _candidates(character: Character, item: Item) -> list[str]:
    defn = item.defn
    places: list[str] = []
    if Tag.TINY in defn.tags or (defn.slot_cost == 0 and Tag.LIQUID not in defn.tags):
        places.append(NOTES)
    if is_container(defn):
        places.append(box_for(defn))
    if defn.is_armour:
        places.append(TORSO)
    places += [inside(container) for container in worn_containers(character) if container is not item]
    return [*places, *HANDS]


def place_for(character: Character, item: Item) -> str | None:
    """Where `item` would go on `character`: the first place it fits without encumbering them, or None."""
    used: int | None = None  # the load carried now: the same for every place tried
    for place in _candidates(character, item):
        if not can_put(character, item, place):
            continue
        if used is None:
            used = slots_used(character)
        if _keeps_load(character, item, place, used):
            return place
    return None


def verify_receive(character: Character, item: Item) -> str:
    """Return where `character` would put `item`.

    Raises:
        IllegalAction: Saying why it fits nowhere on them.
    """
    place = place_for(character, item)
    if place is not None:
        return place
    fits = any(can_put(character, item, p) for p in _candidates(character, item))
    if fits:
        raise IllegalAction(
            f"{character.name} would be encumbered carrying the {item.name} "
            f"({slots_used(character)} of {capacity(character)} slots used)."
        )
    raise IllegalAction(f"The {item.name} fits nowhere on {character.name}.")


# --- guards ------------------------------------------------------------------------------------


def _adventurer(state: CampaignState, who: str) -> Character:
    if not who:
        raise InvalidAction("name the adventurer")
    found = next((m for m in state.party if m.id == who and m.status is not Status.DEAD), None)
    if found is None:
        raise IllegalAction(f"{who} is not with the party.")
    return found


def _carried(member: Character, uid: int) -> Item:
    item = next((i for i in member.items if i.uid == uid), None)
    if item is None:
        raise IllegalAction(f"{member.name} does not carry that item.")
    if is_worn_container(item) and items_in(member, inside(item)):
        raise IllegalAction(f"{member.name} must empty the {item.name} first.")
    return item


def stashed(state: CampaignState, uid: int) -> Item:
    """The stash's item with this uid.

    Raises:
        IllegalAction: When the stash holds no such item.
    """
    item = next((i for i in state.stash if i.uid == uid), None)
    if item is None:
        raise IllegalAction("The stash holds no such item.")
    return item


def _verify_give(state: CampaignState, action: GiveItem) -> None:
    current(state)
    giver = _adventurer(state, action.actor)
    receiver = _adventurer(state, action.to)
    if receiver is giver:
        raise InvalidAction("An adventurer cannot give an item to themselves.")
    verify_receive(receiver, _carried(giver, action.item))


def _verify_stash(state: CampaignState, action: StashItem) -> None:
    current(state)
    _carried(_adventurer(state, action.actor), action.item)


def _verify_take(state: CampaignState, action: TakeFromStash) -> None:
    current(state)
    verify_receive(_adventurer(state, action.actor), stashed(state, action.item))


GUARDS: dict[type[Action], Callable[[CampaignState, Any], None]] = {
    GiveItem: _verify_give,
    StashItem: _verify_stash,
    TakeFromStash: _verify_take,
}
"""Each item-moving action's guard."""


# --- verbs -------------------------------------------------------------------------------------


def _give(ctx: Context, state: CampaignState, action: GiveItem) -> Resolution[None]:
    giver, receiver = state.character(action.actor), state.character(action.to)
    item = _carried(giver, action.item)
    give(ctx, giver, receiver, item, verify_receive(receiver, item), rule=RULE)
    return
    yield


def _stash(ctx: Context, state: CampaignState, action: StashItem) -> Resolution[None]:
    member = state.character(action.actor)
    item = _carried(member, action.item)
    source = item.place
    take_away(member, item)
    state.stash.append(item)
    ctx.emit(ItemLeftInStash(rule=RULE, character=member.id, item=item.uid, name=item.name, source=source))
    return
    yield


def _take(ctx: Context, state: CampaignState, action: TakeFromStash) -> Resolution[None]:
    member = state.character(action.actor)
    item = stashed(state, action.item)
    place = verify_receive(member, item)
    state.stash[:] = [other for other in state.stash if other is not item]
    ctx.emit(ItemTakenFromStash(rule=RULE, character=member.id, item=item.uid, name=item.name))
    put(ctx, member, item, place, rule=RULE)
    return
    yield


VERBS: dict[type[Action], Callable[[Context, CampaignState, Any], Generator[Any, str, None]]] = {
    GiveItem: _give,
    StashItem: _stash,
    TakeFromStash: _take,
}
"""Each item-moving action's verb."""


@dataclass(frozen=True, slots=True, kw_only=True)
class ItemLeftInStash(Event):
    """An adventurer left an item in the settlement stash; `source` is the place it came from."""

    character: str
    item: int
    name: str
    source: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ItemTakenFromStash(Event):
    """An adventurer took an item from the settlement stash (an `ItemAdded` says where it went)."""

    character: str
    item: int
    name: str
