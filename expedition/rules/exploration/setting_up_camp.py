"""Provides `SetUpCamp` (§10.1): its guard and event; camp itself is the higher chapter's verb.

Setting up camp takes the party up a chapter, so the guard is exploration's (only in a safe place:
a room, no enemies, no armed trap beside, nothing coming) and the verb is the camp's
(`camp.camp_setup.VERBS`), which emits `CampSetUp`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from expedition.rules.core.actions import Action
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.events import Event
from expedition.rules.exploration.surroundings import exploring, safe_here

if TYPE_CHECKING:
    from expedition.rules.engine.campaign import CampaignState

__all__ = ["CampSetUp", "SetUpCamp", "verify_camp"]


@dataclass(frozen=True, slots=True, kw_only=True)
class SetUpCamp(Action):
    """Set up camp here (§10.1): 1 ET for the whole camp; only in a safe place."""


def verify_camp(state: CampaignState, action: SetUpCamp) -> None:
    """Raise, with the reason, unless this is a safe place to camp."""
    exploring(state)
    reason = safe_here(state)
    if reason:
        raise IllegalAction(reason)


@dataclass(frozen=True, slots=True, kw_only=True)
class CampSetUp(Event):
    """The party set up camp in a room (the camp phase begins)."""

    room: int
    dry: bool
    filthy: bool
    exposed: bool
