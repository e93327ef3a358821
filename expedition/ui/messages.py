"""Provides the app-wide messages: what the session told a screen."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.message import Message

if TYPE_CHECKING:
    from expedition.session.port import Update


class SessionUpdated(Message):
    """The session reported an update for a screen's seat.

    The app's feed (`ui.session_feed`) posts it to the app from the port's callback, so the update
    is handled on the app's own message queue (safe when a served game calls from its own thread).
    """

    def __init__(self, update: Update) -> None:
        super().__init__()
        # Not `self.update`: Textual's message queue merges `Update` messages by that name.
        self.session_update = update
        """What the session said."""
