"""Dungeon names follow the house name tables."""

from __future__ import annotations

from expedition.dungeon.budget import Roller
from expedition.dungeon.names import OWNERS, PLACES, dungeon_name
from expedition.rules.core.dice import ScriptedDice


def test_name_without_an_owner_house_7() -> None:
    """HOUSE §7: adjective 1d12, place 1d2 by theme, no owner on 1d6 1-3."""
    assert dungeon_name(Roller(ScriptedDice([1, 2, 3])), "mausoleum") == "The Drowned Barrow"


def test_name_with_an_owner_house_7() -> None:
    """HOUSE §7: on 1d6 4+ the dungeon belongs to someone (1d12)."""
    name = dungeon_name(Roller(ScriptedDice([12, 1, 6, 2])), "sewers")
    assert name == f"The Bleached Drains of {OWNERS[1]}"


def test_every_shipped_theme_has_places_house_7() -> None:
    """HOUSE §7: each of the six themes has its own two places."""
    from expedition.content.catalog import load_catalog

    assert set(PLACES) == set(load_catalog().dungeons.themes)
