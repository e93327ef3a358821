"""Provides `serve_ssh`: runs a session's hub and SSH server in one event loop until stopped.

The hub's socket lives in a fresh folder only this user may enter, so nobody else on the
machine can reach the session, and it is removed on the way out.
"""

from __future__ import annotations

import asyncio
import contextlib
import shutil
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path

from expedition.net.hub import Hub
from expedition.net.keys import load_host_key
from expedition.net.ssh import ServerOptions, SshServer
from expedition.session.session import Session

__all__ = ["SAVE_RETRY_SECONDS", "retry_saves_until", "serve_ssh", "start_ssh"]


async def start_ssh(
    session: Session,
    campaign: str,
    key_folder: Path,
    client_command: Sequence[str],
    options: ServerOptions,
) -> tuple[Hub, SshServer, Path]:
    """Start a hub for `session` and an SSH server in front of it.

    Args:
        session: The authoritative session (used from this event loop only from now on).
        campaign: The campaign's name, shown to clients.
        key_folder: Where the host key is kept (the campaign's folder).
        client_command: The program each connection runs.
        options: See `ServerOptions`.

    Returns:
        The hub, the server and the private folder holding the hub's socket.
    """
    private = Path(tempfile.mkdtemp(prefix="expedition-"))
    private.chmod(0o700)
    hub = Hub(session, campaign)
    await hub.start(private / "hub.sock")
    server = SshServer(
        hub,
        load_host_key(key_folder),
        client_command,
        options,
        lambda: [(p.id, p.name) for p in session.state.players],
    )
    try:
        await server.start()
    except BaseException:
        await hub.close()
        shutil.rmtree(private, ignore_errors=True)
        raise
    return hub, server, private


async def serve_ssh(
    session: Session,
    campaign: str,
    key_folder: Path,
    client_command: Sequence[str],
    options: ServerOptions,
    *,
    ready: Callable[[SshServer], None] | None = None,
    stop: asyncio.Event | None = None,
) -> None:
    """Serve until `stop` is set (or the task is cancelled), then close everything.

    Args:
        session: The authoritative session.
        campaign: The campaign's name.
        key_folder: Where the host key is kept.
        client_command: The program each connection runs.
        options: See `ServerOptions`.
        ready: Called once the server listens.
        stop: Set it to stop serving.
    """
    hub, server, private = await start_ssh(session, campaign, key_folder, client_command, options)
    try:
        if ready is not None:
            ready(server)
        await retry_saves_until(session, stop or asyncio.Event())
    finally:
        with contextlib.suppress(Exception):
            await server.close()
        await hub.close()
        shutil.rmtree(private, ignore_errors=True)


SAVE_RETRY_SECONDS = 5.0
"""How often a served game whose saving fails tries again (the host's own app does it itself)."""


async def retry_saves_until(session: Session, stop: asyncio.Event, every: float = SAVE_RETRY_SECONDS) -> None:
    """Until `stop` is set, try the session's failed saves again every `every` seconds.

    A served game may have no app at the host's keyboard to retry; without this its disk banner
    would stay until the next action. Each retry that works tells every seat, so their banners go.
    """
    while not stop.is_set():
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), every)
        if not stop.is_set():
            session.retry_saving()
