"""Provides the camp action Use camp items (§10.3, §7.3): one camp action lets each adventurer use one.

The first camp item opens a round and costs 1 camp action; everyone who has not yet used an item
in that round uses one free. Whoever uses a second item opens a new round. What each item does
is in `camp_items`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from expedition.rules.camp.camp_items import use_camp_item, verify_camp_item
from expedition.rules.camp.camp_party import camper, party_target
from expedition.rules.camp.camp_setup import current_camp
from expedition.rules.camp.pool import afford, spend
from expedition.rules.core.actions import Action
from expedition.rules.core.errors import IllegalAction

if TYPE_CHECKING:
    from expedition.rules.character.adventurer import Character
    from expedition.rules.core.context import Context
    from expedition.rules.core.decisions import Resolution
    from expedition.rules.core.item_defs import Item
    from expedition.rules.engine.campaign import CampaignState
    from expedition.rules.exploration.camp_state import CampState

__all__ = ["COST", "UseCampItem", "carried", "item_cost", "use_item_in_camp", "verify_item_use"]

COST = 1
"""Camp actions a round of camp items takes (§10.3)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class UseCampItem(Action):
    """Use a camp item (§10.3, §7.3): 1 camp action lets each adventurer use one.

    Attributes:
        item: The item's uid (carried by the actor).
        target: Who it is used on; "" for the actor.
    """

    item: int
    target: str = ""


def item_cost(camp: CampState, actor: str) -> int:
    """Camp actions `actor`'s next camp item takes: free in an open round they have not used yet."""
    return 0 if camp.item_round and actor not in camp.item_users else COST


def carried(member: Character, uid: int) -> Item:
    """The item with uid `uid` that `member` carries.

    Raises:
        IllegalAction: When `member` does not carry it.
    """
    item = next((i for i in member.items if i.uid == uid), None)
    if item is None:
        raise IllegalAction(f"{member.name} does not carry that item.")
    return item


def verify_item_use(state: CampaignState, action: UseCampItem) -> None:
    """Raise unless the actor may use that item on that target now, and the pool holds its cost."""
    camp, member = camper(state, action)
    verify_camp_item(member, party_target(state, member, action.target), carried(member, action.item))
    afford(camp, item_cost(camp, action.actor))


def use_item_in_camp(ctx: Context, state: CampaignState, action: UseCampItem) -> Resolution[None]:
    """Pay for the round if one must open, note the user, then use the item."""
    camp = current_camp(state)
    spend(ctx, camp, action, item_cost(camp, action.actor))
    if not camp.item_round or action.actor in camp.item_users:
        camp.item_round, camp.item_users = True, []
    camp.item_users.append(action.actor)
    member = state.character(action.actor)
    yield from use_camp_item(
        ctx, member, party_target(state, member, action.target), carried(member, action.item)
    )
