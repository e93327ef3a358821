"""Tests for exploration/doors_and_locks.py: listening, forcing and picking locks (HOUSE §1.4)."""

from __future__ import annotations

import pytest

from expedition.rules.core.attributes import Attr
from expedition.rules.core.context import Context
from expedition.rules.core.dice import ScriptedDice
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.events import DiceRolled
from expedition.rules.core.item_defs import Item, ItemDef
from expedition.rules.engine.dispatch import verify
from expedition.rules.exploration.doors_and_locks import (
    LOCK_TEST_DEPTH,
    LOCKPICKS,
    DoorListenedAt,
    DoorOpened,
    ForceDoor,
    ListenAtDoor,
    PickLock,
)
from expedition.rules.exploration.exploration_turn import NoiseMade, WanderingMonstersComing
from expedition.rules.exploration.features import Encounter
from expedition.rules.exploration.stepping import Step
from expedition.rules.exploration.tiles import DoorState
from expedition.rules.items import handling, slots
from expedition.session.catalog_world import default_world
from tests.rules.exploration_helpers import make_state, run

AXE = ItemDef(key="battle_axe", name="Battle axe")
ITEMS = default_world().items


def test_listening_is_an_int_check_that_counts_what_stirs_beyond_house_1_4() -> None:
    """HOUSE §1.4: an INT check (no fatigue, no approach); success says how many are beyond; 1 ET."""
    for faces, heard in (([5, 2], 2), ([2, 3], -1)):
        state = make_state()
        assert state.expedition is not None
        state.expedition.level.encounters.append(Encounter(1, ("ghoul", "ghoul")))
        state.expedition.position = (4, 2)
        ctx = run(state, ListenAtDoor(actor="wren", at=(5, 2)), faces)
        event = next(e for e in ctx.events if isinstance(e, DoorListenedAt))
        assert (event.heard, event.learned) == (heard, heard >= 0)
        assert state.character("wren")[Attr.INT].fatigue == 0 and state.turn == 1
        assert "1:5,2" in state.expedition.listened


def test_force_door_stuck_is_a_str_test_and_loud() -> None:
    """HOUSE §1.4, §1.5: forcing a stuck door is a STR test; success opens it and is loud (1d!)."""
    state = make_state()
    assert state.expedition is not None
    door = state.expedition.level.doors[(5, 2)]
    door.state = DoorState.STUCK
    run(state, Step(direction="east"), [])
    run(state, Step(direction="east"), [])
    with pytest.raises(IllegalAction, match="stuck"):
        verify(state, Step(direction="east"))
    ctx = run(state, ForceDoor(actor="wren", at=(5, 2)), [5, 3, 4])  # STR success, wandering 1d! = 4: nothing
    assert door.state is DoorState.OPEN and state.turn == 1
    assert not any(isinstance(e, WanderingMonstersComing) for e in ctx.events)


def test_a_loud_noise_that_triggers_brings_a_wandering_group() -> None:
    """HOUSE §1.5: a triggered 1d! rolls the wandering row 1d6 + E − 1."""
    state = make_state()
    assert state.expedition is not None
    state.expedition.level.doors[(5, 2)].state = DoorState.LOCKED
    run(state, Step(direction="east"), [])
    run(state, Step(direction="east"), [])
    ctx = run(
        state, ForceDoor(actor="wren", at=(5, 2)), [2, 3, 1, 2]
    )  # STR fails (the GM keeps the dice), 1d! = 1, row 2
    coming = [e for e in ctx.events if isinstance(e, WanderingMonstersComing)]
    assert coming and coming[0].group == "Ghouls" and coming[0].row == 2
    assert state.expedition.coming == ["Ghouls"]


def test_breaking_a_door_barred_from_the_far_side_takes_two_turns_and_is_loud_house_1_4() -> None:
    """HOUSE §1.4, §1.5: with an axe the party breaks through: no test, 2 ET and a loud 1d! check."""
    state = make_state()
    assert state.expedition is not None
    door = state.expedition.level.doors[(5, 2)]
    door.state, door.barred_from = DoorState.BARRED, (6, 2)
    state.expedition.position = (4, 2)
    wren = state.character("wren")
    handling.put(Context(ScriptedDice([])), wren, Item.new(500, AXE), slots.RIGHT_HAND)
    ctx = run(state, ForceDoor(actor="wren", at=(5, 2)), [4])  # only the noise's 1d!
    assert door.state is DoorState.OPEN and state.turn == 2
    assert any(isinstance(e, DoorOpened) and e.how == "broke through" for e in ctx.events)
    assert any(isinstance(e, NoiseMade) and not e.very for e in ctx.events)


@pytest.mark.parametrize(
    ("danger", "faces", "tested"), [(0, [10], False), (LOCK_TEST_DEPTH - 1, [10, 5, 3], True)]
)
def test_from_lock_test_depth_a_lock_also_needs_a_dex_test_house_1_4(
    danger: int, faces: list[int], tested: bool
) -> None:
    """HOUSE §1.4: the tools' usage die opens simple locks; from E 3 a DEX test is needed as well."""
    state = make_state()
    assert state.expedition is not None
    state.expedition.dungeon.danger = danger  # E = 1 + danger
    state.expedition.level.doors[(5, 2)].state = DoorState.LOCKED
    state.expedition.position = (4, 2)
    wren = state.character("wren")
    handling.put(Context(ScriptedDice([])), wren, Item.new(401, ITEMS[LOCKPICKS]), slots.RIGHT_HAND)
    ctx = run(state, PickLock(actor="wren", at=(5, 2)), faces)  # uses every face
    assert state.expedition.level.doors[(5, 2)].state is DoorState.CLOSED
    dex = [e for e in ctx.events if isinstance(e, DiceRolled) and e.sides == 6 and e.rule == "HOUSE §1.4"]
    assert bool(dex) is tested
    assert state.turn == 1
