"""Provides `ReassignCharacter`: an adventurer goes to another player between expeditions.

Who plays whom is table business, not a rule of the book, so the change costs no time and
names no section; it is only allowed while no expedition is under way (in the interlude, which
is also where a new campaign starts), so nobody's turn or decision changes hands mid-fight.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from expedition.rules.core.actions import Action
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import Resolution
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.events import Event
from expedition.rules.core.phase import Phase
from expedition.rules.engine.campaign import CampaignState

__all__ = ["GUARDS", "VERBS", "CharacterReassigned", "ReassignCharacter", "next_player", "verify_reassign"]


@dataclass(frozen=True, slots=True, kw_only=True)
class ReassignCharacter(Action):
    """Give the adventurer `actor` to the player `player` (not a game action: it costs no time).

    Attributes:
        player: The id of the player who will play the adventurer from now on.
    """

    player: str


@dataclass(frozen=True, slots=True, kw_only=True)
class CharacterReassigned(Event):
    """An adventurer changed hands: another player plays them from now on."""

    character: str
    old_owner: str
    new_owner: str


def between_expeditions(state: CampaignState) -> bool:
    """True while no expedition is under way (the interlude, or a campaign not yet set out)."""
    return state.expedition is None and state.phase is Phase.INTERLUDE


def verify_reassign(state: CampaignState, action: ReassignCharacter) -> None:
    """Raise unless the adventurer may go to that player now.

    Raises:
        InvalidAction: For an unknown adventurer or player.
        IllegalAction: During an expedition, or when the player already has the adventurer.
    """
    member = state.character(action.actor)
    player = state.player(action.player)
    if not between_expeditions(state):
        raise IllegalAction("Adventurers change hands between expeditions, not during one.")
    if member.owner == player.id:
        raise IllegalAction(f"{player.name} already plays {member.name}.")


def reassign_character(ctx: Context, state: CampaignState, action: ReassignCharacter) -> Resolution[None]:
    """Make `action.player` the adventurer's owner."""
    member = state.character(action.actor)
    old, member.owner = member.owner, action.player
    ctx.emit(CharacterReassigned(rule="", character=member.id, old_owner=old, new_owner=action.player))
    return
    yield  # a generator, like every verb


def next_player(state: CampaignState, character_id: str) -> str:
    """The player after the adventurer's owner, in seating order ("" with fewer than two players)."""
    ids = [player.id for player in state.players]
    if len(ids) < 2:
        return ""
    owner = state.character(character_id).owner
    return ids[(ids.index(owner) + 1) % len(ids)] if owner in ids else ids[0]


GUARDS: dict[type[Action], Callable[[CampaignState, Any], None]] = {ReassignCharacter: verify_reassign}
"""The guard of each action here, for the dispatch in `turns`."""
VERBS: dict[type[Action], Callable[[Context, CampaignState, Any], Resolution[None]]] = {
    ReassignCharacter: reassign_character
}
"""The verb of each action here, for the dispatch in `turns`."""
