"""Provides the camp actions (§10.3, §6.1): lookouts, rest, sleep, camp items, cooking, skills, breaking camp.

Each action spends camp actions from the shared pool (`camp_cost`); its guard raises
`IllegalAction` with a reason, and its verb is a resolution. `expedition.rules.engine.dispatch` dispatches
to `GUARDS` and `VERBS`; `camp_options` lists what a character could do, for the camp screen.

The action classes and their costs are in `camp_action_types`, the guards in `camp_guards`, the
verbs and their events in `camp_verbs`; this module gathers their public names.

House limits where the book is silent: a character keeps one lookout, and a surgeon operates
once per camp; the party sleeps once per camp; Crafting's free repair is once per crafter.
Transmute (alchemy, §11.1) lives in `camp_transmute` and is registered here; it costs no camp action.
The angry gods' camp sacrifices (§5.7.4: burning teeth, praying to Kaal Rafir) live in `camp_sacrifices`.
"""

from __future__ import annotations

from expedition.rules.camp.ambush import ambush_fight
from expedition.rules.camp.camp_action_types import (
    COSTS,
    BreakCamp,
    Cook,
    KeepLookout,
    Memorise,
    PerformRitual,
    PerformSurgery,
    RepairGear,
    Sleep,
    UseCampItem,
    WellDeservedRest,
    camp_cost,
)
from expedition.rules.camp.camp_guards import GUARDS as _GUARDS
from expedition.rules.camp.camp_guards import feeds, rations
from expedition.rules.camp.camp_sacrifices import GUARDS as _SACRIFICE_GUARDS
from expedition.rules.camp.camp_sacrifices import VERBS as _SACRIFICE_VERBS
from expedition.rules.camp.camp_sacrifices import BurnTeeth, PrayForFavour
from expedition.rules.camp.camp_verbs import (
    RULE,
    CampActionTaken,
    FoodCooked,
    PartyRested,
    PrayersRefreshed,
    RitualPerformed,
    SurgeryPerformed,
    refresh_prayers,
)
from expedition.rules.camp.camp_verbs import VERBS as _VERBS

__all__ = [
    "COSTS",
    "GUARDS",
    "RULE",
    "VERBS",
    "BreakCamp",
    "BurnTeeth",
    "CampActionTaken",
    "Cook",
    "FoodCooked",
    "KeepLookout",
    "Memorise",
    "PartyRested",
    "PerformRitual",
    "PerformSurgery",
    "PrayForFavour",
    "PrayersRefreshed",
    "RepairGear",
    "RitualPerformed",
    "Sleep",
    "SurgeryPerformed",
    "UseCampItem",
    "WellDeservedRest",
    "ambush_fight",
    "camp_cost",
    "feeds",
    "rations",
    "refresh_prayers",
]

GUARDS = {**_GUARDS, **_SACRIFICE_GUARDS}
"""Every camp action's guard, for `turns`."""
VERBS = {**_VERBS, **_SACRIFICE_VERBS}
"""Every camp action's verb, for `turns`."""
