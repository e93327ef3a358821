"""Tests for exploration/searching.py: `Search`, secret doors and hidden caches (HOUSE §1.4)."""

from __future__ import annotations

from expedition.rules.core.context import Context
from expedition.rules.core.dice import ScriptedDice
from expedition.rules.core.judging import Outcome
from expedition.rules.engine.dispatch import apply, can
from expedition.rules.exploration.features import Door
from expedition.rules.exploration.looting import Loot
from expedition.rules.exploration.searching import HiddenCacheFound, RoomSearched, Search, SecretDoorFound
from expedition.rules.exploration.tiles import DoorState, Tile
from expedition.rules.exploration.traps import TrapFound
from tests.rules.exploration_helpers import make_state, run, to_crypt


def test_search_finds_a_hidden_cache() -> None:
    """HOUSE §1.4: a successful INT test finds hidden caches in the room."""
    state = make_state()
    to_crypt(state)
    assert state.expedition is not None
    cache = state.expedition.level.caches[0]
    cache.hidden = True
    assert not can(state, Loot(actor="wren"))
    run(state, Search(actor="wren"), [5, 3])
    assert not cache.hidden and can(state, Loot(actor="wren"))


def test_a_great_search_finds_secret_doors_hidden_caches_and_traps_house_1_4() -> None:
    """HOUSE §1.4: success finds the room's secret doors and hidden caches; great success its traps too."""
    state = make_state()
    to_crypt(state)
    assert state.expedition is not None
    level = state.expedition.level
    level.set_tile((9, 2), Tile.DOOR)  # a secret door in the crypt's east wall
    level.doors[(9, 2)] = Door((9, 2), DoorState.CLOSED, secret=True, rooms=(1,))
    level.caches[0].hidden = True
    ctx = run(state, Search(actor="wren"), [6, 6])
    searched = next(e for e in ctx.events if isinstance(e, RoomSearched))
    assert searched.outcome is Outcome.GREAT_SUCCESS and searched.room == 1
    assert searched.found == 3, "the search counts the door, the cache and the trap it turns up"
    assert any(isinstance(e, SecretDoorFound) and e.pos == (9, 2) for e in ctx.events)
    assert any(isinstance(e, HiddenCacheFound) for e in ctx.events)
    assert any(isinstance(e, TrapFound) for e in ctx.events)
    trap = level.traps[0]
    assert level.doors[(9, 2)].found and trap.found and not trap.disarmed
    assert "1:1" in state.expedition.searched


def test_a_search_that_turns_up_nothing_counts_no_finds_house_1_4() -> None:
    """HOUSE §1.4: a successful search of a room with nothing hidden counts 0 finds."""
    state = make_state()
    to_crypt(state)
    ctx = run(state, Search(actor="wren"), [5, 3])
    searched = next(e for e in ctx.events if isinstance(e, RoomSearched))
    assert searched.outcome is Outcome.SUCCESS and searched.found == 0


def test_every_exploration_test_first_asks_how_to_roll_with_odds_section_3_5() -> None:
    """§3.5: before the search test the player chooses how to roll, each way with its odds."""
    state = make_state()
    resolution = apply(Context(ScriptedDice([4, 4])), state, Search(actor="wren"))
    decision = next(resolution)
    assert decision.kind == "approach" and decision.owner == "wren"
    assert decision.default == "roll" and "success" in decision.choices[0].label
