"""Provides the Textual application: for now the title screen with the game's credit."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle
from textual.widgets import Footer, Static

CREDIT = "Based on Dead Weight by Pedro Medeiros (saint11), CC BY 4.0; changes were made."
"""The attribution the licence asks for, shown on the title screen."""

TITLE_ART = r"""
 ___ __  __ ___ ___  ___ ___ _____ ___ ___  _  _
| __|\ \/ /| _ \ __||   \_ _|_   _|_ _/ _ \| \| |
| _|  >  < |  _/ _| | |) | |  | |  | | (_) | .` |
|___|/_/\_\|_| |___||___/___| |_| |___\___/|_|\_|
"""


class TitleScreenApp(App[None]):
    """The title screen: the name, the credit line, and a way out."""

    CSS = """
    Screen { align: center middle; }
    #art { color: $accent; width: auto; }
    #tagline, #credit { width: auto; margin-top: 1; }
    #credit { color: $text-muted; }
    """
    BINDINGS = [Binding("q", "quit", "Quit")]
    """Keys on the title screen."""

    def compose(self) -> ComposeResult:
        with Middle(), Center():
            yield Static(TITLE_ART, id="art")
        with Center():
            yield Static("Tomb raiders of Blacksalt Isle. Fatigue, decay and doom.", id="tagline")
        with Center():
            yield Static(CREDIT, id="credit")
        yield Footer()


def run_app() -> int:
    """Run the game in this terminal and return an exit code."""
    TitleScreenApp().run()
    return 0
