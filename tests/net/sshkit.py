"""Helpers for driving real OpenSSH clients in tmux against a server run in a background thread."""

from __future__ import annotations

import asyncio
import os
import shutil
import subprocess
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from expedition.cli_hosting import CLIENT_COMMAND
from expedition.net.keys import read_authorized_keys
from expedition.net.serve import serve_ssh
from expedition.net.ssh import ServerOptions, SshServer
from expedition.session.campaigns import open_campaign
from expedition.session.session import Session
from tests.net.campaign import NAME, save_campaign

T = TypeVar("T")

HAVE_TOOLS = all(shutil.which(tool) for tool in ("ssh", "ssh-keygen", "tmux"))
"""The OpenSSH client and tmux are installed."""
OUTSIDE_VARIABLES = ("COLUMNS", "LINES", "TMUX", "TMUX_PANE")
"""Variables of the terminal the tests were started from, which must not reach the private tmux."""


def window_environment() -> dict[str, str]:
    """The environment the private tmux server, and so every program in its windows, starts with.

    Given explicitly, never inherited: when pytest runs in a terminal, importing readline exports
    COLUMNS and LINES with that terminal's size into the process's C environment (not into
    `os.environ`), and a program in a 120×40 window that inherits them draws at the other size.
    The size variables and a surrounding tmux's own variables are left out for the same reason.
    """
    return {key: value for key, value in os.environ.items() if key not in OUTSIDE_VARIABLES}


def make_key(folder: Path, name: str) -> Path:
    """A fresh ed25519 key pair; returns the private key's path."""
    path = folder / name
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(path)], check=True)
    return path


class ServerThread:
    """`serve_ssh` on the saved two-player campaign, in its own thread and event loop."""

    def __init__(self, root: Path, authorized: Path | None = None, **options: Any) -> None:
        saves = root / "saves"
        save_campaign(saves)
        self.session: Session = open_campaign(NAME, saves=saves)
        assert self.session.store is not None
        keys = read_authorized_keys(authorized) if authorized else []
        self.options = ServerOptions(port=0, keys=keys, **options)
        self.loop = asyncio.new_event_loop()
        self.stop = asyncio.Event()
        self.server: SshServer | None = None
        ready = threading.Event()

        def started(server: SshServer) -> None:
            self.server = server
            ready.set()

        folder = self.session.store.folder

        def run() -> None:
            asyncio.set_event_loop(self.loop)
            self.loop.run_until_complete(
                serve_ssh(
                    self.session, NAME, folder, CLIENT_COMMAND, self.options, ready=started, stop=self.stop
                )
            )

        self.thread = threading.Thread(target=run, daemon=True)
        self.thread.start()
        assert ready.wait(20), "the server did not start"

    @property
    def port(self) -> int:
        assert self.server is not None
        return self.server.port

    def call(self, fn: Callable[[], T]) -> T:
        """Run `fn` in the server's loop and return its result."""

        async def wrapper() -> T:
            return fn()

        return asyncio.run_coroutine_threadsafe(wrapper(), self.loop).result(60)

    def tasks(self) -> int:
        """Tasks alive in the server's loop."""
        return self.call(lambda: len(asyncio.all_tasks(self.loop)))

    def close(self) -> None:
        self.loop.call_soon_threadsafe(self.stop.set)
        self.thread.join(20)
        self.loop.close()
        self.session.close()


class Tmux:
    """A private tmux server whose windows run `ssh -tt`; nothing of the tests' own terminal reaches it."""

    def __init__(self, name: str) -> None:
        self.socket = f"z1-{name}-{os.getpid()}"

    def run(self, *args: str) -> str:
        # `-f /dev/null`: the user's ~/.tmux.conf (sizes, shell, hooks) stays out of the tests too.
        done = subprocess.run(
            ["tmux", "-L", self.socket, "-f", "/dev/null", *args],
            capture_output=True,
            text=True,
            timeout=10,
            stdin=subprocess.DEVNULL,
            env=window_environment(),
        )
        return done.stdout

    def ssh(self, window: str, port: int, key: Path | None, size: tuple[int, int] = (120, 40)) -> None:
        """Open `window` running an interactive ssh to the server."""
        command = " ".join(ssh_command(port, key, interactive=True))
        self.run("new-session", "-d", "-s", window, "-x", str(size[0]), "-y", str(size[1]), command)

    def screen(self, window: str) -> str:
        return self.run("capture-pane", "-p", "-t", window)

    def keys(self, window: str, *keys: str) -> None:
        self.run("send-keys", "-t", window, *keys)

    def wait_for(self, window: str, test: Callable[[str], bool], timeout: float = 30) -> str:
        """Wait until the window's screen passes `test`; returns the screen (asserts on timeout)."""
        end = time.monotonic() + timeout
        text = ""
        while time.monotonic() < end:
            text = self.screen(window)
            if test(text):
                return text
            time.sleep(0.2)
        raise AssertionError(f"timed out; the screen shows:\n{text}")

    def press_until(self, window: str, key: str, test: Callable[[str], bool], tries: int = 6) -> str:
        """Press `key` until the screen passes `test` (a freshly started client may miss early keys)."""
        for _ in range(tries - 1):
            self.keys(window, key)
            try:
                return self.wait_for(window, test, timeout=2)
            except AssertionError:
                continue
        self.keys(window, key)
        return self.wait_for(window, test, timeout=5)

    def close(self) -> None:
        self.run("kill-server")


def ssh_command(port: int, key: Path | None, *, interactive: bool, remote: str = "") -> list[str]:
    """An OpenSSH client command line that ignores the user's own config and known hosts."""
    command = ["ssh", "-F", "/dev/null", "-p", str(port)]
    command += [
        "-o",
        "StrictHostKeyChecking=no",
        "-o",
        "UserKnownHostsFile=/dev/null",
        "-o",
        "LogLevel=ERROR",
    ]
    command += ["-o", "IdentitiesOnly=yes", "-o", "IdentityAgent=none"]
    if key is not None:
        command += ["-i", str(key)]
    else:
        command += ["-o", "PubkeyAuthentication=no"]
    if interactive:
        command.append("-tt")
    command.append("guest@127.0.0.1")
    if remote:
        command.append(remote)
    return command
