"""Exploration (§10.1, §9.1–§9.3, §7.8, HOUSE §1.4–§1.5) on a small hand-built dungeon, with scripted dice."""

from __future__ import annotations

import pytest

from expedition.rules.core.attributes import Attr
from expedition.rules.core.conditions import Affliction
from expedition.rules.core.context import Context
from expedition.rules.core.dice import ScriptedDice
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.events import Note
from expedition.rules.core.item_defs import Item
from expedition.rules.core.phase import Phase
from expedition.rules.core.skills import Skill
from expedition.rules.engine.dispatch import apply, can, verify
from expedition.rules.exploration.exploration_actions import (
    Descend,
    DisarmTrap,
    ExitDungeon,
    ForceDoor,
    LookForTraps,
    Loot,
    Search,
    SetUpCamp,
    Step,
    UseItem,
)
from expedition.rules.exploration.exploration_turn import WanderingMonstersComing
from expedition.rules.exploration.tiles import DoorState
from expedition.rules.exploration.traps import TrapSprung
from expedition.rules.items import handling, slots
from tests.rules.exploration_helpers import LANTERN, POLE, make_state, run, to_crypt


def test_stepping_inside_a_room_is_free_and_entering_another_area_costs_one_turn() -> None:
    """§10.1 (house): moving within an area is free (a doorway counts as the area left); a new room: 1 ET."""
    state = make_state()
    run(state, Step(direction="east"), [])  # (3,2)
    run(state, Step(direction="east"), [])  # (4,2)
    assert state.turn == 0
    run(state, Step(direction="east"), [])  # the door (5,2) opens, still the entrance's area
    assert state.expedition is not None and state.expedition.level.doors[(5, 2)].state is DoorState.OPEN
    assert state.turn == 0
    run(state, Step(direction="east"), [])  # (6,2): the crypt
    assert state.turn == 1 and state.decay.filled == 1 and state.expedition.area == "room:1"


def test_stepping_onto_a_hidden_trap_springs_it() -> None:
    """HOUSE §1.8: a floor trap springs on whoever enters its tile; DEX test, failure takes BASE."""
    state = make_state()
    for _ in range(4):
        run(state, Step(direction="east"), [])
    # DEX test 2 dice [2, 3] fails; no armour; 2 wounds placed (the player's choice: defaults).
    ctx = run(state, Step(direction="east"), [2, 3])
    assert any(isinstance(e, TrapSprung) for e in ctx.events)
    wren = state.character("wren")
    assert sum(wren[a].wounds for a in Attr) == 2


def test_a_known_armed_trap_blocks_the_step_and_can_be_disarmed() -> None:
    """HOUSE §1.8, §10.1: a found trap is stepped around; DEX test disarms it (1 ET)."""
    state = make_state()
    for _ in range(4):
        run(state, Step(direction="east"), [])
    trap = state.expedition.level.traps[0] if state.expedition else None
    assert trap is not None
    trap.found = True
    with pytest.raises(IllegalAction, match="step around"):
        verify(state, Step(direction="east"))
    run(state, DisarmTrap(actor="wren", at=(7, 2)), [5, 3])
    assert trap.disarmed and state.turn == 2
    assert can(state, Step(direction="east"))


def test_a_failed_disarm_springs_the_trap_on_the_disarmer() -> None:
    """§10.1: failure to disarm sets the trap off."""
    state = make_state()
    for _ in range(4):
        run(state, Step(direction="east"), [])
    trap = state.expedition.level.traps[0] if state.expedition else None
    assert trap is not None
    trap.found = True
    ctx = run(
        state, DisarmTrap(actor="wren", at=(7, 2)), [2, 3, 2, 3]
    )  # disarm fails, then DEX defence fails
    assert trap.sprung and any(isinstance(e, TrapSprung) and e.victim == "wren" for e in ctx.events)


def test_look_for_traps_needs_infiltration_or_a_pole_and_a_plan() -> None:
    """§10.1: Infiltration, or a tool such as a pole with a clear plan."""
    state = make_state()
    with pytest.raises(IllegalAction, match="Infiltration"):
        verify(state, LookForTraps(actor="wren"))
    wren = state.character("wren")
    handling.put(Context(ScriptedDice([])), wren, Item.new(101, POLE), slots.RIGHT_HAND)
    with pytest.raises(IllegalAction, match="plan"):
        verify(state, LookForTraps(actor="wren"))
    assert can(state, LookForTraps(actor="wren", plan="prod the floor"))


