"""Provides the load screen: the saved campaigns, newest first, to pick one to play."""

from __future__ import annotations

from collections.abc import Sequence

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from expedition.session.campaigns import CampaignSummary
from expedition.ui.widgets.fitted_footer import FittedFooter
from expedition.ui.widgets.marked_list import MarkedList


def summary_label(summary: CampaignSummary) -> str:
    """One campaign as a line of the list: name, day, phase, place and when it was last saved."""
    if summary.problem:
        return f"{summary.name} — cannot be read ({summary.problem}); saved {summary.saved_text}"
    place = summary.place or summary.location.replace("_", " ").replace("-", " ").capitalize()
    return f"{summary.name} — day {summary.day}, {summary.phase} at {place}; saved {summary.saved_text}"


class LoadScreen(ModalScreen[str | None]):
    """The saved campaigns to choose from; dismisses with the chosen name, or None.

    Args:
        campaigns: The campaigns to list (see `list_saved`).
    """

    BINDINGS = [Binding("escape", "cancel", "Back")]
    """Keys on the load screen (the list takes arrows and Enter)."""

    SCREEN_NAME = "Load a campaign"
    """Name shown in help."""
    HELP = "Choose a saved campaign with the arrow keys and Enter; the newest is at the top."
    """Shown on the help screen."""

    def __init__(self, campaigns: Sequence[CampaignSummary]) -> None:
        super().__init__()
        self._campaigns = list(campaigns)

    def compose(self) -> ComposeResult:
        with Vertical(id="load-box") as box:
            box.border_title = "Load a campaign"
            box.border_subtitle = "Enter opens · Esc goes back"
            yield Static("Saved campaigns, most recently played first:", id="load-intro")
            yield MarkedList(*(Option(summary_label(s), id=s.name) for s in self._campaigns), id="load-list")
        yield FittedFooter()

    @on(OptionList.OptionSelected, "#load-list")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option_id)

    def action_cancel(self) -> None:
        """Go back without loading."""
        self.dismiss(None)
