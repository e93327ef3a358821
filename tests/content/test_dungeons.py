"""Tests of the dungeon content: themes (HOUSE §1.9–§1.14) and the authored dungeon format."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from expedition.content.authored import build_authored
from expedition.content.dungeons import load_dungeons, references
from expedition.content.problems import Problem
from expedition.rules.exploration.tiles import Tile

ASSETS = Path(__file__).resolve().parents[2] / "assets"


def _enemy_keys() -> set[str]:
    import tomllib

    with (ASSETS / "enemies.toml").open("rb") as handle:
        return {enemy["key"] for enemy in tomllib.load(handle)["enemy"]}


def _item_keys() -> set[str]:
    import tomllib

    keys: set[str] = set()
    for name in ("items.toml", "weapons.toml", "armour.toml", "shields.toml"):
        with (ASSETS / name).open("rb") as handle:
            for table in tomllib.load(handle).values():
                if isinstance(table, list):
                    keys |= {entry["key"] for entry in table if isinstance(entry, dict) and "key" in entry}
    return keys


def test_six_house_themes_load_without_problems() -> None:
    """HOUSE §1.1: six themes, each with full tables."""
    problems: list[Problem] = []
    book = load_dungeons(ASSETS, problems)
    assert problems == []
    assert sorted(t.roll for t in book.themes.values()) == [1, 2, 3, 4, 5, 6]
    for theme in book.themes.values():
        assert theme.house
        assert len(theme.wandering) == 8 and len(theme.lairs) == 6
        assert [room.roll for room in theme.rooms] == list(range(2, 13))
        assert len(theme.traps) == len(theme.features) == len(theme.hazards) == len(theme.treasure) == 6
        assert 5 <= len(theme.doom) <= 8 and theme.doom[-1].final
        assert theme.deeper in book.themes


def test_mausoleum_tables_match_house_1_9() -> None:
    """HOUSE §1.9: spot checks of the transcription."""
    theme = load_dungeons(ASSETS, []).themes["mausoleum"]
    assert theme.wandering[0].core == ("reanimated_husk", "reanimated_husk")
    assert theme.wandering[0].filler == ("reanimated_husk",)
    assert theme.lairs[5].core == ("shadow", "unsatiable_dead", "starved_cadaver")
    assert theme.room_type(9).refuge
    assert theme.traps[1].attack == "-DEX 2+2" and theme.traps[1].impact
    assert [step.ticks for step in theme.doom] == [2] * 7
    assert theme.treasure[0].cell(1).silver == "3d6"
    assert theme.treasure[0].cell(5).silver == "10d6"


def test_every_enemy_and_item_key_exists() -> None:
    book = load_dungeons(ASSETS, [])
    enemies, items = _enemy_keys(), _item_keys()
    found = references(book)
    assert found
    for where, kind, key in found:
        assert key in (enemies if kind == "enemy" else items), f"{where}: {kind} {key}"


def test_a_broken_themes_file_reports_every_fault(tmp_path: Path) -> None:
    folder = tmp_path / "dungeons"
    folder.mkdir()
    text = (ASSETS / "dungeons" / "themes.toml").read_text()
    text = text.replace('deeper = "void_ruin"', 'deeper = "nowhere"', 1)
    text = text.replace('attack = "DEX 3"', 'attack = "DEX three"', 1)
    text = text.replace('silver = "3d6"', 'silver = "3q6"', 1)
    text = text.replace('treasures = ["uncommon"]', 'treasures = ["cheap"]', 1)
    text = text.replace("[[theme.doom]]\nticks = 2", "[[theme.doom]]\nticks = 2\nbogus = 1", 1)
    (folder / "themes.toml").write_text(text)
    problems: list[Problem] = []
    load_dungeons(tmp_path, problems)
    messages = [str(problem) for problem in problems]
    assert len(problems) == 5, messages
    assert any("deeper" in m and "nowhere" in m for m in messages)
    assert any("attack" in m and "DEX three" in m for m in messages)
    assert any("silver" in m and "3q6" in m for m in messages)
    assert any("treasures" in m and "cheap" in m for m in messages)
    assert any("bogus" in m and "unknown field" in m for m in messages)
    assert all(problem.file == "themes.toml" and problem.field for problem in problems)


def test_a_missing_themes_file_is_reported(tmp_path: Path) -> None:
    problems: list[Problem] = []
    book = load_dungeons(tmp_path, problems)
    assert book.themes == {} and problems


def test_the_authored_dungeon_loads_and_builds() -> None:
    book = load_dungeons(ASSETS, [])
    defn = book.authored["saint_wenna"]
    dungeon = build_authored(defn)
    assert len(dungeon.levels) == 2
    first, second = dungeon.levels
    assert first.exit is not None and first.tile(first.exit) is Tile.EXIT
    assert first.stairs_down is not None and second.stairs_up is not None
    assert any(room.entrance for room in first.rooms) and any(room.lair for room in second.rooms)
    assert first.traps and all(trap.hidden for trap in first.traps)
    assert 5 <= len(dungeon.doom) <= 8 and len(dungeon.wandering) == 8
    dungeon.levels[0].traps[0].found = True
    assert not build_authored(defn).levels[0].traps[0].found


def test_a_broken_authored_dungeon_reports_every_fault(tmp_path: Path) -> None:
    folder = tmp_path / "dungeons"
    folder.mkdir()
    shutil.copy(ASSETS / "dungeons" / "themes.toml", folder / "themes.toml")
    text = (ASSETS / "dungeons" / "saint_wenna.toml").read_text()
    text = text.replace('theme = "mausoleum"\ndanger', 'theme = "castle"\ndanger', 1)
    text = text.replace('mark = "C"', 'mark = "Q"', 1)
    text = text.replace('kind = "corpse"', 'kind = "ghost"', 1)
    text = text.replace('state = "closed"', 'state = "ajar"', 1)
    text = text.replace("#..<F.+", "#..#F.+", 1)
    (folder / "saint_wenna.toml").write_text(text)
    problems: list[Problem] = []
    load_dungeons(tmp_path, problems)
    messages = [str(problem) for problem in problems]
    assert any("castle" in m for m in messages)
    assert any("'Q'" in m and "not drawn" in m for m in messages)
    assert any("ghost" in m for m in messages)
    assert any("ajar" in m for m in messages)
    assert any("stairs up" in m for m in messages)
    assert all(problem.file == "saint_wenna.toml" for problem in problems)


@pytest.mark.parametrize("name", ["themes.toml", "saint_wenna.toml"])
def test_dungeon_files_say_they_are_house_content(name: str) -> None:
    assert "house = true" in (ASSETS / "dungeons" / name).read_text()
