"""Tests for exploration/expedition.py: the expedition's state, light and what the party sees (§10, §7.8)."""

from __future__ import annotations

import pytest

from expedition.rules.character.adventurer import Status
from expedition.rules.core.context import Context
from expedition.rules.core.dice import ScriptedDice
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.item_defs import Item, ItemDef, Light, Tag
from expedition.rules.core.phase import Phase
from expedition.rules.core.skills import Trait
from expedition.rules.exploration.expedition import (
    CORRIDOR,
    DARK_SIGHT,
    ExpeditionStarted,
    area_of,
    expedition_of,
    in_darkness,
    light_radius,
    party_lit,
    reveal,
    start_expedition,
)
from expedition.rules.items import handling, slots, usage
from tests.rules.exploration_helpers import ROPE, make_dungeon, make_state

CANDLE = ItemDef(key="candle", name="Candle", tags=frozenset({Tag.QUICK}), usage=6, light=Light.CLOSE)


def test_start_puts_the_party_at_the_entrance_in_exploration_with_the_dungeons_doom() -> None:
    """§10, §9.2: the dungeon becomes the location with its own doom tracker; decay starts empty."""
    state = make_state()
    assert state.phase is Phase.EXPLORATION and state.location == "tomb"
    assert state.expedition is not None and state.expedition.position == (2, 2)
    assert state.here.doom.size == 4 and [t.key for t in state.here.doom.thresholds] == ["rats", "collapse"]
    assert (2, 2) in state.expedition.seen[1]


def test_going_back_keeps_the_doom_and_clears_decay_turns_and_mortal_wounds_section_9_2() -> None:
    """§9.2, §9.1, §16 #4: a known dungeon keeps its doom; decay, turns and mortal wounds start at 0."""
    state = make_state()
    with pytest.raises(IllegalAction, match="already"):
        start_expedition(Context(ScriptedDice([])), state, make_dungeon())
    state.here.doom.filled = 3
    state.expedition, state.turn, state.decay.filled = None, 9, 4
    state.character("wren").mortal_wounds = 2
    ctx = Context(ScriptedDice([]))
    start_expedition(ctx, state, make_dungeon(), items={"rope": ROPE, "torch": CANDLE})
    started = [e for e in ctx.events if isinstance(e, ExpeditionStarted)]
    assert started and started[0].returning and started[0].rule == "§10"
    assert state.here.doom.filled == 3 and state.decay.filled == 0 and state.turn == 0
    assert state.character("wren").mortal_wounds == 0
    assert set(expedition_of(state).item_defs) == {"rope"}  # only what the caches name is kept


def test_nobody_alive_cannot_set_out_and_no_expedition_is_refused_section_10() -> None:
    """§10: the dead do not set out; asking for the expedition outside a dungeon is refused."""
    state = make_state()
    state.expedition = None
    with pytest.raises(IllegalAction, match="not on an expedition"):
        expedition_of(state)
    state.character("wren").status = Status.DEAD
    with pytest.raises(IllegalAction, match="alive"):
        start_expedition(Context(ScriptedDice([])), state, make_dungeon())


def test_light_radius_is_the_best_light_and_darkness_spares_the_night_stalker_section_7_8() -> None:
    """§7.8, §16 #3: a lantern lights Nearby (6), a candle Close (1); unlit, only touch reaches 1 tile."""
    state = make_state()
    wren = state.character("wren")
    assert party_lit(state) and light_radius(state) == 6 and not in_darkness(state, "wren")
    lantern = wren.items[-1]
    usage.extinguish(Context(ScriptedDice([])), wren, lantern)
    assert not party_lit(state) and light_radius(state) == DARK_SIGHT and in_darkness(state, "wren")
    wren.traits.add(Trait.NIGHT_STALKER)
    assert not in_darkness(state, "wren")
    candle = Item.new(300, CANDLE)
    ctx = Context(ScriptedDice([]))
    handling.put(ctx, wren, candle, slots.RIGHT_HAND)
    usage.light(ctx, wren, candle)
    assert light_radius(state) == 1


def test_a_lit_room_is_seen_whole_and_the_dark_shows_only_the_next_tiles_house_6_3() -> None:
    """HOUSE §6.3: with a light the whole room and its walls are seen; in the dark, one tile around."""
    dark = make_state(lit=False)
    seen = dark.expedition.seen[1] if dark.expedition else set()
    assert seen and all(abs(x - 2) <= DARK_SIGHT and abs(y - 2) <= DARK_SIGHT for x, y in seen)
    lit = make_state()  # the lantern is lit after arriving: look again
    assert lit.expedition is not None and reveal(lit) > 0
    room = {(x, y) for y in range(0, 5) for x in range(0, 6)}  # the hall and its walls
    assert room <= lit.expedition.seen[1]
    assert (7, 2) not in lit.expedition.seen[1]  # behind the closed door
    assert reveal(lit) == 0  # nothing new from the same tile


def test_areas_are_rooms_or_the_corridor_and_e_adds_the_danger_house_1_5() -> None:
    """HOUSE §1.5, §0: a tile is in "room:<id>" or the corridor; E is the level plus the danger."""
    state = make_state()
    expedition = expedition_of(state)
    level = expedition.level
    assert area_of(level, (2, 2)) == "room:0" and area_of(level, (7, 2)) == "room:1"
    assert area_of(level, (5, 2)) == CORRIDOR
    assert expedition.effective_depth == 1
    expedition.dungeon.danger, expedition.depth = 2, 2
    assert expedition.effective_depth == 4
