"""Provides the names of afflictions (§4.6) and traumas (§4.5)."""

from __future__ import annotations

from enum import StrEnum


class Affliction(StrEnum):
    """The twelve afflictions on the character sheet (§4.6)."""

    HUNGRY = "hungry"
    PARCHED = "parched"
    BLEEDING = "bleeding"
    SLEEPY = "sleepy"
    ANGRY = "angry"
    SHAKEN = "shaken"
    NAUSEATED = "nauseated"
    TERRIFIED = "terrified"
    HOPELESS = "hopeless"
    CURSED = "cursed"
    PLAGUED = "plagued"
    DOOMED = "doomed"


class Trauma(StrEnum):
    """The seven traumas (§4.5), plus the sample dungeon's phobia."""

    BROKEN_ARM = "broken_arm"
    BROKEN_LEG = "broken_leg"
    CHRONIC_PAIN = "chronic_pain"
    BRAIN_DAMAGE = "brain_damage"
    PARANOID = "paranoid"
    FEARFUL = "fearful"
    VISIONS = "visions"
