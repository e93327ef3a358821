"""Provides the size guard: a plain message instead of a broken layout when the terminal is too small."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import Static

MIN_WIDTH = 80
"""Fewest columns the game's screens are laid out for."""
MIN_HEIGHT = 24
"""Fewest rows the game's screens are laid out for."""


def too_small_message(width: int, height: int) -> str:
    """What to tell the player about the terminal's size."""
    return (
        f"This terminal is {width}×{height}.\n"
        f"Expedition needs at least {MIN_WIDTH}×{MIN_HEIGHT}.\n\n"
        "Make the window larger (or the font smaller);\n"
        "the game carries on where it was.\n\n"
        "Ctrl+Q quits."
    )


class TooSmallScreen(Screen[None]):
    """Covers the game while the terminal is too small; the app removes it when it grows."""

    SCREEN_NAME = "Terminal too small"
    """Name shown in help."""

    def __init__(self, width: int, height: int) -> None:
        super().__init__()
        self._width = width
        self._height = height

    def compose(self) -> ComposeResult:
        with Middle(), Center():
            yield Static(too_small_message(self._width, self._height), id="too-small-message")

    def show_size(self, width: int, height: int) -> None:
        """Update the message with the terminal's current size."""
        self._width, self._height = width, height
        for message in self.query("#too-small-message").results(Static):
            message.update(too_small_message(width, height))
