"""Tests for exploration/exploration_actions.py: every exploration action's guard, verb and cost (§10.1)."""

from __future__ import annotations

import dataclasses
from types import ModuleType

import pytest

from expedition.rules.camp.camp_setup import VERBS as CAMP_VERBS
from expedition.rules.core.events import EVENT_TYPES, Event
from expedition.rules.exploration import (
    doors_and_locks,
    finding_and_disarming_traps,
    leaving_the_dungeon,
    looting,
    searching,
    setting_up_camp,
    stairs,
    stepping,
    using_items,
)
from expedition.rules.exploration.doors_and_locks import BREAKERS, LOCKPICKS, DoorOpened
from expedition.rules.exploration.exploration_actions import GUARDS, VERBS
from expedition.rules.exploration.finding_and_disarming_traps import POLE, DisarmTrap
from expedition.rules.exploration.stepping import PartyStepped, Step
from expedition.rules.exploration.using_items import CURES_BY_ITEM
from expedition.rules.interlude.homecoming import VERBS as HOMECOMING_VERBS
from expedition.session.catalog_world import default_world

ITEMS = default_world().items


def test_every_guarded_exploration_action_has_a_verb_section_10_1() -> None:
    """§10.1: each exploration action that can be allowed also has something it does.

    Setting up camp and leaving by the exit end exploring: the camp and the interlude own their verbs.
    """
    assert set(VERBS) | set(CAMP_VERBS) | set(HOMECOMING_VERBS) == set(GUARDS)


def test_actions_are_keyword_only_values_equal_by_content_section_10_1() -> None:
    """§10.1: an action is a value (journalled, compared, listed once): frozen, keyword-only, hashable."""
    assert Step(actor="a", direction="east") == Step(actor="a", direction="east")
    assert len({DisarmTrap(actor="a", at=(1, 2)), DisarmTrap(actor="a", at=(1, 2))}) == 1
    with pytest.raises(TypeError):
        Step("a", "east")  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        Step(direction="east").direction = "west"  # type: ignore[misc]


def test_the_named_tools_and_cures_are_items_of_the_catalog_house_1_4() -> None:
    """HOUSE §1.4, §10.1, §4.6: the pole, the lockpicks, the breaking tools and the cures exist as items."""
    assert POLE in ITEMS and LOCKPICKS in ITEMS
    assert set(BREAKERS) <= set(ITEMS), sorted(set(BREAKERS) - set(ITEMS))
    assert set(CURES_BY_ITEM) <= set(ITEMS)


EVENTS = [
    (module, name)
    for module in (
        stepping,
        doors_and_locks,
        looting,
        searching,
        finding_and_disarming_traps,
        using_items,
        stairs,
        setting_up_camp,
        leaving_the_dungeon,
    )
    for name in module.__all__
    if isinstance(getattr(module, name), type) and issubclass(getattr(module, name), Event)
]


@pytest.mark.parametrize(("module", "name"), EVENTS)
def test_each_event_is_registered_frozen_and_keyword_only_section_10_1(module: ModuleType, name: str) -> None:
    """§10.1: every exploration event is a registered, immutable, keyword-only Event (the journal's tag)."""
    cls = getattr(module, name)
    assert issubclass(cls, Event) and EVENT_TYPES[name] is cls
    params = dataclasses.fields(cls)
    assert all(field.kw_only for field in params) and cls.__dataclass_params__.frozen  # type: ignore[attr-defined]


def test_an_event_needs_its_rule_and_cannot_change_section_10_1() -> None:
    """§10.1: each event names the section applied, and a logged event stays as it was."""
    with pytest.raises(TypeError):
        PartyStepped(pos=(1, 1), area="corridor", cost=0)  # type: ignore[call-arg]
    event = DoorOpened(rule="HOUSE §1.4", pos=(5, 2), how="opened")
    with pytest.raises(dataclasses.FrozenInstanceError):
        event.how = "forced"  # type: ignore[misc]
