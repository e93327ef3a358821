"""Provides the interlude's item picker: which items to sell (up to three) or which armour to repair."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import SelectionList, Static

from expedition.ui.widgets.fitted_footer import FittedFooter


class ItemsPrompt(ModalScreen[tuple[int, ...] | None]):
    """Pick up to `most` of an adventurer's items; dismisses with their uids, or None when cancelled.

    Args:
        title: The question.
        items: (uid, label) of each item on offer.
        most: How many may be picked.
    """

    BINDINGS = [
        Binding("enter", "done", "Done", key_display="⏎", priority=True),
        Binding("escape", "cancel", "Cancel"),
    ]
    """Space ticks an item; Enter confirms; Esc cancels."""

    SCREEN_NAME = "Choose items"
    """Name shown in help."""
    HELP = "Space ticks or unticks the highlighted item; Enter confirms the ticked ones; Esc cancels."
    """Shown on the help screen."""

    def __init__(self, title: str, items: Sequence[tuple[int, str]], most: int) -> None:
        super().__init__()
        self.question = title
        self.items = tuple(items)
        self.most = most

    def compose(self) -> ComposeResult:
        with Vertical(id="items-box", classes="prompt-box") as box:
            box.border_title = self.question
            box.border_subtitle = "Space ticks · Enter confirms · Esc cancels"
            yield Static(Text(f"Tick at most {self.most}."), id="items-note")
            yield SelectionList[int](*[(label, uid) for uid, label in self.items], id="items-list")
        yield FittedFooter()

    def on_mount(self) -> None:
        self.query_one("#items-list", SelectionList).focus()

    def action_done(self) -> None:
        """Confirm the ticked items (the first one highlighted when none is ticked)."""
        picks: SelectionList[int] = self.query_one("#items-list", SelectionList)
        chosen = tuple(picks.selected)
        if not chosen and picks.highlighted is not None:
            chosen = (picks.get_option_at_index(picks.highlighted).value,)
        if len(chosen) > self.most:
            self.notify(f"At most {self.most}.", severity="warning")
            return
        self.dismiss(chosen or None)

    def action_cancel(self) -> None:
        """Pick nothing."""
        self.dismiss(None)
