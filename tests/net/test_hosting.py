"""The streamer's own game served while they play (`expedition new --ssh PORT`), and the lobby line.

Real processes: the host's game in one tmux window, spectators with `ssh -tt` in others.
"""

from __future__ import annotations

import ctypes
import os
import shlex
import socket
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.net.sshkit import HAVE_TOOLS, ServerThread, Tmux

pytestmark = pytest.mark.skipif(not HAVE_TOOLS, reason="needs ssh, ssh-keygen and tmux")

ROOT = Path(__file__).resolve().parents[2]
"""The project folder (the host's game runs from there)."""


def free_port() -> int:
    """A TCP port nobody listens on right now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture
def tmux(request: pytest.FixtureRequest) -> Iterator[Tmux]:
    panes = Tmux(request.node.name[:20])
    yield panes
    panes.close()


def _map_panel(screen: str) -> list[str]:
    """The rows where the party's `@` is drawn (they change when the party moves)."""
    return [line for line in screen.splitlines() if "@" in line]


def _playing(tmux: Tmux, window: str, command: list[str], size: tuple[int, int] = (120, 40)) -> None:
    root = shlex.quote(str(ROOT))
    line = f"cd {root} && env PYTHONPATH={root} TERM=xterm-256color {shlex.join(command)}; sleep 600"
    tmux.run("new-session", "-d", "-s", window, "-x", str(size[0]), "-y", str(size[1]), line)


def test_a_window_has_its_own_size_whatever_terminal_the_tests_started_in(
    tmp_path: Path, tmux: Tmux, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Started from a shell in a terminal (or in tmux), the suite still sees 120×40 windows."""
    # What readline does when pytest starts in a terminal: the size goes into the C environment
    # only, where os.environ never sees it but every inherited environment would.
    libc = ctypes.CDLL(None)
    libc.setenv(b"LINES", b"49", 1)
    monkeypatch.setenv("COLUMNS", "200")  # exported by the user's shell
    monkeypatch.setenv("TMUX", "/tmp/tmux-0/default,1,0")  # a tmux around the whole run
    seen = tmp_path / "seen"
    code = "import os, shutil, sys; print(*shutil.get_terminal_size(), os.environ['TMUX'], file=sys.stderr)"
    line = f"{shlex.join([sys.executable, '-c', code])} 2>{shlex.quote(str(seen))}.part"
    line += f" && mv {shlex.quote(str(seen))}.part {shlex.quote(str(seen))}"
    try:
        tmux.run("new-session", "-d", "-s", "probe", "-x", "120", "-y", "40", line)
        end = time.monotonic() + 20
        while time.monotonic() < end and not seen.exists():
            time.sleep(0.1)
    finally:
        libc.unsetenv(b"LINES")
    columns, lines, inside = seen.read_text().split()
    assert (columns, lines) == ("120", "40")
    assert tmux.socket in inside  # the window knows only the private tmux it runs in


def test_the_host_plays_in_their_terminal_while_a_spectator_watches_over_ssh(
    tmp_path: Path, tmux: Tmux
) -> None:
    port = free_port()
    command = [sys.executable, "-m", "expedition", "new", "--quick", "--seed", "7"]
    command += ["--ssh", str(port), "--saves", str(tmp_path / "saves")]
    _playing(tmux, "host", command)
    tmux.wait_for("host", lambda s: "Serving over SSH" in s and "Set out" in s, timeout=60)
    tmux.ssh("watch", port, None)
    tmux.wait_for("watch", lambda s: "Set out" in s and "Watching" in s, timeout=60)
    # The host sets out in their own terminal; the spectator follows them into the dungeon.
    tmux.keys("host", "o")
    tmux.wait_for("host", lambda s: "Where does the party go?" in s)
    tmux.keys("host", "Enter")  # a new dungeon, the highlighted answer
    host = tmux.wait_for("host", lambda s: bool(_map_panel(s)) and "Turn 0" in s)
    before = tmux.wait_for("watch", lambda s: bool(_map_panel(s)) and "Turn 0" in s)
    for key in ("Right", "Left", "Down", "Up"):
        tmux.keys("host", key)
        start = _map_panel(host)
        try:
            host = tmux.wait_for("host", lambda s, start=start: _map_panel(s) != start, timeout=3)  # type: ignore[misc]
            break
        except AssertionError:
            continue  # a wall that way: try another
    else:
        raise AssertionError("the host could not move any way")
    moved = tmux.wait_for("watch", lambda s: _map_panel(s) != _map_panel(before))
    assert "@" in "".join(_map_panel(moved))
    assert os.path.isdir(tmp_path / "saves" / "campaign-1")


def test_the_lobby_line_redraws_when_a_spectator_joins_and_leaves(tmp_path: Path, tmux: Tmux) -> None:
    server = ServerThread(tmp_path, rate=1000)
    try:
        tmux.ssh("first", server.port, None)
        tmux.wait_for("first", lambda s: "Watching: 1" in s)
        tmux.ssh("second", server.port, None)
        tmux.wait_for("first", lambda s: "Watching: 2" in s)  # nothing happened in the game
        tmux.run("kill-session", "-t", "second")
        tmux.wait_for("first", lambda s: "Watching: 1" in s)
        assert server.session.state.actions == 0
    finally:
        server.close()
