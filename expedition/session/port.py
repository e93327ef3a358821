"""Provides `SessionPort`: the one way a front end talks to the game, local or served.

Every front end (the Textual app, a bot, an SSH seat, a replay viewer, a line-mode reader) holds a
`Seat` and a port: it `submit`s actions and `answer`s decisions, `subscribe`s to updates, and reads
its `SeatView` (`view`): the filtered state, the options it has now, the decision pending and
whether saving works (`SeatView.saving`, the disk banner every seat is shown, remote ones too). The
local `Session` and the client's `net.remote.RemoteSession` both implement it; a front end never
reaches past it to the rules or to a session's own state.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from expedition.rules.core.actions import Action
from expedition.rules.core.decisions import Decision
from expedition.rules.core.events import Event
from expedition.rules.core.world import World
from expedition.session.seat_view import SeatView
from expedition.session.views import Seat

__all__ = ["LoadNotes", "SessionPort", "SubmitResult", "Subscriber", "Update"]


@dataclass(frozen=True, slots=True)
class SubmitResult:
    """What became of a submitted action or an answer.

    Attributes:
        ok: False when it was rejected (then nothing changed).
        reason: Why it was rejected, in a player's words.
        pending_decision: A decision the action now waits for, or None when it finished.
        waiting_for: The player id (or "host") who must answer `pending_decision`.
    """

    ok: bool
    reason: str = ""
    pending_decision: Decision | None = None
    waiting_for: str = ""


@dataclass(frozen=True, slots=True)
class Update:
    """What one subscriber is told after an action, or when an action pauses for a decision.

    Attributes:
        seat: The seat it is filtered for.
        events: The new events, as that seat may see them.
        view: The seat's view after them (shared by every subscriber of the seat).
        pending: The decision the game waits for, or None.
        waiting_for: Who must answer it.
        committed: True when the action finished and was saved.
    """

    seat: Seat
    events: tuple[Event, ...]
    view: SeatView
    pending: Decision | None = None
    waiting_for: str = ""
    committed: bool = False


Subscriber = Callable[[Update], None]
"""A callback that receives updates."""


class LoadNotes(Protocol):
    """What opening a campaign from disk found, as a front end tells it (`campaigns.LoadReport`)."""

    @property
    def troubled(self) -> bool:
        """True when something was damaged or lost on the way."""
        ...

    def lines(self) -> list[str]:
        """What was found, in a player's words."""
        ...


class SessionPort(Protocol):
    """What a front end may ask of the game (see the module docstring)."""

    def submit(self, seat: Seat, action: Action) -> SubmitResult:
        """Submit an action from `seat`: one of its view's options."""
        ...

    def answer(self, seat: Seat, key: str) -> SubmitResult:
        """Answer the pending decision from `seat` with one of its choices' keys."""
        ...

    def subscribe(self, callback: Subscriber, seat: Seat) -> Callable[[], None]:
        """Receive updates filtered for `seat`; returns a function that unsubscribes."""
        ...

    def view(self, seat: Seat) -> SeatView:
        """What `seat` sees now and may do."""
        ...

    @property
    def world(self) -> World | None:
        """The game's content (items, tables, places): not secret, the same for every seat."""
        ...

    @property
    def name(self) -> str:
        """The campaign's name, "" when it has none."""
        ...

    @property
    def banner(self) -> str:
        """Who plays and who watches, for a served game; "" for a game at one keyboard."""
        ...

    @property
    def load_report(self) -> LoadNotes | None:
        """What opening the campaign found on disk, None when it was not opened from disk here."""
        ...

    def close(self) -> None:
        """Leave the game (a local one gives its campaign's lock back)."""
        ...

    def retry_saving(self) -> bool:
        """Try failed saves again now; True when saving works (a served game's host retries, not a client)."""
        ...

    def save_elsewhere(self, seat: Seat, folder: str) -> SubmitResult:
        """Write the whole campaign into the saves folder `folder` and save there from now on (host only)."""
        ...
