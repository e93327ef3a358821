"""Provides `UseItem` while exploring (§10.1, §7.4, §7.8): its guard, its cost in turns, its verb and event.

A light is lit or put out; water, bandages, tonics and wine cure their afflictions (§4.6); any other
usable item does what the table of item uses says (`items.item_uses`). Quick items are free, a slow
item takes the turn; in the turn one character spends on a slow item, each other character may use
one slow item too, for no further turn (`ExpeditionState.slow_turn`). Tending someone down takes a
turn (house).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from expedition.rules.character.afflictions import Cure, apply_cure
from expedition.rules.core.actions import Action
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.events import Event
from expedition.rules.core.item_defs import Tag
from expedition.rules.exploration.expedition import reveal
from expedition.rules.exploration.exploration_turn import turns_pass
from expedition.rules.exploration.hazards.noise import flame_lit
from expedition.rules.exploration.surroundings import acting, current_expedition, exploring, slow_cost
from expedition.rules.items import usage
from expedition.rules.items.item_uses import use_item, verify_item_use
from expedition.rules.items.medicine import STABILISERS

if TYPE_CHECKING:
    from expedition.rules.character.adventurer import Character
    from expedition.rules.core.context import Context
    from expedition.rules.core.decisions import Resolution
    from expedition.rules.core.item_defs import Item
    from expedition.rules.engine.campaign import CampaignState

__all__ = ["CURES_BY_ITEM", "ItemUsed", "UseItem", "use_cost", "use_item_exploring", "verify_use"]

CURES_BY_ITEM: dict[str, Cure] = {
    "water": Cure.WATER,
    "healing_tonic": Cure.TONIC,
    "wine": Cure.WINE,
    "wine_of_yoros": Cure.WINE,
}
"""Items whose use cures afflictions (§4.6); lights are lit or put out. Others are not usable yet."""


@dataclass(frozen=True, slots=True, kw_only=True)
class UseItem(Action):
    """Use a carried item (§10.1): quick items are free, a slow item takes the turn.

    Attributes:
        item: The item's uid.
        target: What it is used on (`item_uses`): "" for the default, a character id, an item uid or a tile.
    """

    item: int
    target: str = ""


def take_cure(ctx: Context, member: Character, item: Item, *, rule: str) -> None:
    """`member` takes a curing item (CURES_BY_ITEM): the cure (§4.6), then its usage die or one of it."""
    apply_cure(ctx, member, CURES_BY_ITEM[item.defn.key], rule="§4.6")
    if item.defn.usage:
        usage.roll_usage(ctx, member, item, rule="§2")
    else:
        usage.use_one(ctx, member, item, rule=rule)


def verify_use(state: CampaignState, action: UseItem) -> None:
    """Raise unless the actor carries the item and it is used while exploring (and not spent)."""
    exploring(state)
    member = acting(state, action)
    item = next((i for i in member.items if i.uid == action.item), None)
    if item is None:
        raise IllegalAction(f"{member.name} does not carry that item.")
    tags = item.defn.tags

    if item.defn.key in STABILISERS:  # medicine on someone down (§4.4, item_uses_medicine)
        verify_item_use(state, member, item, action.target, combat=False)
        return
    if Tag.CAMP in tags:
        raise IllegalAction(f"The {item.name} is used in camp, not while exploring.")
    if Tag.QUICK not in tags and Tag.SLOW not in tags:
        raise IllegalAction(f"The {item.name} is not something to use.")
    if item.defn.light is None and item.defn.key not in CURES_BY_ITEM:
        verify_item_use(state, member, item, action.target, combat=False)  # §7.4 (item_uses)
        return
    if item.defn.light is not None and not item.lit and item.defn.usage and not item.usage:
        raise IllegalAction(f"The {item.name} is spent.")


def use_cost(state: CampaignState, action: UseItem) -> int:
    """Exploration turns using the item takes now; see the module docstring."""
    expedition = state.expedition
    member = next((c for c in state.party if c.id == action.actor), None)
    item = None if member is None else next((i for i in member.items if i.uid == action.item), None)

    if item is not None and item.defn.key in STABILISERS:
        return 1  # tending someone down takes a turn (house)
    if item is None or not slow_cost(state, item) or expedition is None:
        return 0
    shared = expedition.slow_turn == state.turn and state.turn > 0
    return 0 if shared and action.actor not in expedition.slow_users else 1


def use_item_exploring(ctx: Context, state: CampaignState, action: UseItem) -> Resolution[None]:
    """Light or put out, cure, or use the item by its table; then spend the turn it costs."""
    expedition = current_expedition(state)
    member = state.character(action.actor)
    item = next(i for i in member.items if i.uid == action.item)
    cost = use_cost(state, action)
    ctx.emit(ItemUsed(rule="§10.1", character=member.id, item=item.uid, name=item.name, cost=cost))
    if item.defn.light is not None:
        if item.lit:
            usage.extinguish(ctx, member, item, rule="§10.1")
        else:
            usage.light(ctx, member, item, rule="§7.8")
            yield from flame_lit(ctx, state, member, item)  # marsh gas (HOUSE §1.14)
    elif item.defn.key not in CURES_BY_ITEM:
        yield from use_item(ctx, state, member, item, action.target)  # §7.4 (item_uses)
    else:
        take_cure(ctx, member, item, rule="§10.1")
    if cost:
        yield from turns_pass(ctx, state, cost)
        expedition.slow_turn, expedition.slow_users = state.turn, {member.id}
    elif Tag.SLOW in item.defn.tags and Tag.QUICK not in item.defn.tags:
        expedition.slow_users.add(member.id)
    reveal(state)


@dataclass(frozen=True, slots=True, kw_only=True)
class ItemUsed(Event):
    """A character used an item; `cost` is the turns it took."""

    character: str
    item: int
    name: str
    cost: int
