"""Tests for exploration/leaving_the_dungeon.py: `ExitDungeon` and `leave_dungeon` (§10.1)."""

from __future__ import annotations

import pytest

from expedition.rules.core.conditions import Affliction
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.phase import Phase
from expedition.rules.engine.dispatch import verify
from expedition.rules.exploration.leaving_the_dungeon import ExitDungeon
from expedition.rules.exploration.stepping import Step
from tests.rules.exploration_helpers import make_state, run


def test_exiting_costs_doom_two_cures_hopeless_and_ends_in_the_interlude() -> None:
    """§10.1: exit only at the way out; doom +2; leaving alive cures Hopeless (§4.6)."""
    state = make_state()
    with pytest.raises(IllegalAction, match="way out"):
        verify(state, ExitDungeon())
    run(state, Step(direction="south"), [])
    run(state, Step(direction="west"), [])  # (1,3) is the exit tile
    state.character("wren").afflictions.add(Affliction.HOPELESS)
    omens = state.omens.filled
    run(state, ExitDungeon(), [])
    assert state.locations["tomb"].doom.filled == 2 and state.omens.filled == omens + 1  # "rats" reached
    assert state.phase is Phase.INTERLUDE and state.expedition is None and state.location == state.settlement
    assert Affliction.HOPELESS not in state.character("wren").afflictions
