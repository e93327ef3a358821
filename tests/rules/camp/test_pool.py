"""Tests for rules/camp/pool.py: what the pool of camp actions is made of, affording and paying (§10.3)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from expedition.rules.camp.breaking_camp import BreakCamp
from expedition.rules.camp.camp_actions import GUARDS, VERBS
from expedition.rules.camp.camp_setup import current_camp
from expedition.rules.camp.lookout import KeepLookout
from expedition.rules.camp.pool import CampActionTaken, afford, pool_parts, pool_size, spend
from expedition.rules.camp.rest_and_sleep import PartyRested, Sleep, WellDeservedRest
from expedition.rules.camp.ritual import PerformRitual
from expedition.rules.core.actions import Action
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import answers, resolve
from expedition.rules.core.dice import ScriptedDice
from expedition.rules.core.errors import IllegalAction
from expedition.rules.exploration.camp_state import CampPlace, CampState
from tests.rules.camp_helpers import camp_with, make_state


def test_pool_parts_count_each_modifier_and_never_go_below_zero() -> None:
    """§10.3, §16 #16: 0 base; dry +1, each supply +1, Survivalist +1, fire +1, long rest +2, filthy −1."""
    base = CampPlace(dry=False)
    assert pool_size(pool_parts(base, supplies=0, survivalists=0, fire=False, long_rest=False)) == 0
    assert pool_size(pool_parts(CampPlace(), supplies=0, survivalists=0, fire=False, long_rest=False)) == 1
    assert pool_size(pool_parts(base, supplies=2, survivalists=0, fire=False, long_rest=False)) == 2
    assert pool_size(pool_parts(base, supplies=0, survivalists=2, fire=False, long_rest=False)) == 2
    assert pool_size(pool_parts(base, supplies=0, survivalists=0, fire=True, long_rest=False)) == 1
    assert pool_size(pool_parts(base, supplies=0, survivalists=0, fire=False, long_rest=True)) == 2
    filthy = CampPlace(dry=False, filthy=True)
    assert pool_size(pool_parts(filthy, supplies=0, survivalists=0, fire=False, long_rest=True)) == 1
    assert pool_size(pool_parts(filthy, supplies=0, survivalists=0, fire=False, long_rest=False)) == 0


@given(
    st.booleans(),
    st.booleans(),
    st.integers(0, 6),
    st.integers(0, 4),
    st.booleans(),
    st.booleans(),
)
def test_the_pool_is_the_sum_of_its_parts_floored_at_zero(
    dry: bool, filthy: bool, supplies: int, survivalists: int, fire: bool, long_rest: bool
) -> None:
    """§10.3: the pool adds every listed part; only the filthy place subtracts, and never below 0."""
    place = CampPlace(dry=dry, filthy=filthy)
    parts = pool_parts(place, supplies=supplies, survivalists=survivalists, fire=fire, long_rest=long_rest)
    expected = int(dry) + supplies + survivalists + int(fire) + 2 * int(long_rest) - int(filthy)
    assert pool_size(parts) == max(0, expected)
    assert all(part.amount != 0 for part in parts)
    assert [p.amount for p in parts if p.amount < 0] == ([-1] if filthy else [])


def test_the_specific_reason_comes_before_the_pool() -> None:
    """§10.3, §6.1: with an empty pool a missing skill is still the reason given; else the pool is."""
    state = make_state()
    camp_with(state, CampPlace(dry=False, long_rest=False))
    assert current_camp(state).pool == 0
    with pytest.raises(IllegalAction, match="Ritualist"):
        GUARDS[PerformRitual](state, PerformRitual(actor="wren"))
    with pytest.raises(IllegalAction, match=r"That takes 1 camp action; 0 left\."):
        GUARDS[WellDeservedRest](state, WellDeservedRest(actor="wren"))
    current_camp(state).pool = 1
    with pytest.raises(IllegalAction, match=r"That takes 2 camp actions; 1 left\."):
        GUARDS[Sleep](state, Sleep(actor="wren"))
    GUARDS[BreakCamp](state, BreakCamp(actor="wren"))  # breaking camp costs nothing


def _verb(state: object, action: Action, faces: list[int] | None = None, *keys: str) -> Context:
    """Run the action's verb directly (no guard), with scripted dice."""
    ctx = Context(ScriptedDice(faces or []))
    resolve(VERBS[type(action)](ctx, state, action), answers(*keys))  # type: ignore[arg-type]
    return ctx


def test_each_verb_pays_its_cost_and_reports_what_is_left() -> None:
    """§10.3: a lookout costs 1 from the pool and is recorded; Sleep costs 2."""
    state = make_state()
    camp_with(state, CampPlace(long_rest=True))
    ctx = _verb(state, KeepLookout(actor="wren"))
    taken = [e for e in ctx.events if isinstance(e, CampActionTaken)]
    assert [(e.action, e.character, e.cost, e.left, e.rule) for e in taken] == [
        ("KeepLookout", "wren", 1, 2, "§10.3")
    ]
    assert current_camp(state).lookouts == ["wren"]
    ctx = _verb(state, Sleep(actor="moss"))
    assert [e.left for e in ctx.events if isinstance(e, CampActionTaken)] == [0]
    assert [e.sleep for e in ctx.events if isinstance(e, PartyRested)] == [True]
    assert current_camp(state).slept


def test_afford_names_the_cost_and_what_is_left_and_spend_reports_it() -> None:
    """§10.3: an action the pool cannot hold is refused; paying one leaves the rest and says so."""
    camp = CampState(CampPlace(), pool=1, total=1)
    afford(camp, 0)
    afford(camp, 1)
    with pytest.raises(IllegalAction, match=r"That takes 2 camp actions; 1 left\."):
        afford(camp, 2)
    ctx = Context(ScriptedDice([]))
    assert spend(ctx, camp, KeepLookout(actor="wren"), 1) is camp and camp.pool == 0
    taken = [e for e in ctx.events if isinstance(e, CampActionTaken)]
    assert [(e.action, e.character, e.cost, e.left) for e in taken] == [("KeepLookout", "wren", 1, 0)]
