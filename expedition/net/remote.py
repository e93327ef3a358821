"""Provides `RemoteSession`: the session port of a client process, spoken over the hub's local socket.

It implements `SessionPort` as the local `Session` does, so the screens cannot tell them apart:
`submit`, `answer`, `subscribe`, `view`. A reader thread receives the hub's frames, rebuilds each
seat view from its plain form (the filtered state is decoded only when a screen reads it; the
options come worked out by the server) and calls the subscribers (the app only `post_message`s from
its callback, which is thread-safe). `submit` and `answer` wait for the hub's reply.
"""

from __future__ import annotations

import contextlib
import itertools
import logging
import socket
import threading
from collections.abc import Callable
from typing import Any

from expedition.net.frames import (
    CLIENT_FRAME_LIMIT,
    SERVER_FRAME_LIMIT,
    FrameDecoder,
    FrameError,
    encode_frame,
)
from expedition.net.plain_forms import (
    WireError,
    decision_from_plain,
    events_from_plain,
    seat_from_plain,
    seat_view_from_plain,
)
from expedition.persistence.state import action_to_plain
from expedition.rules.core.actions import Action
from expedition.rules.core.decisions import Decision
from expedition.rules.core.world import World
from expedition.session.catalog_world import world_or_none
from expedition.session.port import SubmitResult, Subscriber, Update
from expedition.session.seat_view import SeatView
from expedition.session.views import Seat, SeatKind

__all__ = ["REPLY_TIMEOUT", "RemoteSession"]

logger = logging.getLogger(__name__)

REPLY_TIMEOUT = 15.0
"""Seconds to wait for the game to answer a request."""


