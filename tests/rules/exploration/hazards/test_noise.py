"""Tests for exploration/hazards/noise.py:

Collapses, choked exits, marsh gas and drag marks (HOUSE §1.9–§1.14).
"""

from __future__ import annotations

from expedition.rules.core.attributes import Attr
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import resolve_default
from expedition.rules.core.dice import ScriptedDice
from expedition.rules.core.item_defs import Item, ItemDef, Light, Tag
from expedition.rules.core.rerolls import DieRerolled
from expedition.rules.engine.campaign import CampaignState
from expedition.rules.exploration.dungeon_map import Room
from expedition.rules.exploration.exploration_turn import NoiseMade, make_noise
from expedition.rules.exploration.features import Door
from expedition.rules.exploration.hazards.noise import (
    ExitChoked,
    GasExploded,
    HazardDefended,
    RoomCollapsed,
    collapse_on_noise,
)
from expedition.rules.exploration.stepping import Step
from expedition.rules.exploration.tiles import DoorState, Tile
from expedition.rules.exploration.using_items import UseItem
from expedition.rules.items import handling, slots, usage
from tests.rules.exploration_helpers import make_state, run, to_crypt

TORCH = ItemDef(key="torch", name="Torch", tags=frozenset({Tag.QUICK}), usage=6, light=Light.NEARBY)
SECOND_DOOR = (7, 4)
"""A second way out of the crypt, in its south wall, 3 tiles from where the party enters."""


def _crypt(state: CampaignState) -> Room:
    assert state.expedition is not None
    return state.expedition.level.rooms[1]


def _with_second_door(state: CampaignState) -> None:
    assert state.expedition is not None
    level = state.expedition.level
    level.set_tile(SECOND_DOOR, Tile.DOOR)
    level.doors[SECOND_DOOR] = Door(SECOND_DOOR, DoorState.STUCK, rooms=(1,))


def _wounds(state: CampaignState) -> int:
    wren = state.character("wren")
    return sum(wren[a].wounds for a in Attr)


def _noise(state: CampaignState, faces: list[int]) -> Context:
    ctx = Context(ScriptedDice(faces))
    resolve_default(make_noise(ctx, state, what="forcing a door"))
    assert ctx.dice.used == len(faces)  # type: ignore[attr-defined]
    return ctx


def test_the_fallen_ceiling_chokes_an_exit_the_party_did_not_come_by_house_1_9() -> None:
    """HOUSE §1.9: entering, the farther door turns to rubble (broken open beneath); the way in stays."""
    state = make_state()
    _with_second_door(state)
    crypt = _crypt(state)
    crypt.hazard, crypt.hazard_text = "fallen_ceiling", "Fallen ceiling. One exit is choked."
    to_crypt(state)
    assert state.expedition is not None
    level = state.expedition.level
    assert level.tile(SECOND_DOOR) is Tile.RUBBLE and level.doors[SECOND_DOOR].state is DoorState.OPEN
    assert level.tile((5, 2)) is Tile.DOOR
    assert crypt.hazard == "" and crypt.hazard_text.endswith("(spent)")


def test_the_fallen_ceiling_never_chokes_the_only_way_in_house_1_9() -> None:
    """HOUSE §1.9: a room whose one door is the way in keeps it open."""
    state = make_state()
    _crypt(state).hazard = "fallen_ceiling"
    to_crypt(state)
    assert state.expedition is not None
    assert state.expedition.level.tile((5, 2)) is Tile.DOOR


def test_a_loud_noise_brings_rotten_props_down_and_blocks_a_passage_house_1_10() -> None:
    """HOUSE §1.10: everyone defends STR 2 (a failure takes 2), the far door is choked, and the
    collapse is itself very loud (2d!, doom +1)."""
    state = make_state()
    _with_second_door(state)
    to_crypt(state)
    crypt = _crypt(state)
    crypt.hazard = "rotten_props"
    ctx = _noise(state, [6, 2, 3, 6, 6])  # 1d! for the noise, a failed STR test, 2d! for the collapse
    assert [e.hazard for e in ctx.events if isinstance(e, RoomCollapsed)] == ["rotten_props"]
    assert [e.avoided for e in ctx.events if isinstance(e, HazardDefended)] == [False]
    assert _wounds(state) == 2
    assert [e.pos for e in ctx.events if isinstance(e, ExitChoked)] == [SECOND_DOOR]
    assert [e.very for e in ctx.events if isinstance(e, NoiseMade)] == [False, True]
    assert crypt.hazard == ""


