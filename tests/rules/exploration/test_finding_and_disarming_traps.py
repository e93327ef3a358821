"""Tests for exploration/finding_and_disarming_traps.py: `LookForTraps` and `DisarmTrap` (§10.1)."""

from __future__ import annotations

import pytest

from expedition.rules.core.context import Context
from expedition.rules.core.dice import ScriptedDice
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.events import Note
from expedition.rules.core.item_defs import Item
from expedition.rules.core.skills import Skill
from expedition.rules.engine.dispatch import can, verify
from expedition.rules.exploration.finding_and_disarming_traps import DisarmTrap, LookForTraps
from expedition.rules.exploration.stepping import Step
from expedition.rules.exploration.traps import TrapSprung
from expedition.rules.items import handling, slots
from tests.rules.exploration_helpers import POLE, make_state, run, to_crypt


def test_look_for_traps_needs_infiltration_or_a_pole_and_a_plan() -> None:
    """§10.1: Infiltration, or a tool such as a pole with a clear plan."""
    state = make_state()
    with pytest.raises(IllegalAction, match="Infiltration"):
        verify(state, LookForTraps(actor="wren"))
    wren = state.character("wren")
    handling.put(Context(ScriptedDice([])), wren, Item.new(101, POLE), slots.RIGHT_HAND)
    with pytest.raises(IllegalAction, match="plan"):
        verify(state, LookForTraps(actor="wren"))
    assert can(state, LookForTraps(actor="wren", plan="prod the floor"))


def test_look_for_traps_success_finds_great_success_disarms_critical_failure_springs() -> None:
    """§10.1: INT test; success finds traps, great success disarms them, critical failure springs them."""
    for faces, found, disarmed, sprung in (
        ([5, 3], True, False, False),
        ([6, 6], True, True, False),
        ([1, 2, 2, 3], True, False, True),  # INT crit fail, then the DEX defence against the spikes
        ([2, 3], False, False, False),
    ):
        state = make_state(skills=frozenset({Skill.INFILTRATION}))
        to_crypt(state)
        run(state, LookForTraps(actor="wren"), faces)
        assert state.expedition is not None
        trap = state.expedition.level.traps[0]
        assert (trap.found, trap.disarmed, trap.sprung) == (found, disarmed, sprung)
        assert state.turn == 2  # entering the crypt, then looking: 1 ET each


def test_a_successful_look_where_no_trap_hides_says_so() -> None:
    """§10.1: a success finds every trap there is, so finding none tells the party the place is clear."""
    state = make_state(skills=frozenset({Skill.INFILTRATION}))
    ctx = run(state, LookForTraps(actor="wren"), [5, 3])  # in the hall, where no trap is set
    assert any(isinstance(e, Note) and "no hidden trap" in e.text for e in ctx.events)
    to_crypt(state)
    ctx = run(state, LookForTraps(actor="wren"), [5, 3])
    assert not any(isinstance(e, Note) and "no hidden trap" in e.text for e in ctx.events)


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
