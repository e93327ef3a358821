"""Provides the hotseat hand-over: a blank screen naming the next player, then a summary since their turn.

At one keyboard, the screen that asks a player's decision would show it to everyone at the table.
So when a decision (or a turn) passes to another player, this screen covers everything first and
names them; nothing private is drawn until they press a key. Then it shows a short summary of
what happened since they last held the keyboard, and any key hands them the game.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Static

from expedition.rules.core.decisions import GM
from expedition.session.views import SeatKind

if TYPE_CHECKING:
    from expedition.session.seat_view import SeatView
    from expedition.ui.widgets.log_text import LogEntry

__all__ = ["SUMMARY_LINES", "HandOver", "HandOverScreen"]

SUMMARY_LINES = 8
"""Log lines the "since your last turn" summary shows at most."""


class HandOverScreen(Screen[None]):
    """Covers the game until the named player takes the keyboard.

    Args:
        player: The name of the player whose turn or decision it is.
        summary: Log lines since that player's last turn, oldest first (the last few are shown).
        reason: What waits for them ("a decision for Jory").
    """

    DEFAULT_CSS = """
    HandOverScreen { align: center middle; background: $background; }
    HandOverScreen #handover-box { width: 70; height: auto; border: heavy $primary; padding: 1 2; }
    """

    SCREEN_NAME = "Hand over"
    """Name shown in help."""
    HELP = "Pass the keyboard to the player named here; they press any key to see the game."
    """Shown on the help screen."""

    def __init__(self, player: str, summary: Sequence[str] = (), reason: str = "") -> None:
        super().__init__()
        self.player = player
        """Who takes the keyboard."""
        self.summary = list(summary)[-SUMMARY_LINES:]
        """The lines shown once they confirm."""
        self.reason = reason
        self.revealed = False
        """True once the player pressed a key and the summary shows."""

    def compose(self) -> ComposeResult:
        with Vertical(id="handover-box"):
            yield Static(self._covered(), id="handover-text")

    def _covered(self) -> Text:
        text = Text()
        text.append(f"Pass the keyboard to {self.player}.\n\n", style="bold")
        if self.reason:
            text.append(f"Waiting: {self.reason}.\n\n")
        text.append(f"{self.player}, press any key when you are ready.")
        return text

    def _since(self) -> Text:
        text = Text()
        text.append(f"{self.player}, since your last turn:\n\n", style="bold")
        for line in self.summary or ["Nothing happened."]:
            text.append(f"• {line}\n")
        text.append("\nPress any key to play.")
        return text

    def on_key(self, event: events.Key) -> None:
        event.stop()
        if not self.revealed:
            self.revealed = True
            self.query_one("#handover-text", Static).update(self._since())
            return
        self.dismiss(None)

    def on_click(self, event: events.Click) -> None:
        event.stop()


class HandOver:
    """Who holds the keyboard at a hotseat table, and how much of the log each player has seen."""

    def __init__(self) -> None:
        self.holder = ""
        """The player at the keyboard ("" before the first decision)."""
        self.seen_by: dict[str, int] = {}
        """Log lines each player has seen, by player id."""

    @staticmethod
    def players_of(view: SeatView) -> dict[str, str]:
        """The players by id when this seat is a hotseat table (a host seat, two or more players), else {}."""
        players = {p.id: p.name for p in view.state.players}
        return players if view.seat.kind is SeatKind.HOST and len(players) >= 2 else {}

    @staticmethod
    def owner_of(view: SeatView, actor: str) -> str:
        """The player who owns the character `actor` ("" when unknown)."""
        return next((m.owner for m in view.state.party if m.id == actor), "")

    def acted(self, view: SeatView, actor: str, entries: Sequence[LogEntry]) -> None:
        """The player who owns `actor` just acted: they hold the keyboard and have seen the log so far."""
        owner = self.owner_of(view, actor)
        if owner and self.players_of(view):
            self.holder, self.seen_by = owner, {**self.seen_by, owner: len(entries)}

    def turn_cover(self, view: SeatView, actor: str, entries: Sequence[LogEntry]) -> HandOverScreen | None:
        """The cover to show when the acting character's player is not the one at the keyboard.

        It is never shown to the player who holds the keyboard (who just acted), nor before anyone
        held it (the first player to act takes it).
        """
        players = self.players_of(view)
        owner = self.owner_of(view, actor)
        if not players or owner not in players or not self.holder:
            if owner in players:
                self.holder = self.holder or owner
            return None
        if owner == self.holder:
            return None
        summary = [entry.text for entry in entries[self.seen_by.get(owner, 0) :]]
        self.seen_by = {**self.seen_by, self.holder: len(entries), owner: len(entries)}
        self.holder = owner
        name = next((m.name for m in view.state.party if m.id == actor), actor)
        return HandOverScreen(players[owner], summary, f"{name}'s turn")

    def cover(
        self, view: SeatView, who: str, entries: Sequence[LogEntry], actor: str = ""
    ) -> HandOverScreen | None:
        """The screen that covers the game and names the player the pending decision passes to.

        Only a host seat (one keyboard) with two or more players hands over, and only when the
        decision's owner is not the player who held the keyboard last.

        Args:
            view: The seat's view; its pending decision is the one asked.
            who: The name of the character the decision is for.
            entries: The game screen's log so far (the summary is what the owner has not seen).
            actor: The character acting for the seat, whose player holds the keyboard at first.

        Returns:
            The hand-over screen to show before the decision, or None when none is needed.
        """
        state = view.state
        players = {p.id: p.name for p in state.players}
        owner = view.waiting_for
        if view.seat.kind is not SeatKind.HOST or len(players) < 2 or owner == GM or owner not in players:
            return None
        holder = self.holder
        if not holder:
            # The first decision of the session: whoever owns the acting character holds the keyboard.
            holder = next((m.owner for m in state.party if m.id == actor), owner)
        if holder == owner:
            self.holder, self.seen_by = owner, {**self.seen_by, owner: len(entries)}
            return None
        summary = [entry.text for entry in entries[self.seen_by.get(owner, 0) :]]
        self.holder = owner
        self.seen_by = {**self.seen_by, holder: len(entries), owner: len(entries)}
        return HandOverScreen(players[owner], summary, f"a decision for {who}")
