"""Tests for content/lifepath_entries: the shipped life-path tables and the faults the loader finds."""

from __future__ import annotations

from pathlib import Path

from expedition.content.lifepath_entries import compendium_lifepath, load_lifepath, references
from expedition.content.problems import Problem
from expedition.rules.core.attributes import Attr
from expedition.rules.core.dice import DiceExpr
from expedition.rules.core.skills import Skill, Trait
from expedition.rules.creation.life_path_effects import (
    AttrKind,
    AttrPick,
    ChooseAttribute,
    GainItem,
    GainSkill,
    GainTrait,
    Insight,
    ProficiencyChange,
    ScoreChange,
    Silver,
)

ASSETS = Path(__file__).resolve().parents[2] / "assets"


def test_shipped_tables_load_without_problems_and_have_the_book_counts() -> None:
    """§5.2–§5.6: 16 infancy, 16 career, 16 tragedy, 11 burden and 22 feature rows."""
    problems: list[Problem] = []
    lifepath = load_lifepath(ASSETS, problems)
    assert problems == []
    assert [len(table.rows) for table in lifepath.tables] == [16, 16, 16, 11, 22]
    assert [str(table.dice) for table in lifepath.tables] == ["3d6", "3d6", "3d6", "2d6", "4d6"]


def test_every_total_is_covered_exactly_once() -> None:
    """§5.1: each table gives one row for every total its dice can show."""
    lifepath = load_lifepath(ASSETS, [])
    for table in lifepath.tables:
        rolled = [row.roll for row in table.rows if not row.choose_only]
        assert rolled == list(range(table.dice.minimum, table.dice.maximum + 1)), table.key
        for total in rolled:
            assert table.row_for(total).roll == total


def test_features_second_19_is_20_and_glasses_are_choose_only() -> None:
    """§5.6 / §16 #17: 'very short' is 20; row 3 cannot be rolled on 4d6 and gives the glasses."""
    features = load_lifepath(ASSETS, []).features
    assert features.row_for(20).key == "very_short"
    glasses = features.row("unusual_glasses")
    assert glasses.roll == 3 and glasses.choose_only
    assert glasses.effects == (GainItem("unusual_glasses", 1),)


def test_sample_rows_carry_the_book_effects() -> None:
    """§5.2 rows 3 and 18, §5.3 row 4, §5.4 rows 9 and 16, §5.2 row 17."""
    lifepath = load_lifepath(ASSETS, [])
    assert lifepath.infancy.row_for(3).effects == (GainTrait(Trait.REJECTED_BY_DEATH), Insight(1))
    assert lifepath.infancy.row_for(18).effects == (
        ChooseAttribute(1, AttrKind.PROFICIENCY),
        GainTrait(Trait.BAD_OMENS),
    )
    assert lifepath.infancy.row_for(17).effects[2] == Silver(DiceExpr(4, 6))
    assert lifepath.career.row_for(4).effects[2] == GainSkill(Skill.SHIELD_MASTER, direct=True)
    assert lifepath.tragedy.row_for(9).effects == (
        ChooseAttribute(1, AttrKind.PROFICIENCY, pick=AttrPick.LOWEST_SCORE),
        ScoreChange(Attr.PRE, -1),
    )
    assert lifepath.tragedy.row_for(16).effects[1] == ChooseAttribute(-1, pick=AttrPick.HIGHEST_SCORE)
    assert lifepath.tragedy.row_for(3).effects == (ProficiencyChange(Attr.DEX, 1), ScoreChange(Attr.INT, -1))
    assert lifepath.burden.row_for(7).effects == ()


def test_compendium_lists_one_table_entry_per_table_with_every_row() -> None:
    """§5.2–§5.6: the compendium shows each table with its rows."""
    entries = compendium_lifepath(load_lifepath(ASSETS, []))
    assert [(entry.kind, entry.key) for entry in entries] == [
        ("table", "infancy"),
        ("table", "career"),
        ("table", "tragedy"),
        ("table", "burden"),
        ("table", "features"),
    ]
    assert [len(entry.details) for entry in entries] == [16, 16, 16, 11, 22]
    assert entries[0].details[1] == ("4", "Blacksalt native: +1 DEX, Loremaster (skill)")


def test_references_name_the_items_rows_give() -> None:
    """§5.6 row 3: the glasses are an item the catalog must know."""
    assert references(load_lifepath(ASSETS, [])) == [
        ("lifepath.toml [features] 'unusual_glasses' field 'effects'", "item", "unusual_glasses")
    ]


def test_broken_copy_reports_every_fault(tmp_path: Path) -> None:
    """§5.1: a faulty file gives one readable problem per fault, all at once."""
    text = (ASSETS / "lifepath.toml").read_text(encoding="utf-8")
    faults = [
        # a bad attribute, an unknown skill, an unknown trait
        (
            'effects = [{score = "DEX", delta = 1}, {skill = "loremaster"}]',
            'effects = [{score = "AGI", delta = 1}, {skill = "lore"}]',
        ),
        (
            'effects = [{trait = "rejected_by_death"}, {insight = 1}]',
            'effects = [{trait = "undying"}, {insight = 1}]',
        ),
        # the Squire without direct = true
        (
            '{score = "PRE", delta = 1}, {skill = "shield_master", direct = true}]',
            '{score = "PRE", delta = 1}, {skill = "shield_master"}]',
        ),
        # two heads in one effect, and an unknown field in another
        (
            'effects = [{score = "STR", delta = 1}, {score = "DEX", delta = 1}]',
            'effects = [{score = "STR", skill = "haggle", delta = 1}, {score = "DEX", delta = 1, bonus = 2}]',
        ),
        # the burden rolled with the wrong dice
        ('key = "burden"\nname = "Burden"\ndice = "2d6"', 'key = "burden"\nname = "Burden"\ndice = "3d6"'),
        # a second tragedy 7 and no tragedy 12
        ('roll = 12\nkey = "went_to_jail"', 'roll = 7\nkey = "went_to_jail"'),
        # a duplicated key in the career table
        ('key = "pugilist"', 'key = "watchman"'),
        # the glasses no longer marked choose-only
        ("choose_only = true\n", ""),
        # bad silver dice
        ('{silver = "4d6"}', '{silver = "4d7"}'),
    ]
    for old, new in faults:
        assert old in text, old
        text = text.replace(old, new, 1)
    (tmp_path / "lifepath.toml").write_text(text, encoding="utf-8")
    problems: list[Problem] = []
    load_lifepath(tmp_path, problems)
    report = [str(problem) for problem in problems]
    expected = [
        "'AGI' is not one of",
        "'lore' is not one of",
        "'undying' is not one of",
        "shield_master needs shield_expert first",
        "exactly one of",
        "field 'bonus': unknown field",
        "the burden table is rolled with 2d6, not 3d6",
        "2 rows for a roll of 7",
        "no row for a roll of 12 on 3d6",
        "[career] 'watchman' field 'key': the same key",
        "3 cannot be rolled on 4d6",
        "'4d7' does not parse",
    ]
    for fragment in expected:
        assert any(fragment in line for line in report), (fragment, report)
    assert all(line.startswith("lifepath.toml") for line in report)
    assert len(problems) == len(expected), report


def test_missing_file_is_one_problem(tmp_path: Path) -> None:
    """A missing asset is reported, not raised."""
    problems: list[Problem] = []
    lifepath = load_lifepath(tmp_path, problems)
    assert [problem.message for problem in problems] == ["the file is missing"]
    assert lifepath.infancy.rows == ()
