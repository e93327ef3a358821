"""Tests for rules/camp/camp_actions.py: the gathered camp actions, their guards and verbs (§10.3, §5.7.4)."""

from __future__ import annotations

import pytest

from expedition.rules.camp.camp_action_types import COSTS, KeepLookout, Sleep
from expedition.rules.camp.camp_actions import GUARDS, VERBS
from expedition.rules.camp.camp_sacrifices import BurnTeeth, PrayForFavour
from expedition.rules.camp.camp_setup import current_camp
from expedition.rules.camp.camp_state import CampPlace
from expedition.rules.camp.camp_verbs import (
    CampActionTaken,
    FoodCooked,
    PartyRested,
    RitualPerformed,
    SurgeryPerformed,
)
from expedition.rules.core.actions import Action
from expedition.rules.core.events import EVENT_TYPES, Event
from expedition.rules.engine.dispatch import can, legal_actions
from tests.rules.camp_helpers import camp_with, make_state, run


def test_guards_and_verbs_cover_the_same_actions_with_a_cost_or_sacrifice() -> None:
    """§10.3, §5.7.4: every camp action has a guard, a verb and a cost (the sacrifices cost 1 each)."""
    assert set(GUARDS) == set(VERBS)
    assert set(GUARDS) == set(COSTS) | {BurnTeeth, PrayForFavour}


def test_the_camp_events_are_registered_by_name() -> None:
    """§10.3: the camp's events are known to the journal by their names."""
    for event in (CampActionTaken, FoodCooked, PartyRested, RitualPerformed, SurgeryPerformed):
        assert issubclass(event, Event) and EVENT_TYPES[event.__name__] is event


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
