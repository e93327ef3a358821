"""Provides the camp actions as `Action` classes (§10.3, §6.1) and what each costs from the camp's pool.

Their guards are in `camp_guards`, their verbs in `camp_verbs`; `camp_actions` gathers them all.
Transmute (alchemy, §11.1) is defined in `camp_transmute`; it costs no camp action.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from expedition.rules.camp.camp_setup import current_camp
from expedition.rules.camp.transmute import Transmute
from expedition.rules.core.actions import Action

if TYPE_CHECKING:
    from expedition.rules.engine.campaign import CampaignState

__all__ = [
    "COSTS",
    "BreakCamp",
    "Cook",
    "KeepLookout",
    "Memorise",
    "PerformRitual",
    "PerformSurgery",
    "RepairGear",
    "Sleep",
    "UseCampItem",
    "WellDeservedRest",
    "camp_cost",
]


@dataclass(frozen=True, slots=True, kw_only=True)
class KeepLookout(Action):
    """Keep a lookout (§10.3): 1 camp action, one ambush die fewer."""


@dataclass(frozen=True, slots=True, kw_only=True)
class WellDeservedRest(Action):
    """A well deserved rest (§10.3): 1 camp action; all fatigue, Shaken and Sleepy go, prayers return."""


@dataclass(frozen=True, slots=True, kw_only=True)
class UseCampItem(Action):
    """Use a camp item (§10.3, §7.3): 1 camp action lets each adventurer use one.

    Attributes:
        item: The item's uid (carried by the actor).
        target: Who it is used on; "" for the actor.
    """

    item: int
    target: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class Cook(Action):
    """Cook some food (§10.3): 1 camp action; needs a fire, a supply used this camp and rations."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Sleep(Action):
    """Sleep (§10.3): 2 camp actions; fatigue, Sleepy and Shaken go, everyone heals 1 wound; +1 ambush die."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Memorise(Action):
    """Memorise spells or prayers (§10.3, §11.1, §11.2): 1 camp action; a wizard or cleric swaps them.

    Attributes:
        keys: What to hold in memory from now on (spells for a wizard, prayers for a cleric).
    """

    keys: tuple[str, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class PerformRitual(Action):
    """The Ritualist skill (§6.1): 1 camp action lowers doom or omens by 1."""


@dataclass(frozen=True, slots=True, kw_only=True)
class PerformSurgery(Action):
    """The Surgeon skill (§6.1): 1 camp action (§6.1 note), an INT test heals 1 wound on everyone."""


@dataclass(frozen=True, slots=True, kw_only=True)
class RepairGear(Action):
    """The Crafting skill (§6.1): repair 2 armour points for free, once per camp.

    Attributes:
        target: Whose armour; "" for the crafter's own.
    """

    target: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class BreakCamp(Action):
    """Roll for an ambush, then break camp (§10.3): doom +1, or +2 after a long rest (§16 #9)."""


COSTS: dict[type[Action], int] = {
    KeepLookout: 1,
    WellDeservedRest: 1,
    UseCampItem: 1,
    Cook: 1,
    Memorise: 1,
    Sleep: 2,
    PerformRitual: 1,
    PerformSurgery: 1,
    RepairGear: 0,
    BreakCamp: 0,
    Transmute: 0,
}
"""Camp actions each costs from the pool (§10.3)."""


def camp_cost(state: CampaignState, action: Action) -> int:
    """Camp actions `action` takes now: a camp item is free for whoever has not used one this round."""
    if isinstance(action, UseCampItem):
        camp = current_camp(state)
        return 0 if camp.item_round and action.actor not in camp.item_users else 1
    return COSTS.get(type(action), 1)
