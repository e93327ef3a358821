"""Tests for core/roll_tables.py: roll tables as values and the effect notation (§2, §4.4, §9, §10.4)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from expedition.rules.core.dice import DiceExpr
from expedition.rules.core.errors import InvalidAction, NotationError
from expedition.rules.core.roll_tables import (
    Effect,
    EffectStep,
    RollTable,
    TableRow,
    coverage_faults,
    parse_effect,
)

NONE = Effect(((EffectStep("none"),),))
D6 = DiceExpr(1, 6)


def _row(low: int | None, high: int | None, key: str = "r") -> TableRow:
    return TableRow(low, high, key, key.title(), "", NONE)


def _table(*rows: TableRow, dice: DiceExpr = D6, modified: bool = False) -> RollTable:
    return RollTable("t", "Test table", dice, rows, modified=modified)


def test_row_for_finds_ranges_and_single_totals() -> None:
    """§10.4.4: 1–3, 4–5 and 6 split a d6."""
    table = _table(_row(1, 3, "bad"), _row(4, 5, "quiet"), _row(6, 6, "good"))
    assert [table.row_for(n).key for n in range(1, 7)] == ["bad"] * 3 + ["quiet"] * 2 + ["good"]


def test_row_for_outside_a_plain_table_is_invalid() -> None:
    """§2: a plain table roll cannot land outside its dice, so such a total is refused."""
    table = _table(_row(1, 6))
    with pytest.raises(InvalidAction, match="7 is not a result on the Test table table"):
        table.row_for(7)


def test_open_ends_catch_every_modified_total() -> None:
    """§4.4: "0 or less" and "7+" on the mortal-wound table."""
    rows = (_row(None, 0, "scratch"), *(_row(n, n, f"r{n}") for n in range(1, 7)), _row(7, None, "dead"))
    table = _table(*rows, modified=True)
    assert coverage_faults(table) == []
    assert table.row_for(-20).key == "scratch"
    assert table.row_for(99).key == "dead"
    assert (rows[0].label, rows[3].label, rows[-1].label) == ("0 or less", "3", "7+")


def test_coverage_faults_name_gaps_overlaps_and_ends() -> None:
    """§2: a plain 2d6 table (decay, §9.1) must cover 2–12 exactly once."""
    table = _table(_row(3, 5, "a"), _row(5, 7, "b"), _row(10, 11, "c"), dice=DiceExpr(2, 6))
    assert coverage_faults(table) == [
        "rows 'a' and 'b' both cover 5",
        "no row covers 8–9",
        "the first row starts at 3, but 2d6 starts at 2",
        "the last row ends at 11, but 2d6 reaches 12",
    ]


def test_open_ends_need_a_modified_table_and_vice_versa() -> None:
    """§2, §4.4: only a table with modifiers (the mortal-wound table) may have open ends, and it must."""
    assert coverage_faults(_table(_row(None, 6))) == ["only a table with modifiers may have open ends"]
    faults = coverage_faults(_table(_row(1, 6), modified=True))
    assert faults == [
        "a modified table needs an open first row ('1 or less'), not 1",
        "a modified table needs an open last row ('6+'), not 6",
    ]


def test_an_open_row_in_the_middle_is_a_fault() -> None:
    """§4.4: "or less" belongs on the first row only."""
    table = _table(_row(None, 0, "a"), _row(None, 3, "b"), _row(4, None, "c"), modified=True)
    assert "row 'b' is open below but is not the first row" in coverage_faults(table)


@given(st.lists(st.integers(min_value=1, max_value=4), min_size=1, max_size=11))
def test_contiguous_rows_over_the_dice_always_cover_each_total_once(widths: list[int]) -> None:
    """§2: any split of min..max into consecutive ranges is a valid table; row_for agrees with covers."""
    rows: list[TableRow] = []
    low = 2
    for index, width in enumerate(widths):
        rows.append(_row(low, low + width - 1, f"r{index}"))
        low += width
    # One die of (low - 2) faces, +1: totals run exactly from 2 to low - 1.
    table = RollTable("t", "T", DiceExpr(1, low - 2, bonus=1), tuple(rows))
    assert coverage_faults(table) == []
    for total in range(2, low):
        assert table.row_for(total).covers(total)
        assert sum(row.covers(total) for row in rows) == 1


def test_effect_notation_reads_steps_and_alternatives() -> None:
    """§9.1, §10.4: a row's effect is steps joined by + and alternatives joined by |."""
    effect = parse_effect("wound:2 + gain_one_of:hopeless,angry | pay_silver:2d6")
    assert effect.options == (
        (EffectStep("wound", ("2",)), EffectStep("gain_one_of", ("hopeless", "angry"))),
        (EffectStep("pay_silver", ("2d6",)),),
    )
    assert effect.verbs() == {"wound", "gain_one_of", "pay_silver"}
    assert str(effect) == "wound:2 + gain_one_of:hopeless,angry | pay_silver:2d6"


@pytest.mark.parametrize(
    ("text", "position", "reason"),
    [
        ("frob", 0, "unknown effect 'frob'"),
        ("wound", 0, "'wound' takes count"),
        ("wound:0", 6, "'wound' expects a number of at least 1, got '0'"),
        ("none:1", 0, "'none' takes no arguments"),
        ("gain:grumpy", 5, "'gain' expects an affliction"),
        ("gain_one_of:angry", 0, "'gain_one_of' takes affliction, affliction, ..."),
        ("remove:sleepy + doom:x", 21, "'doom' expects a whole number, got 'x'"),
        ("discard:torch,2q4", 14, "'discard' expects a number or a dice expression"),
        ("trauma:broken_nose", 7, "'trauma' expects a trauma"),
    ],
)
def test_effect_notation_errors_point_at_the_fault(text: str, position: int, reason: str) -> None:
    """§2: a bad effect is reported at the position where it goes wrong, with what was expected."""
    with pytest.raises(NotationError) as caught:
        parse_effect(text)
    assert caught.value.position == position
    assert reason in caught.value.reason
