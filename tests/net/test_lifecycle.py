"""A dropped SSH connection leaves no game-client process and no file descriptor behind, whenever it drops.

Real OpenSSH clients (`ssh -tt`) against the server in a background thread of this process. Each
test kills the client at one stage of the handshake or of the session: from inside the server's
own loop (a hook wrapped around the step, so the drop lands exactly there), or from outside once
the server has reached the stage. Then, once the server says the connection is gone, no child of
this process may remain and the open descriptors are back to what they were.
"""

from __future__ import annotations

import asyncio
import signal
import subprocess
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from expedition.net import pty_client
from expedition.net.hub import Hub
from expedition.net.pty_client import PtyClient
from expedition.net.ssh import SshServer, _Connection, _GameChannel
from tests.net.leftovers import children, open_fds
from tests.net.sshkit import HAVE_TOOLS, ServerThread, ssh_command

pytestmark = pytest.mark.skipif(not HAVE_TOOLS, reason="needs ssh, ssh-keygen and tmux")

REAL_SPAWN = asyncio.create_subprocess_exec
"""The real process start, wrapped by the hooks below."""


def alive(pid: int) -> bool:
    """True while the game client `pid` runs (a zombie, not waited for, counts: it is a leak too)."""
    try:
        command = Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return False
    return b"serve-client" in command or not command  # a zombie's command line is empty


class Client:
    """One spectator's `ssh -tt`, which a hook in the server may kill."""

    def __init__(self) -> None:
        self.process: subprocess.Popen[bytes] | None = None
        self.killed = threading.Event()

    def start(self, port: int) -> None:
        self.process = subprocess.Popen(
            ssh_command(port, None, interactive=True),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
        )

    def kill(self) -> None:
        """The drop: the client dies at once, as a killed terminal or a lost laptop lid does."""
        if self.process is not None and not self.killed.is_set():
            self.process.send_signal(signal.SIGKILL)
            self.killed.set()

    def finish(self) -> None:
        assert self.process is not None
        self.kill()
        self.process.wait(20)
        for stream in (self.process.stdin, self.process.stdout):
            if stream is not None:
                stream.close()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerThread]:
    running = ServerThread(tmp_path_factory.mktemp("lifecycle"), rate=10_000)
    yield running
    running.close()


@pytest.fixture(scope="module")
def baseline(server: ServerThread) -> tuple[set[int], int]:
    """Children and descriptors with the server idle, after one whole connection has come and gone."""
    client = Client()
    client.start(server.port)
    _wait(lambda: server.call(lambda: _ssh(server).hub.clients) == 1, "the warm-up client to join")
    client.finish()
    _wait_idle(server)
    time.sleep(0.3)
    return children(), open_fds()


def _ssh(server: ServerThread) -> SshServer:
    assert server.server is not None
    return server.server


def _wait(test: Callable[[], bool], what: str, timeout: float = 30) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if test():
            return
        time.sleep(0.02)
    raise AssertionError(f"timed out waiting for {what}")


def _wait_idle(server: ServerThread) -> None:
    """Wait until the server holds no channel, viewer, hub client or pending task."""
    ssh = _ssh(server)

    def busy() -> int:
        return (
            len(ssh._channels) + len(ssh.viewers) + ssh.hub.clients + len(ssh._tasks) + len(ssh.connections)
        )

    _wait(lambda: server.call(busy) == 0, "the server to forget the connection")


def _assert_nothing_left(server: ServerThread, baseline: tuple[set[int], int], spawned: list[int]) -> None:
    _wait_idle(server)
    # The server waited for its children before it forgot them; a moment for the last reaping.
    deadline = time.monotonic() + 1.0
    while time.monotonic() < deadline and (children() - baseline[0] or open_fds() > baseline[1]):
        time.sleep(0.05)
    assert [pid for pid in spawned if alive(pid)] == []
    assert children() - baseline[0] == set()
    assert open_fds() <= baseline[1]


async def _until(test: Callable[[], bool], timeout: float = 20) -> None:
    """In the server's loop: let it run until `test` holds."""
    end = time.monotonic() + timeout
    while not test() and time.monotonic() < end:
        await asyncio.sleep(0.01)


def _run(server: ServerThread, client: Client, until_killed: float = 30) -> None:
    client.start(server.port)
    assert client.killed.wait(until_killed), "the hook never ran"
    client.finish()


# --- drops inside the server's own steps ------------------------------------------------------


def _kill_then(client: Client, method: Callable[..., Any]) -> Callable[..., Any]:
    def wrapped(*args: Any) -> Any:
        client.kill()
        return method(*args)

    return wrapped


@pytest.mark.parametrize(
    ("owner", "step"),
    [
        (_Connection, "begin_auth"),  # the SSH handshake is done, authentication begins
        (_Connection, "get_kbdint_challenge"),  # the spectator is let in
        (_GameChannel, "connection_made"),  # the session channel opens
        (_GameChannel, "pty_requested"),  # the pty is asked for
        (_GameChannel, "shell_requested"),  # the shell is asked for
        (_GameChannel, "session_started"),  # the session starts: the client is to be started
    ],
)
def test_a_drop_during_the_handshake_leaves_nothing(
    server: ServerThread,
    baseline: tuple[set[int], int],
    monkeypatch: pytest.MonkeyPatch,
    owner: type,
    step: str,
) -> None:
    client = Client()
    monkeypatch.setattr(owner, step, _kill_then(client, getattr(owner, step)))
    _run(server, client)
    _assert_nothing_left(server, baseline, [])


