"""Provides the hotseat hand-over: a blank screen naming the next player, then a summary since their turn.

At one keyboard, the screen that asks a player's decision would show it to everyone at the table.
So when a decision (or a turn) passes to another player, this screen covers everything first and
names them; nothing private is drawn until they press a key. Then it shows a short summary of
what happened since they last held the keyboard, and any key hands them the game.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Static

from expedition.rules.core.decisions import GM, Decision

__all__ = ["SUMMARY_LINES", "HandOverScreen", "hand_over"]

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


def hand_over(screen: Any, decision: Decision, who: str, then: Callable[[None], object]) -> bool:
    """Cover the game and name the player a decision passes to, at a hotseat table.

    Only a host seat (one keyboard) with two or more players hands over, and only when the
    decision's owner is not the player who held the keyboard last. The screen remembers who
    holds the keyboard and how much of its log each player has seen (`screen.entries`).

    Args:
        screen: The game screen (it has `session`, `seat`, `entries` and `app`).
        decision: The decision waiting.
        who: The name of the character it is for.
        then: Called once the player has taken the keyboard.

    Returns:
        True when the hand-over screen was shown (`then` runs after it), False when no hand-over
        was needed.
    """
    session = screen.session
    players = {p.id: p.name for p in session.state.players}
    owner = session.decision_owner(decision)
    if screen.seat.kind.value != "host" or len(players) < 2 or owner == GM or owner not in players:
        return False
    seen: dict[str, int] = getattr(screen, "_seen_by", {})
    holder = getattr(screen, "_at_keyboard", "")
    entries = list(getattr(screen, "entries", []))
    if not holder:
        # The first decision of the session: whoever owns the acting character holds the keyboard.
        holder = next((m.owner for m in session.state.party if m.id == getattr(screen, "actor", "")), owner)
    if holder == owner:
        screen._at_keyboard, screen._seen_by = owner, {**seen, owner: len(entries)}
        return False
    summary = [entry.text for entry in entries[seen.get(owner, 0) :]]
    screen._at_keyboard, screen._seen_by = owner, {**seen, holder: len(entries), owner: len(entries)}
    screen.app.push_screen(HandOverScreen(players[owner], summary, f"a decision for {who}"), then)
    return True
