"""Provides `SaveElsewherePrompt`: asks for another saves folder to write the whole campaign into."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from expedition.ui.widgets.fitted_footer import FittedFooter
from expedition.ui.widgets.save_banner import sentence

__all__ = ["SaveElsewherePrompt"]


class SaveElsewherePrompt(ModalScreen[str | None]):
    """Ask for a saves folder; dismisses with the folder typed (stripped), or None when cancelled.

    Args:
        trouble: Why saving fails now, shown above the question ("" when it works).
        name: The campaign's name, to say where in the folder it goes.
    """

    BINDINGS = [Binding("escape", "cancel", "Cancel")]
    """Enter saves there; Esc cancels."""

    SCREEN_NAME = "Save elsewhere"
    """Name shown in help."""
    HELP = (
        "Type a folder (it is made if need be) and press Enter: the whole campaign is written into it and "
        "the game saves there from now on. Esc keeps saving where it was."
    )
    """Shown on the help screen."""

    def __init__(self, trouble: str, name: str) -> None:
        super().__init__()
        self.trouble = trouble
        self.campaign = name

    def compose(self) -> ComposeResult:
        with Vertical(id="elsewhere-box", classes="prompt-box") as box:
            box.border_title = "Save elsewhere"
            box.border_subtitle = "Enter saves · Esc cancels"
            if self.trouble:
                yield Static(sentence(self.trouble), id="elsewhere-trouble", markup=False)
            yield Static(
                f"Which saves folder should hold the campaign? It goes in a folder {self.campaign!r} there.",
                id="elsewhere-question",
                markup=False,
            )
            yield Input(placeholder="a folder, such as ~/expedition-saves", id="elsewhere-input")
        yield FittedFooter()

    def on_mount(self) -> None:
        self.query_one("#elsewhere-input", Input).focus()

    @on(Input.Submitted, "#elsewhere-input")
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.dismiss(event.value.strip() or None)

    def action_cancel(self) -> None:
        """Close without saving elsewhere."""
        self.dismiss(None)
