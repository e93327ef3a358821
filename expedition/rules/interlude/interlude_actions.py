"""Provides the interlude's actions (§10.4): plan the day, choose a bed, shop, end the day, recruit.

The day runs events → actions → hunger → sleep (§16 #14). The morning's Blacksalt event is
rolled as the day begins (at the end of the night before), so the day's plans and shopping know
it; `EndDay` then resolves the announced actions, hunger and the night, and opens the next day.
When anyone camps out, `EndDay` stops after the actions and sets up the camp; breaking it runs
the rest of the night (`camp_out`, house). While the locals hunt the party (§9.4 doom 7) each
morning brings the hunt (`hunt`). Moving items (`stash`) joins here too. `GUARDS` and `VERBS`
join the campaign's dispatch in `turns`.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from expedition.rules.camp.camping_out import hold_camp
from expedition.rules.character.adventurer import Character, Status
from expedition.rules.character.fainting import come_round_in_town
from expedition.rules.core.actions import Action
from expedition.rules.core.context import Context
from expedition.rules.core.errors import IllegalAction, InvalidAction
from expedition.rules.core.events import Event
from expedition.rules.core.item_defs import ItemDef
from expedition.rules.core.skills import Skill
from expedition.rules.creation.recruits import recruit
from expedition.rules.exploration.dead_vigil import count_days
from expedition.rules.interlude.blacksalt_events import blacksalt_event
from expedition.rules.interlude.daily_actions import actions_allowed, resolve_plan, verify_plan
from expedition.rules.interlude.hunger_and_sleep import hunger, sleep, verify_bed, verify_recorded_bed
from expedition.rules.interlude.hunt import the_hunt
from expedition.rules.interlude.interlude_state import (
    DailyAction,
    DailyPlan,
    InterludeState,
    current,
    interlude_content,
)
from expedition.rules.interlude.market import (
    Ware,
    buy,
    haggle,
    stock_reroll,
    trade_network,
    verify_haggle,
    verify_market,
    verify_shopping,
)
from expedition.rules.interlude.market import ask_price as market_ask_price
from expedition.rules.interlude.stash import GUARDS as STASH_GUARDS
from expedition.rules.interlude.stash import VERBS as STASH_VERBS

if TYPE_CHECKING:
    from expedition.rules.core.decisions import Resolution
    from expedition.rules.engine.campaign import CampaignState


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


@dataclass(frozen=True, slots=True, kw_only=True)
class ChooseBed(Action):
    """Choose where to sleep tonight and the nights after (§10.4.5); `place` is a sleeping place key."""

    place: str


@dataclass(frozen=True, slots=True, kw_only=True)
class EndDay(Action):
    """Resolve the day's actions, hunger and the night, and begin the next day (§10.4.1, §16 #14)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class AskPrice(Action):
    """Look for an item at the market: its availability, then its price, are rolled once (§7.2)."""

    item: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Buy(Action):
    """Buy one of an item (one pack) with the party's silver (§10.4.3 Go shopping)."""

    item: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Haggle(Action):
    """Haggle (§6.1): reroll one item's price once this interlude and take the new price."""

    item: str


@dataclass(frozen=True, slots=True, kw_only=True)
class TradeNetwork(Action):
    """Trade network (§6.1): reroll a missing item's availability once, else a price keeping the better."""

    item: str


@dataclass(frozen=True, slots=True, kw_only=True)
class NewRecruit(Action):
    """A player whose adventurers all died (or left) makes a new one (§5.1), in the interlude."""

    player: str


# --- guards ------------------------------------------------------------------------------------


def _member(state: CampaignState, action: Action) -> Character:
    if not action.actor:
        raise InvalidAction(f"{type(action).__name__} needs the acting character")
    for member in state.party:
        if member.id == action.actor and member.status is not Status.DEAD:
            return member
    raise IllegalAction(f"{action.actor} is not with the party.")


def _verify_plan(state: CampaignState, action: PlanDay) -> None:
    verify_plan(state, current(state), _member(state, action), _plan(action))


def _plan(action: PlanDay) -> DailyPlan:
    return DailyPlan(action.actor, action.action, action.option, action.items)


def _verify_bed(state: CampaignState, action: ChooseBed) -> None:
    interlude = current(state)
    member = _member(state, action)
    if not action.place:
        raise InvalidAction("name the place to sleep")
    verify_recorded_bed(state, interlude, member, action.place)  # what the verb's `verify_bed` refuses


def _verify_end(state: CampaignState, action: EndDay) -> None:
    current(state)
    if not state.living:
        raise IllegalAction("Nobody is left alive to see the day through.")


