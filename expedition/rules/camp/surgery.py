"""Provides the Surgeon's camp action (§6.1, §10.3): an INT test that, passed, heals a wound on everyone.

The book leaves its cost open; it takes 1 camp action here (§6.1 note). House limit where the
book is silent: a surgeon operates once a camp.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from expedition.rules.camp.camp_party import camper, living
from expedition.rules.camp.camp_setup import current_camp
from expedition.rules.camp.pool import afford, spend
from expedition.rules.character.recovery import heal_chosen_wound
from expedition.rules.core.actions import Action
from expedition.rules.core.attributes import Attr
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.events import Event
from expedition.rules.core.skills import Skill
from expedition.rules.exploration.traps import run_test

if TYPE_CHECKING:
    from expedition.rules.core.context import Context
    from expedition.rules.core.decisions import Resolution
    from expedition.rules.engine.campaign import CampaignState

__all__ = ["COST", "PerformSurgery", "SurgeryPerformed", "perform_surgery", "verify_surgery"]

COST = 1
"""Camp actions surgery takes (§6.1 note)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class PerformSurgery(Action):
    """The Surgeon skill (§6.1): 1 camp action (§6.1 note), an INT test heals 1 wound on everyone."""


def verify_surgery(state: CampaignState, action: PerformSurgery) -> None:
    """Raise unless the actor knows the Surgeon skill, has not operated this camp, and the pool holds it."""
    camp, member = camper(state, action)
    if Skill.SURGEON not in member.skills:
        raise IllegalAction(f"{member.name} does not know the Surgeon skill.")
    if f"surgery:{member.id}" in camp.done:
        raise IllegalAction(f"{member.name} has already operated this camp.")
    afford(camp, COST)


def perform_surgery(ctx: Context, state: CampaignState, action: PerformSurgery) -> Resolution[None]:
    """The surgeon tests INT; on a success everyone living heals a wound of their choice."""
    camp = spend(ctx, current_camp(state), action, COST)
    camp.done.append(f"surgery:{action.actor}")
    surgeon = state.character(action.actor)
    result = yield from run_test(ctx, state, surgeon, Attr.INT, purpose="to operate", rule="§6.1")
    ctx.emit(SurgeryPerformed(rule="§6.1", character=surgeon.id, succeeded=result.succeeded))
    if result.succeeded:
        for member in living(state):
            yield from heal_chosen_wound(ctx, member, rule="§6.1")


@dataclass(frozen=True, slots=True, kw_only=True)
class SurgeryPerformed(Event):
    """A surgeon operated in camp."""

    character: str
    succeeded: bool
