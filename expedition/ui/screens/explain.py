"""Provides the explanation of a log line: its dice, the values behind it and the rule sections applied."""

from __future__ import annotations

from collections.abc import Sequence

from rich.table import Table
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from expedition.ui.widgets.fitted_footer import FittedFooter
from expedition.ui.widgets.log_text import LogEntry


class ExplainScreen(ModalScreen[bool]):
    """What explains one log line; dismisses with True when Esc asked to go back to the map.

    Args:
        entry: The line.
        rows: (label, value) rows from `log_text.explain`.
    """

    BINDINGS = [
        Binding("escape", "close(True)", "Back to the map"),
        Binding("enter,q", "close(False)", "Back to the log"),
    ]
    """Esc closes it and leaves the log; Enter or q close it only (the log keeps the keys)."""

    SCREEN_NAME = "Log line"
    """Name shown in help."""
    HELP = "Every value behind a line of the log: the dice, the fields of each event, and the rule applied."
    """Shown on the help screen."""

    def __init__(self, entry: LogEntry, rows: Sequence[tuple[str, str]]) -> None:
        super().__init__()
        self.entry = entry
        """The line explained."""
        self.rows = list(rows)
        """What explains it."""

    def compose(self) -> ComposeResult:
        table = Table.grid(padding=(0, 2))
        table.add_column(style="bold", no_wrap=True)
        table.add_column()
        for label, value in self.rows:
            table.add_row(label, value)
        with Vertical(id="explain-box", classes="prompt-box") as box:
            box.border_title = "Why?"
            box.border_subtitle = "Enter: back to the log · Esc: back to the map"
            with VerticalScroll():
                yield Static(table, id="explain-rows")
        yield FittedFooter()

    def action_close(self, leave: bool = False) -> None:
        """Close the explanation; `leave` also leaves the log."""
        self.dismiss(leave)
