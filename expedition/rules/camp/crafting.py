"""Provides the Crafting skill's camp action (§6.1, §4.2): mend 2 armour points, free, once per crafter.

The crafter mends their own worn armour or a companion's. House limit where the book is silent:
the free repair is once per crafter a camp.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from expedition.rules.camp.camp_items import repair_armour, repairable
from expedition.rules.camp.camp_party import camper, party_target
from expedition.rules.camp.camp_setup import current_camp
from expedition.rules.camp.pool import afford, spend
from expedition.rules.core.actions import Action
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.item_defs import ArmourType
from expedition.rules.core.skills import Skill

if TYPE_CHECKING:
    from expedition.rules.core.context import Context
    from expedition.rules.core.decisions import Resolution
    from expedition.rules.engine.campaign import CampaignState

__all__ = ["COST", "RepairGear", "repair_gear", "verify_repair"]

COST = 0
"""Camp actions the Crafting repair takes: none (§6.1)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class RepairGear(Action):
    """The Crafting skill (§6.1): repair 2 armour points for free, once per camp.

    Attributes:
        target: Whose armour; "" for the crafter's own.
    """

    target: str = ""


def verify_repair(state: CampaignState, action: RepairGear) -> None:
    """Raise unless the actor knows Crafting, has not mended this camp, and the target wears broken armour."""
    camp, member = camper(state, action)
    if Skill.CRAFTING not in member.skills:
        raise IllegalAction(f"{member.name} does not know the Crafting skill.")
    if f"repair:{member.id}" in camp.done:
        raise IllegalAction(f"{member.name} has already mended gear this camp.")
    target = party_target(state, member, action.target)
    if not repairable(target, frozenset(ArmourType)):
        raise IllegalAction(f"{target.name} wears no broken armour.")
    afford(camp, COST)


def repair_gear(ctx: Context, state: CampaignState, action: RepairGear) -> Resolution[None]:
    """Mend up to 2 broken armour points on the target's worn armour."""
    camp = spend(ctx, current_camp(state), action, COST)
    camp.done.append(f"repair:{action.actor}")
    crafter = state.character(action.actor)
    repair_armour(ctx, party_target(state, crafter, action.target), 2, rule="§6.1")
    return
    yield
