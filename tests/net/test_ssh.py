"""Real OpenSSH clients (`ssh -tt` in tmux) against the SSH server on a free loopback port."""

from __future__ import annotations

import re
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from expedition.rules.core.actions import Action
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import Choice, Decision, Resolution
from expedition.rules.engine.campaign import CampaignState
from tests.net.sshkit import HAVE_TOOLS, ServerThread, Tmux, make_key, ssh_command

pytestmark = pytest.mark.skipif(not HAVE_TOOLS, reason="needs ssh, ssh-keygen and tmux")


@pytest.fixture(scope="module")
def keys(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("keys")
    found = {name: make_key(folder, name) for name in ("host", "ada", "stranger")}
    authorized = folder / "authorized"
    lines = [
        f"host {(found['host'].with_suffix('.pub')).read_text().split()[0]} "
        f"{(found['host'].with_suffix('.pub')).read_text().split()[1]}",
        # The plain OpenSSH form: the comment names the player.
        " ".join(found["ada"].with_suffix(".pub").read_text().split()[:2]) + " Ada",
    ]
    authorized.write_text("\n".join(lines) + "\n")
    found["authorized"] = authorized
    return found


@pytest.fixture
def server(tmp_path: Path, keys: dict[str, Path]) -> Iterator[ServerThread]:
    running = ServerThread(tmp_path, keys["authorized"], rate=1000)
    yield running
    running.close()


@pytest.fixture
def tmux(request: pytest.FixtureRequest) -> Iterator[Tmux]:
    panes = Tmux(request.node.name[:20])
    yield panes
    panes.close()


def _map_row(screen: str) -> str:
    return next((line for line in screen.splitlines() if "#X" in line), "")


def _map_cells(screen: str) -> str:
    """Only the map panel's part of the map row: the sidebar beside it may still be drawing.

    The panel's side is a light line, or a heavy one while the map has the focus.
    """
    parts = re.split("[│┃]", _map_row(screen))
    return parts[1].rstrip() if len(parts) > 1 else ""


def test_a_spectator_sees_the_map_and_clocks_move_when_the_host_moves(
    server: ServerThread, tmux: Tmux, keys: dict[str, Path]
) -> None:
    tmux.ssh("watch", server.port, None)
    before = tmux.wait_for("watch", lambda s: "@" in _map_row(s) and "Turn 0" in s and "Watching" in s)
    tmux.ssh("host", server.port, keys["host"])
    tmux.wait_for("host", lambda s: "@" in _map_row(s))
    tmux.press_until("host", "Right", lambda s: _map_row(s) != _map_row(before) and "@" in _map_row(s))
    tmux.wait_for("watch", lambda s: _map_row(s) != _map_row(before) and "@" in _map_row(s))
    tmux.keys("host", "r")  # catch breath: a turn passes, the turn clock moves
    tmux.wait_for("watch", lambda s: "Turn 1" in s)
    assert server.session.state.actions >= 2


def test_a_spectators_keys_change_nothing(server: ServerThread, tmux: Tmux) -> None:
    tmux.ssh("watch", server.port, None)
    before = tmux.wait_for("watch", lambda s: "@" in _map_row(s) and "Watching" in s)
    actions = server.session.state.actions
    tmux.keys("watch", "Right", "t", ".", "Enter")
    tmux.press_until("watch", "Right", lambda s: "watch but not" in s)
    time.sleep(0.5)
    assert server.session.state.actions == actions
    assert _map_cells(tmux.screen("watch")) == _map_cells(before)


def test_an_unknown_key_gets_a_spectator_seat_at_most(
    server: ServerThread, tmux: Tmux, keys: dict[str, Path]
) -> None:
    tmux.ssh("stranger", server.port, keys["stranger"])
    tmux.wait_for("stranger", lambda s: "Watching" in s and "@" in _map_row(s))
    tmux.press_until("stranger", "Right", lambda s: "watch but not" in s)
    assert server.session.state.actions == 0


def test_a_keyed_player_answers_their_own_characters_test_prompt(
    server: ServerThread, tmux: Tmux, keys: dict[str, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    answers: list[str] = []

    def asks_jory(ctx: Context, state: CampaignState, action: Action) -> Resolution[None]:
        # Jory (c1) is Ada's: the reroll question of a DEX test goes to Ada's connection only.
        choices = (Choice("keep", "Keep the dice"), Choice("die:1", "Reroll die 1"))
        answers.append(
            (yield Decision("reroll", "c1", "Reroll a die of the DEX test?", choices, "keep", "§3.2"))
        )
        state.actions += 1

    monkeypatch.setattr("expedition.session.session.carry_out", asks_jory)
    tmux.ssh("watch", server.port, None)
    tmux.ssh("ada", server.port, keys["ada"])
    tmux.wait_for("ada", lambda s: "You: Ada" in s)
    tmux.wait_for("watch", lambda s: "@" in _map_row(s))
    tmux.press_until("ada", ".", lambda s: "Reroll a die of the DEX test?" in s)
    assert "Reroll a die of the DEX test?" not in tmux.screen("watch")
    tmux.keys("ada", "Down", "Enter")
    deadline = time.monotonic() + 10
    # The answer reaches the rules first; the session commits the action just after, on its thread.
    while not (answers and server.session.records) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert answers == ["die:1"]
    assert server.session.pending is None
    assert server.session.records[-1]["player"] == "player1"


def test_an_exec_request_is_refused(server: ServerThread, keys: dict[str, Path]) -> None:
    done = subprocess.run(
        ssh_command(server.port, keys["ada"], interactive=False, remote="cat /etc/passwd"),
        capture_output=True,
        text=True,
        timeout=20,
        stdin=subprocess.DEVNULL,
    )
    assert done.returncode != 0
    assert "root:" not in done.stdout


def test_fifty_connect_disconnect_cycles_leave_no_growth(server: ServerThread, keys: dict[str, Path]) -> None:
    assert server.server is not None
    ssh = server.server

    def cycles(count: int, at_once: int = 5) -> None:
        for _ in range(count // at_once):
            clients = [
                subprocess.Popen(
                    ssh_command(server.port, None, interactive=True),
                    stdin=subprocess.PIPE,
                    stdout=subprocess.DEVNULL,
                    stderr=subprocess.DEVNULL,
                )
                for _ in range(at_once)
            ]
            deadline = time.monotonic() + 20
            while server.call(lambda: len(ssh.viewers)) < at_once and time.monotonic() < deadline:
                time.sleep(0.05)
            for client in clients:
                client.kill()
                client.wait(10)
                assert client.stdin is not None
                client.stdin.close()
            deadline = time.monotonic() + 20
            while (
                server.call(lambda: len(ssh.viewers) + server.server.hub.clients)
                and time.monotonic() < deadline
            ):  # type: ignore[union-attr]
                time.sleep(0.05)

    cycles(10)
    time.sleep(0.5)
    tasks, memory = server.tasks(), _rss()
    cycles(50)
    time.sleep(0.5)
    assert server.call(lambda: len(ssh.viewers)) == 0
    assert server.tasks() <= tasks + 1
    assert _rss() - memory < 16 * 1024 * 1024


def _rss() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    return 0
