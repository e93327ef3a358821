"""Provides `GameLog`: what happened, grouped by turn, repeats folded, searchable, each line explainable."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Input, OptionList
from textual.widgets.option_list import Option

from expedition.ui.widgets.log_text import LogEntry, fold, matches

MAX_LINES = 400
"""Lines kept on screen (older ones scroll away)."""


def turn_header(turn: int, unit: str = "Turn") -> Text:
    """The line that starts a turn's group (a day's, with `unit` "Day")."""
    if not turn:
        return Text(f"── Before the first {unit.lower()} ──", style="bold")
    return Text(f"── {unit} {turn} ──", style="bold")


class GameLog(Widget):
    """The message log; set `entries` (oldest first) to redraw, `/` to search, Enter to explain a line."""

    BINDINGS = [
        Binding("slash", "search", "Search log", key_display="/", show=False),
        Binding("escape", "leave", "Back to the map", show=False),
        # In the search box the arrows go to the lines, never on to the map (where they move the party).
        Binding("down,up", "to_lines", "Log lines", show=False),
    ]
    """Keys while the log has focus."""

    entries: reactive[tuple[LogEntry, ...]] = reactive((), always_update=True, init=False)
    """Every line so far, oldest first, unfolded."""
    search_text: reactive[str] = reactive("", init=False)
    """The search text; only matching lines are listed."""

    @dataclass
    class LineSelected(Message):
        """The player opened a line to see what explains it."""

        log: GameLog
        entry: LogEntry

        @property
        def control(self) -> GameLog:
            """The log."""
            return self.log

    @dataclass
    class Left(Message):
        """The player left the log (Esc): the screen gives the keys back to where they play."""

        log: GameLog

        @property
        def control(self) -> GameLog:
            """The log."""
            return self.log

    def __init__(
        self,
        *,
        unit: str = "Turn",
        max_lines: int = MAX_LINES,
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.unit = unit
        """What an entry's `turn` counts, for the group headers: "Turn", or "Day" in an interlude."""
        self.max_lines = max_lines
        """The newest lines listed at most (the message history lists them all)."""
        self.shown: list[LogEntry | None] = []
        """The entries listed, in order; None for a turn header."""

    def compose(self) -> ComposeResult:
        yield Input(placeholder="Search the log… (/)", id="log-search")
        yield OptionList(id="log-lines")

    def on_mount(self) -> None:
        self._refresh_lines()

    def watch_entries(self) -> None:
        self._refresh_lines()

    def watch_search_text(self) -> None:
        self._refresh_lines()

    def _refresh_lines(self) -> None:
        lines = self.query_one("#log-lines", OptionList)
        found = [entry for entry in self.entries if matches(entry, self.search_text)]
        options: list[Option] = []
        self.shown = []
        turn: int | None = None
        for entry in fold(found)[-self.max_lines :]:
            if entry.turn != turn:
                turn = entry.turn
                options.append(Option(turn_header(turn, self.unit), disabled=True))
                self.shown.append(None)
            options.append(Option(Text(entry.shown)))
            self.shown.append(entry)
        if not options:
            words = "Nothing matches the search." if self.search_text else "Nothing has happened yet."
            options.append(Option(Text(words, style="italic"), disabled=True))
            self.shown.append(None)
        lines.set_options(options)
        lines.highlighted = len(options) - 1 if self.shown[-1] is not None else None
        lines.scroll_end(animate=False)

    @on(Input.Changed, "#log-search")
    def _search_changed(self, event: Input.Changed) -> None:
        event.stop()
        self.search_text = event.value

    @on(Input.Submitted, "#log-search")
    def _search_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.query_one("#log-lines", OptionList).focus()

    @on(OptionList.OptionSelected, "#log-lines")
    def _line_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option_index < len(self.shown):
            entry = self.shown[event.option_index]
            if entry is not None:
                self.post_message(self.LineSelected(self, entry))

    def action_search(self) -> None:
        """Put the cursor in the search box."""
        self.query_one("#log-search", Input).focus()

    def action_to_lines(self) -> None:
        """Move from the search box to the lines."""
        self.query_one("#log-lines", OptionList).focus()

    def action_clear_search(self) -> None:
        """Empty the search box and list every line again."""
        self.query_one("#log-search", Input).value = ""
        self.query_one("#log-lines", OptionList).focus()

    def action_leave(self) -> None:
        """Empty the search box and hand the keys back to the screen (`GameLog.Left`)."""
        self.query_one("#log-search", Input).value = ""
        self.post_message(self.Left(self))
