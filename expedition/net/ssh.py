"""Provides `SshServer`: spectators and keyed co-op players connect over SSH, each to their own client.

Authentication decides the seat: a public key listed in the authorized-keys file seats its player;
anyone else (when spectators are allowed) passes keyboard-interactive without a question and
watches. Each session channel must ask for a pty and a shell; the server then starts one client
process on its own pseudo-terminal (`PtyClient`) with a one-time hub token for that seat, and
copies bytes both ways. Exec, subsystems (SFTP), port forwarding, agent and X11 forwarding are
refused. New connections are rate-limited per address; idle connections are closed.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import asyncssh

from expedition.net.hub import Hub
from expedition.net.keys import AuthorizedKey
from expedition.net.pty_client import PtyClient
from expedition.session.views import Seat

__all__ = ["ServerOptions", "SshServer"]

logger = logging.getLogger(__name__)

TOKEN_ENV = "EXPEDITION_CLIENT_TOKEN"
"""The child's environment variable holding its hub token."""
SOCKET_ENV = "EXPEDITION_CLIENT_SOCKET"
"""The child's environment variable holding the hub's socket path."""
WRITE_HIGH = 256 * 1024
"""Bytes queued for a slow SSH client before its game client's output is paused."""


@dataclass(slots=True)
class ServerOptions:
    """How the SSH server behaves.

    Attributes:
        host: The address to listen on (loopback by default).
        port: The TCP port (0 picks a free one).
        spectators: Whether anyone without a key may watch.
        player_idle: Seconds without a keystroke before a player is disconnected (0: never).
        spectator_idle: The same for spectators (two hours by default).
        rate: New connections allowed per address within `rate_window` seconds.
        rate_window: See `rate`.
        keys: The authorized keys and the players they seat.
    """

    host: str = "127.0.0.1"
    port: int = 2222
    spectators: bool = True
    player_idle: float = 0.0
    spectator_idle: float = 7200.0
    rate: int = 30
    rate_window: float = 60.0
    keys: Sequence[AuthorizedKey] = ()


@dataclass(slots=True, eq=False)
class _Viewer:
    seat: Seat
    label: str
    address: str
    since: float = field(default_factory=time.monotonic)
    last_input: float = field(default_factory=time.monotonic)


class _Connection(asyncssh.SSHServer):
    def __init__(self, server: SshServer) -> None:
        self.server = server
        self.seat = Seat.spectator()
        self.label = "spectator"
        self.address = "?"
        self.conn: asyncssh.SSHServerConnection | None = None

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        self.server.connections.add(conn)
        peer = conn.get_extra_info("peername")
        self.address = str(peer[0]) if peer else "?"
        if not self.server.admit(self.address):
            logger.warning("too many connections from %s; refused", self.address)
            conn.close()

    def connection_lost(self, exc: Exception | None) -> None:
        if self.conn is not None:
            self.server.connections.discard(self.conn)

    def begin_auth(self, username: str) -> bool:
        return True

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        data = key.export_public_key("openssh").decode().split()[1]
        seat = self.server.seat_for_key(data)
        if seat is None:
            return False
        self.seat, self.label = seat
        return True

    def kbdint_auth_supported(self) -> bool:
        return self.server.options.spectators

    def get_kbdint_challenge(self, username: str, lang: str, submethods: str) -> bool:
        # Watching needs no secret: the client is let in without a question, as a spectator.
        self.seat, self.label = Seat.spectator(), "spectator"
        return self.server.options.spectators

    def password_auth_supported(self) -> bool:
        return False

    def session_requested(self) -> asyncssh.SSHServerSession[bytes]:
        return _GameChannel(self.server, self.seat, self.label, self.address)

    def connection_requested(self, *args: Any) -> bool:
        return False  # no port forwarding

    def server_requested(self, *args: Any) -> bool:
        return False

    def unix_connection_requested(self, *args: Any) -> bool:
        return False

    def unix_server_requested(self, *args: Any) -> bool:
        return False


