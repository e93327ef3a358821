"""Tests for rules/exploration/gear.py: water, cloth, oil, spikes and compass used while exploring (§7.4)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from expedition.rules.core.conditions import Affliction
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import resolve_default
from expedition.rules.core.dice import ScriptedDice
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.item_defs import Item
from expedition.rules.core.lasting import has_lasting
from expedition.rules.engine.dispatch import apply, verify
from expedition.rules.engine.exploration_options import available_actions
from expedition.rules.exploration.barricade import SPIKED
from expedition.rules.exploration.exploration_actions import UseItem
from expedition.rules.exploration.features import Trap
from expedition.rules.exploration.gear import (
    CompassRead,
    DoorSpiked,
    WaterDrunk,
    bearing,
    bind,
    drink,
    read_compass,
    refuel,
    spike,
    verify_cloth,
    verify_drink,
    verify_oil,
    verify_spikes,
)
from expedition.rules.exploration.tiles import DoorState
from expedition.rules.items.slots import inside
from tests.rules.magic_helpers import WORLD, give, make_state


def _ctx(*faces: int) -> Context:
    """A context on scripted dice with the shipped world."""
    return Context(ScriptedDice(list(faces)), world=WORLD)


@pytest.mark.parametrize(
    ("to", "expected"),
    [((0, 0), "here"), ((0, -5), "north"), ((4, 0), "east"), ((3, 3), "south-east"), ((-2, -1), "north-west"),
     ((-5, 1), "west"), ((1, 5), "south")],
)  # fmt: skip
def test_bearing_names_the_compass_direction(to: tuple[int, int], expected: str) -> None:
    """§7.4 (house): the compass's bearing, y growing southward; near-diagonals read as diagonals."""
    assert bearing((0, 0), to) == expected


@given(st.integers(-20, 20), st.integers(-20, 20))
def test_bearing_back_is_the_opposite_direction(dx: int, dy: int) -> None:
    """§7.4 (house): the way there and the way back are opposite bearings."""
    there, back = bearing((0, 0), (dx, dy)), bearing((dx, dy), (0, 0))
    swap = {"north": "south", "south": "north", "east": "west", "west": "east", "here": "here"}
    assert back == "-".join(swap[p] for p in there.split("-"))


def test_drinking_needs_water_inside_and_cures_parched() -> None:
    """§4.6, §7.1: a canteen must hold water; a sip removes Parched and uses one unit."""
    state = make_state()
    wiz = state.character("wiz")
    canteen = give(wiz, "canteen", 10)
    with pytest.raises(IllegalAction, match="empty"):
        verify_drink(state, wiz, canteen, "")
    water: Item = give(wiz, "water", 11)
    water.place, water.quantity = inside(canteen), 2
    wiz.afflictions.add(Affliction.PARCHED)
    ctx = _ctx()
    resolve_default(drink(ctx, state, wiz, canteen, ""))
    assert Affliction.PARCHED not in wiz.afflictions and water.quantity == 1
    assert [(e.container, e.rule) for e in ctx.events if isinstance(e, WaterDrunk)] == [(10, "§4.6")]


def test_cloth_binds_only_someone_bleeding_in_the_party() -> None:
    """§7.4: cloth stops Bleeding on the user or a companion; anyone else is refused."""
    state = make_state()
    wiz, cle = state.character("wiz"), state.character("cle")
    cloth = give(wiz, "cloth", 10)
    with pytest.raises(IllegalAction, match="Cle is not bleeding"):
        verify_cloth(state, wiz, cloth, "cle")
    with pytest.raises(IllegalAction, match="someone in the party"):
        verify_cloth(state, wiz, cloth, "stranger")
    cle.afflictions.add(Affliction.BLEEDING)
    resolve_default(bind(_ctx(), state, wiz, cloth, "cle"))
    assert Affliction.BLEEDING not in cle.afflictions and cloth not in wiz.items


