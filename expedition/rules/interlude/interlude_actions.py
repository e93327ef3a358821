"""Provides every interlude action's guard and verb (§10.4), for the dispatch, and the options allowed now.

Each action lives with its rules: planning the day in `daily_actions`, choosing a bed in
`hunger_and_sleep`, asking prices, buying, haggling and Trade network in `market`, ending the day
(and the night and the next morning) in `day_and_night`, a new adventurer in `recruiting`, moving
items in `stash`. This module gathers them: `expedition.rules.engine.dispatch` joins `GUARDS` and
`VERBS` to the campaign's, and `legal_actions` asks `interlude_options`.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import TYPE_CHECKING, Any

from expedition.rules.core.actions import Action
from expedition.rules.core.context import Context
from expedition.rules.core.errors import IllegalAction, InvalidAction
from expedition.rules.interlude.daily_actions import PlanDay, actions_allowed, plan_day, verify_plan_day
from expedition.rules.interlude.day_and_night import EndDay, end_day, verify_end_day
from expedition.rules.interlude.hunger_and_sleep import ChooseBed, choose_bed, verify_choose_bed
from expedition.rules.interlude.interlude_state import DailyAction
from expedition.rules.interlude.market import (
    AskPrice,
    Buy,
    Haggle,
    TradeNetwork,
    market_ask,
    market_buy,
    market_haggle,
    market_trade,
    verify_market_action,
)
from expedition.rules.interlude.recruiting import NewRecruit, new_recruit, verify_recruit
from expedition.rules.interlude.stash import GUARDS as STASH_GUARDS
from expedition.rules.interlude.stash import VERBS as STASH_VERBS

if TYPE_CHECKING:
    from expedition.rules.engine.campaign import CampaignState

__all__ = ["GUARDS", "VERBS", "interlude_options"]

GUARDS: dict[type[Action], Callable[[CampaignState, Any], None]] = {
    PlanDay: verify_plan_day,
    ChooseBed: verify_choose_bed,
    EndDay: verify_end_day,
    AskPrice: verify_market_action,
    Buy: verify_market_action,
    Haggle: verify_market_action,
    TradeNetwork: verify_market_action,
    NewRecruit: verify_recruit,
    **STASH_GUARDS,
}
"""Each interlude action's guard."""


VERBS: dict[type[Action], Callable[[Context, CampaignState, Any], Generator[Any, str, None]]] = {
    PlanDay: plan_day,
    ChooseBed: choose_bed,
    EndDay: end_day,
    AskPrice: market_ask,
    Buy: market_buy,
    Haggle: market_haggle,
    TradeNetwork: market_trade,
    NewRecruit: new_recruit,
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
