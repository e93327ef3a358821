"""Tests for settlements.toml: sizes and stock (§7.2), places (§10.4.2), beds (§10.4.5); doom page (§9.4)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from expedition.content.problems import Problem
from expedition.content.settlements import Settlements, compendium_settlements, load_settlements, references
from expedition.content.tables import load_tables
from expedition.rules.core.item_defs import Category
from expedition.rules.trackers.doom import SETTLEMENT_DOOM, SETTLEMENT_DOOM_EFFECTS

ASSETS = Path(__file__).resolve().parents[2] / "assets"


@pytest.fixture(scope="module")
def settlements() -> Settlements:
    problems: list[Problem] = []
    loaded = load_settlements(ASSETS, problems)
    assert problems == []
    return loaded


def test_five_sizes_with_the_book_names(settlements: Settlements) -> None:
    """§10.4.2: Small Camp, Hamlet, Fief, Stronghold, City."""
    assert [(s.size, s.name) for s in settlements.sizes] == [
        (1, "Small Camp"),
        (2, "Hamlet"),
        (3, "Fief"),
        (4, "Stronghold"),
        (5, "City"),
    ]


def test_shop_stock_follows_the_availability_table(settlements: Settlements) -> None:
    """§7.2: risk dice per category and size; "always" and "never" where the book says so."""
    grid = [
        [str(size.availability(category)) for category in Category if category is not Category.FREE]
        for size in settlements.sizes
    ]
    assert grid == [
        ["2d!", "1d!", "never", "never", "never"],
        ["3d!", "2d!", "1d!", "never", "never"],
        ["4d!", "3d!", "2d!", "1d!", "never"],
        ["always", "4d!", "3d!", "2d!", "1d!"],
        ["always", "always", "4d!", "3d!", "2d!"],
    ]
    assert settlements.size(1).availability(Category.FREE).never


def test_named_settlements_and_their_sizes(settlements: Settlements) -> None:
    """§10.4.2: seven settlements; Fallen Agnar is a ruin, not one of them."""
    assert {(s.name, s.size) for s in settlements.settlements} == {
        ("Yoros", 5),
        ("Kumar Port City", 5),
        ("Steinsburg", 4),
        ("Brutburg", 4),
        ("Trinta", 3),
        ("Luna", 3),
        ("Cefit", 2),
    }


def test_settlement_doom_page_shows_the_steps_play_uses(settlements: Settlements) -> None:
    """§9.4: the compendium lists the seven steps every settlement's doom tracker is built from."""
    page = next(page for page in compendium_settlements(settlements) if page.key == "settlement_doom")
    assert [label for label, _ in page.details] == [str(t.segment) for t in SETTLEMENT_DOOM_EFFECTS]
    assert page.details[0] == ("1", "Suspicion: " + SETTLEMENT_DOOM[0].text)
    assert [step.key for step in SETTLEMENT_DOOM] == [t.key for t in SETTLEMENT_DOOM_EFFECTS]


def test_every_sleeping_place_names_a_shipped_table(settlements: Settlements) -> None:
    """§10.4.5: each sleeping place rolls on a 2d6 table in tables.toml."""
    tables = load_tables(ASSETS, [])
    refs = references(settlements)
    assert {key for _, kind, key in refs if kind == "table"} <= set(tables.keys())
    assert all(str(tables[key].dice) == "2d6" for _, kind, key in refs if kind == "table")
    assert ("settlements.toml [sleeping_place] 'camp' field 'needs'", "item", "camping_supplies") in refs
    inn = next(p for p in settlements.sleeping_places if p.key == "inn")
    assert (inn.sizes, inn.cost) == ((3, 4, 5), 1)


def test_compendium_pages_are_settlements_with_unique_keys(settlements: Settlements) -> None:
    pages = compendium_settlements(settlements)
    assert {page.kind for page in pages} == {"settlement"}
    assert len({page.key for page in pages}) == len(pages) == 5 + 7 + 1
    city = next(page for page in pages if page.key == "city")
    assert ("Exotic", "2d!") in city.details


def test_a_broken_copy_lists_every_fault(tmp_path: Path) -> None:
    text = (ASSETS / "settlements.toml").read_text(encoding="utf-8")
    for old, new in [
        ('common = "2d!"', 'common = "2x!"'),  # not risk dice
        ('size = 3\nkey = "fief"', 'size = 2\nkey = "fief"'),  # size 3 missing, 2 twice
        ('size = 5\ntext = "A harbour', 'size = 9\ntext = "A harbour'),  # no such size
        ('key = "cefit"', 'key = "luna"'),  # duplicate key
        ('needs = "camping_supplies"', 'needs = "camping_supplies"\nprice = 3'),  # stray field
    ]:
        assert old in text, old
        text = text.replace(old, new, 1)
    (tmp_path / "settlements.toml").write_text(text, encoding="utf-8")
    shutil.copy(ASSETS / "tables.toml", tmp_path / "tables.toml")
    problems: list[Problem] = []
    load_settlements(tmp_path, problems)
    lines = [str(problem) for problem in problems]
    report = "\n".join(lines)
    assert "settlements.toml [size] 'small_camp' field 'common': '2x!' does not parse" in report
    assert "settlements.toml [size]: 2 appears 2 times; each of 1–5 once" in report
    assert "settlements.toml [size]: 3 is missing; each of 1–5 once" in report
    assert "[settlement] 'yoros' field 'size': a settlement size is 1 to 5, got 9" in report
    assert "[settlement] 'luna' field 'key': used by more than one entry" in report
    assert "[sleeping_place] 'camp' field 'price': unknown field" in report
    assert len(problems) == 6, report
