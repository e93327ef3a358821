"""Provides `OnceAtATime`: an app's notifications, each shown once while it is still on screen.

A refused step shows why in a toast ("The door is locked: force it or pick the lock."). A player
who keeps pressing the arrow against that door got one more copy of the same toast per press,
stacked up the side of the map. Now a message already showing is not shown again until its toast
has gone. The clock here only times toasts on this screen; nothing of the game depends on it.
"""

from __future__ import annotations

import time
from typing import Any

from textual.app import App
from textual.notifications import SeverityLevel

__all__ = ["OnceAtATime"]


class OnceAtATime(App[None]):
    """An app whose `notify` skips a toast identical to one still showing (see the module docstring)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._showing: dict[tuple[str, str, str], float] = {}
        """Each toast shown, by (message, title, severity), with when it goes."""

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = True,
    ) -> None:
        """Show a toast, unless the same one (message, title and severity) is still showing."""
        now = time.monotonic()
        showing = self._showing
        for key in [k for k, until in showing.items() if until <= now]:
            del showing[key]
        key = (message, title, severity)
        if key in showing:
            return
        showing[key] = now + (timeout if timeout is not None else self.NOTIFICATION_TIMEOUT)
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=markup)

    def clear_notifications(self) -> None:
        """Take every toast off the screen; any may then be shown again at once."""
        self._showing.clear()
        super().clear_notifications()
