"""Tests for rules/hazard_actions.py: clearing choked exits and drinking from a spring (HOUSE §1.9, §1.11)."""

from __future__ import annotations

import pytest

from expedition.rules.campaign import CampaignState
from expedition.rules.dungeon_map import Door, DoorState, Tile
from expedition.rules.errors import IllegalAction
from expedition.rules.expedition_turn import ExplorationTurnPassed, NoiseMade
from expedition.rules.exploration import Step, exploration_cost
from expedition.rules.exploration_options import available_actions
from expedition.rules.hazard_actions import (
    COSTS,
    GUARDS,
    VERBS,
    ClearRubble,
    DrinkFromSpring,
    ExitCleared,
    choked_doors,
)
from expedition.rules.turns import verify
from tests.rules.exploration_helpers import make_state, run, to_crypt

CHOKED = (7, 4)


def _choked_crypt() -> CampaignState:
    """Wren in the crypt at (7, 3), beside a door at (7, 4) that the fallen ceiling choked."""
    state = make_state()
    assert state.expedition is not None
    level = state.expedition.level
    level.set_tile(CHOKED, Tile.DOOR)
    level.doors[CHOKED] = Door(CHOKED, DoorState.LOCKED, rooms=(1,))
    level.rooms[1].hazard = "fallen_ceiling"
    to_crypt(state)
    run(state, Step(direction="south"), [])
    run(state, Step(direction="east"), [])
    return state


def _labels(state: CampaignState) -> dict[str, bool]:
    return {o.label: o.enabled for o in available_actions(state, "wren")}


def test_every_hazard_action_has_a_guard_a_verb_and_a_cost_house_1_9() -> None:
    """HOUSE §1.9, §1.11: the dispatch tables agree."""
    assert set(GUARDS) == set(VERBS) == set(COSTS)


def test_clearing_a_choked_door_takes_2_et_is_loud_and_opens_the_way_house_1_9() -> None:
    """HOUSE §1.9: 2 ET and loud (a 1d! wandering check); the door is a way through again."""
    state = _choked_crypt()
    assert state.expedition is not None
    level = state.expedition.level
    assert level.tile(CHOKED) is Tile.RUBBLE and choked_doors(state) == [CHOKED]
    with pytest.raises(IllegalAction):
        verify(state, Step(actor="wren", direction="south"))
    action = ClearRubble(actor="wren", at=CHOKED)
    assert exploration_cost(state, action) == 2 and _labels(state)["Clear the rubble from the door"]
    ctx = run(state, action, [6, 6])  # the noise's 1d!, then the loitering 1d! of the third turn here
    assert [e.pos for e in ctx.events if isinstance(e, ExitCleared)] == [CHOKED]
    assert [e.what for e in ctx.events if isinstance(e, NoiseMade)] == ["digging through rubble"]
    assert sum(isinstance(e, ExplorationTurnPassed) for e in ctx.events) == 2
    assert level.tile(CHOKED) is Tile.DOOR and level.doors[CHOKED].state is DoorState.OPEN
    verify(state, Step(actor="wren", direction="south"))
    assert choked_doors(state) == []


def test_there_is_nothing_to_clear_away_from_a_choked_door_house_1_9() -> None:
    """HOUSE §1.9: the party must stand beside rubble on a door."""
    state = make_state()
    with pytest.raises(IllegalAction, match="no choked door"):
        verify(state, ClearRubble(actor="wren", at=(5, 2)))
    assert "Clear the rubble from the door" not in _labels(state)


def test_drinking_from_the_spring_is_free_and_only_where_it_is_house_1_11() -> None:
    """HOUSE §1.11 (house reading: free): offered and allowed only in the spring's room."""
    state = make_state()
    with pytest.raises(IllegalAction, match="no spring"):
        verify(state, DrinkFromSpring(actor="wren"))
    assert state.expedition is not None
    state.expedition.level.rooms[1].hazard = "brackish_spring"
    to_crypt(state)
    action = DrinkFromSpring(actor="wren")
    assert exploration_cost(state, action) == 0 and _labels(state)["Drink from the spring"]
    turn = state.turn
    run(state, action, [6, 6])
    assert state.turn == turn
