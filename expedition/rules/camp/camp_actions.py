"""Provides every camp action's guard, verb and cost (§10.3, §6.1, §5.7.4), for the dispatch and the list.

Each action lives in its own module with its guard (`verify_*`, raising `IllegalAction` with a
reason a player can read, the pool last), its verb (which pays from the pool first) and its events:
`lookout`, `rest_and_sleep`, `using_camp_items`, `cooking`, `camp_memorising`, `ritual`,
`surgery`, `crafting`, `camp_sacrifices`, `transmute` and `breaking_camp`. This module gathers
them: `expedition.rules.engine.dispatch` joins `GUARDS` and `VERBS` to the campaign's, and
`camp_options` asks `GUARDS` and `camp_cost` for the camp screen.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import TYPE_CHECKING, Any

from expedition.rules.camp import (
    breaking_camp,
    camp_memorising,
    cooking,
    crafting,
    lookout,
    rest_and_sleep,
    ritual,
    surgery,
    transmute,
    using_camp_items,
)
from expedition.rules.camp.breaking_camp import BreakCamp, break_camp, verify_break_camp
from expedition.rules.camp.camp_memorising import Memorise, memorise_at_camp, verify_memorise
from expedition.rules.camp.camp_sacrifices import (
    BurnTeeth,
    PrayForFavour,
    burn_teeth,
    pray_for_favour,
    verify_burn_teeth,
    verify_prayer,
)
from expedition.rules.camp.camp_setup import current_camp
from expedition.rules.camp.cooking import Cook, cook, verify_cook
from expedition.rules.camp.crafting import RepairGear, repair_gear, verify_repair
from expedition.rules.camp.lookout import KeepLookout, keep_lookout, verify_lookout
from expedition.rules.camp.rest_and_sleep import (
    Sleep,
    WellDeservedRest,
    rest,
    sleep,
    verify_rest,
    verify_sleep,
)
from expedition.rules.camp.ritual import PerformRitual, perform_ritual, verify_ritual
from expedition.rules.camp.surgery import PerformSurgery, perform_surgery, verify_surgery
from expedition.rules.camp.transmute import Transmute, verify_transmute
from expedition.rules.camp.using_camp_items import UseCampItem, item_cost, use_item_in_camp, verify_item_use
from expedition.rules.core.actions import Action
from expedition.rules.core.context import Context

if TYPE_CHECKING:
    from expedition.rules.engine.campaign import CampaignState

__all__ = ["COSTS", "GUARDS", "VERBS", "camp_cost"]

COSTS: dict[type[Action], int] = {
    KeepLookout: lookout.COST,
    WellDeservedRest: rest_and_sleep.REST_COST,
    UseCampItem: using_camp_items.COST,
    Cook: cooking.COST,
    Memorise: camp_memorising.COST,
    Sleep: rest_and_sleep.SLEEP_COST,
    PerformRitual: ritual.COST,
    PerformSurgery: surgery.COST,
    RepairGear: crafting.COST,
    BreakCamp: breaking_camp.COST,
    Transmute: transmute.COST,
}
"""What each action of the camp's table (§10.3, with the skills of §6.1) costs from the pool."""


def camp_cost(state: CampaignState, action: Action) -> int:
    """Camp actions `action` takes now: a camp item is free for whoever has not used one this round.

    Anything the table does not list (the sacrifices) takes 1.

    Raises:
        IllegalAction: For a camp item's cost while the party is not camping.
    """
    if isinstance(action, UseCampItem):
        return item_cost(current_camp(state), action.actor)
    return COSTS.get(type(action), 1)


GUARDS: dict[type[Action], Callable[[CampaignState, Any], None]] = {
    KeepLookout: verify_lookout,
    WellDeservedRest: verify_rest,
    UseCampItem: verify_item_use,
    Cook: verify_cook,
    Memorise: verify_memorise,
    Sleep: verify_sleep,
    PerformRitual: verify_ritual,
    PerformSurgery: verify_surgery,
    RepairGear: verify_repair,
    BreakCamp: verify_break_camp,
    Transmute: verify_transmute,
    BurnTeeth: verify_burn_teeth,
    PrayForFavour: verify_prayer,
}
"""Every camp action's guard, for the campaign's dispatch."""

VERBS: dict[type[Action], Callable[[Context, CampaignState, Any], Generator[Any, str, None]]] = {
    KeepLookout: keep_lookout,
    WellDeservedRest: rest,
    UseCampItem: use_item_in_camp,
    Cook: cook,
    Memorise: memorise_at_camp,
    Sleep: sleep,
    PerformRitual: perform_ritual,
    PerformSurgery: perform_surgery,
    RepairGear: repair_gear,
    BreakCamp: break_camp,
    Transmute: transmute.transmute,
    BurnTeeth: burn_teeth,
    PrayForFavour: pray_for_favour,
}
"""Every camp action's verb, for the campaign's dispatch."""