def test_look_for_traps_success_finds_great_success_disarms_critical_failure_springs() -> None:
    """§10.1: INT test; success finds traps, great success disarms them, critical failure springs them."""
    for faces, found, disarmed, sprung in (
        ([5, 3], True, False, False),
        ([6, 6], True, True, False),
        ([1, 2, 2, 3], True, False, True),  # INT crit fail, then the DEX defence against the spikes
        ([2, 3], False, False, False),
    ):
        state = make_state(skills=frozenset({Skill.INFILTRATION}))
        to_crypt(state)
        run(state, LookForTraps(actor="wren"), faces)
        assert state.expedition is not None
        trap = state.expedition.level.traps[0]
        assert (trap.found, trap.disarmed, trap.sprung) == (found, disarmed, sprung)
        assert state.turn == 2  # entering the crypt, then looking: 1 ET each


def test_a_successful_look_where_no_trap_hides_says_so() -> None:
    """§10.1: a success finds every trap there is, so finding none tells the party the place is clear."""
    state = make_state(skills=frozenset({Skill.INFILTRATION}))
    ctx = run(state, LookForTraps(actor="wren"), [5, 3])  # in the hall, where no trap is set
    assert any(isinstance(e, Note) and "no hidden trap" in e.text for e in ctx.events)
    to_crypt(state)
    ctx = run(state, LookForTraps(actor="wren"), [5, 3])
    assert not any(isinstance(e, Note) and "no hidden trap" in e.text for e in ctx.events)


def test_loot_takes_the_silver_and_items_but_not_beside_a_known_trap() -> None:
    """§10.1: Loot costs 1 ET, only with no known trap; silver to the party, items into the pack or stash."""
    state = make_state()
    to_crypt(state)
    assert state.expedition is not None
    state.expedition.level.traps[0].found = True
    with pytest.raises(IllegalAction, match="trap"):
        verify(state, Loot(actor="wren"))
    state.expedition.level.traps[0].disarmed = True
    run(state, Loot(actor="wren"), [])
    assert state.silver == 12 and state.expedition.level.caches[0].looted and state.turn == 2
    wren = state.character("wren")
    assert any(i.defn.key == "rope" for i in wren.items) or any(i.defn.key == "rope" for i in state.stash)


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


def test_slow_item_costs_a_turn_and_quick_is_free() -> None:
    """§10.1: a slow item takes 1 ET (lighting a lantern is quick: free)."""
    state = make_state(lit=False)
    wren = state.character("wren")
    lantern = Item.new(100, LANTERN)
    handling.put(Context(ScriptedDice([])), wren, lantern, slots.LEFT_HAND)
    run(state, UseItem(actor="wren", item=100), [])
    assert lantern.lit and state.turn == 0


def test_set_up_camp_only_in_a_safe_room_switches_to_camp() -> None:
    """§10.1: camp costs 1 ET, only in a safe place; the camp phase begins."""
    state = make_state()
    run(state, SetUpCamp(), [])
    assert state.phase is Phase.CAMP and state.turn == 1


def test_exiting_costs_doom_two_cures_hopeless_and_ends_in_the_interlude() -> None:
    """§10.1: exit only at the way out; doom +2; leaving alive cures Hopeless (§4.6)."""
    state = make_state()
    with pytest.raises(IllegalAction, match="way out"):
        verify(state, ExitDungeon())
    run(state, Step(direction="south"), [])
    run(state, Step(direction="west"), [])  # (1,3) is the exit tile
    state.character("wren").afflictions.add(Affliction.HOPELESS)
    omens = state.omens.filled
    run(state, ExitDungeon(), [])
    assert state.locations["tomb"].doom.filled == 2 and state.omens.filled == omens + 1  # "rats" reached
    assert state.phase is Phase.INTERLUDE and state.expedition is None and state.location == state.settlement
    assert Affliction.HOPELESS not in state.character("wren").afflictions


def test_descending_the_stairs_costs_a_turn_and_lands_on_the_stairs_up() -> None:
    """§10.1: going down is a move to another place: 1 ET."""
    state = make_state()
    assert state.expedition is not None
    state.expedition.position, state.expedition.area = (8, 3), "room:1"
    run(state, Descend(), [])
    assert state.expedition.depth == 2 and state.expedition.position == (1, 1) and state.turn == 1


def test_every_exploration_test_first_asks_how_to_roll_with_odds_section_3_5() -> None:
    """§3.5: before the search test the player chooses how to roll, each way with its odds."""
    state = make_state()
    resolution = apply(Context(ScriptedDice([4, 4])), state, Search(actor="wren"))
    decision = next(resolution)
    assert decision.kind == "approach" and decision.owner == "wren"
    assert decision.default == "roll" and "success" in decision.choices[0].label
