"""Provides the interlude's daily actions (§10.4.3): rest, tend wounds, sell, lay low, repair armour.

Each adventurer announces 1 action a day (Street Wise 2) with `verify_plan`; `resolve_plan`
carries it out when the day ends. Going shopping happens while the day is open (`market`).
Selling follows HOUSE §4.3 and rulings #11 and #27; repairing armour ruling #28.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from expedition.rules.character.adventurer import Character
from expedition.rules.character.afflictions import surgeon_cures_plague
from expedition.rules.character.recovery import heal_chosen_wound, heal_wound, recover_fatigue
from expedition.rules.core.actions import Action
from expedition.rules.core.attributes import Attr
from expedition.rules.core.conditions import Affliction, cure_affliction
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import Resolution
from expedition.rules.core.dice import risk_triggered
from expedition.rules.core.errors import IllegalAction, InvalidAction
from expedition.rules.core.events import Event, Note
from expedition.rules.core.item_defs import Category, Item, Tag
from expedition.rules.core.judging import Outcome
from expedition.rules.core.rolls import attribute_test
from expedition.rules.core.skills import Skill
from expedition.rules.core.tracker import lower
from expedition.rules.interlude.interlude_state import (
    DailyAction,
    DailyPlan,
    InterludeState,
    SilverGained,
    current,
    interlude_member,
)
from expedition.rules.interlude.settlement_defs import SOLD_CATEGORIES
from expedition.rules.interlude.table_effects import interlude_gain
from expedition.rules.items.handling import take_away
from expedition.rules.items.prices import PRICE_DICE
from expedition.rules.items.usage import roll_usage
from expedition.rules.trackers.doom import services_closed

if TYPE_CHECKING:
    from expedition.rules.engine.campaign import CampaignState

OPTIONS: dict[DailyAction, dict[str, tuple[tuple[int, ...], int]]] = {
    DailyAction.REST: {"": ((1, 2, 3, 4, 5), 0), "entertainment": ((4, 5), 2), "drunk": ((3, 4, 5), 1),
                       "bucolic": ((1, 2, 3), 0)},
    DailyAction.TEND_WOUNDS: {"": ((1, 2, 3, 4, 5), 0), "surgeon": ((4, 5), 4),
                              "witch_doctor": ((2, 3, 4), 2), "first_aid": ((1, 2, 3, 4, 5), 0),
                              "time": ((1, 2, 3, 4, 5), 0)},
}  # fmt: skip
"""The optional extras of Rest and Tend wounds: settlement sizes that offer each, and silver (§10.4.3)."""

CLOSED_BY_DOOM = frozenset({"entertainment", "surgeon", "witch_doctor"})
"""Services nobody offers the party at settlement doom 6 (§9.4)."""

BUYERS_CAP: dict[int, Category] = {1: Category.UNCOMMON, 2: Category.VALUABLE, 3: Category.RARE}
"""House (HOUSE §4.3): the dearest category buyers in a small settlement can pay for."""

MOST_SOLD = 3
GUILD_CUT_PERCENT = 20
REPAIR_SIZE = 3


def actions_allowed(character: Character) -> int:
    """Daily actions an adventurer has: 1, or 2 with Street Wise (§10.4.3, §6.1)."""
    return 2 if character.has(Skill.STREET_WISE) else 1


def verify_plan(state: CampaignState, interlude: InterludeState, member: Character, plan: DailyPlan) -> None:
    """Raise unless `member` may announce `plan` today.

    Raises:
        InvalidAction: An unknown option, or items missing where the action needs them.
        IllegalAction: With the reason it is not possible today.
    """
    if interlude.arrival:
        raise IllegalAction("The party came back today; only the night is left (§10.4.1).")
    if not member.can_act:
        raise IllegalAction(f"{member.name} cannot act.")
    if len(interlude.plans_of(member.id)) >= actions_allowed(member):
        raise IllegalAction(f"{member.name} has announced everything they can do today.")
    doom = state.locations[interlude.settlement].doom.filled
    options = OPTIONS.get(plan.action, {"": ((1, 2, 3, 4, 5), 0)})
    if plan.option not in options:
        raise InvalidAction(f"{plan.action.value} has no option {plan.option!r}")
    sizes, cost = options[plan.option]
    if interlude.size not in sizes:
        raise IllegalAction(f"Nobody offers {plan.option.replace('_', ' ')} in a place this size.")
    if plan.option in CLOSED_BY_DOOM and services_closed(doom):
        raise IllegalAction(f"Nobody will offer the party {plan.option.replace('_', ' ')} any more.")
    if cost > state.silver:
        raise IllegalAction(f"That costs {cost} silver; the party has {state.silver}.")
    if plan.option == "first_aid" and not _kit(member):
        raise IllegalAction(f"{member.name} carries no first aid kit.")
    if plan.action is DailyAction.REPAIR_ARMOUR and interlude.size < REPAIR_SIZE:
        raise IllegalAction("Armour is repaired only in a fief or larger (§16 #28).")
    carried = {item.uid: item for item in member.items}
    if any(uid not in carried for uid in plan.items):
        raise IllegalAction(f"{member.name} does not carry every item named.")
    if plan.action is DailyAction.SELL:
        if not 1 <= len(plan.items) <= MOST_SOLD or len(set(plan.items)) != len(plan.items):
            raise InvalidAction(f"name 1 to {MOST_SOLD} different items to sell")
        if services_closed(doom):
            raise IllegalAction("Nobody in the settlement will buy from the party.")
        if any(carried[uid].defn.category is Category.FREE for uid in plan.items):
            raise IllegalAction("Nobody pays for free things.")
    if plan.action is DailyAction.REPAIR_ARMOUR and (
        len(plan.items) != 1 or not sum(carried[plan.items[0]].broken)
    ):
        raise IllegalAction("Name one piece of armour with broken points.")


def _kit(member: Character) -> Item | None:
    return next((i for i in member.items if i.defn.key == "first_aid_kit" and i.quantity > 0), None)


def resolve_plan(
    ctx: Context, state: CampaignState, interlude: InterludeState, plan: DailyPlan
) -> Resolution[None]:
    """Carry out one announced daily action (§10.4.3)."""
    member = state.character(plan.actor)
    if not member.can_act:
        ctx.emit(Note(rule="§10.4.3", text=f"{member.name} cannot act today."))
        return
    ctx.emit(DailyActionTaken(rule="§10.4.3", character=member.id, action=plan.action, option=plan.option))
    cost = OPTIONS.get(plan.action, {}).get(plan.option, ((), 0))[1]
    if cost > state.silver:
        ctx.emit(
            Note(rule="§10.4.3", text=f"The party cannot pay for {plan.option}; {member.name} does without.")
        )
        plan = DailyPlan(plan.actor, plan.action, "", plan.items)
        cost = 0
    state.silver -= cost
    if plan.action is DailyAction.REST:
        yield from _rest(ctx, member, plan.option)
    elif plan.action is DailyAction.TEND_WOUNDS:
        yield from _tend(ctx, member, plan.option)
    elif plan.action is DailyAction.SELL:
        yield from _sell(ctx, state, interlude, member, plan.items)
    elif plan.action is DailyAction.LAY_LOW:
        faces = ctx.roll(2, 6, who=member.id, why="laying low (2d!)", rule="§10.4.3")
        if risk_triggered(faces):
            lower(ctx, state.locations[interlude.settlement].doom, 1, rule="§10.4.3")
    elif plan.action is DailyAction.REPAIR_ARMOUR:
        _repair(ctx, state, member, plan.items)


def _rest(ctx: Context, member: Character, option: str) -> Resolution[None]:
    rounds = 2 if option == "entertainment" else 1
    for _ in range(rounds):
        for attr in Attr:
            recover_fatigue(ctx, member, attr, 1, rule="§10.4.3")
    if option == "entertainment":
        for affliction in (Affliction.ANGRY, Affliction.HOPELESS):
            cure_affliction(ctx, member, affliction, rule="§10.4.3")
    elif option == "drunk":
        for affliction in (Affliction.TERRIFIED, Affliction.HOPELESS):
            cure_affliction(ctx, member, affliction, rule="§10.4.3")
        while heal_wound(ctx, member, Attr.PRE, resting=True, rule="§10.4.3"):
            pass
        if risk_triggered(ctx.roll(2, 6, who=member.id, why="the morning after (2d!)", rule="§10.4.3")):
            yield from interlude_gain(ctx, member, Affliction.NAUSEATED, rule="§10.4.3")
    elif option == "bucolic":
        while heal_wound(ctx, member, Attr.INT, resting=True, rule="§10.4.3"):
            pass


def _tend(ctx: Context, member: Character, option: str) -> Resolution[None]:
    body = (Attr.STR, Attr.DEX)
    yield from heal_chosen_wound(ctx, member, allowed=body, rule="§10.4.3")
    cure_affliction(ctx, member, Affliction.BLEEDING, rule="§10.4.3")
    if option in ("surgeon", "witch_doctor"):
        for _ in range(2):
            yield from heal_chosen_wound(ctx, member, allowed=(Attr.STR, Attr.INT, Attr.DEX), rule="§10.4.3")
        if option == "surgeon":
            surgeon_cures_plague(ctx, member, rule="§10.4.3")
        elif Affliction.CURSED in member.afflictions and risk_triggered(
            ctx.roll(1, 6, who=member.id, why="witch doctor (1d!)", rule="§10.4.3")
        ):
            cure_affliction(ctx, member, Affliction.CURSED, rule="§10.4.3")
    elif option == "first_aid":
        kit = _kit(member)
        if kit is not None:
            yield from heal_chosen_wound(ctx, member, allowed=body, rule="§10.4.3")
            if risk_triggered(ctx.roll(3, 6, who=member.id, why="first aid kit (3d!)", rule="§10.4.3")):
                yield from heal_chosen_wound(ctx, member, rule="§10.4.3")
            if kit.defn.usage:
                roll_usage(ctx, member, kit, rule="§7.4")
    elif option == "time" and risk_triggered(
        ctx.roll(3, 6, who=member.id, why="time heals (3d!)", rule="§10.4.3")
    ):
        yield from heal_chosen_wound(ctx, member, rule="§10.4.3")


def sale_category(item: Item, outcome: Outcome, size: int) -> Category | None:
    """The category an item sells as (HOUSE §4.3), or None below Common (it then fetches 1 silver).

    A failed appraisal sells one category lower, a critical failure two; armour with broken
    points one more; and buyers in a small settlement pay at most their cap (`BUYERS_CAP`).
    """
    steps = {Outcome.FAILURE: 1, Outcome.CRITICAL_FAILURE: 2}.get(outcome, 0)
    steps += 1 if sum(item.broken) else 0
    index = SOLD_CATEGORIES.index(item.defn.category) - steps
    if index < 0:
        return None
    cap = SOLD_CATEGORIES.index(BUYERS_CAP.get(size, Category.EXOTIC))
    return SOLD_CATEGORIES[min(index, cap)]


def _sell(
    ctx: Context, state: CampaignState, interlude: InterludeState, member: Character, uids: tuple[int, ...]
) -> Resolution[None]:
    for uid in uids:
        item = next((i for i in member.items if i.uid == uid), None)
        if item is None or item.defn.category is Category.FREE:
            continue
        test = yield from attribute_test(
            ctx, member, Attr.INT, disadvantage=1 if interlude.size <= 2 else 0, rule="§16 #11"
        )
        category = sale_category(item, test.outcome, interlude.size)
        price = 1
        if category is not None:
            dice = PRICE_DICE[category]
            rolls = 2 if test.outcome is Outcome.GREAT_SUCCESS else 1
            price = max(ctx.roll_expr(dice, who=member.id, why=f"selling {item.name}", rule="§7.2")
                        for _ in range(rolls))  # fmt: skip
        if interlude.naive_investor:
            price += price // 2
        cut = price * GUILD_CUT_PERCENT // 100 if Tag.TREASURE in item.defn.tags else 0
        take_away(member, item)
        state.silver += price - cut
        ctx.emit(
            ItemSold(
                rule="§10.4.3", character=member.id, item=item.uid, name=item.name,
                category=category.value if category else "", price=price, guild_cut=cut,
            )
        )  # fmt: skip
        ctx.emit(SilverGained(rule="§10.4.3", character=member.id, silver=price - cut, why="sale"))


def _repair(ctx: Context, state: CampaignState, member: Character, uids: tuple[int, ...]) -> None:
    item = next((i for i in member.items if i.uid in uids), None)
    if item is None:
        return
    repaired = 0
    for part, broken in enumerate(item.broken):
        fixed = min(broken, state.silver)
        item.broken[part] -= fixed
        state.silver -= fixed
        repaired += fixed
    ctx.emit(
        ArmourMended(rule="§16 #28", character=member.id, item=item.uid, points=repaired, silver=repaired)
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class DailyActionTaken(Event):
    """An adventurer's announced daily action is carried out (§10.4.3)."""

    character: str
    action: DailyAction
    option: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ItemSold(Event):
    """An item was sold (§10.4.3, HOUSE §4.3); `category` is what it sold as ("" below Common)."""

    character: str
    item: int
    name: str
    category: str
    price: int
    guild_cut: int


