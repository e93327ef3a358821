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


FRAME_WIDTH, FRAME_HEIGHT = 6, 4
"""Columns and rows the message's border and roomy padding take (see too_small.tcss)."""


def too_small_message(width: int, height: int) -> str:
    """What to tell the player about the terminal's size: in full when it fits, else in short."""
    full = (
        f"This terminal is {width}×{height}.\n"
        f"Expedition needs at least {MIN_WIDTH}×{MIN_HEIGHT}.\n\n"
        "Make the window larger (or the font smaller);\n"
        "the game carries on where it was.\n\n"
        "Ctrl+Q quits."
    )
    if fits_in_full(full, width, height):
        return full
    return f"Terminal {width}×{height};\nneeds {MIN_WIDTH}×{MIN_HEIGHT}.\nEnlarge the window.\nCtrl+Q quits."


def fits_in_full(message: str, width: int, height: int) -> bool:
    """True when `message` fits the terminal with its border and roomy padding, unwrapped."""
    lines = message.splitlines()
    return max(map(len, lines)) + FRAME_WIDTH <= width and len(lines) + FRAME_HEIGHT <= height


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
            yield Static(id="too-small-message")

    def on_mount(self) -> None:
        self.show_size(self._width, self._height)

    def show_size(self, width: int, height: int) -> None:
        """Update the message with the terminal's current size; a short one drops the roomy padding."""
        self._width, self._height = width, height
        text = too_small_message(width, height)
        for message in self.query("#too-small-message").results(Static):
            message.update(text)
            message.set_class(not fits_in_full(text, width, height), "-short")