def _verify_market(state: CampaignState, action: AskPrice | Buy | Haggle | TradeNetwork) -> None:
    # The guard sees no world: it judges the item by the wares the interlude wrote down on arrival,
    # through the very checks the verbs make with the world's definition (`market`).
    member = _member(state, action)
    if not action.item:
        raise InvalidAction("name the item")
    interlude = verify_shopping(state, member)
    skill = {Haggle: Skill.HAGGLE, TradeNetwork: Skill.TRADE_NETWORK}.get(type(action))
    if skill is not None and not member.has(skill):
        what = "use Trade network" if skill is Skill.TRADE_NETWORK else "haggle"
        title = skill.value.replace("_", " ").capitalize()
        raise IllegalAction(f"{member.name} cannot {what}: it takes the {title} skill.")
    if not interlude.wares:  # an interlude from before the wares were written down: the verb checks
        if interlude.stock.get(action.item) is False and not stock_reroll(state, member, action.item):
            raise IllegalAction(f"There is no {action.item.replace('_', ' ')} to be had this interlude.")
        return
    category = interlude.wares.get(action.item)
    if category is None:
        raise InvalidAction(f"There is no item called {action.item!r}.")
    ware = Ware(action.item, action.item.replace("_", " "), category)
    if isinstance(action, Haggle | TradeNetwork):
        verify_haggle(state, member, ware, trade=isinstance(action, TradeNetwork))
    else:
        verify_market(state, member, ware)


def _verify_recruit(state: CampaignState, action: NewRecruit) -> None:
    current(state)
    state.player(action.player)
    if any(member.owner == action.player for member in state.living):
        raise IllegalAction("Only a player with nobody left in the party makes a new adventurer.")


GUARDS: dict[type[Action], Callable[[CampaignState, Any], None]] = {
    PlanDay: _verify_plan,
    ChooseBed: _verify_bed,
    EndDay: _verify_end,
    AskPrice: _verify_market,
    Buy: _verify_market,
    Haggle: _verify_market,
    TradeNetwork: _verify_market,
    NewRecruit: _verify_recruit,
    **STASH_GUARDS,
}
"""Each interlude action's guard."""


# --- verbs -------------------------------------------------------------------------------------


def _do_plan(ctx: Context, state: CampaignState, action: PlanDay) -> Resolution[None]:
    interlude = current(state)
    interlude.plans.append(_plan(action))
    ctx.emit(DayPlanned(rule="§10.4.3", character=action.actor, action=action.action, option=action.option))
    return
    yield


def _do_bed(ctx: Context, state: CampaignState, action: ChooseBed) -> Resolution[None]:
    interlude = current(state)
    verify_bed(interlude_content(ctx), state, interlude, state.character(action.actor), action.place)
    interlude.beds[action.actor] = action.place
    ctx.emit(BedChosen(rule="§10.4.5", character=action.actor, place=action.place))
    return
    yield


def _do_end(ctx: Context, state: CampaignState, action: EndDay) -> Resolution[None]:
    interlude = current(state)
    if not interlude.arrival:
        for plan in list(interlude.plans):
            if plan.action is not DailyAction.GO_SHOPPING:
                yield from resolve_plan(ctx, state, interlude, plan)
    camped = yield from hold_camp(ctx, state, interlude)
    if not camped:
        yield from night(ctx, state, interlude)


def night(
    ctx: Context, state: CampaignState, interlude: InterludeState, *, fed: tuple[str, ...] = ()
) -> Resolution[None]:
    """The evening's end (§10.4.5): hunger (not on the day of return), the beds, then the next day.

    Args:
        ctx: Dice and events.
        state: The campaign.
        interlude: The interlude under way.
        fed: Who ate a cooked meal at tonight's camp and needs no ration (house).
    """
    if not interlude.arrival:
        yield from hunger(ctx, state, interlude, fed=fed)
    yield from sleep(ctx, state, interlude)
    yield from begin_day(ctx, state, interlude)


def begin_day(ctx: Context, state: CampaignState, interlude: InterludeState) -> Resolution[None]:
    """Open the next interlude day: today's price effects lapse, the morning's event is rolled (§10.4.4)."""
    interlude.day += 1
    state.day += 1
    interlude.arrival = False
    interlude.plans.clear()
    interlude.good_harvest = interlude.naive_investor = interlude.empty_streets = False
    interlude.bad_harvest = max(0, interlude.bad_harvest - 1)
    interlude.overcrowding = max(0, interlude.overcrowding - 1)
    ctx.emit(InterludeDayBegan(rule="§10.4.1", day=interlude.day))

    for member in state.living:
        come_round_in_town(ctx, member)  # whoever fainted in the night is up by morning (§16 #31)
    count_days(ctx, state, 1)  # the dead keep their vigil in every dungeon (HOUSE §1.7)
    if state.living:
        yield from blacksalt_event(ctx, state, interlude)
    yield from the_hunt(ctx, state, interlude)


