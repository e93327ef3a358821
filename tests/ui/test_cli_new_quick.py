"""`expedition new --quick --seed N [--players P]`: a party with no prompts, and the game starts with it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import expedition.ui.app as app_module
from expedition.cli import main
from expedition.session.session import Session


def _run(monkeypatch: pytest.MonkeyPatch, *args: str) -> list[tuple[Any, ...]]:
    started: list[tuple[Any, ...]] = []

    def fake_run_app(*, session: Session, saves: Path | None, ssh: object) -> int:
        state = session.state
        started.append(
            (saves, [(c.owner, c.name) for c in state.party], state.silver, session.store is not None)
        )
        return 0

    monkeypatch.setattr(app_module, "run_app", fake_run_app)
    assert main(["new", "--quick", *args]) == 0
    return started


@pytest.mark.parametrize("players", [1, 2, 4])
def test_quick_new_starts_the_game_with_the_party(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, players: int
) -> None:
    """§5.1: with --quick and no --no-ui, the party is made without prompts and the game opens on it."""
    started = _run(monkeypatch, "--seed", "5", "--players", str(players), "--saves", str(tmp_path))
    [(saves, party, _silver, saved)] = started
    assert saves == tmp_path and saved
    assert [owner for owner, _ in party] == [f"player{n}" for n in range(1, players + 1)]


def test_quick_new_with_one_seed_starts_the_same_party_twice(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """§5.1: every roll comes from the seed, so the game starts with the same party."""
    first = _run(monkeypatch, "--seed", "9", "--saves", str(tmp_path), "--name", "one")
    second = _run(monkeypatch, "--seed", "9", "--saves", str(tmp_path), "--name", "two")
    assert first[0][1:] == second[0][1:] and len(first[0][1]) == 4