class _GameChannel(asyncssh.SSHServerSession):  # type: ignore[type-arg]
    def __init__(self, server: SshServer, seat: Seat, label: str, address: str) -> None:
        self.server = server
        self.viewer = _Viewer(seat, label, address)
        self.chan: asyncssh.SSHServerChannel[bytes] | None = None
        self.client: PtyClient | None = None
        self.size = (80, 24)
        self.has_pty = False
        self.token = ""
        self.lost = False
        """True once the SSH channel has gone (its client must not start, or must stop)."""

    def connection_made(self, chan: asyncssh.SSHServerChannel[bytes]) -> None:
        self.chan = chan
        chan.set_write_buffer_limits(WRITE_HIGH)

    def pty_requested(self, term_type: str, term_size: tuple[int, int, int, int], term_modes: Any) -> bool:
        self.has_pty = True
        self.size = (term_size[0] or 80, term_size[1] or 24)
        return True

    def shell_requested(self) -> bool:
        return self.has_pty

    def exec_requested(self, command: str) -> bool:
        logger.info("refused exec %r from %s", command[:80], self.viewer.address)
        return False

    def subsystem_requested(self, subsystem: str) -> bool:
        return False

    def session_started(self) -> None:
        self.server.spawn(self.server.start_client(self))

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        self.size = (width or 80, height or 24)
        if self.client is not None:
            self.client.resize(*self.size)

    def data_received(self, data: bytes, datatype: Any) -> None:
        self.viewer.last_input = time.monotonic()
        if self.client is not None:
            self.client.write(data)

    def eof_received(self) -> bool:
        return False

    def pause_writing(self) -> None:
        if self.client is not None:
            self.client.pause()

    def resume_writing(self) -> None:
        if self.client is not None:
            self.client.resume()

    def connection_lost(self, exc: Exception | None) -> None:
        self.lost = True  # at once: a client still to be started sees it before it spawns
        self.server.spawn(self.server.end_client(self))

    def output(self, data: bytes) -> None:
        if self.chan is not None and not self.chan.is_closing():
            self.chan.write(data)

    def ended(self) -> None:
        if self.chan is not None:
            with contextlib.suppress(Exception):
                self.chan.exit(0)


