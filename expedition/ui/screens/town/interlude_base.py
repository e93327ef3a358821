"""Provides the interlude screen's base: the session and seat it shows, who acts, and submitting actions.

`InterludeScreen` and its helpers (`InterludeAsking`, `InterludeMoves`) build on it; it keeps no
game state of its own, only which of the seat's adventurers acts.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.screen import Screen

from expedition.rules.character.adventurer import Character, Status
from expedition.rules.core.actions import Action
from expedition.rules.interlude.interlude_state import InterludeContent, InterludeState
from expedition.session.catalog_world import CatalogWorld
from expedition.session.session import Session
from expedition.session.views import Seat, seat_characters

TABS = {"market": "pane-market", "day": "pane-day", "night": "pane-night", "party": "pane-party"}
"""The sections' tab ids."""


class InterludeBase(Screen[bool]):
    """An interlude seen from one seat: the campaign, the adventurer who acts, and how actions go in.

    Args:
        session: The campaign in play.
        seat: Whose eyes the screen shows it through and who acts.
    """

    def __init__(self, session: Session, seat: Seat | None = None) -> None:
        super().__init__()
        self.session = session
        """The campaign in play."""
        self.seat = seat if seat is not None else Seat.host()
        """Whose eyes the screen shows the campaign through."""
        self._chosen = ""
        self._names: dict[str, str] = {}
        self._unsubscribe: Callable[[], None] | None = None
        self._prompting = False
        self._finished = False

    @property
    def content(self) -> InterludeContent | None:
        """The settlement content the world offers, if it offers it."""
        world = self.session.world
        return world if isinstance(world, InterludeContent) else None

    @property
    def interlude(self) -> InterludeState | None:
        """The interlude under way (camping out included), or None once it is over."""
        state = self.session.state
        return state.interlude if not state.phase.expedition or state.expedition is None else None

    def _catalog(self) -> Any:
        world = self.session.world
        return world.catalog if isinstance(world, CatalogWorld) else None

    # --- who acts -----------------------------------------------------------------------------

    def _mine(self) -> list[Character]:
        return [m for m in seat_characters(self.session.state, self.seat) if m.status is not Status.DEAD]

    @property
    def actor(self) -> Character | None:
        """The adventurer who acts for this seat: the one picked with 1-4, else the first living one."""
        mine = self._mine()
        picked = [m for m in mine if m.id == self._chosen]
        chosen = picked or mine
        return chosen[0] if chosen else None

    def _actor_name(self) -> str:
        actor = self.actor
        return actor.name if actor is not None else "nobody"

    def submit(self, action: Action) -> bool:
        """Submit an action; a refusal is shown as a notice. Returns True when it was accepted."""
        result = self.session.submit(self.seat, action)
        if not result.ok:
            self.notify(result.reason, severity="warning", timeout=4)
        return result.ok
