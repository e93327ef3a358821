"""Tests for exploration/stairs.py: `Descend` and `Ascend`, 1 ET each (§10.1, HOUSE §1.5)."""

from __future__ import annotations

from expedition.rules.exploration.stairs import Ascend, Descend, LevelChanged
from tests.rules.exploration_helpers import make_state, run


def test_descending_the_stairs_costs_a_turn_and_lands_on_the_stairs_up() -> None:
    """§10.1: going down is a move to another place: 1 ET."""
    state = make_state()
    assert state.expedition is not None
    state.expedition.position, state.expedition.area = (8, 3), "room:1"
    run(state, Descend(), [])
    assert state.expedition.depth == 2 and state.expedition.position == (1, 1) and state.turn == 1


def test_going_up_lands_on_the_stairs_down_and_keeps_the_lingering_count_house_1_5() -> None:
    """§10.1, HOUSE §1.5: the stairs take 1 ET; going down resets the lingering count, going up does not."""
    state = make_state()
    assert state.expedition is not None
    state.expedition.position, state.expedition.area = (8, 3), "room:1"
    state.expedition.decays_on_level = 2
    run(state, Descend(), [])
    assert state.expedition.decays_on_level == 0
    state.expedition.decays_on_level = 1
    ctx = run(state, Ascend(), [])
    assert state.expedition.depth == 1 and state.expedition.position == (8, 3) and state.turn == 2
    assert state.expedition.decays_on_level == 1
    assert any(isinstance(e, LevelChanged) and e.depth == 1 for e in ctx.events)
