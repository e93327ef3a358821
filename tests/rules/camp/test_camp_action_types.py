"""Tests for camp/camp_action_types.py: the camp actions and what each costs from the pool (§10.3, §6.1)."""

from __future__ import annotations

import pytest

from expedition.persistence.state import action_from_plain, action_to_plain
from expedition.rules.camp.camp_action_types import (
    COSTS,
    BreakCamp,
    Cook,
    KeepLookout,
    Memorise,
    PerformRitual,
    PerformSurgery,
    RepairGear,
    Sleep,
    UseCampItem,
    WellDeservedRest,
    camp_cost,
)
from expedition.rules.camp.camp_setup import current_camp
from expedition.rules.camp.camp_state import CampPlace
from expedition.rules.camp.transmute import Transmute
from expedition.rules.core.actions import Action
from expedition.rules.core.errors import IllegalAction
from expedition.rules.exploration.exploration_actions import SetUpCamp
from tests.rules.camp_helpers import camp_with, make_state

ALL: list[Action] = [
    KeepLookout(actor="wren"),
    WellDeservedRest(actor="wren"),
    UseCampItem(actor="wren", item=3, target="moss"),
    Cook(actor="wren"),
    Sleep(actor="wren"),
    Memorise(actor="wren", keys=("light", "bless")),
    PerformRitual(actor="wren"),
    PerformSurgery(actor="wren"),
    RepairGear(actor="wren", target="moss"),
    BreakCamp(actor="wren"),
    Transmute(actor="wren", tonic="healing_tonic"),
]


def test_the_costs_follow_the_camp_table() -> None:
    """§10.3, §6.1: Sleep 2; lookout, rest, camp items, cooking, memorise, ritual, surgery 1; rest free."""
    costs = {cls.__name__: cost for cls, cost in COSTS.items()}
    assert costs == {
        "KeepLookout": 1,
        "WellDeservedRest": 1,
        "UseCampItem": 1,
        "Cook": 1,
        "Memorise": 1,
        "Sleep": 2,
        "PerformRitual": 1,
        "PerformSurgery": 1,
        "RepairGear": 0,
        "BreakCamp": 0,
        "Transmute": 0,
    }


@pytest.mark.parametrize("action", ALL, ids=lambda a: type(a).__name__)
def test_camp_cost_of_each_action_outside_an_item_round_is_its_table_cost(action: Action) -> None:
    """§10.3: with no camp item round open, each action costs what the table says."""
    state = make_state()
    camp_with(state, CampPlace(long_rest=True))
    assert camp_cost(state, action) == COSTS[type(action)]


def test_a_camp_item_is_free_for_each_adventurer_once_a_round_is_open() -> None:
    """§10.3: one "Use camp items" action lets every adventurer use one camp item; a second item costs 1."""
    state = make_state()
    camp_with(state, CampPlace(long_rest=True))
    camp = current_camp(state)
    camp.item_round, camp.item_users = True, ["wren"]
    assert camp_cost(state, UseCampItem(actor="moss", item=1)) == 0
    assert camp_cost(state, UseCampItem(actor="wren", item=1)) == 1


def test_an_action_the_table_does_not_list_costs_one_and_a_camp_item_needs_a_camp() -> None:
    """§10.3: anything else costs 1 camp action; a camp item's cost is asked only while camping."""
    state = make_state()
    camp_with(state, CampPlace(long_rest=True))
    assert camp_cost(state, SetUpCamp(actor="wren")) == 1
    fresh = make_state()
    with pytest.raises(IllegalAction, match="not camping"):
        camp_cost(fresh, UseCampItem(actor="wren", item=1))


@pytest.mark.parametrize("action", ALL, ids=lambda a: type(a).__name__)
def test_each_camp_action_round_trips_through_the_journal(action: Action) -> None:
    """§10.3: every camp action is plain data the journal can store and read back."""
    assert action_from_plain(action_to_plain(action)) == action
