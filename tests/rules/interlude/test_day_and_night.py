"""Tests for interlude/day_and_night.py: `EndDay`, the night and the next morning (§10.4.1)."""

from __future__ import annotations

from expedition.rules.core.decisions import resolve_default
from expedition.rules.interlude.day_and_night import InterludeDayBegan, begin_day
from expedition.rules.interlude.interlude_state import DailyAction, DailyPlan
from tests.rules.interlude_helpers import back_in_town, ctx_with, interlude_of


def test_a_new_day_clears_the_plans_and_counts_down_the_markets() -> None:
    """§10.4.1, §10.4.4: the next day opens, one-day price effects lapse, longer ones count down."""
    state = back_in_town()
    interlude = interlude_of(state)
    interlude.plans.append(DailyPlan("c1", DailyAction.REST))
    interlude.bad_harvest, interlude.overcrowding, interlude.good_harvest = 2, 1, True
    day, campaign_day = interlude.day, state.day
    ctx = ctx_with([4])  # the morning's Blacksalt event: 4, nothing happens
    resolve_default(begin_day(ctx, state, interlude))
    assert (interlude.day, state.day) == (day + 1, campaign_day + 1) and interlude.plans == []
    assert (interlude.bad_harvest, interlude.overcrowding, interlude.good_harvest) == (1, 0, False)
    assert [e.day for e in ctx.events if isinstance(e, InterludeDayBegan)] == [day + 1]
