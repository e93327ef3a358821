"""Provides the interlude screen's base: the game and seat it shows, who acts, and taking the seat's options.

`InterludeScreen` and its helper `InterludeMoves` build on it; it keeps no game state of its own,
only which of the seat's adventurers acts. Everything the screen offers is one of the seat view's
options (`seat_options`, `town_options`), found here by its kind and target.
"""

from __future__ import annotations

from expedition.rules.character.adventurer import Character
from expedition.rules.interlude.interlude_state import InterludeContent, InterludeState
from expedition.session.port import SessionPort
from expedition.session.seat_options import TABLE
from expedition.session.seat_view import SeatOption
from expedition.session.views import Seat
from expedition.ui.screens.game_screen import GameScreen
from expedition.ui.widgets.log_text import LogEntry

TABS = {"market": "pane-market", "day": "pane-day", "night": "pane-night", "party": "pane-party"}
"""The sections' tab ids."""


class InterludeBase(GameScreen[bool]):
    """An interlude seen from one seat: the game, the adventurer who acts, and how actions go in.

    Args:
        port: The game in play, local or served.
        seat: Whose eyes the screen shows it through and who acts.
    """

    def __init__(self, port: SessionPort, seat: Seat | None = None) -> None:
        super().__init__(port, seat)
        self._chosen = ""
        self._names: dict[str, str] = {}
        self._finished = False
        self._entries: list[LogEntry] = []

    @property
    def content(self) -> InterludeContent | None:
        """The settlement content the world offers, if it offers it."""
        world = self.port.world
        return world if isinstance(world, InterludeContent) else None

    @property
    def interlude(self) -> InterludeState | None:
        """The interlude under way (camping out included), or None once it is over."""
        state = self.view.state
        return state.interlude if not state.phase.expedition or state.expedition is None else None

    def takes_decisions(self) -> bool:
        return self.interlude is not None

    # --- who acts -----------------------------------------------------------------------------

    def _mine(self) -> list[Character]:
        return self.view.mine

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

    def options_of(self, kind: str) -> list[SeatOption]:
        """The acting adventurer's options of one kind, in the session's order."""
        actor = self.actor
        return [o for o in self.view.options_for(actor.id) if o.kind == kind] if actor is not None else []

    def take(self, kind: str, target: str, *, table: bool = False) -> bool:
        """Take the option of that kind and target (the actor's, or the table's); True when taken."""
        actor = self.actor
        owner = TABLE if table else actor.id if actor is not None else None
        option = self.find_option(owner, kind, target=target) if owner is not None else None
        if option is None:
            self.warn_missing()
            return False
        return self.submit_option(option)
