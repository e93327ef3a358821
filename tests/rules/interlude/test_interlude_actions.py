"""Tests for interlude/interlude_actions.py: the interlude actions' guards, verbs and options (§10.4)."""

from __future__ import annotations

import random
from copy import deepcopy

import pytest

from expedition.rules.character.adventurer import Status
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import resolve_default
from expedition.rules.core.dice import SeededDice
from expedition.rules.core.errors import IllegalAction, InvalidAction
from expedition.rules.core.skills import Skill
from expedition.rules.engine.campaign import CampaignState
from expedition.rules.engine.dispatch import can
from expedition.rules.interlude.daily_actions import DayPlanned, PlanDay
from expedition.rules.interlude.day_and_night import EndDay
from expedition.rules.interlude.hunger_and_sleep import BedChosen, ChooseBed
from expedition.rules.interlude.interlude_actions import GUARDS, VERBS, interlude_options
from expedition.rules.interlude.interlude_state import DailyAction, DailyPlan
from expedition.rules.interlude.market import AskPrice, Buy, Haggle, TradeNetwork
from expedition.session.catalog_world import default_world
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


def _market_day(doom: int, silver: int, seed: int) -> CampaignState:
    """A Fief on day 2 at settlement doom `doom`: c1 out shopping with Haggle, some stock rolled."""
    state = back_in_town(silver=silver)
    state.locations[interlude_of(state).settlement].doom.filled = doom
    shopper = state.character("c1")
    shopper.skills.add(Skill.HAGGLE)
    shopper.skills.add(Skill.TRADE_NETWORK)
    interlude = interlude_of(state)
    interlude.plans.append(DailyPlan("c1", DailyAction.GO_SHOPPING))
    rng = random.Random(seed)
    for key in sorted(interlude.wares)[seed % 5 :: 11]:
        interlude.stock[key] = rng.random() < 0.5
        if interlude.stock[key]:
            interlude.prices[key] = rng.randint(1, 30)
    if rng.random() < 0.3:
        interlude.haggled.append("c1")
    return state


@pytest.mark.parametrize("doom", range(8))
@pytest.mark.parametrize("silver", [0, 60])
def test_every_market_and_bed_action_the_guard_allows_the_verb_accepts_and_no_other(
    doom: int, silver: int
) -> None:
    """§7.2, §9.4, §10.4.5: AskPrice, Buy, Haggle, Trade network and ChooseBed: guard and verb agree.

    Judged on every ware the world knows and every sleeping place, at every settlement doom: an
    action `can` allows is resolved by its verb; one it refuses, the verb refuses too.
    """
    state = _market_day(doom, silver, seed=doom + silver)
    interlude = interlude_of(state)
    kinds = (AskPrice, Buy, Haggle, TradeNetwork)
    wares = sorted({*sorted(interlude.wares)[::9], *interlude.stock})  # a spread, and all rolled so far
    candidates = [k(actor=m, item=key) for m in ("c1", "c2") for key in wares for k in kinds]
    candidates += [ChooseBed(actor=m, place=p) for m in ("c1", "c2") for p in interlude.places]
    assert set(interlude_options(state)) <= {
        a for a in candidates + interlude_options(state) if can(state, a)
    }
    allowed = 0
    for action in candidates:
        trial = deepcopy(state)
        try:
            resolve_default(VERBS[type(action)](Context(SeededDice(3), world=default_world()), trial, action))
            accepted = True
        except (IllegalAction, InvalidAction):
            accepted = False
        assert can(state, action) is accepted, action
        allowed += accepted
    assert allowed  # the streets at least


def test_the_guards_refuse_a_closed_inn_and_an_item_out_of_stock_with_the_reason() -> None:
    """§9.4, §7.2: at doom 4 the inn is shut; an item found missing is not offered for sale again."""
    state = _market_day(4, 60, seed=0)
    with pytest.raises(IllegalAction, match="inn is closed"):
        GUARDS[ChooseBed](state, ChooseBed(actor="c1", place="inn"))
    interlude_of(state).stock["rope"] = False
    for action in (AskPrice(actor="c1", item="rope"), Buy(actor="c1", item="rope")):
        with pytest.raises(IllegalAction, match=r"no [Rr]ope"):
            GUARDS[type(action)](state, action)
    assert Buy(actor="c1", item="rope") not in interlude_options(state)
