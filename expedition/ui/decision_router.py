"""Provides `DecisionRouter`: the one place that asks this seat the decisions the game waits for.

Whatever screen is up, a decision the seat owns opens one prompt at a time and its answer goes
back through the port. The game screen on top says whether decisions may be asked now
(`AsksDecisions.takes_decisions`: not on the party screen, not while a camp screen closes).
While an expedition screen is in the stack (`rich_prompts`), decisions get the dungeon's prompts
(a test's dice, a fight's defence odds), mortal wounds and faintings are explained first, and at
a hotseat table the game is covered and handed to the player who owns the decision
(`screens.handover`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from textual.app import App
from textual.screen import ModalScreen

from expedition.session.port import SessionPort, Update
from expedition.session.views import Seat
from expedition.ui.screens.dungeon.combat_view import foe_names
from expedition.ui.screens.dungeon.expedition_prompts import (
    Defending,
    dungeon_prompt,
    harm_notices,
    track_defence,
)
from expedition.ui.screens.handover import HandOver
from expedition.ui.screens.prompts import DecisionPrompt, RollInfo, track_roll

if TYPE_CHECKING:
    from expedition.session.seat_view import SeatView
    from expedition.ui.widgets.log_text import LogEntry

__all__ = ["AsksDecisions", "DecisionRouter", "HandsOver"]


class Follows(Protocol):
    """The game the app follows, and from which seat (the app's `SessionFeed`)."""

    @property
    def port(self) -> SessionPort | None:
        """The game, None when there is none."""
        ...

    @property
    def seat(self) -> Seat:
        """The seat it is followed from."""
        ...

    @property
    def view(self) -> SeatView | None:
        """What the seat sees now."""
        ...


@runtime_checkable
class AsksDecisions(Protocol):
    """A game screen, as the router sees it."""

    rich_prompts: bool
    """True for the expedition screen: dungeon prompts, harm notices, hand-over."""

    def takes_decisions(self) -> bool:
        """True when a decision may be asked over this screen now."""
        ...

    def decisions_done(self) -> None:
        """The action asked all it had to: give the keys back to the screen."""
        ...


@runtime_checkable
class HandsOver(Protocol):
    """A game screen that hands the keyboard over: its log, its acting character, who holds the keys."""

    entries: list[LogEntry]
    hand_over: HandOver

    @property
    def actor(self) -> str:
        """The character who acts for the seat now."""
        ...


class DecisionRouter:
    """Asks this seat's decisions, one at a time, over whatever screen is up (see the module docstring).

    Args:
        app: The app to push prompts in.
        feed: The app's feed, which knows the game followed and the seat.
    """

    def __init__(self, app: App[Any], feed: Follows) -> None:
        self._app = app
        self._feed = feed
        self.reset()

    def reset(self) -> None:
        """Forget everything tracked (a new game is followed)."""
        self.test: RollInfo | None = None
        """The test being rolled, as far as the events told."""
        self.defending: Defending | None = None
        """The enemy attack a defence test is against, as far as the events told."""
        self.names: dict[str, str] = {}
        """Every name seen so far (the dead and the fled keep theirs)."""
        self._prompting = False
        self._notices: list[ModalScreen[None]] = []
        self._notice_open = False

    # --- what the game said ------------------------------------------------------------------

    def heard(self, update: Update) -> None:
        """Track what `update` tells, queue its harm notices, and ask what waits."""
        view = self._feed.view
        if view is None:
            return
        self._learn_names(view)
        expedition = view.state.expedition
        combat = expedition.combat if expedition is not None else None
        for event in update.events:
            self.test = track_roll(self.test, event, self.names)
            self.defending = track_defence(self.defending, event, combat)
        if self._rich() is not None:
            notices = harm_notices(update.events, self.names)
            if notices:
                self._notices = [*self._notices, *notices]
                if not self._notice_open and not self._prompting:
                    self._next_notice()
        if update.pending is not None:
            self.settle()

    def _learn_names(self, view: SeatView) -> None:
        self.names.update(view.names)
        expedition = view.state.expedition
        if expedition is not None and expedition.combat is not None:
            self.names.update(foe_names(expedition.combat))

    # --- asking ------------------------------------------------------------------------------

    def settle_soon(self) -> None:
        """Ask what waits once the updates already posted are handled (their notices and dice first)."""
        self._app.call_later(self.settle)

    def settle(self) -> None:
        """Ask the decision that waits for this seat, if it may be asked now (a notice comes first)."""
        if self._notices and not self._notice_open and not self._prompting:
            self._next_notice()  # a harm notice is read first; the question comes when it closes
            return
        view = self._feed.view
        if view is None or view.pending is None or self._prompting or self._notice_open or not view.decides:
            return
        top = self._top()
        if top is None or not top.takes_decisions():
            return
        self._learn_names(view)
        decision = view.pending
        self._prompting = True
        who = self.names.get(decision.owner, decision.owner)
        rich = self._rich()
        if rich is None:
            self._app.push_screen(DecisionPrompt(decision, who), self._answered)
            return
        prompt = dungeon_prompt(view, decision, who, self.test, self.defending)
        cover = (
            rich.hand_over.cover(view, who, rich.entries, rich.actor) if isinstance(rich, HandsOver) else None
        )
        if cover is not None:  # a hotseat table: the player who decides takes the keyboard first
            self._app.push_screen(cover, lambda _: self._app.push_screen(prompt, self._answered))
        else:
            self._app.push_screen(prompt, self._answered)

    def _answered(self, key: str | None) -> None:
        self._prompting = False
        feed = self._feed
        view = feed.view
        if view is None or view.pending is None or feed.port is None:
            return
        result = feed.port.answer(feed.seat, key if key is not None else view.pending.default)
        if not result.ok:
            self._app.notify(result.reason, severity="warning")
        if feed.view is not None and feed.view.pending is not None and not self._prompting:
            # After the session's update (already queued) is handled, so a test prompt shows the new dice.
            self.settle_soon()
        else:
            top = self._top()
            if top is not None:
                top.decisions_done()

    def _next_notice(self) -> None:
        if not self._notices:
            self._notice_open = False
            self.settle()
            return
        notice, self._notices = self._notices[0], self._notices[1:]
        self._notice_open = True
        self._app.push_screen(notice, lambda _: self._next_notice())

    # --- the screens -------------------------------------------------------------------------

    def _top(self) -> AsksDecisions | None:
        screens = [s for s in self._app.screen_stack if isinstance(s, AsksDecisions)]
        return screens[-1] if screens else None

    def _rich(self) -> AsksDecisions | None:
        return next(
            (s for s in self._app.screen_stack if isinstance(s, AsksDecisions) and s.rich_prompts), None
        )
