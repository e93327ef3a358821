"""Tests for interlude/interlude_actions.py: the interlude actions' guards, verbs and options (§10.4)."""

from __future__ import annotations

import pytest

from expedition.rules.character.adventurer import Status
from expedition.rules.core.decisions import resolve_default
from expedition.rules.core.errors import IllegalAction, InvalidAction
from expedition.rules.interlude.daily_actions import DayPlanned, PlanDay
from expedition.rules.interlude.day_and_night import EndDay
from expedition.rules.interlude.hunger_and_sleep import BedChosen, ChooseBed
from expedition.rules.interlude.interlude_actions import GUARDS, VERBS, interlude_options
from expedition.rules.interlude.interlude_state import DailyAction
from tests.rules.interlude_helpers import back_in_town, ctx_with, interlude_of


def test_a_planned_action_is_recorded_and_reported() -> None:
    """§10.4.3: an announced daily action is kept for the day and reported."""
    state = back_in_town()
    plan = PlanDay(actor="c1", action=DailyAction.REST)
    GUARDS[PlanDay](state, plan)
    ctx = ctx_with([])
    resolve_default(VERBS[PlanDay](ctx, state, plan))
    assert [(p.actor, p.action) for p in interlude_of(state).plans] == [("c1", DailyAction.REST)]
    assert [(e.character, e.action, e.rule) for e in ctx.events if isinstance(e, DayPlanned)] == [
        ("c1", DailyAction.REST, "§10.4.3")
    ]


def test_nothing_is_planned_on_the_day_of_return_or_by_the_dead() -> None:
    """§10.4.1, §10.4.3: the day the party comes back only the night is left; the dead plan nothing."""
    state = back_in_town()
    interlude_of(state).arrival = True
    with pytest.raises(IllegalAction, match="came back today"):
        GUARDS[PlanDay](state, PlanDay(actor="c1", action=DailyAction.REST))
    interlude_of(state).arrival = False
    state.character("c2").status = Status.DEAD
    with pytest.raises(IllegalAction, match="not with the party"):
        GUARDS[PlanDay](state, PlanDay(actor="c2", action=DailyAction.REST))
    with pytest.raises(InvalidAction):
        GUARDS[PlanDay](state, PlanDay(action=DailyAction.REST))


def test_choosing_a_bed_names_a_place_and_keeps_it() -> None:
    """§10.4.5: a bed is chosen by name and kept for the nights to come."""
    state = back_in_town()
    with pytest.raises(InvalidAction, match="name the place"):
        GUARDS[ChooseBed](state, ChooseBed(actor="c1", place=""))
    ctx = ctx_with([])
    resolve_default(VERBS[ChooseBed](ctx, state, ChooseBed(actor="c1", place="streets_small")))
    assert interlude_of(state).beds["c1"] == "streets_small"
    assert [e.place for e in ctx.events if isinstance(e, BedChosen)] == ["streets_small"]


def test_the_options_follow_the_guards() -> None:
    """§10.4.3: the listed options are the actions the guards allow: no plans on the day of return."""
    state = back_in_town()
    options = interlude_options(state)
    assert EndDay() in options and PlanDay(actor="c1", action=DailyAction.REST) in options
    assert ChooseBed(actor="c1", place="streets_small") in options  # Blacksalt, a Fief (size 3)
    assert all(GUARDS[type(o)](state, o) is None for o in options)
    interlude_of(state).arrival = True
    assert not [o for o in interlude_options(state) if isinstance(o, PlanDay)]
