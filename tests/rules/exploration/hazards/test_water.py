"""Tests for exploration/hazards/water.py:

Surges and floods on decay, the brackish spring (HOUSE §1.11, §1.14).
"""

from __future__ import annotations

from expedition.rules.core.attributes import Attr
from expedition.rules.core.conditions import Affliction
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import resolve_default
from expedition.rules.core.dice import ScriptedDice
from expedition.rules.engine.campaign import CampaignState
from expedition.rules.engine.dispatch import PassTurn, apply
from expedition.rules.exploration.features import Door
from expedition.rules.exploration.hazards.hazard_actions import DrinkFromSpring
from expedition.rules.exploration.hazards.noise import HazardDefended
from expedition.rules.exploration.hazards.water import (
    PartyRegrouped,
    SpringDrunk,
    SweptAway,
    WaterSurged,
    decay_hazards,
    drink_from_spring,
)
from expedition.rules.exploration.tiles import DoorState, Tile
from expedition.rules.items.handling import ItemDropped
from tests.rules.exploration_helpers import make_state, run, to_crypt


def _in_crypt(hazard: str, *, second_door: bool = True) -> CampaignState:
    state = make_state()
    assert state.expedition is not None
    if second_door:  # a way out in the crypt's south wall, 3 tiles from where the party enters
        state.expedition.level.set_tile((7, 4), Tile.DOOR)
        state.expedition.level.doors[(7, 4)] = Door((7, 4), DoorState.CLOSED, rooms=(1,))
    to_crypt(state)
    state.expedition.level.rooms[1].hazard = hazard
    return state


def _surge(state: CampaignState, faces: list[int]) -> Context:
    ctx = Context(ScriptedDice(faces))
    resolve_default(decay_hazards(ctx, state))
    assert ctx.dice.used == len(faces)  # type: ignore[attr-defined]
    return ctx


def _wounds(state: CampaignState) -> int:
    wren = state.character("wren")
    return sum(wren[a].wounds for a in Attr)


def test_a_surge_sweeps_a_failed_defender_toward_the_far_exit_and_takes_a_held_item_house_1_11() -> None:
    """HOUSE §1.11: STR 1 (impact); a failure takes 1 wound, is swept 1d3 tiles and drops a held item."""
    state = _in_crypt("surge_channel")
    ctx = _surge(state, [2, 3, 2])  # a failed STR test, swept 2 tiles
    assert [e.hazard for e in ctx.events if isinstance(e, WaterSurged)] == ["surge_channel"]
    assert [(e.character, e.tiles) for e in ctx.events if isinstance(e, SweptAway)] == [("wren", 2)]
    assert _wounds(state) == 1
    assert [e.name for e in ctx.events if isinstance(e, ItemDropped)] == ["Lantern"]
    assert not state.character("wren").items
    assert state.expedition is not None and state.expedition.position == (7, 3)
    assert [e.pos for e in ctx.events if isinstance(e, PartyRegrouped)] == [(7, 3)]


def test_a_flash_flood_sweeps_but_takes_nothing_and_a_success_stays_put_house_1_14() -> None:
    """HOUSE §1.14: the flood sweeps a failed defender (no item lost); one who succeeds is not moved."""
    state = _in_crypt("flash_flood")
    ctx = _surge(state, [2, 3, 1])
    assert state.expedition is not None and state.expedition.position == (6, 3)
    assert not any(isinstance(e, ItemDropped) for e in ctx.events)
    assert len(state.character("wren").items) == 1
    state = _in_crypt("flash_flood")
    ctx = _surge(state, [5, 3])
    assert [e.avoided for e in ctx.events if isinstance(e, HazardDefended)] == [True]
    assert state.expedition is not None and state.expedition.position == (6, 2)
    assert not any(isinstance(e, SweptAway) for e in ctx.events)


def test_still_water_and_other_rooms_do_not_surge_house_1_11() -> None:
    """HOUSE §1.11: only a surge channel or a flash flood acts; in the hall nothing is rolled."""
    state = _in_crypt("brackish_spring")
    assert _surge(state, []).events == []


def test_a_decay_trigger_in_a_surge_channel_strikes_during_the_turn_house_1_11() -> None:
    """HOUSE §1.11, §1.5: the exploration turn whose decay triggers sets the surge off."""
    state = _in_crypt("surge_channel", second_door=False)
    state.decay.filled = state.decay.size - 1
    ctx = Context(ScriptedDice([6] * 6))
    resolve_default(apply(ctx, state, PassTurn()))
    assert any(isinstance(e, WaterSurged) for e in ctx.events)


def test_the_brackish_spring_quenches_thirst_and_may_sicken_house_1_11() -> None:
    """HOUSE §1.11: Parched is removed; a triggered 2d! makes the drinker Nauseated."""
    state = _in_crypt("brackish_spring")
    wren = state.character("wren")
    wren.afflictions.add(Affliction.PARCHED)
    ctx = Context(ScriptedDice([4, 1]))
    resolve_default(drink_from_spring(ctx, state, wren))
    assert Affliction.PARCHED not in wren.afflictions and Affliction.NAUSEATED in wren.afflictions
    assert [e.nauseated for e in ctx.events if isinstance(e, SpringDrunk)] == [True]
    state = _in_crypt("brackish_spring")
    wren = state.character("wren")
    wren.afflictions.add(Affliction.PARCHED)
    run(state, DrinkFromSpring(actor="wren"), [5, 6])
    assert not wren.afflictions
