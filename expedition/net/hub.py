"""Provides `Hub`: the one authoritative `Session`, served to client processes over a local socket.

The SSH server (or a streamer's own game) issues a one-time token per connection naming its seat;
the client process it starts presents the token, and from then on the hub sends it only that
seat's filtered view and events, and accepts only that seat's actions and answers (the session
itself checks the seat again). A client that sends a malformed or oversized frame, or that reads
too slowly for its backlog to stay under the write limit, is dropped; the game goes on.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from expedition.net.frames import CLIENT_FRAME_LIMIT, FrameError, encode_frame, read_frame
from expedition.net.plain_forms import decision_to_plain, events_to_plain, seat_to_plain, seat_view_to_plain
from expedition.persistence.state import action_from_plain
from expedition.session.port import SubmitResult, Update
from expedition.session.seat_view import SeatView
from expedition.session.session import Session
from expedition.session.views import Seat

__all__ = ["HELLO_TIMEOUT", "WRITE_LIMIT", "Hub"]

logger = logging.getLogger(__name__)

HELLO_TIMEOUT = 10.0
"""Seconds a client has to present its token."""
WRITE_LIMIT = 8 * 1024 * 1024
"""Bytes of unread frames a client may fall behind by before it is dropped."""


@dataclass(slots=True, eq=False)
class _Client:
    seat: Seat
    label: str
    writer: asyncio.StreamWriter
    unsubscribe: Callable[[], None] = field(default=lambda: None)


class Hub:
    """Serves one session to client processes over a Unix socket.

    Args:
        session: The authoritative session; the hub calls it from its event loop only.
        campaign: The campaign's name, shown by clients.
        write_limit: See `WRITE_LIMIT`.
    """

    def __init__(self, session: Session, campaign: str = "", *, write_limit: int = WRITE_LIMIT) -> None:
        self.session = session
        self.campaign = campaign
        self.write_limit = write_limit
        self.lobby = ""
        """The lobby line sent to every client (who plays, who watches, idle times)."""
        self.on_lobby: Callable[[str], None] | None = None
        """Called with the new lobby line whenever it changes (the host's own app listens)."""
        self._tokens: dict[str, tuple[Seat, str]] = {}
        self._plain: dict[Seat, tuple[SeatView, dict[str, Any]]] = {}  # each seat's last view, encoded once
        self._told: dict[Seat, tuple[Update, dict[str, Any]]] = {}  # and its last update
        self._clients: set[_Client] = set()
        self._server: asyncio.AbstractServer | None = None
        self.path: Path | None = None

    @property
    def clients(self) -> int:
        """Clients connected now."""
        return len(self._clients)

    async def start(self, path: Path) -> None:
        """Listen on the Unix socket `path` (its folder should be private to this user)."""
        self.path = path
        self._server = await asyncio.start_unix_server(self._serve, path=str(path), limit=CLIENT_FRAME_LIMIT)
        path.chmod(0o600)

    async def close(self) -> None:
        """Stop listening and drop every client."""
        if self._server is not None:
            self._server.close()
        for client in list(self._clients):
            self._drop(client)
        if self._server is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._server.wait_closed(), 2)
        self._server = None

    def issue(self, seat: Seat, label: str = "") -> str:
        """A one-time token that lets one client take `seat`.

        Args:
            seat: The seat the client will hold.
            label: Who it is, for the lobby line ("spectator", a player's name).
        """
        token = secrets.token_urlsafe(24)
        self._tokens[token] = (seat, label or seat.kind.value)
        return token

    def revoke(self, token: str) -> None:
        """Forget a token that was never used (its connection went away first)."""
        self._tokens.pop(token, None)

    def set_lobby(self, text: str) -> None:
        """Change the lobby line and tell every client."""
        if text == self.lobby:
            return
        self.lobby = text
        for client in list(self._clients):
            self._send(client, {"t": "lobby", "text": text})
        if self.on_lobby is not None:
            try:
                self.on_lobby(text)
            except Exception:  # a listener's bug must not stop the clients' lobby line
                logger.exception("lobby listener failed")

    # --- one client --------------------------------------------------------------------------

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        client: _Client | None = None
        try:
            hello = await asyncio.wait_for(read_frame(reader, CLIENT_FRAME_LIMIT), HELLO_TIMEOUT)
            token = hello.get("token") if hello and hello.get("t") == "hello" else None
            entry = self._tokens.pop(token, None) if isinstance(token, str) else None
            if entry is None:
                return
            seat, label = entry
            client = _Client(seat, label, writer)
            self._clients.add(client)
            self._welcome(client)
            client.unsubscribe = self.session.subscribe(lambda update: self._update(client, update), seat)
            while client in self._clients:
                message = await read_frame(reader, CLIENT_FRAME_LIMIT)
                if message is None:
                    break
                self._handle(client, message)
        except (FrameError, TimeoutError, ConnectionError, OSError) as error:
            logger.info("client dropped: %s", error)
        finally:
            if client is not None:
                self._drop(client)
            else:
                writer.close()

    def _drop(self, client: _Client) -> None:
        client.unsubscribe()
        self._clients.discard(client)
        client.writer.close()

    def _send(self, client: _Client, message: dict[str, Any]) -> None:
        if client not in self._clients:
            return
        transport = client.writer.transport
        if transport.is_closing() or transport.get_write_buffer_size() > self.write_limit:
            self._drop(client)  # too slow to keep up: it goes, the game does not wait
            return
        try:
            client.writer.write(encode_frame(message))
        except (FrameError, OSError, RuntimeError):
            logger.exception("could not send to a client; dropped")
            self._drop(client)

    def _welcome(self, client: _Client) -> None:
        self._send(
            client,
            {
                "t": "welcome",
                "seat": seat_to_plain(client.seat),
                "campaign": self.campaign,
                "view": self._view_plain(self.session.view(client.seat)),
                "lobby": self.lobby,
            },
        )

    def _update(self, client: _Client, update: Update) -> None:
        told = self._told.get(client.seat)
        if told is None or told[0] is not update:  # every client of a seat shares one update
            message = {
                "t": "update",
                "events": events_to_plain(update.events),
                "view": self._view_plain(update.view),
                "committed": update.committed,
            }
            told = self._told[client.seat] = (update, message)
        self._send(client, told[1])

    def _view_plain(self, view: SeatView) -> dict[str, Any]:
        """The view's plain form, encoded once however many clients hold its seat."""
        last = self._plain.get(view.seat)
        if last is not None and last[0] is view:
            return last[1]
        plain = seat_view_to_plain(view)
        self._plain[view.seat] = (view, plain)
        return plain

    def _handle(self, client: _Client, message: dict[str, Any]) -> None:
        kind, ident = message["t"], message.get("id")
        if type(ident) is not int:
            raise FrameError("a request needs an integer id")
        result: SubmitResult
        if kind == "submit":
            try:
                action = action_from_plain(message.get("action"))
            except Exception as error:
                result = SubmitResult(False, f"That is not an action: {error}")
            else:
                result = self.session.submit(client.seat, action)
        elif kind == "answer" and isinstance(message.get("key"), str):
            result = self.session.answer(client.seat, message["key"])
        else:
            raise FrameError(f"unknown request {kind!r}")
        self._send(
            client,
            {
                "t": "result",
                "id": ident,
                "ok": result.ok,
                "reason": result.reason,
                "pending": decision_to_plain(result.pending_decision),
                "waiting": result.waiting_for,
            },
        )
