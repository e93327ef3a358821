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
