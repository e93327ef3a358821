"""Provides `CombatUseItem` (§10.2.2): wielding a weapon or shield, a light, a cure or another item.

`wield_hand` picks the hand that takes an item to wield (§7.1).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from expedition.rules.character.adventurer import Character
from expedition.rules.combat.fighter_turn import done, fighter, start
from expedition.rules.core.actions import Action
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import Resolution
from expedition.rules.core.errors import IllegalAction, InvalidAction
from expedition.rules.core.item_defs import Item, Tag
from expedition.rules.exploration.using_items import CURES_BY_ITEM, take_cure
from expedition.rules.items import handling, usage
from expedition.rules.items.item_uses import USES, use_item, verify_item_use
from expedition.rules.items.medicine import STABILISERS
from expedition.rules.items.slots import HANDS, verify_put

if TYPE_CHECKING:
    from expedition.rules.engine.campaign import CampaignState


@dataclass(frozen=True, slots=True, kw_only=True)
class CombatUseItem(Action):
    """Wield a weapon or shield, light or put out a light, or use a curing item (§10.2.2).

    Attributes:
        item: The item's uid.
        hand: For wielding: "left_hand" or "right_hand", "" to choose a free one.
        target: What it is used on (`item_uses`): "" for the default, a foe uid, an item uid or a tile.
    """

    item: int
    hand: str = ""
    target: str = ""


def wield_hand(member: Character, item: Item, hand: str = "") -> str:
    """The hand that takes `item` to wield it: `hand` if named, else the right then the left one that fits.

    A hand already holding the item fits; otherwise the item must fit beside what the hand holds
    (a thrown flask cannot go in a hand full of vials, §7.1).

    Raises:
        IllegalAction: When no hand has room (with the reason for the right hand).
    """
    if hand:
        return hand
    reasons: list[str] = []
    for candidate in HANDS[::-1]:
        try:
            verify_put(member, item, candidate)
        except IllegalAction as error:
            reasons.append(str(error))
            continue
        return candidate
    raise IllegalAction(f"{member.name} has no free hand for the {item.name}: {reasons[0]}")


def verify_use_in_fight(state: CampaignState, action: CombatUseItem) -> None:

    _, member = fighter(state, action)
    item = next((i for i in member.items if i.uid == action.item), None)
    if item is None:
        raise IllegalAction(f"{member.name} does not carry that item.")
    if action.hand and action.hand not in HANDS:
        raise InvalidAction("The hand is left_hand or right_hand.")
    wieldable = (item.defn.attack or item.defn.is_shield) and not item.wielded
    if wieldable:
        verify_put(member, item, wield_hand(member, item, action.hand))

    if Tag.CAMP in item.defn.tags and item.defn.key not in STABILISERS:
        raise IllegalAction(f"The {item.name} is used in camp.")
    if not wieldable and item.defn.light is None and item.defn.key not in CURES_BY_ITEM:
        if item.defn.key not in USES and not item.defn.tags & {Tag.QUICK, Tag.SLOW}:
            raise IllegalAction(f"The {item.name} is not something to use in a fight.")
        verify_item_use(state, member, item, action.target, combat=True)  # §7.4 (item_uses)


def use_item_in_fight(ctx: Context, state: CampaignState, action: CombatUseItem) -> Resolution[None]:

    _, member = start(state, action)
    item = next(i for i in member.items if i.uid == action.item)
    if (item.defn.attack or item.defn.is_shield) and not item.wielded:
        handling.wield(ctx, member, item, wield_hand(member, item, action.hand), rule="§10.2.2")
    elif item.defn.light is not None:
        (usage.extinguish if item.lit else usage.light)(ctx, member, item, rule="§10.2.2")
    elif item.defn.key not in CURES_BY_ITEM:
        yield from use_item(ctx, state, member, item, action.target)  # §7.4 (item_uses)
    else:
        take_cure(ctx, member, item, rule="§10.2.2")
    yield from done(ctx, state, member, action)
