"""Provides the names of skills (§6.1) and special traits (§6.2), and which skills are advanced."""

from __future__ import annotations

from enum import StrEnum


class Skill(StrEnum):
    """Every skill; advanced skills replace their basic skill (§6.1)."""

    ANIMAL_AFFINITY = "animal_affinity"
    BEASTMASTER = "beastmaster"
    WARD_THE_DEAD = "ward_the_dead"
    COOKING = "cooking"
    MASTER_CHEF = "master_chef"
    CRAFTING = "crafting"
    DUELIST = "duelist"
    SWASHBUCKLER = "swashbuckler"
    FEARLESS = "fearless"
    HAGGLE = "haggle"
    TRADE_NETWORK = "trade_network"
    HOLY_RITES = "holy_rites"
    INFILTRATION = "infiltration"
    INTIMIDATE = "intimidate"
    LOREMASTER = "loremaster"
    PILFER = "pilfer"
    OCCULT_STUDIES = "occult_studies"
    RITUALIST = "ritualist"
    SHIELD_EXPERT = "shield_expert"
    SHIELD_MASTER = "shield_master"
    STALKER = "stalker"
    STREET_WISE = "street_wise"
    SURGEON = "surgeon"
    SURVIVALIST = "survivalist"
    SLIPPERY = "slippery"
    VETERAN = "veteran"


ADVANCED: dict[Skill, Skill] = {
    Skill.ANIMAL_AFFINITY: Skill.BEASTMASTER,
    Skill.COOKING: Skill.MASTER_CHEF,
    Skill.DUELIST: Skill.SWASHBUCKLER,
    Skill.HAGGLE: Skill.TRADE_NETWORK,
    Skill.SHIELD_EXPERT: Skill.SHIELD_MASTER,
}
"""Basic skill → the advanced skill that replaces it when the basic one is gained again."""

BASIC: dict[Skill, Skill] = {advanced: basic for basic, advanced in ADVANCED.items()}
"""Advanced skill → the basic skill it requires."""


class Trait(StrEnum):
    """Every special trait (§6.2)."""

    BERSERKER = "berserker"
    BAD_OMENS = "bad_omens"
    BATTLE_TRANCE = "battle_trance"
    COLD_BLOOD = "cold_blood"
    DIVINE_MANDATE = "divine_mandate"
    HARDENED = "hardened"
    MAGIC_USER = "magic_user"
    REJECTED_BY_DEATH = "rejected_by_death"
    DAUNTLESS = "dauntless"
    THIRD_EYE = "third_eye"
    NIGHT_STALKER = "night_stalker"
