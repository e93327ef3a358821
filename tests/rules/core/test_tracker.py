"""Tests for the generic segmented tracker (§9)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from expedition.rules.core.context import Context
from expedition.rules.core.dice import ScriptedDice
from expedition.rules.core.errors import InvalidAction
from expedition.rules.core.tracker import (
    Tracker,
    TrackerAdvanced,
    TrackerLowered,
    TrackerReset,
    TrackerTriggered,
    Visibility,
    advance,
    lower,
    reset,
)


def _ctx() -> Context:
    return Context(ScriptedDice([]))


def test_advance_fills_one_segment_per_step_and_reports_value() -> None:
    """§9: each advance fills a segment."""
    ctx = _ctx()
    water = Tracker("rising water", 4)
    assert advance(ctx, water, 2, rule="§9") == 0
    assert water.filled == 2
    assert ctx.events == [
        TrackerAdvanced(
            rule="§9", tracker="rising water", steps=2, value=2, size=4, visibility=Visibility.PUBLIC
        )
    ]


def test_filling_the_last_segment_triggers_once_and_stays_full() -> None:
    """§9: a full tracker triggers; without wrap extra steps are lost."""
    ctx = _ctx()
    clock = Tracker("ritual", 3, filled=2)
    assert advance(ctx, clock, 5, rule="§9") == 1
    assert clock.filled == 3
    assert clock.full
    assert [type(e) for e in ctx.events] == [TrackerAdvanced, TrackerTriggered]
    assert advance(ctx, clock, 1, rule="§9") == 0
    assert len(ctx.events) == 2


def test_wrapping_tracker_triggers_each_time_it_fills() -> None:
    """§9: a repeating clock starts again from empty and can trigger several times."""
    ctx = _ctx()
    clock = Tracker("tide", 2, filled=1)
    assert advance(ctx, clock, 5, rule="§9", wrap=True) == 3
    assert clock.filled == 0
    assert sum(isinstance(e, TrackerTriggered) for e in ctx.events) == 3
    assert sum(isinstance(e, TrackerReset) for e in ctx.events) == 3


def test_hidden_tracker_still_reports_name_and_value() -> None:
    """§9: hidden trackers are reported too; the session hides the value per seat."""
    ctx = _ctx()
    secret = Tracker("omens", 5, visibility=Visibility.HIDDEN)
    advance(ctx, secret, 1, rule="§9.3")
    (event,) = ctx.events
    assert isinstance(event, TrackerAdvanced)
    assert (event.tracker, event.value, event.visibility) == ("omens", 1, Visibility.HIDDEN)


def test_lower_never_goes_below_zero() -> None:
    """§9.2: lowering (Ritualist) empties segments, down to 0 at most."""
    ctx = _ctx()
    clock = Tracker("doom", 10, filled=2, visibility=Visibility.KNOWN_HIDDEN)
    assert lower(ctx, clock, 3, rule="§6.1") == 2
    assert clock.filled == 0
    assert ctx.events == [
        TrackerLowered(rule="§6.1", tracker="doom", steps=2, value=0, visibility=Visibility.KNOWN_HIDDEN)
    ]
    assert lower(ctx, clock, 1, rule="§6.1") == 0
    assert len(ctx.events) == 1


def test_reset_empties_and_can_resize() -> None:
    """§9.3: a reset may give the tracker a new size."""
    ctx = _ctx()
    clock = Tracker("omens", 7, filled=7)
    reset(ctx, clock, rule="§9.3", size=3)
    assert (clock.filled, clock.size) == (0, 3)
    assert ctx.events == [TrackerReset(rule="§9.3", tracker="omens", size=3, visibility=Visibility.PUBLIC)]


@pytest.mark.parametrize(("size", "filled"), [(0, 0), (3, 4), (3, -1)])
def test_tracker_rejects_impossible_shapes(size: int, filled: int) -> None:
    """§9: a tracker has at least one segment and holds 0..size."""
    with pytest.raises(InvalidAction):
        Tracker("bad", size, filled=filled)


def test_negative_steps_are_refused() -> None:
    """§9: advancing backwards is lowering."""
    with pytest.raises(InvalidAction):
        advance(_ctx(), Tracker("t", 3), -1, rule="§9")
    with pytest.raises(InvalidAction):
        lower(_ctx(), Tracker("t", 3), -1, rule="§9")


@given(
    size=st.integers(1, 20),
    moves=st.lists(st.tuples(st.sampled_from(["advance", "wrap", "lower", "reset"]), st.integers(0, 30))),
)
def test_filled_always_stays_within_zero_and_size(size: int, moves: list[tuple[str, int]]) -> None:
    """§9: whatever happens, a tracker holds between 0 and size segments."""
    ctx = _ctx()
    clock = Tracker("any", size)
    for verb, steps in moves:
        if verb == "advance":
            advance(ctx, clock, steps, rule="§9")
        elif verb == "wrap":
            advance(ctx, clock, steps, rule="§9", wrap=True)
        elif verb == "lower":
            lower(ctx, clock, steps, rule="§9")
        else:
            reset(ctx, clock, rule="§9", size=max(1, steps))
        assert 0 <= clock.filled <= clock.size
