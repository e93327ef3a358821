"""Provides the interlude's day (§10.4.1, §10.4.5, §16 #14): `EndDay`, the night, and the next morning.

The day runs events → actions → hunger → sleep (§16 #14). The morning's Blacksalt event is
rolled as the day begins (at the end of the night before), so the day's plans and shopping know
it; `EndDay` then resolves the announced actions, hunger and the night, and opens the next day.
When anyone camps out, `EndDay` stops after the actions and sets up the camp; breaking it runs
the rest of the night (`camp_out`, house). While the locals hunt the party (§9.4 doom 7) each
morning brings the hunt (`hunt`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from expedition.rules.camp.camping_out import hold_camp
from expedition.rules.character.fainting import come_round_in_town
from expedition.rules.core.actions import Action
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.events import Event
from expedition.rules.exploration.dead_vigil import count_days
from expedition.rules.interlude.blacksalt_events import blacksalt_event
from expedition.rules.interlude.daily_actions import resolve_plan
from expedition.rules.interlude.hunger_and_sleep import hunger, sleep
from expedition.rules.interlude.hunt import the_hunt
from expedition.rules.interlude.interlude_state import DailyAction, InterludeState, current

if TYPE_CHECKING:
    from expedition.rules.core.context import Context
    from expedition.rules.core.decisions import Resolution
    from expedition.rules.engine.campaign import CampaignState

__all__ = ["EndDay", "InterludeDayBegan", "begin_day", "end_day", "night", "verify_end_day"]


@dataclass(frozen=True, slots=True, kw_only=True)
class EndDay(Action):
    """Resolve the day's actions, hunger and the night, and begin the next day (§10.4.1, §16 #14)."""


def verify_end_day(state: CampaignState, action: EndDay) -> None:
    current(state)
    if not state.living:
        raise IllegalAction("Nobody is left alive to see the day through.")


def end_day(ctx: Context, state: CampaignState, action: EndDay) -> Resolution[None]:
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


@dataclass(frozen=True, slots=True, kw_only=True)
class InterludeDayBegan(Event):
    """A new interlude day began (§10.4.1)."""

    day: int
