"""Tests for rules/exploration/barricade.py: spiked doors keep a wandering group out 1d3 ET (HOUSE §1.4)."""

from __future__ import annotations

from expedition.rules.core.context import Context
from expedition.rules.core.decisions import resolve_default
from expedition.rules.core.dice import ScriptedDice
from expedition.rules.core.lasting import Span, add_lasting, has_lasting, lasting_keyed, tick
from expedition.rules.engine.campaign import CampaignState
from expedition.rules.exploration.barricade import (
    BREAKING,
    SPIKED,
    BarricadeAssailed,
    BarricadeBroken,
    barricade_holds,
)
from expedition.rules.exploration.features import Door
from expedition.rules.exploration.tiles import DoorState
from tests.rules.magic_helpers import WORLD, make_state


def sealed_hall() -> CampaignState:
    """The party in the Hall (room 0), whose one door (5, 1) is spiked shut from inside."""
    state = make_state()
    assert state.expedition is not None
    state.expedition.position = (2, 2)
    door = state.expedition.level.doors[(5, 1)]
    door.state, door.barred_from = DoorState.BARRED, (4, 1)
    add_lasting(Context(ScriptedDice([])), state, SPIKED, "5,1", Span.EXPEDITION, rule="HOUSE §1.4")
    return state


def test_a_sealed_room_is_assailed_for_1d3_turns_and_loudly() -> None:
    """HOUSE §1.4, §1.5: the group starts hacking (1d3 ET, rolled once) and the noise makes a 1d! check."""
    state = sealed_hall()
    ctx = Context(ScriptedDice([3, 6]), world=WORLD)  # 1d3 = 3; the noise's 1d! misses
    assert resolve_default(barricade_holds(ctx, state)) is True
    assert [(e.pos, e.turns) for e in ctx.events if isinstance(e, BarricadeAssailed)] == [((5, 1), 3)]
    (breaking,) = lasting_keyed(state, BREAKING)
    assert (breaking.holder, breaking.left) == ("5,1", 3)
    again = Context(ScriptedDice([]), world=WORLD)
    assert resolve_default(barricade_holds(again, state)) is True and not again.events


def test_when_the_count_runs_out_the_door_is_broken_open_and_unspiked() -> None:
    """HOUSE §1.4: after the 1d3 ET the door stands open, its spikes gone; the barricade is over."""
    state = sealed_hall()
    ctx = Context(ScriptedDice([1, 6]), world=WORLD)
    resolve_default(barricade_holds(ctx, state))
    tick(ctx, state, Span.TURN, rule="§10.1")
    assert state.expedition is not None
    door = state.expedition.level.doors[(5, 1)]
    assert door.state is DoorState.OPEN and not has_lasting(state, "5,1", SPIKED)
    assert [e.pos for e in ctx.events if isinstance(e, BarricadeBroken)] == [(5, 1)]
    assert resolve_default(barricade_holds(Context(ScriptedDice([]), world=WORLD), state)) is False


def test_one_unspiked_door_leaves_the_room_open() -> None:
    """HOUSE §1.4: every door of the room must be spiked; a second, plain door lets the group in."""
    state = sealed_hall()
    assert state.expedition is not None
    state.expedition.level.doors[(3, 4)] = Door((3, 4), DoorState.CLOSED, rooms=(0,))
    assert resolve_default(barricade_holds(Context(ScriptedDice([])), state)) is False
    assert not lasting_keyed(state, BREAKING)


def test_an_unfound_secret_door_does_not_count_and_a_corridor_has_no_barricade() -> None:
    """HOUSE §1.4: a secret door nobody found is not a way in for the barricade; outside a room, none."""
    state = sealed_hall()
    assert state.expedition is not None
    state.expedition.level.doors[(3, 4)] = Door((3, 4), DoorState.CLOSED, secret=True, rooms=(0,))
    assert resolve_default(barricade_holds(Context(ScriptedDice([2, 6]), world=WORLD), state)) is True
    state = sealed_hall()
    state.expedition.position = (5, 2)  # type: ignore[union-attr]  # the floor between the rooms
    assert resolve_default(barricade_holds(Context(ScriptedDice([])), state)) is False
