"""Provides `NamePrompt`: a small box asking for a name (a player renaming themselves)."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from expedition.session.seat_options import NAME_LIMIT
from expedition.ui.widgets.fitted_footer import FittedFooter


class NamePrompt(ModalScreen[str | None]):
    """Ask for a new name; dismisses with the text typed (stripped), or None when cancelled.

    Args:
        question: What is asked, e.g. "A new name for Player 1".
        current: The name now, filled in to edit.
    """

    BINDINGS = [Binding("escape", "cancel", "Cancel")]
    """Enter keeps the name; Esc cancels."""

    SCREEN_NAME = "Name"
    """Name shown in help."""
    HELP = "Type the new name and press Enter; Esc keeps the old one."
    """Shown on the help screen."""

    def __init__(self, question: str, current: str = "") -> None:
        super().__init__()
        self.question = question
        self.current = current

    def compose(self) -> ComposeResult:
        with Vertical(id="name-box", classes="prompt-box") as box:
            box.border_title = "Rename"
            box.border_subtitle = "Enter keeps · Esc cancels"
            yield Static(self.question, id="name-question", markup=False)
            yield Input(self.current, max_length=NAME_LIMIT, id="name-input")
        yield FittedFooter()

    def on_mount(self) -> None:
        self.query_one("#name-input", Input).focus()

    @on(Input.Submitted, "#name-input")
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        name = event.value.strip()
        self.dismiss(name or None)

    def action_cancel(self) -> None:
        """Close without renaming."""
        self.dismiss(None)