class RemoteSession:
    """A client's view of the authoritative session (see the module docstring).

    Args:
        sock: A socket connected to the hub.
        token: The one-time token naming this client's seat.
        timeout: Seconds to wait for the welcome.

    Raises:
        ConnectionError: When the hub refuses the token or does not answer.
    """

    load_report = None
    """Nothing was loaded here."""

    def __init__(self, sock: socket.socket, token: str, *, timeout: float = 10.0) -> None:
        self._sock = sock
        self._decoder = FrameDecoder(SERVER_FRAME_LIMIT)
        self._lock = threading.Lock()
        self._ids = itertools.count(1)
        self._replies: dict[int, dict[str, Any]] = {}
        self._reply_ready = threading.Condition(self._lock)
        self._subscribers: list[Subscriber] = []
        self._closed = False
        self.on_lost: Callable[[], None] | None = None
        """Called (from the reader thread) when the connection to the game ends."""
        self.lobby = ""
        """Who plays, who watches, idle times (the server's lobby line)."""
        self.on_lobby: Callable[[], None] | None = None
        """Called (from the reader thread) when the lobby line changes, to redraw it."""
        sock.settimeout(timeout)
        self._send({"t": "hello", "token": token})
        welcome = self._receive_one()
        if welcome.get("t") != "welcome":
            raise ConnectionError("the game refused this connection")
        try:
            self.seat: Seat = seat_from_plain(welcome.get("seat"))
            self.campaign = str(welcome.get("campaign", ""))
            self._view: SeatView = seat_view_from_plain(welcome.get("view"))
            self._view.state  # noqa: B018  # decoded now: a welcome that does not decode is refused here
        except (KeyError, TypeError, WireError) as error:
            raise ConnectionError(f"the game's welcome was malformed: {error}") from error
        self.lobby = str(welcome.get("lobby", ""))
        sock.settimeout(None)
        self._world: World | None = None
        self._reader = threading.Thread(target=self._read_loop, name="remote-session", daemon=True)
        self._reader.start()

    @classmethod
    def connect(cls, path: str, token: str) -> RemoteSession:
        """Connect to the hub listening on the Unix socket `path`."""
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.connect(path)
        return cls(sock, token)

    @property
    def world(self) -> World | None:
        """The shipped content, read locally (content is not secret)."""
        if self._world is None:
            self._world = world_or_none()
        return self._world

    @property
    def name(self) -> str:
        """No name here: the screens call a served campaign "Campaign" (the title bar names it)."""
        return ""

    @property
    def pending(self) -> Decision | None:
        """The decision the game waits for, if any (as the last view said)."""
        return self._view.pending

    @property
    def banner(self) -> str:
        """Who this client is, who plays and where, and the server's lobby line."""
        state = self._view.state
        names = {p.id: p.name for p in state.players}
        me = (
            "Watching"
            if self.seat.kind is SeatKind.SPECTATOR
            else f"You: {names.get(self.seat.player, 'host')}"
        )
        players = ", ".join(names.values()) or "nobody"
        expedition = state.expedition
        if expedition is not None:  # the dungeon's own name, not its id ("dungeon-1", `place_ids`)
            where = f"{expedition.dungeon.name}, level {expedition.depth}"
        else:
            where = state.location.replace("_", " ").capitalize() if state.location else "nowhere"
        text = f"{me} · players {players} · at {where}"
        return f"{text}\n{self.lobby}" if self.lobby else text

    # --- the port ------------------------------------------------------------------------------

    def submit(self, seat: Seat, action: Action) -> SubmitResult:
        """Ask the game to apply `action` for this client's seat (`seat` is ignored: the hub knows it)."""
        return self._request({"t": "submit", "action": action_to_plain(action)})

    def answer(self, seat: Seat, key: str) -> SubmitResult:
        """Answer the pending decision."""
        return self._request({"t": "answer", "key": key})

    def subscribe(self, callback: Subscriber, seat: Seat | None = None) -> Callable[[], None]:
        """Receive every update for this client's seat."""
        self._subscribers.append(callback)

        def unsubscribe() -> None:
            if callback in self._subscribers:
                self._subscribers.remove(callback)

        return unsubscribe

    def view(self, seat: Seat | None = None) -> SeatView:
        """The latest view of this client's seat the game sent (`seat` is ignored: it is this one)."""
        return self._view

    def retry_saving(self) -> bool:
        """Nothing to do: the game's host retries its saves; True when the last view says they work."""
        return self._view.saving.ok

    def save_elsewhere(self, seat: Seat, folder: str) -> SubmitResult:
        """Refused: only the host, at the machine the saves are on, may choose another folder."""
        return SubmitResult(False, "Only the host can save the campaign elsewhere.")

    def close(self) -> None:
        """Leave the game."""
        self._closed = True
        with contextlib.suppress(OSError):
            self._sock.shutdown(socket.SHUT_RDWR)
        self._sock.close()

    # --- internals -------------------------------------------------------------------------------

    def _send(self, message: dict[str, Any]) -> None:
        self._sock.sendall(encode_frame(message, CLIENT_FRAME_LIMIT))

    def _receive_one(self) -> dict[str, Any]:
        while True:
            data = self._sock.recv(65536)
            if not data:
                raise ConnectionError("the game closed the connection")
            messages = self._decoder.feed(data)
            if messages:
                if len(messages) > 1:
                    self._early = messages[1:]
                return messages[0]

    def _request(self, message: dict[str, Any]) -> SubmitResult:
        ident = next(self._ids)
        try:
            self._send({**message, "id": ident})
        except (OSError, FrameError) as error:
            return SubmitResult(False, f"The game cannot be reached: {error}")
        with self._reply_ready:
            ready = self._reply_ready.wait_for(lambda: ident in self._replies or self._closed, REPLY_TIMEOUT)
            reply = self._replies.pop(ident, None)
        if not ready or reply is None:
            return SubmitResult(False, "The game did not answer in time.")
        try:
            pending = decision_from_plain(reply.get("pending"))
        except WireError:
            pending = None
        return SubmitResult(
            bool(reply.get("ok")), str(reply.get("reason", "")), pending, str(reply.get("waiting", ""))
        )

    def _read_loop(self) -> None:
        try:
            for message in getattr(self, "_early", []):
                self._dispatch(message)
            while not self._closed:
                data = self._sock.recv(65536)
                if not data:
                    break
                for message in self._decoder.feed(data):
                    self._dispatch(message)
        except (OSError, FrameError, WireError) as error:
            if not self._closed:
                logger.warning("connection to the game lost: %s", error)
        finally:
            with self._reply_ready:
                self._closed = True
                self._reply_ready.notify_all()
            if self.on_lost is not None:
                self.on_lost()

    def _dispatch(self, message: dict[str, Any]) -> None:
        kind = message["t"]
        if kind == "result":
            with self._reply_ready:
                self._replies[int(message.get("id", 0))] = message
                self._reply_ready.notify_all()
        elif kind == "lobby":
            self.lobby = str(message.get("text", ""))
            if self.on_lobby is not None:
                try:
                    self.on_lobby()
                except Exception:  # a redraw's bug must not stop the updates
                    logger.exception("lobby listener failed")
        elif kind == "update":
            view = seat_view_from_plain(message.get("view"))
            self._view = view
            update = Update(
                self.seat,
                events_from_plain(message.get("events", [])),
                view,
                view.pending,
                view.waiting_for,
                bool(message.get("committed")),
            )
            for callback in list(self._subscribers):
                try:
                    callback(update)
                except Exception:  # one screen's bug must not stop the updates
                    logger.exception("subscriber failed")
