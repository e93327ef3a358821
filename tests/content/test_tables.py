"""Tests for the roll tables in assets/tables.toml (§10.4.4, §10.4.5) and every table's compendium page."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from expedition.content.problems import Problem
from expedition.content.tables import RULES_TABLES, Tables, compendium_tables, load_tables
from expedition.rules.core.roll_tables import coverage_faults

ASSETS = Path(__file__).resolve().parents[2] / "assets"


@pytest.fixture(scope="module")
def tables() -> Tables:
    problems: list[Problem] = []
    loaded = load_tables(ASSETS, problems)
    assert problems == []
    return loaded


def test_shipped_tables_load_without_problems(tables: Tables) -> None:
    assert set(tables.keys()) == {
        "blacksalt",
        "bad_events",
        "opportunities",
        "sleep_streets_large",
        "sleep_streets_small",
        "sleep_camp",
        "sleep_inn",
        "sleep_proper",
    }


def test_row_counts_match_the_book(tables: Tables) -> None:
    """§9.1 decay has 11 rows, §9.3 omens 6, §4.4 mortal wounds 8, §10.4.5 each sleep table 4–7."""
    counts = {table.key: len(table.rows) for table in (*RULES_TABLES, *tables)}
    assert counts["decay"] == 11
    assert counts["omens"] == 6
    assert counts["mortal_wound"] == 8
    assert counts["blacksalt"] == 3
    assert counts["bad_events"] == 6
    assert counts["opportunities"] == 6
    assert counts["sleep_streets_large"] == 7
    assert counts["sleep_streets_small"] == 7
    assert counts["sleep_camp"] == 6
    assert counts["sleep_inn"] == 6
    assert counts["sleep_proper"] == 4


def test_every_total_of_every_table_finds_exactly_one_row(tables: Tables) -> None:
    for table in (*RULES_TABLES, *tables):
        assert coverage_faults(table) == [], table.key
        for total in range(table.dice.minimum, table.dice.maximum + 1):
            assert sum(row.covers(total) for row in table.rows) == 1, (table.key, total)


def test_blacksalt_table_points_at_bad_events_and_opportunities(tables: Tables) -> None:
    """§10.4.4: 1–3 bad event, 4–5 nothing, 6 opportunity."""
    blacksalt = tables["blacksalt"]
    assert [str(blacksalt.row_for(n).effect) for n in range(1, 7)] == [
        "roll_table:bad_events",
        "roll_table:bad_events",
        "roll_table:bad_events",
        "none",
        "none",
        "roll_table:opportunities",
    ]


def test_sleep_tables_read_the_book_ranges(tables: Tables) -> None:
    """§10.4.5: spot checks of the ranges and effects of each sleeping place."""
    assert tables["sleep_proper"].row_for(5).key == "fair_night"
    assert tables["sleep_proper"].row_for(10).effect.verbs() >= {"heal_wound"}
    assert tables["sleep_inn"].row_for(9).key == "great_night"
    assert tables["sleep_camp"].row_for(4).key == "tent_breaks"
    assert tables["sleep_streets_large"].row_for(6).effect.options[1][0].args == ("2",)
    assert tables["sleep_streets_small"].row_for(6).effect.steps[0].verb == "settlement_doom"


def test_compendium_has_one_table_page_each(tables: Tables) -> None:
    """The rules' own tables get their pages too, from the very values play rolls on."""
    pages = compendium_tables(tables)
    assert [page.kind for page in pages] == ["table"] * (len(RULES_TABLES) + len(tables))
    assert [page.key for page in pages] == [*(table.key for table in RULES_TABLES), *tables.keys()]
    decay = next(page for page in pages if page.key == "decay")
    assert ("Roll", "2d6") in decay.details
    assert len(decay.details) == 2 + 11
    mortal = next(page for page in pages if page.key == "mortal_wound")
    assert ("Roll", "1d6 + modifiers") in mortal.details


def _broken_copy(tmp_path: Path, replacements: list[tuple[str, str]]) -> Path:
    shutil.copy(ASSETS / "tables.toml", tmp_path / "tables.toml")
    path = tmp_path / "tables.toml"
    text = path.read_text(encoding="utf-8")
    for old, new in replacements:
        assert old in text, old
        text = text.replace(old, new, 1)
    path.write_text(text, encoding="utf-8")
    return tmp_path


def test_a_broken_copy_lists_every_fault(tmp_path: Path) -> None:
    assets = _broken_copy(
        tmp_path,
        [
            # proper accommodation: 12 vanishes (the last row ends at 11), 9 covered twice.
            ("range = [10, 12]", "range = [9, 11]"),
            # camp: an affliction that does not exist.
            ('effect = "discard:camping_supplies,1"', 'effect = "discard:camping_supplies,1 + gain:grumpy"'),
            # blacksalt: marked as taking modifiers, but closed at both ends.
            (
                'rule = "§10.4.4"\ntext = "Rolled once',
                'rule = "§10.4.4"\nmodified = true\ntext = "Rolled once',
            ),
            # bad events: an unknown verb.
            ('effect = "bad_harvest:1d6"', 'effect = "famine:1d6"'),
            # blacksalt: points at a table that is not there.
            ('"roll_table:opportunities"', '"roll_table:windfalls"'),
            # camp: two ways of giving the roll, and a stray field.
            (
                'range = [8, 10]\nkey = "good_night"',
                'range = [8, 10]\nroll = 8\ncolour = "red"\nkey = "good_night"',
            ),
        ],
    )
    problems: list[Problem] = []
    load_tables(assets, problems)
    text = "\n".join(str(problem) for problem in problems)
    assert "[table] 'sleep_proper' field 'row': rows 'great_night' and 'best_night' both cover 9" in text
    assert "the last row ends at 11, but 2d6 reaches 12" in text
    assert "'tent_breaks' field 'effect'" in text and "'grumpy'" in text
    assert "a modified table needs an open first row ('1 or less'), not 1" in text
    assert "a modified table needs an open last row ('6+'), not 6" in text
    assert "'worse_to_come'" not in text and "unknown effect 'famine'" in text
    assert "[table.blacksalt.row] 'opportunity' field 'effect': no table 'windfalls' to roll on" in text
    assert "'good_night' field 'range': give exactly one of roll, range, at_most" in text
    assert "(found roll and range)" in text
    assert "'good_night' field 'colour': unknown field" in text
    # Nothing else: no "gap" is reported where an unreadable row stood.
    assert len(problems) == 9, text


def test_a_file_table_may_not_take_a_key_the_rules_define(tmp_path: Path) -> None:
    """§9.1: the rules roll on their own decay table, so a file table named so would never be used."""
    assets = _broken_copy(tmp_path, [('key = "sleep_proper"', 'key = "decay"')])
    problems: list[Problem] = []
    tables = load_tables(assets, problems)
    assert [str(p) for p in problems] == [
        "tables.toml [table] 'decay' field 'key': the rules define the 'decay' table themselves; "
        "give this one another key"
    ]
    assert all(table.key != "decay" for table in tables)


def test_a_missing_file_is_one_problem(tmp_path: Path) -> None:
    problems: list[Problem] = []
    tables = load_tables(tmp_path, problems)
    assert len(tables) == 0
    assert [str(p) for p in problems] == [
        "tables.toml: the file is missing",
        "tables.toml [table]: the table is missing",
    ]
