"""Tests for exploration/disarming_traps.py: `DisarmTrap`, which springs the trap on a failure (§10.1)."""

from __future__ import annotations

import pytest

from expedition.rules.core.errors import IllegalAction
from expedition.rules.engine.dispatch import can, verify
from expedition.rules.exploration.disarming_traps import DisarmTrap
from expedition.rules.exploration.stepping import Step
from expedition.rules.exploration.traps import TrapSprung
from tests.rules.exploration_helpers import make_state, run


def test_a_known_armed_trap_blocks_the_step_and_can_be_disarmed() -> None:
    """HOUSE §1.8, §10.1: a found trap is stepped around; DEX test disarms it (1 ET)."""
    state = make_state()
    for _ in range(4):
        run(state, Step(direction="east"), [])
    trap = state.expedition.level.traps[0] if state.expedition else None
    assert trap is not None
    trap.found = True
    with pytest.raises(IllegalAction, match="step around"):
        verify(state, Step(direction="east"))
    run(state, DisarmTrap(actor="wren", at=(7, 2)), [5, 3])
    assert trap.disarmed and state.turn == 2
    assert can(state, Step(direction="east"))


def test_a_failed_disarm_springs_the_trap_on_the_disarmer() -> None:
    """§10.1: failure to disarm sets the trap off."""
    state = make_state()
    for _ in range(4):
        run(state, Step(direction="east"), [])
    trap = state.expedition.level.traps[0] if state.expedition else None
    assert trap is not None
    trap.found = True
    ctx = run(
        state, DisarmTrap(actor="wren", at=(7, 2)), [2, 3, 2, 3]
    )  # disarm fails, then DEX defence fails
    assert trap.sprung and any(isinstance(e, TrapSprung) and e.victim == "wren" for e in ctx.events)
