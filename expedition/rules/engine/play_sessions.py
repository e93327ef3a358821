"""Provides play sessions: a new sitting at the table gives every burden back (§3.5).

A burden may be used once per play session (§3.5). `attribute_test` marks it used
(`Character.burden_used`); `begin_play_session` clears every mark when the players sit down
again. It is an action (`BeginPlaySession`) so that the journal records it and a replay
reaches the same state; whoever opens a saved campaign for a new sitting submits it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from expedition.rules.core.actions import Action
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import Resolution
from expedition.rules.core.events import Event
from expedition.rules.engine.campaign import CampaignState

__all__ = ["GUARDS", "VERBS", "BeginPlaySession", "PlaySessionBegun", "begin_play_session"]


@dataclass(frozen=True, slots=True, kw_only=True)
class BeginPlaySession(Action):
    """The players sit down for a new play session (party-wide; it costs no game time)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class PlaySessionBegun(Event):
    """A new play session began: burdens used in the last one may be used again (§3.5).

    Attributes:
        number: The play session's number, from 1 for the campaign's first.
        burdens: Ids of the characters whose used burden became available again.
    """

    number: int
    burdens: tuple[str, ...]


def begin_play_session(ctx: Context, state: CampaignState) -> None:
    """Start the next play session: count it and give every character their burden back (§3.5).

    Party members and the roster's characters alike lose their "burden used" mark.
    """
    state.play_session += 1
    refreshed: list[str] = []
    for character in (*state.party, *(entry.character for entry in state.roster)):
        if character.burden_used:
            character.burden_used = False
            refreshed.append(character.id)
    ctx.emit(PlaySessionBegun(rule="§3.5", number=state.play_session, burdens=tuple(refreshed)))


def verify_begin_play_session(state: CampaignState, action: BeginPlaySession) -> None:
    """A play session may begin at any moment between actions; nothing forbids it."""


def _begin(ctx: Context, state: CampaignState, action: BeginPlaySession) -> Resolution[None]:
    begin_play_session(ctx, state)
    return
    yield  # a generator, like every verb


GUARDS: dict[type[Action], Callable[[CampaignState, Any], None]] = {
    BeginPlaySession: verify_begin_play_session
}
"""The guard of each action here, for the dispatch in `turns`."""
VERBS: dict[type[Action], Callable[[Context, CampaignState, Any], Resolution[None]]] = {
    BeginPlaySession: _begin
}
"""The verb of each action here, for the dispatch in `turns`."""
