"""Provides every exploration action's guard, verb and cost in turns (§10.1, HOUSE §1.4), for the dispatch.

Each action lives in its own module with its guard (`verify_*`, raising `IllegalAction` with a reason
a player can read), its verb and its events: `stepping`, `doors_and_locks`, `looting`, `searching`,
`finding_and_disarming_traps`, `using_items`, `stairs`, `setting_up_camp` and `leaving_the_dungeon`.
This module gathers them: `expedition.rules.engine.dispatch` joins `GUARDS` and `VERBS` to the
campaign's, and the action bars ask `exploration_cost`.

Time (§10.1): the party moves as one marker, and every action is taken by one character (or
by the party as a whole). Each action that costs time is its own turn, so two characters acting
apart (one searches while another listens at a door) are two actions and cost two turns. The one
shared turn is the slow item: in the turn one character spends using a slow item, each other
character may use one slow item too, for no further turn (`ExpeditionState.slow_turn`).
Concentrate (wizards) is not here: it is a spellcasting action (`spellcasting`).
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import TYPE_CHECKING, Any

from expedition.rules.core.actions import Action
from expedition.rules.core.context import Context
from expedition.rules.exploration.doors_and_locks import (
    ForceDoor,
    ListenAtDoor,
    PickLock,
    force_cost,
    force_door,
    listen_at_door,
    pick_lock,
    verify_force,
    verify_listen,
    verify_pick,
)
from expedition.rules.exploration.finding_and_disarming_traps import (
    DisarmTrap,
    LookForTraps,
    disarm,
    look_for_traps,
    verify_disarm,
    verify_look,
)
from expedition.rules.exploration.hazards.hazard_actions import COSTS as HAZARD_COSTS
from expedition.rules.exploration.leaving_the_dungeon import ExitDungeon, verify_exit
from expedition.rules.exploration.looting import Loot, loot, verify_loot
from expedition.rules.exploration.searching import Search, search, verify_search
from expedition.rules.exploration.setting_up_camp import SetUpCamp, verify_camp
from expedition.rules.exploration.stairs import (
    Ascend,
    Descend,
    ascend,
    descend,
    verify_ascend,
    verify_descend,
)
from expedition.rules.exploration.stepping import Step, step, step_cost, verify_step
from expedition.rules.exploration.using_items import UseItem, use_cost, use_item_exploring, verify_use

if TYPE_CHECKING:
    from expedition.rules.engine.campaign import CampaignState

__all__ = ["GUARDS", "VERBS", "exploration_cost"]

GUARDS: dict[type[Action], Callable[[CampaignState, Any], None]] = {
    Step: verify_step,
    Loot: verify_loot,
    LookForTraps: verify_look,
    DisarmTrap: verify_disarm,
    UseItem: verify_use,
    Search: verify_search,
    ListenAtDoor: verify_listen,
    ForceDoor: verify_force,
    PickLock: verify_pick,
    SetUpCamp: verify_camp,
    ExitDungeon: verify_exit,
    Descend: verify_descend,
    Ascend: verify_ascend,
}
"""Each exploration action's guard."""

VERBS: dict[type[Action], Callable[[Context, CampaignState, Any], Generator[Any, str, None]]] = {
    Step: step,
    Loot: loot,
    LookForTraps: look_for_traps,
    DisarmTrap: disarm,
    UseItem: use_item_exploring,
    Search: search,
    ListenAtDoor: listen_at_door,
    ForceDoor: force_door,
    PickLock: pick_lock,
    Descend: descend,
    Ascend: ascend,
}
"""Each exploration action's verb; setting up camp and leaving by the exit end exploring, so their verbs
are the camp's (`camp_setup.VERBS`) and the interlude's (`homecoming.VERBS`)."""


def exploration_cost(state: CampaignState, action: Action) -> int:
    """Exploration turns `action` takes now (§10.1, HOUSE §1.4), assuming it is allowed."""
    expedition = state.expedition
    if isinstance(action, Step):
        return step_cost(state, action)
    if isinstance(action, ExitDungeon):
        return 0
    if isinstance(action, UseItem):
        return use_cost(state, action)
    if isinstance(action, ForceDoor) and expedition is not None:
        return force_cost(expedition, action)

    if type(action) in HAZARD_COSTS:  # clearing rubble, drinking from a spring (HOUSE §1.9, §1.11)
        return HAZARD_COSTS[type(action)]
    return 1
