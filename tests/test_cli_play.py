"""Tests for `expedition continue` and `expedition load`, run as a real process."""

from __future__ import annotations

import pathlib
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]


def play(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "expedition", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_continue_with_no_campaigns_says_so_in_one_line_and_exits_2(tmp_path: pathlib.Path) -> None:
    result = play("continue", "--saves", str(tmp_path))
    assert result.returncode == 2
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and "no saved campaigns" in lines[0] and str(tmp_path) in lines[0]


def test_load_of_a_missing_campaign_says_so_in_one_line_and_exits_2(tmp_path: pathlib.Path) -> None:
    result = play("load", "ghost", "--saves", str(tmp_path))
    assert result.returncode == 2
    assert result.stderr.splitlines() == [f"expedition: there is no campaign called 'ghost' in {tmp_path}"]


def test_new_then_continue_opens_the_same_campaign(tmp_path: pathlib.Path) -> None:
    made = play("new", "--quick", "--no-ui", "--seed", "7", "--saves", str(tmp_path))
    assert made.returncode == 0, made.stderr
    assert not (tmp_path / "campaign-1" / "campaign.lock").exists()  # `new --no-ui` gives the lock back
    result = play("continue", "--no-ui", "--saves", str(tmp_path))
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "campaign-1: day 1, interlude at blacksalt, 4 in the party, 0 actions"


def test_bare_command_takes_a_saves_folder_for_the_title_screen() -> None:
    """The title screen's New, Continue and Load use `expedition --saves DIR`."""
    from expedition.cli import build_parser

    args = build_parser().parse_args(["--saves", "/tmp/elsewhere"])
    assert args.command is None and args.saves == "/tmp/elsewhere"
    assert build_parser().parse_args([]).saves is None


@pytest.mark.parametrize(
    "words",
    [
        ["--saves", "{saves}", "continue", "--no-ui"],
        ["continue", "--no-ui", "--saves", "{saves}"],
        ["--saves", "elsewhere", "continue", "--no-ui", "--saves", "{saves}"],  # the nearer one wins
    ],
)
def test_saves_works_before_and_after_the_command(tmp_path: pathlib.Path, words: list[str]) -> None:
    made = play("new", "--quick", "--no-ui", "--seed", "7", "--saves", str(tmp_path))
    assert made.returncode == 0, made.stderr
    result = play(*(word.format(saves=tmp_path) for word in words))
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("campaign-1: day 1")