def test_oil_fills_the_emptiest_lantern() -> None:
    """§7.8: oil refills a carried lantern whose usage die is below full, the lowest first."""
    state = make_state()
    wiz = state.character("wiz")
    oil = give(wiz, "oil", 10)
    with pytest.raises(IllegalAction, match="no lantern"):
        verify_oil(state, wiz, oil, "")
    low, lower = give(wiz, "lantern", 11), give(wiz, "lantern", 12)
    low.usage, lower.usage = 6, 4
    resolve_default(refuel(_ctx(), state, wiz, oil, ""))
    assert (low.usage, lower.usage) == (6, 8) and oil not in wiz.items


def test_spikes_bar_a_door_next_to_the_party_and_only_there() -> None:
    """HOUSE §1.4: spikes shut a door beside the party, barred from its side; a far door is refused."""
    state = make_state()
    assert state.expedition is not None
    wiz = state.character("wiz")
    spikes = give(wiz, "iron_spikes", 10)
    state.expedition.position = (2, 2)
    with pytest.raises(IllegalAction, match="door next to the party"):
        verify_spikes(state, wiz, spikes, "")
    state.expedition.position = (5, 2)
    ctx = _ctx(6)
    resolve_default(spike(ctx, state, wiz, spikes, ""))
    door = state.expedition.level.doors[(5, 1)]
    assert door.state is DoorState.BARRED and door.barred_from == (5, 2) and has_lasting(state, "5,1", SPIKED)
    assert [e.pos for e in ctx.events if isinstance(e, DoorSpiked)] == [(5, 1)]
    with pytest.raises(IllegalAction):
        verify_spikes(state, wiz, spikes, "")  # a barred door is not spiked again


def test_spikes_wedge_a_known_trap_that_allows_it() -> None:
    """HOUSE §1.8 (house): a known armed trap whose disarm text names iron spikes is wedged safe."""
    state = make_state()
    assert state.expedition is not None
    trap = Trap(pos=(2, 2), room=0, key="jaws", name="Jaws", found=True, disarm="Wedge with iron spikes")
    state.expedition.level.traps.append(trap)
    state.expedition.position = (2, 3)
    spikes = give(state.character("wiz"), "iron_spikes", 10)
    resolve_default(spike(_ctx(4), state, state.character("wiz"), spikes, "2,2"))
    assert trap.disarmed


def test_the_compass_points_to_the_stairs_up_without_an_exit() -> None:
    """§7.4 (house): with no way out on the level the needle points to the stairs up."""
    state = make_state()
    assert state.expedition is not None
    level = state.expedition.level
    level.exit, level.stairs_up = None, (8, 3)
    state.expedition.position = (2, 3)
    ctx = _ctx()
    resolve_default(
        read_compass(ctx, state, state.character("wiz"), give(state.character("wiz"), "compass", 9), "")
    )
    read = next(e for e in ctx.events if isinstance(e, CompassRead))
    assert (read.toward, read.bearing, read.distance) == ("the stairs up", "east", 6)


def test_bandages_treat_the_chosen_ally_and_are_refused_with_nobody_bleeding() -> None:
    """§4.6, §7.4: bandages on an ally stop the ally's Bleeding, not the user's; with nobody Bleeding
    in reach they are not used at all, the guard says why, and the option is not enabled."""
    state = make_state()
    wiz, cle = state.character("wiz"), state.character("cle")
    strips = give(wiz, "bandages", 40)
    use = UseItem(actor="wiz", item=strips.uid, target="cle")
    with pytest.raises(IllegalAction, match="Nobody within reach is Bleeding"):
        verify(state, use)
    assert not any(
        o.enabled and o.action == UseItem(actor="wiz", item=40) for o in available_actions(state, "wiz")
    )
    wiz.afflictions.add(Affliction.BLEEDING)
    cle.afflictions.add(Affliction.BLEEDING)
    resolve_default(apply(_ctx(), state, use))
    assert Affliction.BLEEDING not in cle.afflictions and Affliction.BLEEDING in wiz.afflictions
    assert strips.quantity == 2
    with pytest.raises(IllegalAction, match="Bleeding within reach"):
        verify(state, use)  # cle bleeds no more
