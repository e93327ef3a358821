"""Provides `SaveBanner`: the lasting line across the top of the screen while the game cannot save.

It shows the seat's `SeatView.saving` in the game's words, with a "⚠" so it does not rely on
colour; for the host it also says how to save elsewhere, and a click opens that dialog. The app
keeps one on the screen on top while saving fails and takes it away when saving works again
(`ui.save_watch`).
"""

from __future__ import annotations

from textual import events
from textual.message import Message
from textual.widgets import Static

from expedition.session.save_health import SaveHealth

__all__ = ["SAVE_ELSEWHERE_HINT", "SaveBanner", "banner_text", "sentence"]

SAVE_ELSEWHERE_HINT = "Ctrl+P → Save elsewhere"
"""How the host reaches the save-elsewhere dialog, as the banner says it."""


def banner_text(health: SaveHealth) -> str:
    """The banner's words for one seat's save health ("" while saving works)."""
    if health.ok:
        return ""
    hint = f"  ({SAVE_ELSEWHERE_HINT})" if health.may_save_elsewhere else ""
    return f"⚠ {sentence(health.trouble)}{hint}"


def sentence(text: str) -> str:
    """`text` with a capital first letter, as a line on screen starts."""
    return text[:1].upper() + text[1:]


class SaveBanner(Static):
    """The disk banner (see the module docstring)."""

    DEFAULT_CSS = """
    SaveBanner {
        dock: top;
        height: auto;
        width: 100%;
        padding: 0 1;
    }
    """
    """Docked over the screen's own layout; its colours are in `app.tcss`."""

    class ElsewhereRequested(Message):
        """The player clicked the banner: open the save-elsewhere dialog."""

    def __init__(self, health: SaveHealth) -> None:
        super().__init__(banner_text(health), markup=False, id="save-banner")
        self.health = health
        """What it shows."""

    def show(self, health: SaveHealth) -> None:
        """Show another save health (its words change, say from read-only to full)."""
        if health != self.health:
            self.health = health
            self.update(banner_text(health))

    def on_click(self, event: events.Click) -> None:
        if self.health.may_save_elsewhere:
            event.stop()
            self.post_message(self.ElsewhereRequested())
