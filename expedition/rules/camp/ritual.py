"""Provides the Ritualist's camp action (§6.1, §10.3): 1 camp action lowers doom or the omens by 1.

Camping out in the interlude (house), the doom lowered is the settlement's.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from expedition.rules.camp.camp_party import camper
from expedition.rules.camp.camp_setup import current_camp
from expedition.rules.camp.pool import afford, spend
from expedition.rules.core.actions import Action
from expedition.rules.core.decisions import Choice, Decision
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.events import Event
from expedition.rules.core.skills import Skill
from expedition.rules.core.tracker import lower

if TYPE_CHECKING:
    from expedition.rules.core.context import Context
    from expedition.rules.core.decisions import Resolution
    from expedition.rules.engine.campaign import CampaignState

__all__ = ["COST", "PerformRitual", "RitualPerformed", "perform_ritual", "verify_ritual"]

COST = 1
"""Camp actions a ritual takes (§6.1)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class PerformRitual(Action):
    """The Ritualist skill (§6.1): 1 camp action lowers doom or omens by 1."""


def verify_ritual(state: CampaignState, action: PerformRitual) -> None:
    """Raise unless the actor knows the Ritualist skill and the pool holds the ritual."""
    camp, member = camper(state, action)
    if Skill.RITUALIST not in member.skills:
        raise IllegalAction(f"{member.name} does not know the Ritualist skill.")
    afford(camp, COST)


def perform_ritual(ctx: Context, state: CampaignState, action: PerformRitual) -> Resolution[None]:
    """Ask which tracker to lower ("ritual": "doom" or "omens"), then lower it by 1."""
    camp = spend(ctx, current_camp(state), action, COST)
    interlude = state.interlude
    # Camping out (house): the doom lowered is the settlement's.
    outside = interlude is not None and not camp.place.in_dungeon
    key = yield Decision(
        kind="ritual",
        owner=action.actor,
        prompt="Lower which tracker by 1?",
        choices=(
            Choice("doom", "This settlement's doom" if outside else "Doom"),
            Choice("omens", "Bad omens"),
        ),
        default="doom",
        rule="§6.1",
    )
    doom = (
        state.locations[interlude.settlement].doom if interlude is not None and outside else state.here.doom
    )
    tracker = doom if key == "doom" else state.omens
    moved = lower(ctx, tracker, 1, rule="§6.1")
    ctx.emit(RitualPerformed(rule="§6.1", character=action.actor, tracker=key, lowered=moved))


@dataclass(frozen=True, slots=True, kw_only=True)
class RitualPerformed(Event):
    """A Ritualist lowered a tracker ("doom" or "omens") by `lowered` (0 when already empty)."""

    character: str
    tracker: str
    lowered: int
