"""Provides the title screen: the game's name, its menu and the credit the licence asks for."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from expedition.ui.widgets.fitted_footer import FittedFooter
from expedition.ui.widgets.marked_list import MarkedList

CREDIT = "Based on Dead Weight by Pedro Medeiros (saint11), CC BY 4.0; changes were made."
"""The attribution the licence asks for, shown on the title screen."""

TITLE_ART = r"""
 ___ __  __ ___ ___  ___ ___ _____ ___ ___  _  _
| __|\ \/ /| _ \ __||   \_ _|_   _|_ _/ _ \| \| |
| _|  >  < |  _/ _| | |) | |  | |  | | (_) | .` |
|___|/_/\_\|_| |___||___/___| |_| |___\___/|_|\_|
"""

TAGLINE = "Tomb raiders of Blacksalt Isle. Fatigue, decay and doom."
"""One line under the title."""

MENU = (
    ("new", "New game"),
    ("continue", "Continue"),
    ("load", "Load"),
    ("compendium", "Compendium"),
    ("quit", "Quit"),
)
"""The title menu: (option id, label)."""

NOT_YET: dict[str, str] = {}
"""Menu entries that are not built yet, and how the notice names them."""


class TitleScreen(Screen[None]):
    """The title screen: the name, a menu, and the credit line."""

    BINDINGS = [Binding("q", "app.quit", "Quit")]
    """Keys on the title screen (the menu takes arrows and Enter)."""

    HELP = "Choose with the arrow keys and Enter. The compendium is open from every screen."
    """Shown on the help screen."""

    def compose(self) -> ComposeResult:
        with Vertical(id="title-box"):
            with Center():
                yield Static(TITLE_ART, id="title-art")
            with Center():
                yield Static(TAGLINE, id="title-tagline")
            with Center():
                yield MarkedList(*(Option(label, id=key) for key, label in MENU), id="title-menu")
            with Center():
                yield Static(CREDIT, id="title-credit")
        yield FittedFooter()

    @on(OptionList.OptionSelected, "#title-menu")
    async def _menu_chosen(self, event: OptionList.OptionSelected) -> None:
        await self.choose(event.option_id or "")

    async def choose(self, key: str) -> None:
        """Carry out a menu entry by its id ("new", "continue", "load", "compendium", "quit")."""
        if key == "new":
            await self.app.run_action("new_game")
        elif key == "compendium":
            await self.app.run_action("compendium")
        elif key == "continue":
            await self.app.run_action("continue_campaign")
        elif key == "load":
            await self.app.run_action("load_campaign")
        elif key == "quit":
            self.app.exit()
        elif key in NOT_YET:
            self.notify(f"{NOT_YET[key]} is not ready yet.", title="Not yet")
