"""Provides who is in camp (§10.3): who takes a camp action, whom it aims at, and who shares the rest."""

from __future__ import annotations

from typing import TYPE_CHECKING

from expedition.rules.camp.camp_setup import current_camp
from expedition.rules.character.adventurer import Character, Status
from expedition.rules.core.errors import IllegalAction, InvalidAction

if TYPE_CHECKING:
    from expedition.rules.core.actions import Action
    from expedition.rules.engine.campaign import CampaignState
    from expedition.rules.exploration.camp_state import CampState

__all__ = ["camper", "living", "party_target"]


def camper(state: CampaignState, action: Action) -> tuple[CampState, Character]:
    """The camp under way and the party member taking `action` in it.

    Raises:
        IllegalAction: Outside a camp, for a stranger, or for someone who cannot act.
        InvalidAction: When the action names no actor.
    """
    camp = current_camp(state)
    if not action.actor:
        raise InvalidAction(f"{type(action).__name__} needs the acting character")
    member = next((c for c in state.party if c.id == action.actor), None)
    if member is None:
        raise IllegalAction(f"{action.actor} is not with the party.")
    if not member.can_act:
        raise IllegalAction(f"{member.name} cannot act ({member.status.value.replace('_', ' ')}).")
    return camp, member


def party_target(state: CampaignState, member: Character, target: str) -> Character:
    """Whom a camp action aims at: `member` for "", else the party member with that id.

    Raises:
        IllegalAction: When nobody with that id is with the party.
    """
    if not target:
        return member
    found = next((c for c in state.party if c.id == target), None)
    if found is None:
        raise IllegalAction(f"{target} is not with the party.")
    return found


def living(state: CampaignState) -> list[Character]:
    """Party members not dead (everyone in camp shares rest and sleep)."""
    return [member for member in state.party if member.status is not Status.DEAD]
