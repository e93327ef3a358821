"""Provides the names of afflictions (§4.6) and traumas (§4.5)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

from expedition.rules.core.events import Event
from expedition.rules.core.hooks import Hook

if TYPE_CHECKING:
    from expedition.rules.character.adventurer import Character
    from expedition.rules.core.context import Context


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


AFFLICTION_WARDED: Hook[Callable[[Character, Affliction], bool]] = Hook("an affliction is kept off")
"""Asked before a character gains an affliction they do not have: True keeps it off (a Tonic of
bravery wards off Terrified, §11.1)."""


def gain_affliction(ctx: Context, character: Character, affliction: Affliction, *, rule: str) -> bool:
    """Give an affliction; gaining one already held, or one a rule wards off, does nothing (§4.6).

    Returns:
        True if the character did not have it before and now has it.
    """
    if affliction in character.afflictions:
        return False
    if AFFLICTION_WARDED.any(character, affliction):
        return False
    character.afflictions.add(affliction)
    ctx.emit(AfflictionGained(rule=rule, character=character.id, affliction=affliction))
    return True


def cure_affliction(ctx: Context, character: Character, affliction: Affliction, *, rule: str) -> bool:
    """Remove an affliction if the character has it.

    Returns:
        True if it was removed.
    """
    if affliction not in character.afflictions:
        return False
    character.afflictions.discard(affliction)
    ctx.emit(AfflictionCured(rule=rule, character=character.id, affliction=affliction))
    return True


@dataclass(frozen=True, slots=True, kw_only=True)
class AfflictionGained(Event):
    """A character gained an affliction."""

    character: str
    affliction: Affliction


@dataclass(frozen=True, slots=True, kw_only=True)
class AfflictionCured(Event):
    """A character lost an affliction."""

    character: str
    affliction: Affliction
