"""Provides the help screen: the keys of the screen below it and what that screen is for."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Static

from expedition.ui.widgets.fitted_footer import FittedFooter

GENERAL = (
    ("?  F1", "this help"),
    ("c  F2", "the compendium (rules, items, enemies…)"),
    ("Ctrl+P", "the command palette: every command by name"),
    ("Tab", "move between parts of the screen"),
    ("Esc", "close this window, or go back"),
    ("Ctrl+Q", "quit the game"),
)
"""Keys that work everywhere."""


def keys_table(screen: Screen[object]) -> Table:
    """A two-column table of the keys active on `screen`, then the keys that work everywhere."""
    table = Table.grid(padding=(0, 2))
    table.add_column(style="bold", no_wrap=True)
    table.add_column()
    seen: set[str] = set()
    for key, active in screen.active_bindings.items():
        binding = active.binding
        if not binding.show or not binding.description or binding.description in seen:
            continue
        if binding.action in ("help", "compendium", "app.help", "app.compendium"):
            continue
        seen.add(binding.description)
        table.add_row(screen.app.get_key_display(binding) or key, binding.description)
    for key, meaning in GENERAL:
        table.add_row(key, meaning)
    return table


class HelpScreen(ModalScreen[None]):
    """Keys and a short explanation of the screen the player was looking at.

    Args:
        under: The screen help was asked for.
    """

    BINDINGS = [
        Binding("escape,question_mark,f1,q", "close", "Close"),
    ]
    """Keys that close the help."""

    def __init__(self, under: Screen[object]) -> None:
        super().__init__()
        self._under = under

    def compose(self) -> ComposeResult:
        name = getattr(self._under, "SCREEN_NAME", None) or type(self._under).__name__.removesuffix("Screen")
        about = getattr(self._under, "HELP", None) or ""
        more = getattr(self._under, "help_more", None)  # what the screen found at run time (a keys file)
        if callable(more) and more():
            about = f"{about} {more()}"
        with Vertical(id="help-box") as box:
            box.border_title = f"Help — {name}"
            box.border_subtitle = "Esc closes"
            with VerticalScroll():
                if about:
                    yield Static(Text(about), id="help-about")
                yield Static(keys_table(self._under), id="help-keys")
        yield FittedFooter()

    def action_close(self) -> None:
        """Close the help."""
        self.dismiss(None)
