"""Tests for exploration/surroundings.py: the shared checks of the exploration guards (§10.1, HOUSE §1.4)."""

from __future__ import annotations

import pytest

from expedition.rules.character.adventurer import Status
from expedition.rules.core.errors import IllegalAction, InvalidAction
from expedition.rules.core.item_defs import Item, ItemDef, Tag
from expedition.rules.core.phase import Phase
from expedition.rules.exploration.features import Door, Encounter
from expedition.rules.exploration.looting import Loot
from expedition.rules.exploration.surroundings import (
    acting,
    adjacent_door,
    exploring,
    lootable,
    safe_here,
    slow_cost,
)
from expedition.rules.exploration.tiles import DoorState
from tests.rules.exploration_helpers import LANTERN, make_state


def test_actions_are_refused_outside_exploration_or_by_someone_who_cannot_act_section_10_1() -> None:
    """§10.1, §4.3: exploring needs the exploration phase and an actor in the party who can act."""
    state = make_state()
    assert exploring(state) is state.expedition
    assert acting(state, Loot(actor="wren")).id == "wren"
    with pytest.raises(InvalidAction, match="acting character"):
        acting(state, Loot())
    with pytest.raises(IllegalAction, match="not with the party"):
        acting(state, Loot(actor="ghost"))
    state.character("wren").status = Status.FAINTED
    with pytest.raises(IllegalAction, match="cannot act"):
        acting(state, Loot(actor="wren"))
    with pytest.raises(IllegalAction, match="Nobody"):
        exploring(state)
    state.character("wren").status = Status.ACTIVE
    state.phase = Phase.CAMP
    with pytest.raises(IllegalAction, match="while exploring"):
        exploring(state)


def test_a_door_must_be_real_found_and_next_to_the_party_house_1_4() -> None:
    """HOUSE §1.4: door actions need the party at the door; an unfound secret door is no door."""
    state = make_state()
    expedition = exploring(state)
    with pytest.raises(IllegalAction, match="stand at the door"):
        adjacent_door(expedition, (5, 2))
    expedition.position = (4, 2)
    assert adjacent_door(expedition, (5, 2)).pos == (5, 2)
    with pytest.raises(IllegalAction, match="no door"):
        adjacent_door(expedition, (4, 1))
    expedition.level.doors[(5, 2)] = Door((5, 2), DoorState.CLOSED, secret=True)
    with pytest.raises(IllegalAction, match="no door"):
        adjacent_door(expedition, (5, 2))


def test_only_seen_unlooted_caches_of_the_room_can_be_looted_section_10_1() -> None:
    """§10.1, HOUSE §1.4: Loot takes the room's caches; hidden ones await a Search, looted ones are gone."""
    state = make_state()
    expedition = exploring(state)
    assert lootable(expedition) == []  # the cache is in the crypt
    expedition.position, expedition.area = (7, 1), "room:1"
    cache = expedition.level.caches[0]
    assert lootable(expedition) == [cache]
    cache.hidden = True
    assert lootable(expedition) == []
    cache.hidden, cache.looted = False, True
    assert lootable(expedition) == []


def test_camp_needs_a_room_with_no_enemy_known_trap_or_group_coming_section_10_1() -> None:
    """§10.1, HOUSE §1.5: camp only in a safe place: a room, no enemies, known armed trap or group coming."""
    state = make_state()
    expedition = exploring(state)
    assert safe_here(state) == ""
    expedition.coming.append("Ghouls")
    assert "coming" in safe_here(state)
    expedition.coming.clear()
    expedition.level.encounters.append(Encounter(0, ("ghoul",)))
    assert "enemies" in safe_here(state)
    expedition.level.encounters[0].defeated = True
    expedition.position, expedition.area = (6, 2), "room:1"
    assert safe_here(state) == ""  # the crypt's trap is still hidden
    expedition.level.traps[0].found = True
    assert "trap" in safe_here(state)
    expedition.position = (5, 2)
    assert "corridor" in safe_here(state)


def test_an_item_is_a_slow_action_only_if_slow_and_not_also_quick_section_7_3() -> None:
    """§7.3, §10.1: a slow item takes a turn; one that is both (a lantern: quick to light) does not."""
    state = make_state()
    wine = ItemDef(key="wine", name="Wine", tags=frozenset({Tag.SLOW}))
    assert slow_cost(state, Item.new(1, wine))
    assert not slow_cost(state, Item.new(2, LANTERN))