def test_a_drop_before_the_client_is_started_starts_nothing(
    server: ServerThread, baseline: tuple[set[int], int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The session started, but the connection is gone before its client's start comes round."""
    client = Client()
    start_client = SshServer.start_client
    spawned: list[int] = []

    async def late(self: SshServer, channel: _GameChannel) -> None:
        client.kill()
        await _until(lambda: not self.connections)  # the connection, and so its channel, has gone
        await start_client(self, channel)
        if channel.client is not None and channel.client.process is not None:
            spawned.append(channel.client.process.pid)

    monkeypatch.setattr(SshServer, "start_client", late)
    _run(server, client)
    _assert_nothing_left(server, baseline, spawned)


def test_a_drop_while_the_child_is_being_spawned_stops_the_child(
    server: ServerThread, baseline: tuple[set[int], int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The race of the 200-cycle run: the child exists, but its connection is gone and cleaned up
    before the start has returned it; the cleanup must not miss it."""
    client = Client()
    ssh = _ssh(server)
    spawned: list[int] = []

    async def spawn(*args: Any, **kwargs: Any) -> asyncio.subprocess.Process:
        process = await REAL_SPAWN(*args, **kwargs)
        spawned.append(process.pid)
        client.kill()
        await _until(lambda: not ssh.viewers)  # the connection's end came and was handled
        await asyncio.sleep(0.1)
        return process

    monkeypatch.setattr(pty_client.asyncio, "create_subprocess_exec", spawn)
    _run(server, client)
    monkeypatch.undo()
    _assert_nothing_left(server, baseline, spawned)
    assert spawned


def test_a_drop_while_the_child_starts_up_stops_it(
    server: ServerThread, baseline: tuple[set[int], int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The child runs but has not yet shown its token to the hub."""
    client = Client()
    start = PtyClient.start
    spawned: list[int] = []

    async def started(self: PtyClient) -> None:
        await start(self)
        if self.process is not None:
            spawned.append(self.process.pid)
        client.kill()

    monkeypatch.setattr(PtyClient, "start", started)
    _run(server, client)
    _assert_nothing_left(server, baseline, spawned)
    assert spawned


def test_a_drop_while_the_hub_welcomes_the_child_stops_it(
    server: ServerThread, baseline: tuple[set[int], int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The child has shown its token; the hub is sending it the welcome."""
    client = Client()
    welcome = Hub._welcome
    spawned = _record_children(monkeypatch)

    def welcoming(self: Hub, hub_client: Any) -> None:
        client.kill()
        welcome(self, hub_client)

    monkeypatch.setattr(Hub, "_welcome", welcoming)
    _run(server, client)
    _assert_nothing_left(server, baseline, spawned)


def test_a_failed_start_closes_the_connection_and_its_pty(
    server: ServerThread, baseline: tuple[set[int], int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Not an OSError: the start fails in a way nobody planned for; the connection still ends."""

    async def broken(*args: Any, **kwargs: Any) -> asyncio.subprocess.Process:
        raise RuntimeError("no child watcher")

    monkeypatch.setattr(pty_client.asyncio, "create_subprocess_exec", broken)
    client = Client()
    client.start(server.port)
    assert client.process is not None
    client.process.wait(20)  # the server closed the session: ssh ends by itself
    client.finish()
    monkeypatch.undo()
    _assert_nothing_left(server, baseline, [])


# --- drops from outside, once the server reached a stage --------------------------------------


def _record_children(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Filled with the pid of every child the server starts from now on."""
    pids: list[int] = []
    start = PtyClient.start

    async def recording(self: PtyClient) -> None:
        try:
            await start(self)
        finally:
            if self.process is not None:
                pids.append(self.process.pid)

    monkeypatch.setattr(PtyClient, "start", recording)
    return pids


def test_a_drop_in_the_middle_of_the_session_stops_the_child(
    server: ServerThread, baseline: tuple[set[int], int], monkeypatch: pytest.MonkeyPatch
) -> None:
    client = Client()
    spawned = _record_children(monkeypatch)
    client.start(server.port)
    assert client.process is not None and client.process.stdout is not None
    _wait(lambda: server.call(lambda: _ssh(server).hub.clients) == 1, "the client to join")
    drawn = 0
    while drawn < 2000:  # the first screen is on its way to the viewer
        drawn += len(client.process.stdout.read1(65536))
    client.finish()
    _assert_nothing_left(server, baseline, spawned)
    assert spawned


def test_many_drops_at_every_moment_leave_nothing(
    server: ServerThread, baseline: tuple[set[int], int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Clients killed after 0 to 1.5 seconds, five at a time: every stage, in every order."""
    spawned = _record_children(monkeypatch)
    for wave in range(6):
        clients = [Client() for _ in range(5)]
        for client in clients:
            client.start(server.port)
        for number, client in enumerate(clients):
            time.sleep(0.05 * (number + wave * 5) % 1.5)
            client.finish()
    _assert_nothing_left(server, baseline, spawned)


def test_the_server_closing_while_a_child_starts_stops_that_child(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The host stops serving just as a connection's client is being spawned."""
    before = children()
    closing = ServerThread(tmp_path, rate=10_000)
    client = Client()
    spawned: list[int] = []

    async def spawn(*args: Any, **kwargs: Any) -> asyncio.subprocess.Process:
        process = await REAL_SPAWN(*args, **kwargs)
        spawned.append(process.pid)
        closing.stop.set()  # `serve_ssh` goes on to close the server while this start is under way
        await asyncio.sleep(0.2)
        return process

    monkeypatch.setattr(pty_client.asyncio, "create_subprocess_exec", spawn)
    client.start(closing.port)
    _wait(lambda: bool(spawned), "the child to be spawned")
    closing.thread.join(30)
    assert not closing.thread.is_alive()
    closing.loop.close()
    closing.session.close()
    client.finish()
    assert [pid for pid in spawned if alive(pid)] == []
    assert children() - before == set()
