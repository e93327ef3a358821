"""Tests for core/skills.py: the skills, advanced replacing basic, and the special traits (§6.1, §6.2)."""

from __future__ import annotations

import pytest

from expedition.rules.character.adventurer import Character
from expedition.rules.character.progression import learn_skill
from expedition.rules.core.context import Context
from expedition.rules.core.dice import ScriptedDice
from expedition.rules.core.skills import ADVANCED, BASIC, Skill, Trait


def test_every_skill_of_the_table_is_known() -> None:
    """§6.1: the 26 skills of the table (Banish Undead is an old-book skill and left out)."""
    assert {s.value for s in Skill} == {
        "animal_affinity",
        "beastmaster",
        "ward_the_dead",
        "cooking",
        "master_chef",
        "crafting",
        "duelist",
        "swashbuckler",
        "fearless",
        "haggle",
        "trade_network",
        "holy_rites",
        "infiltration",
        "intimidate",
        "loremaster",
        "pilfer",
        "occult_studies",
        "ritualist",
        "shield_expert",
        "shield_master",
        "stalker",
        "street_wise",
        "surgeon",
        "survivalist",
        "slippery",
        "veteran",
    }


def test_five_advanced_skills_each_need_their_basic_one() -> None:
    """§6.1: Beastmaster, Master chef, Swashbuckler, Trade network and Shield master are the ↳ rows."""
    assert ADVANCED == {
        Skill.ANIMAL_AFFINITY: Skill.BEASTMASTER,
        Skill.COOKING: Skill.MASTER_CHEF,
        Skill.DUELIST: Skill.SWASHBUCKLER,
        Skill.HAGGLE: Skill.TRADE_NETWORK,
        Skill.SHIELD_EXPERT: Skill.SHIELD_MASTER,
    }
    assert {advanced: basic for basic, advanced in ADVANCED.items()} == BASIC


def test_no_skill_is_both_basic_and_advanced() -> None:
    """§6.1: the upgrade is one step: an advanced skill has no further upgrade."""
    assert not set(ADVANCED) & set(BASIC)
    assert all(advanced not in ADVANCED for advanced in ADVANCED.values())


@pytest.mark.parametrize(("basic", "advanced"), sorted(ADVANCED.items()))
def test_learning_a_held_basic_skill_again_upgrades_it_in_the_same_slot(
    basic: Skill, advanced: Skill
) -> None:
    """§6.1: the advanced skill replaces its basic one, so the count of skills stays the same."""
    ctx, ana = Context(ScriptedDice([])), Character(id="ana", name="Ana")
    learn_skill(ctx, ana, basic, rule="§6.1")
    assert ana.skills == {basic}
    assert learn_skill(ctx, ana, basic, rule="§6.1") is advanced
    assert ana.skills == {advanced}


def test_every_special_trait_is_known() -> None:
    """§6.2: the ten traits of the table and the Moon-curser's Night-stalker."""
    assert {t.value for t in Trait} == {
        "berserker",
        "bad_omens",
        "battle_trance",
        "cold_blood",
        "divine_mandate",
        "hardened",
        "magic_user",
        "rejected_by_death",
        "dauntless",
        "third_eye",
        "night_stalker",
    }


def test_skill_and_trait_keys_never_collide() -> None:
    """§6.1, §6.2: a key names a skill or a trait, never both (saved sheets store them by key)."""
    assert not {s.value for s in Skill} & {t.value for t in Trait}
