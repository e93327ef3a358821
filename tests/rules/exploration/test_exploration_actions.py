"""Tests for exploration/exploration_actions.py: the actions and the tools they name (§10.1, HOUSE §1.4)."""

from __future__ import annotations

import dataclasses

import pytest

from expedition.rules.core.conditions import Affliction
from expedition.rules.core.context import Context
from expedition.rules.core.dice import ScriptedDice
from expedition.rules.core.events import DiceRolled
from expedition.rules.core.item_defs import Item
from expedition.rules.exploration.exploration_actions import (
    BREAKERS,
    CURES_BY_ITEM,
    DIRECTIONS,
    LOCK_TEST_DEPTH,
    LOCKPICKS,
    POLE,
    DisarmTrap,
    PickLock,
    Step,
    UseItem,
)
from expedition.rules.exploration.tiles import DoorState
from expedition.rules.items import handling, slots
from expedition.session.catalog_world import default_world
from tests.rules.exploration_helpers import make_state, run

ITEMS = default_world().items


def test_the_four_directions_are_single_orthogonal_steps_section_8() -> None:
    """§8: nobody moves diagonally; each direction is one tile along one axis."""
    assert set(DIRECTIONS) == {"north", "east", "south", "west"}
    assert all(abs(dx) + abs(dy) == 1 for dx, dy in DIRECTIONS.values())
    assert {DIRECTIONS["north"], DIRECTIONS["south"]} == {(0, -1), (0, 1)}


def test_actions_are_keyword_only_values_equal_by_content_section_10_1() -> None:
    """§10.1: an action is a value (journalled, compared, listed once): frozen, keyword-only, hashable."""
    assert Step(actor="a", direction="east") == Step(actor="a", direction="east")
    assert len({DisarmTrap(actor="a", at=(1, 2)), DisarmTrap(actor="a", at=(1, 2))}) == 1
    with pytest.raises(TypeError):
        Step("a", "east")  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        Step(direction="east").direction = "west"  # type: ignore[misc]


def test_the_named_tools_and_cures_are_items_of_the_catalog_house_1_4() -> None:
    """HOUSE §1.4, §10.1, §4.6: the pole, the lockpicks, the breaking tools and the cures exist as items."""
    assert POLE in ITEMS and LOCKPICKS in ITEMS
    assert set(BREAKERS) <= set(ITEMS), sorted(set(BREAKERS) - set(ITEMS))
    assert set(CURES_BY_ITEM) <= set(ITEMS)


def test_bandages_stop_bleeding_section_4_6() -> None:
    """§4.6: bandages are a cure item: using them while exploring stops Bleeding and uses one strip."""
    state = make_state()
    wren = state.character("wren")
    wren.afflictions.add(Affliction.BLEEDING)
    bandages = Item.new(400, ITEMS["bandages"])
    handling.put(Context(ScriptedDice([])), wren, bandages, slots.RIGHT_HAND)
    run(state, UseItem(actor="wren", item=400), [])
    assert Affliction.BLEEDING not in wren.afflictions and state.turn == 0  # quick: free
    assert bandages.quantity == ITEMS["bandages"].pack - 1


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
