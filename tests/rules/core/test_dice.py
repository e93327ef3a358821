"""Tests for rules/core/dice.py: seeded and scripted dice, dice expressions, usage dice and risk dice (§2)."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from expedition.rules.core.dice import (
    SIDES,
    DiceExpr,
    ScriptedDice,
    ScriptExhausted,
    SeededDice,
    UsageDie,
    parse_dice,
    parse_risk,
    risk_triggered,
)
from expedition.rules.core.errors import NotationError, RuleError

LADDER = (20, 12, 10, 8, 6, 4)
NEXT_STEP = dict(zip(LADDER, (*LADDER[1:], 0), strict=True))


# --- seeded dice -------------------------------------------------------------------------------


def test_seeded_dice_repeat_for_the_same_seed() -> None:
    """§2: the same seed rolls the same faces in the same order."""
    first, second = SeededDice(1234), SeededDice(1234)
    assert [first.roll(6) for _ in range(50)] == [second.roll(6) for _ in range(50)]


def test_seeded_dice_differ_between_seeds() -> None:
    """§2: different seeds give different sequences."""
    one, two = SeededDice(1), SeededDice(2)
    assert [one.roll(20) for _ in range(30)] != [two.roll(20) for _ in range(30)]


def test_seeded_dice_state_round_trip_continues_the_sequence() -> None:
    """§2: a restored state rolls exactly what the original would have rolled next."""
    dice = SeededDice(99)
    for _ in range(17):
        dice.roll(6)
    restored = SeededDice.from_state(dice.state())
    assert restored.state() == {"seed": 99, "index": 17}
    assert [restored.roll(12) for _ in range(20)] == [dice.roll(12) for _ in range(20)]


@given(st.integers(-(2**63), 2**63), st.sampled_from(SIDES))
def test_seeded_faces_are_in_range(seed: int, sides: int) -> None:
    """§2: every face lies between 1 and the number of sides."""
    dice = SeededDice(seed)
    assert all(1 <= dice.roll(sides) <= sides for _ in range(20))


def test_seeded_d6_is_roughly_uniform() -> None:
    """§2: each face of a d6 comes up about a sixth of the time (12 000 rolls, ±10 %)."""
    dice = SeededDice(7)
    counts = Counter(dice.roll(6) for _ in range(12_000))
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    assert all(1800 <= count <= 2200 for count in counts.values())


def test_seeded_dice_refuse_a_die_without_sides() -> None:
    """§2: a die needs at least one side."""
    with pytest.raises(RuleError):
        SeededDice(1).roll(0)


# --- scripted dice -----------------------------------------------------------------------------


def test_scripted_dice_hand_out_faces_in_order_then_run_out() -> None:
    """§2: scripted dice return the given faces and then refuse."""
    dice = ScriptedDice([6, 1, 4])
    assert [dice.roll(6), dice.roll(6), dice.roll(6)] == [6, 1, 4]
    assert dice.remaining == 0
    with pytest.raises(ScriptExhausted):
        dice.roll(6)


def test_scripted_face_too_big_for_the_die_is_refused() -> None:
    """§2: a scripted 7 cannot come up on a d6, and is not used up by the refusal."""
    dice = ScriptedDice([7])
    with pytest.raises(RuleError):
        dice.roll(6)
    assert dice.remaining == 1
    assert dice.roll(8) == 7


def test_scripted_face_zero_is_refused() -> None:
    """§2: no die shows 0."""
    with pytest.raises(RuleError):
        ScriptedDice([0]).roll(6)


# --- dice expressions --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expr", "low", "high"),
    [
        ("3d6", DiceExpr(3, 6), 3, 18),
        ("2 + 2d6", DiceExpr(2, 6, bonus=2), 4, 14),
        ("3 x 2d6", DiceExpr(2, 6, multiplier=3), 6, 36),
        ("5 x 3d6", DiceExpr(3, 6, multiplier=5), 15, 90),
        ("10 x 4d6", DiceExpr(4, 6, multiplier=10), 40, 240),
        ("d20", DiceExpr(1, 20), 1, 20),
        ("2d6 + 1", DiceExpr(2, 6, bonus=1), 3, 13),
        ("3 × 2d6", DiceExpr(2, 6, multiplier=3), 6, 36),
    ],
)
def test_parse_dice_reads_book_expressions(text: str, expr: DiceExpr, low: int, high: int) -> None:
    """§2: XdY, N x XdY and B + XdY parse with the right minimum and maximum."""
    parsed = parse_dice(text)
    assert parsed == expr
    assert (parsed.minimum, parsed.maximum) == (low, high)


def test_expression_totals_multiply_then_add() -> None:
    """§2: `N x XdY` multiplies the sum of the dice; a bonus is added."""
    assert parse_dice("3 x 2d6").total([4, 5]) == 27
    assert parse_dice("2 + 2d6").total([1, 6]) == 9
    assert parse_dice("10 x 4d6").total([1, 2, 3, 4]) == 100


@given(
    st.integers(1, 6),
    st.sampled_from(SIDES),
    st.integers(1, 10),
    st.integers(0, 10),
    st.data(),
)
def test_expression_total_stays_between_minimum_and_maximum(
    count: int, sides: int, multiplier: int, bonus: int, data: st.DataObject
) -> None:
    """§2: any roll of an expression totals between its minimum and maximum, and str() re-parses."""
    expr = DiceExpr(count, sides, multiplier, bonus)
    faces = data.draw(st.lists(st.integers(1, sides), min_size=count, max_size=count))
    assert expr.minimum <= expr.total(faces) <= expr.maximum
    assert parse_dice(str(expr)) == expr


@pytest.mark.parametrize(
    ("text", "position"),
    [
        ("3q6", 1),
        ("", 0),
        ("q", 0),
        ("3d", 2),
        ("3d6+", 4),
        ("3d6 foo", 4),
        ("3 x 2 x 2d6", 6),
        ("2 + 3 + d6", 6),
        ("3 6", 2),
        ("3d7", 2),
        ("0d6", 0),
    ],
)
def test_parse_dice_reports_first_unreadable_position(text: str, position: int) -> None:
    """§2: a malformed dice expression names the first character that cannot be read."""
    with pytest.raises(NotationError) as caught:
        parse_dice(text)
    assert caught.value.text == text
    assert caught.value.position == position


@given(
    st.integers(1, 6),
    st.sampled_from(SIDES),
    st.integers(1, 10),
    st.integers(0, 10),
    st.data(),
)
def test_dice_junk_is_reported_where_it_was_inserted(
    count: int, sides: int, multiplier: int, bonus: int, data: st.DataObject
) -> None:
    """§2: a stray character in a valid expression is reported at its exact position."""
    text = str(DiceExpr(count, sides, multiplier, bonus))
    at = data.draw(st.integers(0, len(text)))
    with pytest.raises(NotationError) as caught:
        parse_dice(text[:at] + "?" + text[at:])
    assert caught.value.position == at


# --- usage dice --------------------------------------------------------------------------------


@pytest.mark.parametrize("face", [1, 2])
def test_usage_die_steps_down_the_ladder_on_one_or_two(face: int) -> None:
    """§2: on a 1 or 2 the usage die shrinks d20→d12→d10→d8→d6→d4, and a d4 is then gone."""
    die = UsageDie(20)
    seen = []
    while not die.gone:
        seen.append(die.sides)
        die = die.after(face)
    assert tuple(seen) == LADDER
    assert str(die) == "spent"


@pytest.mark.parametrize("sides", LADDER)
def test_usage_die_never_shrinks_on_three_or_more(sides: int) -> None:
    """§2: a 3 or higher leaves the usage die as it was."""
    die = UsageDie(sides)
    assert all(die.after(face) == die for face in range(3, sides + 1))


def test_spent_usage_die_cannot_be_rolled() -> None:
    """§2: once gone, the item is used up."""
    with pytest.raises(RuleError):
        UsageDie(0).after(3)


@given(st.sampled_from(LADDER), st.lists(st.integers(1, 20), max_size=30))
def test_usage_die_only_ever_shrinks(start: int, faces: list[int]) -> None:
    """§2: whatever is rolled, a usage die stays or takes exactly one step down, never grows."""
    die = UsageDie(start)
    for face in faces:
        if die.gone:
            break
        after = die.after(min(face, die.sides))
        assert after.sides in (die.sides, NEXT_STEP[die.sides])
        die = after


def test_usage_die_parses_and_prints() -> None:
    """§2: `Ud8` is a usage die of eight sides."""
    assert UsageDie.parse("Ud8") == UsageDie(8)
    assert UsageDie.parse("d20") == UsageDie(20)
    assert str(UsageDie(8)) == "Ud8"
    with pytest.raises(NotationError):
        UsageDie.parse("Ud7")


# --- risk dice ---------------------------------------------------------------------------------


def test_risk_dice_trigger_on_any_one() -> None:
    """§2: Nd! triggers when any die shows a 1."""
    assert risk_triggered([6, 1])
    assert risk_triggered([1])
    assert not risk_triggered([2, 3, 6])
    assert not risk_triggered([])


@given(st.lists(st.integers(1, 6), min_size=1, max_size=6))
def test_risk_dice_trigger_exactly_when_a_one_shows(faces: list[int]) -> None:
    """§2: the trigger depends only on whether a 1 was rolled."""
    assert risk_triggered(faces) == (1 in faces)


@pytest.mark.parametrize(("text", "count"), [("1d!", 1), ("2d!", 2), ("3d!", 3), ("1D!", 1)])
def test_parse_risk_reads_the_book_forms(text: str, count: int) -> None:
    """§2: risk dice are written 1d!, 2d!, 3d! or 1D!."""
    assert parse_risk(text) == count


@pytest.mark.parametrize("text", ["2d6", "0d!", "d!", "2!"])
def test_parse_risk_rejects_other_notation(text: str) -> None:
    """§2: anything else is not risk dice."""
    with pytest.raises(NotationError):
        parse_risk(text)


@given(st.text(alphabet="0123456789 dDx×*+!q²", max_size=16))
def test_parse_dice_never_crashes_and_points_inside_the_text(text: str) -> None:
    """§2: any text either parses, re-printing to the same expression, or names a position in it."""
    try:
        parsed = parse_dice(text)
    except NotationError as error:
        assert 0 <= error.position <= len(text)
    else:
        assert parse_dice(str(parsed)) == parsed
