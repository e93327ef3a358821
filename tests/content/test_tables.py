"""Tests for the roll tables in assets/tables.toml (§4.4, §9.1, §9.3, §10.4.4, §10.4.5)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from expedition.content.problems import Problem
from expedition.content.tables import Tables, compendium_tables, load_tables
from expedition.rules.character.mortal_wounds import MortalOutcome
from expedition.rules.core.conditions import Trauma
from expedition.rules.core.roll_tables import coverage_faults
from expedition.rules.trackers.decay import DECAY_TABLE
from expedition.rules.trackers.omens import OMEN_COST, OMENS_TABLE

ASSETS = Path(__file__).resolve().parents[2] / "assets"


@pytest.fixture(scope="module")
def tables() -> Tables:
    problems: list[Problem] = []
    loaded = load_tables(ASSETS, problems)
    assert problems == []
    return loaded


def test_shipped_tables_load_without_problems(tables: Tables) -> None:
    assert set(tables.keys()) == {
        "decay",
        "omens",
        "mortal_wound",
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
    counts = {table.key: len(table.rows) for table in tables}
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
    for table in tables:
        assert coverage_faults(table) == [], table.key
        for total in range(table.dice.minimum, table.dice.maximum + 1):
            assert sum(row.covers(total) for row in table.rows) == 1, (table.key, total)


def test_decay_table_agrees_with_the_rules(tables: Tables) -> None:
    """§9.1: the data and `rules.decay.DECAY_TABLE` give the same key and affliction for each 2d6 total."""
    decay = tables["decay"]
    for rule_row in DECAY_TABLE:
        row = decay.row_for(rule_row.roll)
        assert (row.low, row.high, row.key) == (rule_row.roll, rule_row.roll, rule_row.key)
        gained = [step.args[0] for step in row.effect.steps if step.verb == "gain"]
        assert gained == ([rule_row.affliction.value] if rule_row.affliction else [])


def test_omens_table_agrees_with_the_rules(tables: Tables) -> None:
    """§9.3: the data and `rules.omens.OMENS_TABLE` give the same key per face, and the 2d4 cost."""
    omens = tables["omens"]
    assert [(row.low, row.key) for row in omens.rows] == [(r.face, r.key) for r in OMENS_TABLE]
    for row in omens.rows:
        amounts = [step.args[-1] for step in row.effect.steps if step.verb in ("discard", "break_equipped")]
        assert amounts in ([], [str(OMEN_COST)])


def test_mortal_table_is_open_at_both_ends_and_matches_the_rules(tables: Tables) -> None:
    """§4.4: 0 or less is a scratch, 7+ is death, and each middle row names the rules' outcome."""
    mortal = tables["mortal_wound"]
    assert mortal.modified
    assert mortal.row_for(-5).key == "scratch"
    assert mortal.row_for(0).key == "scratch"
    assert mortal.row_for(7).key == "dead"
    assert mortal.row_for(40).key == "dead"
    assert (mortal.rows[0].label, mortal.rows[-1].label) == ("0 or less", "7+")
    outcomes = {outcome.value for outcome in MortalOutcome} - {"cancelled"}
    assert {row.key for row in mortal.rows} == outcomes
    for row in mortal.rows:
        for step in row.effect.steps:
            if step.verb == "trauma":
                assert step.args[0] == row.key and Trauma(step.args[0])


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
    pages = compendium_tables(tables)
    assert [page.kind for page in pages] == ["table"] * len(tables)
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
            # decay: 12 vanishes (the last row ends at 11), 5 covered twice.
            ("roll = 12\n", "roll = 5\n"),
            # omens: an affliction that does not exist.
            ('effect = "discard:water,2d4"', 'effect = "discard:water,2d4 + gain:grumpy"'),
            # mortal: a closed lower end on a modified table.
            ("at_most = 0", "roll = 0"),
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
    assert "[table] 'decay' field 'row': rows 'sleepy' and 'lose_item' both cover 5" in text
    assert "the last row ends at 11, but 2d6 reaches 12" in text
    assert "'lose_water' field 'effect'" in text and "'grumpy'" in text
    assert "a modified table needs an open first row" in text
    assert "'worse_to_come'" not in text and "unknown effect 'famine'" in text
    assert "[table.blacksalt.row] 'opportunity' field 'effect': no table 'windfalls' to roll on" in text
    assert "'good_night' field 'range': give exactly one of roll, range, at_most" in text
    assert "(found roll and range)" in text
    assert "'good_night' field 'colour': unknown field" in text
    # Nothing else: no "gap" is reported where an unreadable row stood.
    assert len(problems) == 8, text


def test_a_missing_file_is_one_problem(tmp_path: Path) -> None:
    problems: list[Problem] = []
    tables = load_tables(tmp_path, problems)
    assert len(tables) == 0
    assert [str(p) for p in problems] == [
        "tables.toml: the file is missing",
        "tables.toml [table]: the table is missing",
    ]
