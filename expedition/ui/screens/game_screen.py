"""Provides `GameScreen`: a screen that shows the game in play through its port, from one seat.

Each game screen (party, expedition, camp, interlude) reads only its seat's view (`view`) and
acts only through the port: it submits one of the view's options and never works out for itself
what the rules allow. It does not subscribe: the app's feed (`ui.session_feed`) hands it each
update while it is the game screen on top (`show_update`), and the ones it missed while covered
when it comes back; the app's decision router asks the decisions (`takes_decisions`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar, TypeVar

from textual.app import SystemCommand
from textual.screen import Screen

from expedition.rules.character.adventurer import Character
from expedition.rules.core.actions import Action
from expedition.session.catalog_world import CatalogWorld
from expedition.session.port import SessionPort, Update
from expedition.session.seat_view import SeatOption, SeatView
from expedition.session.views import Seat
from expedition.ui.session_feed import feed_of
from expedition.ui.sheet_lines import lines_for
from expedition.ui.widgets.sheet_text import SheetLines

__all__ = ["GameScreen"]

ResultType = TypeVar("ResultType")


class GameScreen(Screen[ResultType]):
    """A screen of the game in play, seen from one seat (see the module docstring).

    Args:
        port: The game in play, local or served.
        seat: Whose eyes the screen shows it through and who acts; the host's by default.
    """

    rich_prompts: ClassVar[bool] = False
    """True where decisions get the dungeon's prompts (the expedition screen)."""

    def __init__(self, port: SessionPort, seat: Seat | None = None) -> None:
        super().__init__()
        self.port = port
        """The game in play."""
        self.seat = seat if seat is not None else Seat.host()
        """Whose eyes the screen shows the game through."""

    @property
    def view(self) -> SeatView:
        """What the seat sees now and may do."""
        return self.port.view(self.seat)

    def follow_game(self) -> None:
        """Have the app follow this screen's game (it already does when it opened it)."""
        feed_of(self.app).follow(self.port, self.seat)

    def show_update(self, update: Update) -> None:
        """Show what the game said: the screens redraw from `view` and log the events."""

    def sheet_lines(self, character_id: str) -> SheetLines:
        """The class, background and life path of a character, in the book's names, for their sheet."""
        world = self.port.world
        catalog = world.catalog if isinstance(world, CatalogWorld) else None
        return lines_for(self.view.state.sheets.get(character_id), catalog)

    def palette_commands(self) -> Iterable[SystemCommand]:
        """The screen's own entries in the command palette: only what its seat may do (none here)."""
        return ()

    def pickable(self, number: int, mine: list[Character]) -> Character | None:
        """Adventurer `number` (1 for the first) of `mine` if they can act, else None, saying why."""
        if not 1 <= number <= len(mine):
            self.notify(f"There is no adventurer {number} here.", severity="warning", timeout=3)
            return None
        member = mine[number - 1]
        if not member.can_act:
            self.notify(f"{member.name} cannot act ({member.status.value.replace('_', ' ')}).")
            return None
        return member

    def takes_decisions(self) -> bool:
        """True when the router may ask a decision over this screen now."""
        return False

    def decisions_done(self) -> None:
        """The action under way asked all it had to."""

    def ask_decisions(self) -> None:
        """Have the router ask whatever waits, now that this screen is ready for it."""
        feed_of(self.app).router.settle()

    def on_screen_resume(self) -> None:
        feed = feed_of(self.app)
        feed.catch_up(self)
        # Not at once: an update the answer that closed the screen above caused may still be queued.
        feed.router.settle_soon()

    def on_unmount(self) -> None:
        feed_of(self.app).forget(self)

    def submit_option(self, option: SeatOption) -> bool:
        """Submit one of the view's options; a refused one shows its reason. True when accepted."""
        if not option.enabled:
            self.warn(option.reason or "That cannot be done now.")
            return False
        return self.submit(option.action)

    def submit(self, action: Action) -> bool:
        """Submit an action (one of the view's options); a refusal shows as a notice. True when accepted."""
        result = self.port.submit(self.seat, action)
        if not result.ok:
            self.warn(result.reason)
        return result.ok

    def warn(self, text: str) -> None:
        """Show why something was refused."""
        self.notify(text, severity="warning", timeout=4)

    def warn_missing(self, text: str = "That cannot be done here.") -> None:
        """Say why there is no such option: the seat may do nothing (a spectator's), or `text`."""
        refusal = self.view.refusal
        if refusal:
            self.warn(refusal)
        else:
            self.notify(text, severity="warning")

    def find_option(self, key: str, kind: str, /, **where: Any) -> SeatOption | None:
        """The first option of that kind under `key` (a character, or the table) matching `where`."""
        for option in self.view.options_for(key):
            if option.kind == kind and all(getattr(option, name) == value for name, value in where.items()):
                return option
        return None
