"""Tests for `expedition new`: a quick party from a seed (§5.1), printed and saved, run as a real process."""

from __future__ import annotations

import pathlib
import re
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]


def new(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "expedition", "new", "--quick", "--no-ui", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )


def names(stdout: str) -> list[str]:
    return re.findall(r"^(\S.*?) — .*, played by ", stdout, flags=re.MULTILINE)


def test_quick_party_of_four_is_printed_and_saved(tmp_path: pathlib.Path) -> None:
    """§5.1: `new --quick --seed 7` makes four adventurers, prints them and saves the campaign."""
    result = new("--seed", "7", "--saves", str(tmp_path))
    assert result.returncode == 0, result.stderr
    assert len(names(result.stdout)) == 4
    for word in ("STR", "skills:", "traits:", "burden:", "trappings:", "Party silver:"):
        assert word in result.stdout
    assert "Saved campaign 'campaign-1'" in result.stdout
    from expedition.persistence.state import body_to_state
    from expedition.persistence.store import CampaignStore

    state = body_to_state(CampaignStore(tmp_path, "campaign-1").load_newest().body)
    assert [member.name for member in state.party] == names(result.stdout)
    assert state.silver == int(re.findall(r"Party silver: (\d+)", result.stdout)[0])


def test_same_seed_prints_the_same_party(tmp_path: pathlib.Path) -> None:
    """§5.1: every roll comes from the seed, so the same seed gives the same party."""
    first = new("--seed", "7", "--saves", str(tmp_path), "--name", "one")
    second = new("--seed", "7", "--saves", str(tmp_path), "--name", "two")
    assert first.returncode == 0 and second.returncode == 0, first.stderr + second.stderr
    cut = lambda text: text.split("Saved campaign")[0].split("(not saved")[0]  # noqa: E731
    assert cut(first.stdout) == cut(second.stdout)


@pytest.mark.parametrize("players", [1, 2, 3])
def test_players_sets_the_party_size(tmp_path: pathlib.Path, players: int) -> None:
    """DESIGN: 1–4 players, one adventurer each with --players."""
    result = new("--seed", "3", "--players", str(players), "--saves", str(tmp_path))
    assert result.returncode == 0, result.stderr
    assert len(names(result.stdout)) == players
    owners = set(re.findall(r"played by (\S+)", result.stdout))
    assert owners == {f"player{n}" for n in range(1, players + 1)}


def test_too_many_players_is_refused(tmp_path: pathlib.Path) -> None:
    """A party has at most four adventurers."""
    result = new("--seed", "3", "--players", "5", "--saves", str(tmp_path))
    assert result.returncode == 2
    assert result.stderr == "expedition: --players must be 1 to 4 (got 5)\n" and result.stdout == ""


def test_new_campaign_starts_a_journal_that_replays(tmp_path: pathlib.Path) -> None:
    """§16: a new campaign journals its seed and starting state, so `replay` can verify it."""
    assert new("--seed", "11", "--players", "2", "--saves", str(tmp_path)).returncode == 0
    assert (tmp_path / "campaign-1" / "journal.bin").is_file()
    replay = subprocess.run(
        [sys.executable, "-m", "expedition", "replay", "campaign-1", "--saves", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert replay.returncode == 0, replay.stderr
    assert "replayed 0 actions" in replay.stdout