class SshServer:
    """The SSH front of a hub (see the module docstring).

    Args:
        hub: The hub that owns the session.
        host_key: The server's host key.
        client_command: The program each connection runs (it reads the socket and token
            from `EXPEDITION_CLIENT_SOCKET` and `EXPEDITION_CLIENT_TOKEN`).
        options: See `ServerOptions`.
        players: Player ids and names of the campaign, to match authorized keys to seats.
    """

    def __init__(
        self,
        hub: Hub,
        host_key: asyncssh.SSHKey,
        client_command: Sequence[str],
        options: ServerOptions,
        players: Callable[[], list[tuple[str, str]]],
    ) -> None:
        self.hub = hub
        self.host_key = host_key
        self.client_command = list(client_command)
        self.options = options
        self.players = players
        self.viewers: set[_Viewer] = set()
        self._channels: set[_GameChannel] = set()
        self.connections: set[asyncssh.SSHServerConnection] = set()
        """Open SSH connections (closed, and waited for, when the server closes)."""
        self._tasks: set[asyncio.Task[None]] = set()
        self._arrivals: dict[str, deque[float]] = {}
        self._acceptor: asyncssh.SSHAcceptor | None = None
        self._watch: asyncio.Task[None] | None = None
        self._closing = False

    @property
    def port(self) -> int:
        """The port listened on (useful when `options.port` was 0)."""
        assert self._acceptor is not None
        return int(self._acceptor.get_port())

    async def start(self) -> None:
        """Start listening."""
        self._acceptor = await asyncssh.create_server(
            lambda: _Connection(self),
            self.options.host,
            self.options.port,
            server_host_keys=[self.host_key],
            encoding=None,
            line_editor=False,
            agent_forwarding=False,
            x11_forwarding=False,
            allow_scp=False,
            sftp_factory=None,
            login_timeout=30,
            keepalive_interval=60,
        )
        self._watch = asyncio.get_running_loop().create_task(self._watch_idle())

    async def close(self) -> None:
        """Stop listening, close every connection and its client, and wait for every client process."""
        self._closing = True
        if self._watch is not None:
            self._watch.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._watch
        if self._acceptor is not None:
            self._acceptor.close()
            await self._acceptor.wait_closed()
        # All at once: each client may take its grace period to stop.
        await asyncio.gather(*(self.end_client(channel) for channel in list(self._channels)))
        for conn in list(self.connections):
            conn.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(conn.wait_closed(), 2)
        self.connections.clear()
        while self._tasks:  # closing a connection starts its channel's `end_client`: wait for those too
            await asyncio.gather(*self._tasks, return_exceptions=True)

    # --- admission and seats -----------------------------------------------------------------

    def admit(self, address: str) -> bool:
        """Record a new connection from `address`; False when it came too often lately."""
        now = time.monotonic()
        arrivals = self._arrivals.setdefault(address, deque())
        while arrivals and now - arrivals[0] > self.options.rate_window:
            arrivals.popleft()
        if len(arrivals) >= self.options.rate:
            return False
        arrivals.append(now)
        if len(self._arrivals) > 10000:  # forget quiet addresses so the table cannot grow forever
            for quiet in [a for a, times in self._arrivals.items() if not times]:
                del self._arrivals[quiet]
        return True

    def seat_for_key(self, key: str) -> tuple[Seat, str] | None:
        """The seat and label an authorized key gives, or None for an unknown key."""
        for entry in self.options.keys:
            if entry.key != key:
                continue
            if entry.player.lower() == "host":
                return Seat.host(), "host"
            for player_id, name in self.players():
                if entry.player in (player_id, name) or entry.player.lower() == name.lower():
                    return Seat.for_player(player_id), name
        return None

    # --- clients -------------------------------------------------------------------------------

    def spawn(self, coroutine: Any) -> asyncio.Task[None]:
        """Run a coroutine as a task the server keeps (and `close` waits for) until it ends."""
        task = asyncio.get_running_loop().create_task(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    async def start_client(self, channel: _GameChannel) -> None:
        """Start the client process of a new channel.

        The channel is registered before anything is started, so an `end_client` that comes at
        any point stops whatever has been started by then (`PtyClient.close` waits for a child
        still starting); a channel already gone starts nothing.
        """
        if channel.lost or self._closing:
            channel.ended()
            return
        self._channels.add(channel)
        self.viewers.add(channel.viewer)
        channel.token = self.hub.issue(channel.viewer.seat, channel.viewer.label)
        assert self.hub.path is not None
        client = PtyClient(
            self.client_command,
            {TOKEN_ENV: channel.token, SOCKET_ENV: str(self.hub.path), "TERM": "xterm-256color"},
            channel.size,
            channel.output,
            channel.ended,
        )
        channel.client = client
        try:
            await client.start()
        except Exception:  # any failure to start: the connection is told, and cleaned up
            logger.exception("could not start a client")
            channel.ended()
            await self.end_client(channel)
            return
        if channel.lost or channel not in self._channels:
            await client.close()  # the connection went while the child was starting
            return
        self._lobby()

    async def end_client(self, channel: _GameChannel) -> None:
        """Stop a channel's client, wait for its process, and forget it (the game is not touched)."""
        if channel not in self._channels:
            return
        self._channels.discard(channel)
        self.viewers.discard(channel.viewer)
        self.hub.revoke(channel.token)
        client, channel.client = channel.client, None
        try:
            if client is not None:
                # A task of its own, which `close` waits for: a cancelled caller (the idle watch)
                # does not leave the child half-stopped.
                await asyncio.shield(self.spawn(client.close()))
        finally:
            if channel.chan is not None:
                with contextlib.suppress(Exception):
                    channel.chan.close()
            self._lobby()

    def lobby_line(self) -> str:
        """Who plays and who watches, with idle times."""
        now = time.monotonic()
        players = [v for v in self.viewers if v.seat.kind.value != "spectator"]
        watching = [v for v in self.viewers if v.seat.kind.value == "spectator"]
        parts = [f"{v.label} (idle {int(now - v.last_input) // 60}m)" for v in players]
        line = "Playing: " + (", ".join(sorted(parts)) or "nobody remote")
        line += f" · Watching: {len(watching)}"
        if watching:
            line += f" (longest idle {int(max(now - v.last_input for v in watching)) // 60}m)"
        return line

    def _lobby(self) -> None:
        self.hub.set_lobby(self.lobby_line())

    async def _watch_idle(self) -> None:
        while True:
            await asyncio.sleep(5)
            now = time.monotonic()
            for channel in list(self._channels):
                viewer = channel.viewer
                limit = (
                    self.options.spectator_idle
                    if viewer.seat.kind.value == "spectator"
                    else self.options.player_idle
                )
                if limit and now - viewer.last_input > limit:
                    logger.info("closing idle %s from %s", viewer.label, viewer.address)
                    await self.end_client(channel)
            self._lobby()
