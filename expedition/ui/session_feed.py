"""Provides `SessionFeed`: the app's one subscription to the game, handing each update to the screen on top.

The app subscribes once, for its seat, to the port of the game in play (local or served). Each
update goes to the game screen on top of the stack at once (a dialog over it does not count: the
map under a prompt still redraws; one pushed but not yet mounted neither: it reads the view as it
mounts), then to the decision router, which asks whatever the update left to decide. A game
screen covered by another one (the expedition under the camp, the party screen under the
expedition) is handed the updates it missed, in order, when it comes back on top, so its log
misses nothing. The port calls back from its own thread when it is a served game;
the feed only posts a message from there, which Textual allows from any thread.

The feed also keeps the ledger of the expedition under way (`expedition_summary`), from the
same updates, and shows its summary over whatever screen follows once the party is home or lost.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from textual.app import App
from textual.screen import Screen

from expedition.session.port import SessionPort, Update
from expedition.session.views import Seat
from expedition.ui.decision_router import DecisionRouter
from expedition.ui.expedition_summary import ExpeditionLedger
from expedition.ui.messages import SessionUpdated
from expedition.ui.screens.summary_screen import SummaryScreen

if TYPE_CHECKING:
    from expedition.session.seat_view import SeatView

__all__ = ["SessionFeed", "ShowsUpdates", "feed_of"]


@runtime_checkable
class ShowsUpdates(Protocol):
    """A game screen the feed hands updates to."""

    def show_update(self, update: Update) -> None:
        """Show what the update tells (redraw from the current view, log its events)."""
        ...


class SessionFeed:
    """The app's subscription to the game in play (see the module docstring).

    Args:
        app: The app whose screens it feeds.
    """

    def __init__(self, app: App[Any]) -> None:
        self._app = app
        self.port: SessionPort | None = None
        """The game followed, if any."""
        self.seat = Seat.host()
        """The seat it is followed from."""
        self.router = DecisionRouter(app, self)
        """Asks the decisions the game waits for, for every screen."""
        self._unsubscribe: Callable[[], None] | None = None
        self._missed: dict[Screen[Any], list[Update]] = {}  # what each covered screen missed
        self.ledger: ExpeditionLedger | None = None
        """The expedition under way as the seat saw it, None between expeditions."""
        self.finished: ExpeditionLedger | None = None
        """The expedition that just ended, until its summary is shown."""

    @property
    def view(self) -> SeatView | None:
        """What the seat sees now, None when no game is followed."""
        return self.port.view(self.seat) if self.port is not None else None

    def follow(self, port: SessionPort, seat: Seat) -> None:
        """Follow `port` from `seat` (nothing changes when that is already so)."""
        if port is self.port and seat == self.seat:
            return
        self.stop()
        self.port, self.seat = port, seat
        self.router.reset()
        view = port.view(seat)
        # A game opened mid-expedition is counted from here, and the summary says so.
        self.ledger = ExpeditionLedger.opened(view, started=False) if view.state.expedition else None
        self._unsubscribe = port.subscribe(self._heard, seat)

    def stop(self) -> None:
        """Follow nothing any more."""
        if self._unsubscribe is not None:
            self._unsubscribe()
        self._unsubscribe = None
        self.port = None
        self._missed.clear()

    def _heard(self, update: Update) -> None:
        # From the port's thread for a served game: only post (the app handles it on its own loop).
        self._app.post_message(SessionUpdated(update))

    def deliver(self, update: Update) -> None:
        """Hand `update` to the game screen on top, keep it for the covered ones, then ask decisions."""
        # A screen pushed but not mounted yet reads the view as it mounts: it starts from there.
        screens = [s for s in self._app.screen_stack if isinstance(s, ShowsUpdates) and s.is_mounted]
        for screen in screens[:-1]:
            self._missed.setdefault(screen, []).append(update)
        if screens:
            screens[-1].show_update(update)
        self._keep_ledger(update)
        self.router.heard(update)

    def _keep_ledger(self, update: Update) -> None:
        if self.ledger is None and any(type(e).__name__ == "ExpeditionStarted" for e in update.events):
            self.ledger = ExpeditionLedger.opened(update.view, started=True)
        if self.ledger is not None and self.ledger.heard(update):
            # The party screen shows it once the expedition screen has closed, before the
            # settlement opens (`take_summary`): pushed from here it raced the settlement's screen
            # and could end up under it, unseen.
            self.finished, self.ledger = self.ledger, None

    def take_summary(self) -> SummaryScreen | None:
        """The summary of the expedition that just ended, once (None when there is none to show)."""
        ledger, self.finished = self.finished, None
        return SummaryScreen(ledger) if ledger is not None else None

    def catch_up(self, screen: Screen[Any]) -> None:
        """Hand a screen back on top the updates it missed while covered, in order."""
        missed = self._missed.pop(screen, [])
        if isinstance(screen, ShowsUpdates):
            for update in missed:
                screen.show_update(update)

    def forget(self, screen: Screen[Any]) -> None:
        """A screen went away: drop what it missed."""
        self._missed.pop(screen, None)


def feed_of(app: App[Any]) -> SessionFeed:
    """The feed of an app that has one (every app of this game does)."""
    feed = getattr(app, "feed", None)
    if not isinstance(feed, SessionFeed):
        raise TypeError(f"{type(app).__name__} follows no game")
    return feed
