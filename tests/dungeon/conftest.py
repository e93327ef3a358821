"""Shared fixtures for the dungeon tests: the themes, loaded once."""

from __future__ import annotations

from pathlib import Path

import pytest

from expedition.content.dungeons import DungeonBook, load_dungeons
from expedition.content.problems import Problem
from expedition.dungeon.themes import ThemeDef

ASSETS = Path(__file__).resolve().parents[2] / "assets"


@pytest.fixture(scope="session")
def book() -> DungeonBook:
    problems: list[Problem] = []
    loaded = load_dungeons(ASSETS, problems)
    assert problems == []
    return loaded


@pytest.fixture(scope="session")
def themes(book: DungeonBook) -> dict[str, ThemeDef]:
    return book.themes
