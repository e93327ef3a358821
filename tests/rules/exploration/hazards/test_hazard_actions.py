"""Tests for exploration/hazards/hazard_actions.py:

Choked exits, a spring, a tainted pool (HOUSE §1.9, §1.11, §1.12).
"""

from __future__ import annotations

import pytest

from expedition.rules.character.adventurer import Character
from expedition.rules.core.actions import Action
from expedition.rules.core.conditions import Affliction
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import answers, resolve
from expedition.rules.core.dice import ScriptedDice
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.item_defs import Item
from expedition.rules.engine.campaign import CampaignState
from expedition.rules.engine.dispatch import apply, verify
from expedition.rules.engine.exploration_options import available_actions
from expedition.rules.exploration.exploration_actions import exploration_cost
from expedition.rules.exploration.exploration_turn import ExplorationTurnPassed, NoiseMade
from expedition.rules.exploration.features import Door
from expedition.rules.exploration.gear import drink
from expedition.rules.exploration.hazards.hazard_actions import (
    COSTS,
    GUARDS,
    VERBS,
    ClearRubble,
    DrinkFromSpring,
    ExitCleared,
    FillFromPool,
    TaintedWaterDrawn,
    TaintedWaterDrunk,
    choked_doors,
)
from expedition.rules.exploration.stepping import Step
from expedition.rules.exploration.tiles import DoorState, Tile
from expedition.rules.items.handling import put
from expedition.rules.items.slots import box_for, inside, items_in
from tests.rules.exploration_helpers import make_state, run, to_crypt
from tests.rules.magic_helpers import WORLD

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


# --- the tainted pool (HOUSE §1.12) -----------------------------------------------------------------


def _wear(member: Character, key: str, uid: int, *, water: int = 0) -> Item:
    """Give `member` a worn canteen or waterskin from the content, with `water` units of clean water."""
    ctx = Context(ScriptedDice([]), world=WORLD)
    container = Item.new(uid, WORLD.items[key])
    put(ctx, member, container, box_for(container.defn))
    if water:
        put(ctx, member, Item.new(uid + 1, WORLD.items["water"], water), inside(container))
    return container


def _at_pool(key: str = "waterskin", water: int = 1) -> CampaignState:
    """Wren in the crypt, which holds a tainted pool, wearing a `key` that holds `water` clean units."""
    state = make_state()
    assert state.expedition is not None
    state.expedition.level.rooms[1].hazard = "tainted_pool"
    _wear(state.character("wren"), key, 210, water=water)
    to_crypt(state)
    return state


def _run(state: CampaignState, action: Action) -> Context:
    ctx = Context(ScriptedDice([]), world=WORLD)
    resolve(apply(ctx, state, action), answers())
    return ctx


def _units(member: Character, container: int, key: str) -> int:
    item = next(i for i in member.items if i.uid == container)
    return sum(i.quantity for i in items_in(member, inside(item)) if i.defn.key == key)


def test_the_pool_is_offered_free_and_only_in_its_room_house_1_12() -> None:
    """HOUSE §1.12 (house reading: free): filling is offered in the pool's room and refused elsewhere."""
    state = make_state()
    _wear(state.character("wren"), "canteen", 210)
    with pytest.raises(IllegalAction, match="no pool"):
        verify(state, FillFromPool(actor="wren"))
    assert "Fill water from the pool" not in _labels(state)
    state = _at_pool()
    assert exploration_cost(state, FillFromPool(actor="wren")) == 0
    assert _labels(state)["Fill water from the pool"]


@pytest.mark.parametrize(
    ("key", "water", "units"), [("canteen", 0, 2), ("waterskin", 1, 2), ("waterskin", 0, 4)]
)
def test_filling_tops_up_the_free_space_with_tainted_water_house_1_12(
    key: str, water: int, units: int
) -> None:
    """HOUSE §1.12: each free liquid slot takes 2 units of tainted water; clean water stays as it was."""
    state = _at_pool(key, water)
    wren = state.character("wren")
    turn = state.turn
    ctx = _run(state, FillFromPool(actor="wren"))
    assert [(e.container, e.units, e.rule) for e in ctx.events if isinstance(e, TaintedWaterDrawn)] == [
        (210, units, "HOUSE §1.12")
    ]
    assert _units(wren, 210, "tainted_water") == units and _units(wren, 210, "water") == water
    assert state.turn == turn
    with pytest.raises(IllegalAction, match="room for more water"):
        verify(state, FillFromPool(actor="wren"))


def test_a_half_full_flask_of_tainted_water_is_topped_up_by_one_unit_house_1_12() -> None:
    """HOUSE §1.12: a canteen holding 1 unit of tainted water takes 1 more unit, into the same item."""
    state = _at_pool("canteen", 0)
    wren = state.character("wren")
    canteen = next(i for i in wren.items if i.uid == 210)
    put(Context(ScriptedDice([])), wren, Item.new(300, WORLD.items["tainted_water"], 1), inside(canteen))
    ctx = _run(state, FillFromPool(actor="wren"))
    assert [(e.container, e.units) for e in ctx.events if isinstance(e, TaintedWaterDrawn)] == [(210, 1)]
    assert [i.quantity for i in items_in(wren, inside(canteen))] == [2]


def test_tainted_water_sickens_and_leaves_the_drinker_parched_house_1_12() -> None:
    """HOUSE §1.12: a unit of tainted water gives Nauseated and does not cure Parched."""
    state = _at_pool("canteen", 0)
    wren = state.character("wren")
    _run(state, FillFromPool(actor="wren"))
    wren.afflictions.add(Affliction.PARCHED)
    canteen = next(i for i in wren.items if i.uid == 210)
    ctx = Context(ScriptedDice([]), world=WORLD)
    resolve(drink(ctx, state, wren, canteen, ""), answers())
    assert Affliction.NAUSEATED in wren.afflictions and Affliction.PARCHED in wren.afflictions
    assert [e.rule for e in ctx.events if isinstance(e, TaintedWaterDrunk)] == ["HOUSE §1.12"]
    assert _units(wren, 210, "tainted_water") == 1


def test_clean_water_is_drunk_before_tainted_water_house_1_12() -> None:
    """HOUSE §1.12 (house reading): a waterskin holding both gives clean water first, curing Parched."""
    state = _at_pool()
    wren = state.character("wren")
    _run(state, FillFromPool(actor="wren"))
    wren.afflictions.add(Affliction.PARCHED)
    skin = next(i for i in wren.items if i.uid == 210)
    ctx = Context(ScriptedDice([]), world=WORLD)
    resolve(drink(ctx, state, wren, skin, ""), answers())
    assert Affliction.PARCHED not in wren.afflictions and Affliction.NAUSEATED not in wren.afflictions
    assert not any(isinstance(e, TaintedWaterDrunk) for e in ctx.events)
    assert _units(wren, 210, "water") == 0 and _units(wren, 210, "tainted_water") == 2
