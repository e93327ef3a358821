"""Provides `SaveWatch`: the app's disk banner, its retry timer and the save-elsewhere dialog.

The game's seat view says whether saving works (`SeatView.saving`). While it does not, the watch
keeps a `SaveBanner` on the screen on top (moving it as screens come and go, updating its words
as they change), asks the port to retry every `retry_seconds`, and, for the host, offers "Save
elsewhere" (the command palette, or a click on the banner). The banner goes as soon as a view says
saving works again: a retry or the next action's writes.
"""

from __future__ import annotations

from typing import Any

from textual.app import App

from expedition.session.save_health import SaveHealth
from expedition.session.seat_view import SeatView
from expedition.ui.screens.save_elsewhere import SaveElsewherePrompt
from expedition.ui.session_feed import SessionFeed
from expedition.ui.widgets.save_banner import SaveBanner

__all__ = ["SaveWatch"]


class SaveWatch:
    """Shows the disk banner and retries saving (see the module docstring).

    Args:
        app: The app whose screens show the banner.
        feed: The app's subscription to the game in play.
    """

    def __init__(self, app: App[Any], feed: SessionFeed) -> None:
        self._app = app
        self._feed = feed
        self.retry_seconds = 5.0
        """How often a failing save is tried again (set before the app mounts)."""

    @property
    def health(self) -> SaveHealth:
        """Whether the game in play saves, as the app's seat is told (fine when no game is open)."""
        view: SeatView | None = self._feed.view
        return view.saving if view is not None else SaveHealth()

    def start(self) -> None:
        """Start the timers: keep the banner on the screen on top, and retry while saving fails."""
        self._app.set_interval(0.5, self.sync, name="save-banner")
        self._app.set_interval(self.retry_seconds, self.retry, name="save-retry")

    def sync(self) -> None:
        """Put the banner on the screen on top while saving fails, with its words; take it off after."""
        stack = self._app.screen_stack
        if not stack:  # the app is closing: its last screen went before this timer stopped
            return
        health = self.health
        top = stack[-1]
        for screen in self._app.screen_stack:
            for banner in screen.query(SaveBanner):
                if health.ok or screen is not top:
                    banner.remove()
                else:
                    banner.show(health)
        if not health.ok and not top.query(SaveBanner):
            top.mount(SaveBanner(health))

    def retry(self) -> None:
        """Try saving again now, if it fails (the banner follows the view the port then sends)."""
        port = self._feed.port
        if port is not None and not self.health.ok:
            port.retry_saving()
            self.sync()

    def ask_elsewhere(self) -> None:
        """Open the dialog that writes the campaign into another folder (the host's, while saving fails)."""
        port, health = self._feed.port, self.health
        if port is None or not health.may_save_elsewhere:
            self._app.notify("Only the host can save the campaign elsewhere.", severity="warning")
            return
        if any(isinstance(screen, SaveElsewherePrompt) for screen in self._app.screen_stack):
            return
        self._app.push_screen(SaveElsewherePrompt(health.trouble, port.name), self._chosen)

    def _chosen(self, folder: str | None) -> None:
        port = self._feed.port
        if not folder or port is None:
            return
        result = port.save_elsewhere(self._feed.seat, folder)
        if result.ok:
            self._app.notify(result.reason, title="Saved elsewhere", timeout=15)
        else:
            self._app.notify(result.reason, title="Cannot save there", severity="error", timeout=15)
        self.sync()
