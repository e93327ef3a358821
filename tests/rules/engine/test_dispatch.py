"""Tests for engine/dispatch.py: the action dispatch, passing a turn, catching breath and renaming (§10.1)."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from expedition.rules.core.actions import Action
from expedition.rules.core.attributes import Attr
from expedition.rules.core.conditions import Affliction
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import resolve_default
from expedition.rules.core.dice import ScriptedDice
from expedition.rules.core.errors import IllegalAction, InvalidAction
from expedition.rules.core.phase import Phase
from expedition.rules.engine.campaign import Player
from expedition.rules.engine.dispatch import (
    MAX_PLAYER_NAME,
    CatchBreath,
    ExplorationTurnPassed,
    PassTurn,
    PlayerRenamed,
    RenamePlayer,
    apply,
    can,
    verify,
)
from expedition.rules.exploration.stepping import Step
from tests.rules.exploration_helpers import make_state, run


@dataclass(frozen=True, slots=True, kw_only=True)
class Juggle(Action):
    """An action no rule knows."""


def test_an_unknown_action_is_invalid_and_a_refused_one_changes_nothing_section_10_1() -> None:
    """§10.1: verify names why; apply checks first, so a refused action leaves the state as it was."""
    state = make_state()
    assert state.expedition is not None
    state.expedition.position = (2, 1)  # a wall to the north
    with pytest.raises(InvalidAction, match="not something"):
        verify(state, Juggle())
    assert not can(state, Juggle()) and not can(state, Step(direction="north"))
    with pytest.raises(IllegalAction, match="wall"):
        resolve_default(apply(Context(ScriptedDice([])), state, Step(direction="north")))
    assert state.turn == 0 and state.actions == 0 and state.expedition.position == (2, 1)


def test_letting_a_turn_pass_spends_one_exploration_turn_section_9_1() -> None:
    """§10.1, §9.1: waiting is an exploration turn: decay advances; it is only done while exploring."""
    state = make_state()
    ctx = run(state, PassTurn(), [])
    assert state.turn == 1 and state.decay.filled == 1 and state.actions == 1
    assert any(isinstance(e, ExplorationTurnPassed) for e in ctx.events)
    state.phase = Phase.CAMP
    with pytest.raises(IllegalAction, match="exploring"):
        verify(state, PassTurn())


def test_catching_breath_recovers_one_fatigue_per_attribute_unless_shaken_section_10_1() -> None:
    """§10.1: everyone recovers up to 1 fatigue on each attribute, for 1 ET; the Shaken cannot."""
    state = make_state()
    wren = state.character("wren")
    wren[Attr.STR].fatigue, wren[Attr.DEX].fatigue = 2, 1
    run(state, CatchBreath(actor="wren"), [])
    assert (wren[Attr.STR].fatigue, wren[Attr.DEX].fatigue, state.turn) == (1, 0, 1)
    wren.afflictions.add(Affliction.SHAKEN)
    with pytest.raises(IllegalAction, match="shaken"):
        verify(state, CatchBreath(actor="wren"))
    with pytest.raises(InvalidAction, match="acting character"):
        verify(state, CatchBreath())


def test_renaming_costs_no_time_and_needs_a_free_printable_name_section_10_1() -> None:
    """§10.1: renaming a player is not a game action (no turn); names are unique, short and printable."""
    state = make_state()
    state.players.append(Player("bob", "Bob"))
    ctx = run(state, RenamePlayer(player="ann", name="  Annie "), [])
    assert state.player("ann").name == "Annie" and state.turn == 0
    assert any(isinstance(e, PlayerRenamed) and (e.old, e.new) == ("Ann", "Annie") for e in ctx.events)
    with pytest.raises(InvalidAction):
        verify(state, RenamePlayer(player="ann", name="   "))
    with pytest.raises(InvalidAction):
        verify(state, RenamePlayer(player="ann", name="x" * (MAX_PLAYER_NAME + 1)))
    with pytest.raises(IllegalAction, match="already called"):
        verify(state, RenamePlayer(player="ann", name="Bob"))
