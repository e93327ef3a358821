"""A connection's game client runs on its own pseudo-terminal, at the connection's size."""

from __future__ import annotations

import asyncio
import sys

import pytest

from expedition.net.pty_client import PtyClient

SIZE_PROBE = "import shutil; print('size', *shutil.get_terminal_size())"
"""A child that says the terminal size it sees (COLUMNS and LINES win over the pty if it has them)."""


async def test_the_child_draws_at_its_connections_size_not_the_servers(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The server was started from a shell that exported its own terminal's size.
    monkeypatch.setenv("COLUMNS", "200")
    monkeypatch.setenv("LINES", "49")
    output = bytearray()
    ended = asyncio.Event()
    client = PtyClient(
        [sys.executable, "-c", SIZE_PROBE], {}, (100, 30), on_output=output.extend, on_exit=ended.set
    )
    await client.start()
    try:
        await asyncio.wait_for(ended.wait(), 30)
    finally:
        await client.close()
    assert b"size 100 30" in bytes(output)


async def test_a_close_that_comes_while_the_child_is_spawned_stops_and_reaps_it() -> None:
    """The connection ends between the fork and the start's return: the child still goes."""
    client = PtyClient(
        [sys.executable, "-c", "import time; time.sleep(60)"], {}, (80, 24), bytes, lambda: None
    )
    starting = asyncio.ensure_future(client.start())
    await asyncio.sleep(0)  # the start has forked and waits for the child's transport
    await asyncio.wait_for(client.close(), 10)
    await starting
    assert client.process is not None
    assert client.process.returncode is not None  # stopped, and waited for
    assert client._master == -1
    await client.close()  # a second close is harmless


async def test_a_cancelled_close_still_kills_the_child() -> None:
    """A close cut short (the server shutting down) does not leave the child running."""
    ignoring = (
        "import signal, time; signal.signal(signal.SIGTERM, signal.SIG_IGN); "
        "print('ready', flush=True); time.sleep(60)"
    )
    output = bytearray()
    client = PtyClient([sys.executable, "-c", ignoring], {}, (80, 24), output.extend, lambda: None)
    await client.start()
    while b"ready" not in output:
        await asyncio.sleep(0.05)
    closing = asyncio.ensure_future(client.close(grace=30))
    await asyncio.sleep(0.2)  # SIGTERM sent, and ignored
    closing.cancel()
    with pytest.raises(asyncio.CancelledError):
        await closing
    assert client.process is not None
    await asyncio.wait_for(client.process.wait(), 10)  # killed outright
