"""Provides `NewRecruit` (§5.1): a player with nobody left in the party makes a new adventurer.

The guard is here; the making is creation's (`creation.recruits.recruit`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from expedition.rules.core.actions import Action
from expedition.rules.core.errors import IllegalAction
from expedition.rules.creation.recruits import recruit
from expedition.rules.interlude.interlude_state import current

if TYPE_CHECKING:
    from expedition.rules.core.context import Context
    from expedition.rules.core.decisions import Resolution
    from expedition.rules.engine.campaign import CampaignState

__all__ = ["NewRecruit", "new_recruit", "verify_recruit"]


@dataclass(frozen=True, slots=True, kw_only=True)
class NewRecruit(Action):
    """A player whose adventurers all died (or left) makes a new one (§5.1), in the interlude."""

    player: str


def verify_recruit(state: CampaignState, action: NewRecruit) -> None:
    current(state)
    state.player(action.player)
    if any(member.owner == action.player for member in state.living):
        raise IllegalAction("Only a player with nobody left in the party makes a new adventurer.")


def new_recruit(ctx: Context, state: CampaignState, action: NewRecruit) -> Resolution[None]:

    yield from recruit(ctx, state, action.player)
