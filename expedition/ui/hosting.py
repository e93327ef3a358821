"""Provides `SshHosting`: the player's own game also served over SSH, from the app's event loop.

`expedition new|continue|load --ssh PORT` keeps the ordinary app in the player's terminal and
runs the hub and the SSH server as a task in the same asyncio loop as Textual, on the very
session the app plays. Nothing crosses a thread: a remote player's action reaches the session
from this loop, and the app's screens, subscribed to the session, redraw at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from expedition.net.hub import Hub
from expedition.net.serve import serve_ssh
from expedition.net.ssh import ServerOptions, SshServer
from expedition.session.session import Session

__all__ = ["HostedServer", "SshHosting"]

logger = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class SshHosting:
    """How to serve the campaign the player opens.

    Attributes:
        options: The SSH server's options (address, port, keys, spectators, idle times).
        client_command: The program each connection runs (`expedition serve-client`).
    """

    options: ServerOptions
    client_command: Sequence[str]


class HostedServer:
    """Serves one session over SSH from the running event loop until stopped.

    Args:
        hosting: What to serve and how.
        session: The authoritative session (the app's own).
        tell: Called with a line for the player (listening, who connected, errors).
    """

    def __init__(self, hosting: SshHosting, session: Session, tell: Callable[[str, bool], None]) -> None:
        self.hosting = hosting
        self.session = session
        self.tell = tell
        self.server: SshServer | None = None
        """The SSH server, once it listens."""
        self._stop = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._connected = 0

    def start(self) -> None:
        """Start serving as a task of the running loop."""
        self._task = asyncio.get_running_loop().create_task(self._run())

    async def _run(self) -> None:
        store = self.session.store
        if store is None:
            self.tell("This campaign is not saved, so it cannot be served over SSH.", True)
            return
        try:
            await serve_ssh(
                self.session,
                store.name,
                store.folder,
                self.hosting.client_command,
                self.hosting.options,
                ready=self._ready,
                stop=self._stop,
            )
        except OSError as error:
            self.tell(f"Cannot serve over SSH: {error.strerror or error}", True)
        except Exception as error:  # the player's own game goes on whatever the server does
            logger.exception("the SSH server failed")
            self.tell(f"The SSH server stopped: {type(error).__name__}: {error}", True)

    def _ready(self, server: SshServer) -> None:
        self.server = server
        hub: Hub = server.hub
        hub.on_lobby = self._lobby
        host = self.hosting.options.host
        self.tell(f"Serving over SSH on {host} port {server.port}: ssh -p {server.port} {host}", False)

    def _lobby(self, text: str) -> None:
        connected = len(self.server.viewers) if self.server is not None else 0
        if connected != self._connected:
            self._connected = connected
            self.tell(text, False)

    async def stop(self) -> None:
        """Stop serving: close every connection and its client process, and wait for it."""
        self._stop.set()
        if self._task is not None:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await asyncio.wait_for(asyncio.shield(self._task), 10)
            if not self._task.done():
                self._task.cancel()
