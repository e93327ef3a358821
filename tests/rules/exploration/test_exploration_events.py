"""Tests for exploration/exploration_events.py:

The events the exploration verbs report (§10.1, HOUSE §1.4).
"""

from __future__ import annotations

import dataclasses

import pytest

from expedition.rules.core.events import EVENT_TYPES, Event
from expedition.rules.exploration import exploration_events
from expedition.rules.exploration.exploration_actions import Step
from expedition.rules.exploration.exploration_events import DoorOpened, PartyStepped
from tests.rules.exploration_helpers import make_state, run


@pytest.mark.parametrize("name", exploration_events.__all__)
def test_each_event_is_registered_frozen_and_keyword_only_section_10_1(name: str) -> None:
    """§10.1: every exploration event is a registered, immutable, keyword-only Event (the journal's tag)."""
    cls = getattr(exploration_events, name)
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


def test_walking_through_a_door_reports_the_door_and_each_step_with_its_cost_house_1_4() -> None:
    """HOUSE §1.4, §10.1: stepping into a closed door opens it; each step says its area and its cost."""
    state = make_state()
    steps: list[PartyStepped] = []
    opened: list[DoorOpened] = []
    for _ in range(4):
        ctx = run(state, Step(direction="east"), [])
        steps += [e for e in ctx.events if isinstance(e, PartyStepped)]
        opened += [e for e in ctx.events if isinstance(e, DoorOpened)]
    assert [(e.pos, e.area, e.cost) for e in steps] == [
        ((3, 2), "room:0", 0),
        ((4, 2), "room:0", 0),
        ((5, 2), "room:0", 0),
        ((6, 2), "room:1", 1),
    ]
    assert all(e.rule == "§10.1" for e in steps)
    assert [(e.pos, e.how, e.rule) for e in opened] == [((5, 2), "opened", "HOUSE §1.4")]
