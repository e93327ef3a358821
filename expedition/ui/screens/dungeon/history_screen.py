"""Provides the message history: every log line of this sitting, full screen, to scroll and search.

The expedition screen's log shows only its last few lines; this screen shows them all, grouped by
turn as in the log, with the same search (`/`) and the same explanation of a line (Enter). Esc
closes it and gives the map back.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Footer, OptionList

from expedition.ui.screens.explain import ExplainScreen
from expedition.ui.widgets.log import GameLog
from expedition.ui.widgets.log_text import LogEntry, explain

EVERY_LINE = 1_000_000
"""The history lists every line it is given (the expedition screen keeps a bounded number)."""


class HistoryScreen(Screen[None]):
    """Every log line so far, oldest first, as the seat saw them.

    Args:
        entries: The log's lines, oldest first.
        names: Character and foe names by id, for a line's explanation.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        # First, over the log's own Esc (which only leaves the log) and the search box's.
        Binding("escape", "close", "Back to the map", key_display="Esc", priority=True),
        Binding("slash", "search", "Search", key_display="/"),
    ]
    """Keys of the history (the arrows, Page Up/Down, Home and End move over the lines)."""

    DEFAULT_CSS = """
    HistoryScreen #history-log { height: 1fr; border: round $primary; border-title-style: bold; }
    HistoryScreen #history-log #log-search { height: 1; border: none; padding: 0 1; }
    HistoryScreen #history-log #log-lines { height: 1fr; border: none; }
    """

    SCREEN_NAME = "Message history"
    """Name shown in help."""
    HELP = (
        "Every line of the log since the game was opened, grouped by turn. Arrows and Page Up/Down "
        "scroll, Home and End jump to the oldest and newest line, / searches (only matching lines stay), "
        "Enter on a line shows its dice and rule. Esc goes back to the map."
    )
    """Shown on the help screen."""

    def __init__(self, entries: Sequence[LogEntry], names: Mapping[str, str]) -> None:
        super().__init__()
        self._entries = tuple(entries)
        self._names = dict(names)

    def compose(self) -> ComposeResult:
        log = GameLog(id="history-log", max_lines=EVERY_LINE)
        log.border_title = "Message history"
        log.border_subtitle = "/ search · Enter explains a line · Esc back"
        yield log
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#history-log", GameLog).entries = self._entries
        self.query_one("#log-lines", OptionList).focus()

    def action_close(self) -> None:
        """Go back to the map."""
        self.dismiss(None)

    def action_search(self) -> None:
        """Put the cursor in the search box."""
        self.query_one("#history-log", GameLog).action_search()

    @on(GameLog.Left)
    def _left(self, event: GameLog.Left) -> None:
        self.dismiss(None)

    @on(GameLog.LineSelected)
    def _explain(self, event: GameLog.LineSelected) -> None:
        self.app.push_screen(ExplainScreen(event.entry, explain(event.entry, self._names)))
