"""Provides the camp action Keep a lookout (§10.3): 1 camp action, one ambush die fewer.

House limit where the book is silent: a character keeps one lookout a camp.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from expedition.rules.camp.camp_party import camper
from expedition.rules.camp.camp_setup import current_camp
from expedition.rules.camp.pool import afford, spend
from expedition.rules.core.actions import Action
from expedition.rules.core.errors import IllegalAction

if TYPE_CHECKING:
    from expedition.rules.core.context import Context
    from expedition.rules.core.decisions import Resolution
    from expedition.rules.engine.campaign import CampaignState

__all__ = ["COST", "KeepLookout", "keep_lookout", "verify_lookout"]

COST = 1
"""Camp actions a lookout takes (§10.3)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class KeepLookout(Action):
    """Keep a lookout (§10.3): 1 camp action, one ambush die fewer."""


def verify_lookout(state: CampaignState, action: KeepLookout) -> None:
    """Raise unless the actor may keep a lookout now: once each, paid from the pool."""
    camp, member = camper(state, action)
    if member.id in camp.lookouts:
        raise IllegalAction(f"{member.name} is already keeping a lookout.")
    afford(camp, COST)


def keep_lookout(ctx: Context, state: CampaignState, action: KeepLookout) -> Resolution[None]:
    """The actor watches: the ambush roll loses a die (`ambush.ambush_parts`)."""
    spend(ctx, current_camp(state), action, COST).lookouts.append(action.actor)
    return
    yield
