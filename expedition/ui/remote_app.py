"""Provides `run_remote_client`: the game client an SSH connection runs, on the hub's remote session.

It is the ordinary app opened on a `RemoteSession`, with everything that would touch the
server's disk taken away (no new game, no continue, no load, no screenshots): leaving the campaign
quits.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import sys
import termios
from typing import Any

from expedition.net.remote import RemoteSession
from expedition.net.ssh import SOCKET_ENV, TOKEN_ENV
from expedition.session.views import SeatKind
from expedition.ui.app import ExpeditionApp
from expedition.ui.screens.dungeon.expedition_screen import ExpeditionScreen
from expedition.ui.screens.party_screen import PartyScreen

__all__ = ["RemoteApp", "run_remote_client"]


class RemoteApp(ExpeditionApp):
    """The app of one remote connection: its campaign only, nothing saved here."""

    def __init__(self, remote: RemoteSession) -> None:
        super().__init__(session=remote, seat=remote.seat)
        self.remote = remote
        seat = (
            "watching"
            if remote.seat.kind is SeatKind.SPECTATOR
            else f"playing as {remote.seat.player or 'host'}"
        )
        self.sub_title = f"{remote.campaign} · {seat}"

    def _party_closed(self, _: Any) -> None:
        self.exit()

    def lobby_changed(self) -> None:
        """Redraw the screens that show the lobby line (someone joined, left or went idle)."""
        for screen in self.screen_stack:
            if isinstance(screen, ExpeditionScreen) and screen.is_mounted:
                screen.refresh_from_session()
            elif isinstance(screen, PartyScreen) and screen.is_mounted:
                screen.redraw()

    def action_new_game(self) -> None:
        """Not here: a remote connection plays the served campaign only."""

    def open_saved(self, name: str | None) -> bool:
        """Not here: a remote connection plays the served campaign only."""
        return False

    def action_load_campaign(self) -> None:
        """Not here: a remote connection plays the served campaign only."""

    @property
    def at_the_host(self) -> bool:
        """Never, whatever the seat: this process runs on the server, not the viewer's computer.

        A screenshot (from the palette, a key or a link) would land on the server's disk.
        """
        return False


def run_remote_client() -> int:
    """Connect to the hub named in the environment and run the client; the exit code."""
    path, token = os.environ.get(SOCKET_ENV, ""), os.environ.get(TOKEN_ENV, "")
    os.environ.pop(TOKEN_ENV, None)
    if not path or not token:
        print("expedition: this command is started by `expedition serve`", file=sys.stderr)
        return 2
    # The pty the server opened becomes this process's controlling terminal, so resizes arrive.
    with contextlib.suppress(OSError):
        fcntl.ioctl(sys.stdin.fileno(), termios.TIOCSCTTY, 0)
    try:
        remote = RemoteSession.connect(path, token)
    except (OSError, ConnectionError) as error:
        print(f"expedition: cannot reach the game: {error}", file=sys.stderr)
        return 1
    app = RemoteApp(remote)

    def lost() -> None:
        with contextlib.suppress(Exception):
            app.call_from_thread(app.exit)

    def lobby() -> None:
        with contextlib.suppress(Exception):
            app.call_from_thread(app.lobby_changed)

    remote.on_lost = lost
    remote.on_lobby = lobby
    try:
        app.run()
    finally:
        remote.close()
    return 0
