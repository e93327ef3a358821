"""Tests for core/context.py: every roll goes through the context and is logged (§2, DESIGN "events")."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from expedition.rules.core.context import Context
from expedition.rules.core.dice import ScriptedDice, SeededDice, parse_dice
from expedition.rules.core.events import DiceRolled, Note


def test_context_roll_emits_dice_rolled() -> None:
    """§2: every roll is reported as a DiceRolled event naming who, why and the rule."""
    ctx = Context(ScriptedDice([3, 5]))
    faces = ctx.roll(2, 6, who="ada", why="STR test", rule="§3.2")
    assert faces == (3, 5)
    assert ctx.events == [DiceRolled(rule="§3.2", who="ada", why="STR test", sides=6, faces=(3, 5))]


def test_context_roll_expr_totals_and_logs() -> None:
    """§2: rolling an expression logs its dice and returns the total."""
    ctx = Context(ScriptedDice([2, 4]))
    assert ctx.roll_expr(parse_dice("3 x 2d6"), who="gm", why="price", rule="§7.2") == 18
    assert ctx.events == [DiceRolled(rule="§7.2", who="gm", why="price", sides=6, faces=(2, 4))]


def test_context_roll_of_no_dice_logs_nothing() -> None:
    """§2: rolling zero dice reports no event."""
    ctx = Context(ScriptedDice([]))
    assert ctx.roll(0, 6, who="gm", why="nothing", rule="§2") == ()
    assert ctx.events == []


def test_emit_appends_events_in_order_and_world_defaults_to_none_section_2() -> None:
    """§2: events are kept oldest first; a pure rule test has no world."""
    ctx = Context(ScriptedDice([]))
    first, second = Note(rule="§2", text="one"), Note(rule="§2", text="two")
    ctx.emit(first)
    ctx.emit(second)
    assert ctx.events == [first, second] and ctx.world is None


def test_roll_uses_the_given_die_size_section_2() -> None:
    """§2: a d20 usage die is rolled as a d20 and logged with its size."""
    ctx = Context(ScriptedDice([17]))
    assert ctx.roll(1, 20, who="ada", why="usage die", rule="§2") == (17,)
    assert ctx.events[0].sides == 20  # type: ignore[attr-defined]


@given(seed=st.integers(0, 10**9), count=st.integers(0, 6), sides=st.sampled_from([4, 6, 8, 10, 12, 20]))
def test_the_log_holds_exactly_the_faces_the_dice_gave_section_2(seed: int, count: int, sides: int) -> None:
    """§2: the logged faces are the faces returned, and the seeded dice advance by exactly `count`."""
    dice = SeededDice(seed)
    ctx = Context(dice)
    faces = ctx.roll(count, sides, who="gm", why="check", rule="§2")
    assert len(faces) == count and dice.index == count
    logged = [e.faces for e in ctx.events if isinstance(e, DiceRolled)]
    assert logged == ([faces] if count else [])
