"""Tests for rules/core/world.py: the `World` protocol, the content the rules ask for (§5.7, §11, §12)."""

from __future__ import annotations

from functools import cache

import pytest

from expedition.persistence import state as _registered  # noqa: F401  # registers the classes `encode` names
from expedition.persistence.codec import encode
from expedition.rules.core.context import Context
from expedition.rules.core.dice import ScriptedDice
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.world import World
from expedition.rules.exploration.dungeon_map import Dungeon
from expedition.rules.magic.magic_effects import the_world
from expedition.session.catalog_world import CatalogWorld, default_world

MEMBERS = sorted(name for name in vars(World) if not name.startswith("_"))
"""What the protocol asks of a world."""


@cache
def _world() -> CatalogWorld:
    return default_world()


def test_the_protocol_names_the_content_the_rules_reach_for_section_5_7() -> None:
    """§5.7, §11, §12: items, spells, prayers, maneuvers, schools, gods, tables, enemies, dungeons."""
    assert MEMBERS == [
        "authored_dungeon",
        "authored_keys",
        "authored_name",
        "enemies",
        "gods",
        "items",
        "maneuvers",
        "miracles",
        "mishaps",
        "new_dungeon",
        "prayers",
        "schools",
        "spells",
    ]


def test_the_shipped_world_gives_every_member_filled_section_12() -> None:
    """§5.7, §11, §12: the world built from the content files answers each member with real content."""
    world: World = _world()
    for name in MEMBERS:
        assert hasattr(world, name), name
    assert len(world.enemies) >= 39 and "torch" in world.items
    assert len(world.schools) == 5 and len(world.gods) == 5
    assert len(world.maneuvers) == 21 and len(world.spells) == 32
    assert [row.roll for row in world.mishaps] == list(range(3, 19))
    assert [row.roll for row in world.miracles] == list(range(1, 7))
    for school in world.schools.values():
        assert all(key in world.spells for key in school.spells), school.key
    for god in world.gods.values():
        assert all(key in world.prayers for key in god.prayers), god.key


def _encoded(dungeon: Dungeon) -> object:
    return encode(dungeon, Dungeon)


def test_the_same_seed_builds_the_same_dungeon_house_1() -> None:
    """HOUSE §1: a world built again rebuilds the same dungeon from a seed, so a journal replays exactly."""
    theme = sorted(_world().catalog.dungeons.themes)[0]
    first = _world().new_dungeon(41, theme)
    again = default_world().new_dungeon(41, theme)
    assert _encoded(first) == _encoded(again)
    assert _encoded(_world().new_dungeon(42, theme)) != _encoded(first)


def test_a_generated_dungeon_asked_again_is_a_fresh_copy_house_1() -> None:
    """HOUSE §1: the world keeps the dungeons it generated; play changes its copy, never the next."""
    world = default_world()
    theme = sorted(world.catalog.dungeons.themes)[0]
    first = world.new_dungeon(43, theme)
    pristine = _encoded(first)
    first.levels[0].doors.clear()
    first.levels[0].caches.clear()
    again = world.new_dungeon(43, theme)
    assert again is not first and _encoded(again) == pristine
    assert _encoded(world.new_dungeon(43, theme, party_size=2)) != pristine  # groups for two, not four


def test_an_authored_dungeon_is_a_fresh_copy_each_time_house_1() -> None:
    """HOUSE §1: play changes a dungeon, so each request gets its own copy of the authored one."""
    world = _world()
    (key, *_) = world.authored_keys()
    first, second = world.authored_dungeon(key), world.authored_dungeon(key)
    pristine = _encoded(second)
    assert first is not second and _encoded(first) == pristine
    level = first.levels[0]
    assert level.traps or level.doors or level.encounters
    level.traps.clear()
    level.doors.clear()
    level.encounters.clear()  # a party disarms, opens and fights its way through one copy…
    assert _encoded(second) == pristine  # …and the other copies are untouched
    assert _encoded(world.authored_dungeon(key)) == pristine


def test_an_authored_dungeon_is_named_without_being_copied_house_1() -> None:
    """HOUSE §1: the set-out list names the sample dungeons; the name is the copy's own name."""
    world = _world()
    for key in world.authored_keys():
        assert world.authored_name(key) == world.authored_dungeon(key).name != ""


def test_rules_without_a_world_refuse_magic_section_11() -> None:
    """§11: spells and prayers need the content; a context with no world says so."""
    with pytest.raises(IllegalAction, match="No spells or prayers"):
        the_world(Context(ScriptedDice([])).world)
    assert the_world(Context(ScriptedDice([]), world=_world()).world) is _world()