def test_crumbling_brick_falls_once_and_a_success_avoids_it_house_1_14() -> None:
    """HOUSE §1.14: STR 2; a success takes nothing; the vault is down, so the next noise is only noise."""
    state = make_state()
    to_crypt(state)
    _crypt(state).hazard = "crumbling_brick"
    ctx = _noise(state, [6, 5, 3, 6, 6])
    assert [e.avoided for e in ctx.events if isinstance(e, HazardDefended)] == [True]
    assert _wounds(state) == 0 and not any(isinstance(e, ExitChoked) for e in ctx.events)
    again = _noise(state, [6])
    assert not any(isinstance(e, RoomCollapsed) for e in again.events)


def test_loose_shale_is_defended_with_disadvantage_house_1_12() -> None:
    """HOUSE §1.12: -DEX 2: the GM's disadvantage reroll turns Wren's 5, 3 into a failure: 2 wounds."""
    state = make_state()
    to_crypt(state)
    _crypt(state).hazard = "loose_shale"
    ctx = _noise(state, [6, 5, 3, 2, 6, 6])  # 1d!, DEX 5 3, the GM rerolls the 5 into a 2, 2d!
    rerolls = [e for e in ctx.events if isinstance(e, DieRerolled)]
    assert [(e.by, e.resource, e.old, e.new) for e in rerolls] == [("gm", "disadvantage", 5, 2)]
    assert [(e.avoided, e.rule) for e in ctx.events if isinstance(e, HazardDefended)] == [
        (False, "HOUSE §1.12")
    ]
    assert _wounds(state) == 2


def test_noise_outside_a_collapse_room_brings_nothing_down_house_1_5() -> None:
    """HOUSE §1.5, §1.10: in a corridor or an ordinary room, noise is only a wandering check."""
    state = make_state()
    _crypt(state).hazard = "rotten_props"
    ctx = _noise(state, [6])  # the party is in the entrance hall
    assert not any(isinstance(e, RoomCollapsed) for e in ctx.events)
    assert _crypt(state).hazard == "rotten_props"
    ctx = Context(ScriptedDice([]))
    resolve_default(collapse_on_noise(ctx, state))
    assert ctx.events == []


def test_a_lit_torch_carried_in_sets_off_the_marsh_gas_house_1_14() -> None:
    """HOUSE §1.14: entering with an open flame: DEX 2 to everyone, very loud; then the gas is gone."""
    state = make_state(lit=False)
    wren = state.character("wren")
    ctx = Context(ScriptedDice([]))
    torch = Item.new(200, TORCH)
    handling.put(ctx, wren, torch, slots.RIGHT_HAND)
    usage.light(ctx, wren, torch)
    crypt = _crypt(state)
    crypt.hazard = "marsh_gas"
    for _ in range(3):
        run(state, Step(direction="east"), [])
    entering = run(state, Step(direction="east"), [2, 3, 6, 6])  # a failed DEX test, then 2d!
    assert [e.character for e in entering.events if isinstance(e, GasExploded)] == ["wren"]
    assert [e.very for e in entering.events if isinstance(e, NoiseMade)] == [True]
    assert _wounds(state) == 2 and crypt.hazard == ""


def test_a_lantern_does_not_set_off_the_gas_but_lighting_a_torch_there_does_house_1_14() -> None:
    """HOUSE §1.14 (house reading): a lantern's flame is shut in; a torch lit in the room explodes it."""
    state = make_state()  # a lit lantern
    crypt = _crypt(state)
    crypt.hazard = "marsh_gas"
    to_crypt(state)
    assert crypt.hazard == "marsh_gas"
    wren = state.character("wren")
    torch = Item.new(200, TORCH)
    handling.put(Context(ScriptedDice([])), wren, torch, slots.RIGHT_HAND)
    ctx = run(state, UseItem(actor="wren", item=200), [5, 3, 6, 6])
    assert any(isinstance(e, GasExploded) for e in ctx.events) and crypt.hazard == ""
    assert _wounds(state) == 0
