"""Tests for exploration/stepping.py: `Step`, free within an area, 1 ET into another (§10.1, HOUSE §1.4)."""

from __future__ import annotations

import pytest

from expedition.rules.core.attributes import Attr
from expedition.rules.core.errors import InvalidAction
from expedition.rules.exploration.doors_and_locks import DoorOpened
from expedition.rules.exploration.stepping import DIRECTIONS, PartyStepped, Step, area_after, step_target
from expedition.rules.exploration.surroundings import exploring
from expedition.rules.exploration.tiles import DoorState
from expedition.rules.exploration.traps import TrapSprung
from tests.rules.exploration_helpers import make_state, run


def test_the_four_directions_are_single_orthogonal_steps_section_8() -> None:
    """§8: nobody moves diagonally; each direction is one tile along one axis."""
    assert set(DIRECTIONS) == {"north", "east", "south", "west"}
    assert all(abs(dx) + abs(dy) == 1 for dx, dy in DIRECTIONS.values())
    assert {DIRECTIONS["north"], DIRECTIONS["south"]} == {(0, -1), (0, 1)}


def test_a_step_goes_one_tile_and_a_doorway_keeps_the_area_left_section_10_1() -> None:
    """§10.1 (house cost): a doorway belongs to the area the party came from; past it is a new area."""
    state = make_state()
    expedition = exploring(state)
    assert step_target(expedition, "east") == (3, 2) and step_target(expedition, "north") == (2, 1)
    with pytest.raises(InvalidAction, match="not a direction"):
        step_target(expedition, "up")
    assert area_after(expedition, (5, 2)) == "room:0"  # the door tile
    expedition.position, expedition.area = (5, 2), "room:0"
    assert area_after(expedition, (6, 2)) == "room:1"
    assert area_after(expedition, (4, 2)) == "room:0"


def test_stepping_inside_a_room_is_free_and_entering_another_area_costs_one_turn() -> None:
    """§10.1 (house): moving within an area is free (a doorway counts as the area left); a new room: 1 ET."""
    state = make_state()
    run(state, Step(direction="east"), [])  # (3,2)
    run(state, Step(direction="east"), [])  # (4,2)
    assert state.turn == 0
    run(state, Step(direction="east"), [])  # the door (5,2) opens, still the entrance's area
    assert state.expedition is not None and state.expedition.level.doors[(5, 2)].state is DoorState.OPEN
    assert state.turn == 0
    run(state, Step(direction="east"), [])  # (6,2): the crypt
    assert state.turn == 1 and state.decay.filled == 1 and state.expedition.area == "room:1"


def test_stepping_onto_a_hidden_trap_springs_it() -> None:
    """HOUSE §1.8: a floor trap springs on whoever enters its tile; DEX test, failure takes BASE."""
    state = make_state()
    for _ in range(4):
        run(state, Step(direction="east"), [])
    # DEX test 2 dice [2, 3] fails; no armour; 2 wounds placed (the player's choice: defaults).
    ctx = run(state, Step(direction="east"), [2, 3])
    assert any(isinstance(e, TrapSprung) for e in ctx.events)
    wren = state.character("wren")
    assert sum(wren[a].wounds for a in Attr) == 2


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