@dataclass(frozen=True, slots=True, kw_only=True)
class ArmourMended(Event):
    """Broken armour points were mended at 1 silver each (§16 #28)."""

    character: str
    item: int
    points: int
    silver: int


@dataclass(frozen=True, slots=True, kw_only=True)
class PlanDay(Action):
    """Announce a daily action (§10.4.3); it cannot be changed once announced.

    Attributes:
        action: What the adventurer does today.
        option: The action's optional extra ("" for none; see `daily.OPTIONS`).
        items: Item uids: up to 3 to sell, or the armour to repair.
    """

    action: DailyAction
    option: str = ""
    items: tuple[int, ...] = ()


def verify_plan_day(state: CampaignState, action: PlanDay) -> None:
    verify_plan(state, current(state), interlude_member(state, action), _plan(action))


def _plan(action: PlanDay) -> DailyPlan:
    return DailyPlan(action.actor, action.action, action.option, action.items)


def plan_day(ctx: Context, state: CampaignState, action: PlanDay) -> Resolution[None]:
    interlude = current(state)
    interlude.plans.append(_plan(action))
    ctx.emit(DayPlanned(rule="§10.4.3", character=action.actor, action=action.action, option=action.option))
    return
    yield


@dataclass(frozen=True, slots=True, kw_only=True)
class DayPlanned(Event):
    """An adventurer announced a daily action (§10.4.3)."""

    character: str
    action: DailyAction
    option: str
