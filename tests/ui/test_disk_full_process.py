"""The real game, in a real terminal (tmux), on a real disk that fills up mid-game: no traceback, exit 0.

Skipped where tmux is missing or a small disk (tmpfs) cannot be mounted.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from expedition.persistence.snapshot import read_snapshot
from expedition.persistence.state import body_hash
from expedition.persistence.store import CampaignStore
from expedition.session.replay import replay_campaign
from tests.session.disk_faults import fill, small_disk

ROOT = Path(__file__).parents[2]


class Terminal:
    """One tmux session running one command, read as plain text."""

    def __init__(self, name: str, command: str) -> None:
        self.name = name
        subprocess.run(
            ["tmux", "new-session", "-d", "-s", name, "-x", "120", "-y", "40", command], check=True, cwd=ROOT
        )

    def screen(self) -> str:
        shown = subprocess.run(
            ["tmux", "capture-pane", "-p", "-t", self.name], capture_output=True, text=True
        )
        return shown.stdout

    def keys(self, *keys: str) -> None:
        for key in keys:
            subprocess.run(["tmux", "send-keys", "-t", self.name, key], check=True)
            time.sleep(0.4)

    def wait(self, ready: Callable[[str], bool], what: str, timeout: float = 40) -> str:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            text = self.screen()
            if ready(text):
                return text
            time.sleep(0.3)
        raise AssertionError(f"never saw {what}; the screen was:\n{self.screen()}")

    def close(self) -> None:
        subprocess.run(["tmux", "kill-session", "-t", self.name], capture_output=True, check=False)


@pytest.fixture
def disk(tmp_path: Path) -> Iterator[Path]:
    if shutil.which("tmux") is None:
        pytest.skip("tmux is not installed")
    with small_disk(tmp_path / "disk", "2m") as folder:
        yield folder


def test_the_game_on_a_disk_that_fills_shows_the_banner_clears_it_and_quits_cleanly(
    disk: Path, tmp_path: Path
) -> None:
    game = [sys.executable, "-m", "expedition", "--saves", str(disk)]
    made = subprocess.run([*game, "new", "--quick", "--seed", "5", "--name", "tomb", "--no-ui"], cwd=ROOT)
    assert made.returncode == 0
    # Textual draws on stderr, so what the process leaves is read off the terminal once it exits.
    command = f"{' '.join(game)} continue; echo EXITED $?; sleep 60"
    terminal = Terminal(f"expedition-disk-{os.getpid()}", command)
    try:
        terminal.wait(lambda s: "Set out" in s, "the party screen")
        terminal.keys("o")
        terminal.wait(lambda s: "Where does the party go?" in s, "the destination prompt")
        terminal.keys("Enter")
        terminal.wait(lambda s: "Map" in s and "Actions" in s, "the expedition screen")
        terminal.keys("Right", "Right")
        filler = fill(disk, leave=0)
        terminal.keys("Right", "Left")
        shown = " ".join(
            terminal.wait(lambda s: "Saving failed: the disk is full" in s, "the banner").split()
        )
        assert "free some space or save elsewhere" in shown and "Ctrl+P → Save elsewhere" in shown
        filler.unlink()
        terminal.wait(lambda s: "Saving failed" not in s, "the banner go after a retry", timeout=20)
        terminal.keys("Right", "C-q")
        left = terminal.wait(lambda s: "EXITED" in s, "the game end")
    finally:
        terminal.close()
    assert "EXITED 0" in left and "Traceback" not in left, left
    store = CampaignStore(disk, "tomb")
    _, newest = read_snapshot(store.snapshots()[-1])
    assert replay_campaign(store).final_hash == body_hash(newest)