def _size(ctx: Context, state: CampaignState) -> Any:
    return interlude_content(ctx).settlement_size(current(state).settlement)


def _ware(ctx: Context, key: str) -> ItemDef:
    defn = interlude_content(ctx).items.get(key)
    if defn is None:
        raise InvalidAction(f"There is no item called {key!r}.")
    return defn


def _do_ask(ctx: Context, state: CampaignState, action: AskPrice) -> Resolution[None]:
    defn = _ware(ctx, action.item)
    market_ask_price(ctx, state, _size(ctx, state), state.character(action.actor), defn)
    return
    yield


def _do_buy(ctx: Context, state: CampaignState, action: Buy) -> Resolution[None]:
    defn = _ware(ctx, action.item)
    buy(ctx, state, _size(ctx, state), state.character(action.actor), defn)
    return
    yield


def _do_haggle(ctx: Context, state: CampaignState, action: Haggle) -> Resolution[None]:
    defn = _ware(ctx, action.item)
    haggle(ctx, state, _size(ctx, state), state.character(action.actor), defn)
    return
    yield


def _do_trade(ctx: Context, state: CampaignState, action: TradeNetwork) -> Resolution[None]:
    defn = _ware(ctx, action.item)
    trade_network(ctx, state, _size(ctx, state), state.character(action.actor), defn)
    return
    yield


def _do_recruit(ctx: Context, state: CampaignState, action: NewRecruit) -> Resolution[None]:

    yield from recruit(ctx, state, action.player)


VERBS: dict[type[Action], Callable[[Context, CampaignState, Any], Generator[Any, str, None]]] = {
    PlanDay: _do_plan,
    ChooseBed: _do_bed,
    EndDay: _do_end,
    AskPrice: _do_ask,
    Buy: _do_buy,
    Haggle: _do_haggle,
    TradeNetwork: _do_trade,
    NewRecruit: _do_recruit,
    **STASH_VERBS,
}
"""Each interlude action's verb."""


def interlude_options(state: CampaignState) -> list[Action]:
    """The interlude actions allowed now, for `legal_actions` and bots.

    Beds offered are the places written down on arrival that the guard allows (only the free
    streets for an interlude that wrote none down); market actions only for items someone has
    already asked about.
    """
    interlude = state.interlude
    if interlude is None or state.phase.expedition:
        return []
    found: list[Action] = [EndDay()] if state.living else []
    for member in state.living:
        planned = len(interlude.plans_of(member.id))
        if not interlude.arrival and planned < actions_allowed(member):
            for daily in (
                DailyAction.REST,
                DailyAction.TEND_WOUNDS,
                DailyAction.GO_SHOPPING,
                DailyAction.LAY_LOW,
            ):
                candidate = PlanDay(actor=member.id, action=daily)
                if _allowed(state, candidate):
                    found.append(candidate)
        street = "streets_large" if interlude.size >= 4 else "streets_small"
        for place in interlude.places or [street]:
            bed = ChooseBed(actor=member.id, place=place)
            if _allowed(state, bed):
                found.append(bed)
        for key in sorted(interlude.stock):
            for offer in (Buy(actor=member.id, item=key), Haggle(actor=member.id, item=key)):
                if _allowed(state, offer):
                    found.append(offer)
    for player in state.players:
        if _allowed(state, NewRecruit(player=player.id)):
            found.append(NewRecruit(player=player.id))
    return found


def _allowed(state: CampaignState, action: Action) -> bool:
    try:
        GUARDS[type(action)](state, action)
    except (IllegalAction, InvalidAction):
        return False
    return True


@dataclass(frozen=True, slots=True, kw_only=True)
class DayPlanned(Event):
    """An adventurer announced a daily action (§10.4.3)."""

    character: str
    action: DailyAction
    option: str


@dataclass(frozen=True, slots=True, kw_only=True)
class BedChosen(Event):
    """An adventurer chose where to sleep (§10.4.5)."""

    character: str
    place: str


@dataclass(frozen=True, slots=True, kw_only=True)
class InterludeDayBegan(Event):
    """A new interlude day began (§10.4.1)."""

    day: int
