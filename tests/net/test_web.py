"""`expedition serve --web`: textual-serve started as a real process, the page fetched over HTTP."""

from __future__ import annotations

import asyncio
import importlib.util
import os
import re
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from tests.net.campaign import save_campaign
from tests.net.test_hosting import ROOT, free_port

pytestmark = pytest.mark.skipif(
    importlib.util.find_spec("textual_serve") is None,
    reason="textual-serve is not installed (pip install -e '.[web]')",
)


def _fetch(url: str, timeout: float = 30) -> tuple[int, str]:
    end = time.monotonic() + timeout
    while True:
        try:
            with urllib.request.urlopen(url, timeout=5) as reply:
                return reply.status, reply.read().decode("utf-8", "replace")
        except (urllib.error.URLError, ConnectionError):
            if time.monotonic() > end:
                raise
            time.sleep(0.2)


ESCAPES = re.compile(rb"\x1b(\[[0-9;?$<>=]*[a-zA-Z~]|\][^\x07]*\x07)")
"""Terminal control sequences, removed to read the text the game drew."""


async def _game_text(url: str, seconds: float = 20) -> str:
    """Open the page's websocket as the browser does and collect what the game draws."""
    import aiohttp  # textual-serve's own web stack

    drawn = b""
    async with aiohttp.ClientSession() as client, client.ws_connect(url) as socket:
        await socket.send_json(["resize", {"width": 120, "height": 40}])
        end = time.monotonic() + seconds
        while time.monotonic() < end and b"Turn" not in ESCAPES.sub(b"", drawn):
            try:
                message = await asyncio.wait_for(socket.receive(), 2)
            except TimeoutError:
                continue
            if isinstance(message.data, bytes):
                drawn += message.data
    return ESCAPES.sub(b"", drawn).decode("utf-8", "replace")


def test_serve_web_answers_with_the_game_page_on_loopback(tmp_path: Path) -> None:
    saves = tmp_path / "saves"
    save_campaign(saves)
    port = free_port()
    command = [
        sys.executable,
        "-m",
        "expedition",
        "serve",
        "--web",
        str(port),
        "--saves",
        str(saves),
    ]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    server = subprocess.Popen(
        command, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    try:
        status, page = _fetch(f"http://127.0.0.1:{port}/")
        assert status == 200
        assert "Expedition" in page and "xterm" in page  # the page of the game, drawn by xterm.js
        assert f"ws://127.0.0.1:{port}/ws" in page  # the browser's terminal talks back to this server
        # The browser's terminal gets the saved campaign's game, standing in its dungeon.
        assert "Turn" in asyncio.run(_game_text(f"http://127.0.0.1:{port}/ws"))
    finally:
        server.terminate()
        try:
            output, _ = server.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            output, _ = server.communicate()
    assert "Traceback" not in output, output
