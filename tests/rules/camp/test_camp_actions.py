"""Tests for rules/camp/camp_actions.py: every camp action's guard, verb and cost (§10.3, §5.7.4)."""

from __future__ import annotations

import importlib
import pkgutil

import pytest

import expedition.rules.camp as camp_package
from expedition.persistence.state import action_from_plain, action_to_plain
from expedition.rules.camp.breaking_camp import BreakCamp
from expedition.rules.camp.camp_actions import COSTS, GUARDS, VERBS, camp_cost
from expedition.rules.camp.camp_memorising import Memorise
from expedition.rules.camp.camp_sacrifices import BurnTeeth, PrayForFavour
from expedition.rules.camp.camp_setup import current_camp
from expedition.rules.camp.cooking import Cook
from expedition.rules.camp.crafting import RepairGear
from expedition.rules.camp.lookout import KeepLookout
from expedition.rules.camp.rest_and_sleep import Sleep, WellDeservedRest
from expedition.rules.camp.ritual import PerformRitual
from expedition.rules.camp.surgery import PerformSurgery
from expedition.rules.camp.transmute import Transmute
from expedition.rules.camp.using_camp_items import UseCampItem
from expedition.rules.core.actions import Action
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.events import EVENT_TYPES, Event
from expedition.rules.engine.dispatch import can
from expedition.rules.engine.legal_actions import legal_actions
from expedition.rules.exploration.camp_state import CampPlace
from expedition.rules.exploration.setting_up_camp import SetUpCamp
from tests.rules.camp_helpers import camp_with, make_state, run

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


def test_guards_and_verbs_cover_the_same_actions_with_a_cost_or_sacrifice() -> None:
    """§10.3, §5.7.4: every camp action has a guard, a verb and a cost (the sacrifices cost 1 each)."""
    assert set(GUARDS) == set(VERBS)
    assert set(GUARDS) == set(COSTS) | {BurnTeeth, PrayForFavour}


def test_every_camp_event_is_registered_by_its_name() -> None:
    """§10.3: every event a camp module defines is registered by name (the tag the journal writes)."""
    defined: dict[str, type[Event]] = {}
    for info in pkgutil.iter_modules(camp_package.__path__, camp_package.__name__ + "."):
        module = importlib.import_module(info.name)
        for name, value in vars(module).items():
            if isinstance(value, type) and issubclass(value, Event) and value.__module__ == info.name:
                defined[name] = value
    for name, cls in defined.items():
        assert EVENT_TYPES[name] is cls
    for name in ("CampActionTaken", "FoodCooked", "PartyRested", "RitualPerformed", "SurgeryPerformed"):
        assert name in defined


def test_the_campaign_dispatch_runs_the_camp_actions() -> None:
    """§10.3: a camp action goes through the campaign's dispatcher: guarded, then applied from the pool."""
    state = make_state()
    assert not can(state, KeepLookout(actor="wren"))  # no camp yet
    camp_with(state, CampPlace(long_rest=True))
    assert can(state, KeepLookout(actor="wren")) and KeepLookout(actor="moss") in legal_actions(state)
    run(state, KeepLookout(actor="wren"), [])
    run(state, Sleep(actor="moss"), [])
    camp = current_camp(state)
    assert camp.pool == 0 and camp.lookouts == ["wren"] and camp.slept
    assert not can(state, KeepLookout(actor="moss"))  # the pool is empty


@pytest.mark.parametrize("cls", sorted(GUARDS, key=lambda c: c.__name__), ids=lambda c: c.__name__)
def test_every_camp_action_is_an_action_named_for_the_rulebook(cls: type[Action]) -> None:
    """§10.3: each camp action is an `Action` with a docstring naming the section it applies."""
    assert issubclass(cls, Action)
    assert cls.__doc__ is not None and "§" in cls.__doc__


def test_every_guard_needs_a_camp() -> None:
    """§10.3: no camp action is taken outside a camp."""
    state = make_state()
    for cls, guard in GUARDS.items():
        if cls is UseCampItem:
            action = UseCampItem(actor="wren", item=1)
        elif cls.__name__ in ("Memorise", "Transmute"):
            continue  # they need more fields; their guards start with the same camp check
        else:
            action = cls(actor="wren")
        with pytest.raises(IllegalAction, match="not camping"):
            guard(state, action)


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
