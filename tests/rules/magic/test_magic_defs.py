"""Tests for rules/magic/magic_defs.py: kits, callings, spells, prayers, mishaps and miracles (§5.7, §11)."""

from __future__ import annotations

import dataclasses

import pytest

from expedition.rules.core.conditions import Affliction
from expedition.rules.magic.magic_defs import Kit, KitItem, KitRole, Limit, ManeuverDef, PrayerDef, SpellDef
from tests.rules.magic_helpers import WORLD


def test_kit_roles_name_the_items_that_fill_each_role() -> None:
    """§5.7.3: an inscribed skull is both grimoire and conductor; a plain item fills no role."""
    both = frozenset({KitRole.CONDUCTOR, KitRole.GRIMOIRE})
    kit = Kit(
        items=(
            KitItem("inscribed_skull", roles=both),
            KitItem("rope"),
            KitItem("wand", roles=both - {KitRole.GRIMOIRE}),
        )
    )
    assert kit.roles(KitRole.CONDUCTOR) == ("inscribed_skull", "wand")
    assert kit.roles(KitRole.GRIMOIRE) == ("inscribed_skull",)
    assert kit.roles(KitRole.HOLY_SYMBOL) == ()


def test_every_school_kit_has_a_conductor_and_every_god_kit_a_holy_symbol() -> None:
    """§5.7.3, §11.1, §11.2: school kits hold a conductor, god kits a holy symbol; Awakened: no grimoire."""
    for school in WORLD.schools.values():
        assert school.kit.roles(KitRole.CONDUCTOR), school.key
    assert [s.key for s in WORLD.schools.values() if not s.grimoire] == ["the_awakened"]
    for god in WORLD.gods.values():
        assert god.kit.roles(KitRole.HOLY_SYMBOL), god.key


def test_a_prayer_without_a_god_is_basic_and_definitions_are_frozen_values() -> None:
    """§11.2: basic prayers belong to no god; §5.7 maneuvers cost 1 action and have no limit by default."""
    assert PrayerDef("light", "Light").basic and not PrayerDef("mercy", "Mercy", god="cador").basic
    move = ManeuverDef("bash", "Bash", "gladiator")
    assert (move.actions, move.limit, move.reaction) == (1, Limit.NONE, False)
    assert SpellDef("light", "Light", "the_awakened").actions == 1
    with pytest.raises(dataclasses.FrozenInstanceError):
        move.actions = 2  # type: ignore[misc]
    assert {p.key for p in WORLD.prayers.values() if p.basic} == {
        "cure_light_wounds",
        "light",
        "create_food_and_water",
    }


def test_the_mishap_table_answers_every_total_from_3_and_only_18_runs_on() -> None:
    """§11.1 mishap table: a row for each of 3..18, 18+ open-ended; 4: doom +1; 7, 11: demons."""
    rows = {row.roll: row for row in WORLD.mishaps}
    assert sorted(rows) == list(range(3, 19)) and len(rows) == len(WORLD.mishaps)
    assert [row.roll for row in WORLD.mishaps if row.open_ended] == [18]
    assert rows[4].doom == 1 and sum(row.doom for row in WORLD.mishaps) == 1
    assert (rows[7].summons, rows[11].summons) == ("lesser_demon", "void_demon")
    assert Affliction.NAUSEATED in rows[3].afflictions and Affliction.CURSED in rows[16].afflictions


def test_the_miracle_table_has_one_row_per_face_of_a_d6() -> None:
    """§11.2 miracle table (1d6)."""
    assert sorted(row.roll for row in WORLD.miracles) == [1, 2, 3, 4, 5, 6]
