"""Provides the app-wide messages: what the session told a screen."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.message import Message

if TYPE_CHECKING:
    from expedition.session.session import Update


class SessionUpdated(Message):
    """The session reported an update for a screen's seat.

    A screen subscribes to the session and posts this to itself, so the update is handled on
    the screen's own message queue (safe should the session ever call from another thread).
    """

    def __init__(self, update: Update) -> None:
        super().__init__()
        # Not `self.update`: Textual's message queue merges `Update` messages by that name.
        self.session_update = update
        """What the session said."""
