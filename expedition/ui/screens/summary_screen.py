"""Provides the end-of-expedition summary: who fell, what was found, how far the party got, how doom moved."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from expedition.ui.expedition_summary import HOME, ExpeditionLedger, summary_sections
from expedition.ui.widgets.fitted_footer import FittedFooter


class SummaryScreen(ModalScreen[None]):
    """The expedition is over: its summary, built from the seat's own updates (`ExpeditionLedger`).

    Args:
        ledger: What the expedition did, as the seat saw it.
    """

    BINDINGS = [Binding("enter,escape,space", "close", "Close")]
    """Any of these closes it."""

    SCREEN_NAME = "Expedition summary"
    """Name shown in help."""
    HELP = (
        "The expedition is over. Who fell, what was found, how far the party got and how the doom "
        "moved, as far as your seat may know it. Press Enter to go on."
    )
    """Shown on the help screen."""

    def __init__(self, ledger: ExpeditionLedger) -> None:
        super().__init__()
        self.ledger = ledger
        """What the summary tells."""

    def compose(self) -> ComposeResult:
        ledger = self.ledger
        with Vertical(id="summary-box", classes="prompt-box") as box:
            where = f" from {ledger.dungeon}" if ledger.dungeon else ""
            box.border_title = (
                f"The party came home{where}" if ledger.ended == HOME else f"The party was lost{where}"
            )
            box.border_subtitle = "Enter: go on"
            with VerticalScroll(id="summary-body"):
                for index, (heading, lines) in enumerate(summary_sections(ledger)):
                    yield Static(Text(heading, style="bold"), classes="summary-heading")
                    body = Text("\n".join(f"• {line}" for line in lines))
                    yield Static(body, id=f"summary-section-{index}", classes="summary-section")
        yield FittedFooter()

    def action_close(self) -> None:
        """Close the summary."""
        self.dismiss(None)
