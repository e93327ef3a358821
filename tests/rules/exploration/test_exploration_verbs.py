"""Tests for rules/exploration/exploration_verbs.py: what the exploration actions do (§10.1, HOUSE §1.4)."""

from __future__ import annotations

from expedition.rules.camp.camp_setup import VERBS as CAMP_VERBS
from expedition.rules.core.attributes import Attr
from expedition.rules.core.context import Context
from expedition.rules.core.dice import ScriptedDice
from expedition.rules.core.events import Note
from expedition.rules.core.item_defs import Item, ItemDef, Tag
from expedition.rules.core.judging import Outcome
from expedition.rules.exploration.exploration_actions import (
    Ascend,
    Descend,
    ForceDoor,
    ListenAtDoor,
    Loot,
    Search,
)
from expedition.rules.exploration.exploration_events import (
    DoorListenedAt,
    DoorOpened,
    HiddenCacheFound,
    LevelChanged,
    RoomSearched,
    SecretDoorFound,
)
from expedition.rules.exploration.exploration_guards import GUARDS
from expedition.rules.exploration.exploration_turn import NoiseMade
from expedition.rules.exploration.exploration_verbs import VERBS
from expedition.rules.exploration.features import Door, Encounter, Treasure
from expedition.rules.exploration.tiles import DoorState, Tile
from expedition.rules.exploration.traps import TrapFound
from expedition.rules.interlude.homecoming import VERBS as HOMECOMING_VERBS
from expedition.rules.items import handling, slots
from tests.rules.exploration_helpers import make_state, run, to_crypt

AXE = ItemDef(key="battle_axe", name="Battle axe")


def test_every_guarded_exploration_action_has_a_verb_section_10_1() -> None:
    """§10.1: each exploration action that can be allowed also has something it does.

    Setting up camp and leaving by the exit end exploring: the camp and the interlude own their verbs.
    """
    assert set(VERBS) | set(CAMP_VERBS) | set(HOMECOMING_VERBS) == set(GUARDS)


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
    assert any(isinstance(e, SecretDoorFound) and e.pos == (9, 2) for e in ctx.events)
    assert any(isinstance(e, HiddenCacheFound) for e in ctx.events)
    assert any(isinstance(e, TrapFound) for e in ctx.events)
    trap = level.traps[0]
    assert level.doors[(9, 2)].found and trap.found and not trap.disarmed
    assert "1:1" in state.expedition.searched


def test_loot_brings_treasure_away_and_leaves_unknown_items_section_10_1() -> None:
    """§10.1, HOUSE §4.1: a tiny treasure goes into the notes; an item nobody knows is left with a note."""
    state = make_state()
    to_crypt(state)
    assert state.expedition is not None
    state.expedition.level.traps[0].disarmed = True
    cache = state.expedition.level.caches[0]
    cache.items = ("mystery_box",)
    cache.treasures = (Treasure("Pearl string", "valuable", kind="J", fragile=True),)
    ctx = run(state, Loot(actor="wren"), [])
    pearls = next(i for i in state.character("wren").items if i.name == "Pearl string")
    assert pearls.place == slots.NOTES and {Tag.TREASURE, Tag.TINY, Tag.FRAGILE} <= pearls.defn.tags
    assert any(isinstance(e, Note) and "mystery_box" in e.text for e in ctx.events)
    assert state.silver == 12


def test_going_up_lands_on_the_stairs_down_and_keeps_the_lingering_count_house_1_5() -> None:
    """§10.1, HOUSE §1.5: the stairs take 1 ET; going down resets the lingering count, going up does not."""
    state = make_state()
    assert state.expedition is not None
    state.expedition.position, state.expedition.area = (8, 3), "room:1"
    state.expedition.decays_on_level = 2
    run(state, Descend(), [])
    assert state.expedition.decays_on_level == 0
    state.expedition.decays_on_level = 1
    ctx = run(state, Ascend(), [])
    assert state.expedition.depth == 1 and state.expedition.position == (8, 3) and state.turn == 2
    assert state.expedition.decays_on_level == 1
    assert any(isinstance(e, LevelChanged) and e.depth == 1 for e in ctx.events)
