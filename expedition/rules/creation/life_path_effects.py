"""Provides the life-path effect vocabulary (§5.2–§5.6): what a row can do, as frozen values.

`expedition.rules.creation.life_path` applies them; this module only names them and describes them.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from expedition.rules.core.attributes import Attr
from expedition.rules.core.conditions import Affliction, Trauma
from expedition.rules.core.dice import DiceExpr
from expedition.rules.core.skills import Skill, Trait


class AttrKind(StrEnum):
    """Which value of an attribute an effect changes."""

    SCORE = "score"
    PROFICIENCY = "proficiency"


class AttrPick(StrEnum):
    """Which attributes a choice is narrowed to, judged by their scores when the choice is made."""

    ANY = "any"
    LOWEST_SCORE = "lowest_score"
    HIGHEST_SCORE = "highest_score"


@dataclass(frozen=True, slots=True)
class ScoreChange:
    """Raise or lower one attribute's score."""

    attr: Attr
    delta: int


@dataclass(frozen=True, slots=True)
class ProficiencyChange:
    """Raise or lower one attribute's proficiency."""

    attr: Attr
    delta: int


@dataclass(frozen=True, slots=True)
class ChooseAttribute:
    """The owner picks an attribute whose score or proficiency changes by `delta`.

    Attributes:
        delta: The change.
        kind: Score or proficiency.
        options: The attributes allowed before `pick` narrows them.
        pick: Narrow the options to those with the lowest or highest score (ties still ask).
    """

    delta: int
    kind: AttrKind = AttrKind.SCORE
    options: tuple[Attr, ...] = tuple(Attr)
    pick: AttrPick = AttrPick.ANY


@dataclass(frozen=True, slots=True)
class GainSkill:
    """Learn a skill; a held basic skill is upgraded (§5.1).

    Attributes:
        skill: The skill.
        direct: Grant an advanced skill without its basic one (the Squire, §16 #18).
    """

    skill: Skill
    direct: bool = False


@dataclass(frozen=True, slots=True)
class ChooseSkill:
    """The owner picks one of `options` to learn."""

    options: tuple[Skill, ...]


@dataclass(frozen=True, slots=True)
class GainTrait:
    """Gain a special trait (§6.2)."""

    trait: Trait


@dataclass(frozen=True, slots=True)
class GainTrauma:
    """Suffer a trauma (§4.5)."""

    trauma: Trauma


@dataclass(frozen=True, slots=True)
class GainAffliction:
    """Gain an affliction (§4.6)."""

    affliction: Affliction


@dataclass(frozen=True, slots=True)
class Silver:
    """Silver for the purse: `amount`, plus a roll of `dice` when given."""

    dice: DiceExpr | None = None
    amount: int = 0


@dataclass(frozen=True, slots=True)
class Insight:
    """Earn insight (§10.5.1)."""

    amount: int = 1


@dataclass(frozen=True, slots=True)
class GainItem:
    """An item for the inventory, named by its key in the item catalog."""

    item_key: str
    quantity: int = 1


Effect = (
    ScoreChange
    | ProficiencyChange
    | ChooseAttribute
    | GainSkill
    | ChooseSkill
    | GainTrait
    | GainTrauma
    | GainAffliction
    | Silver
    | Insight
    | GainItem
)
"""Anything a life-path row can do."""


def words(name: str) -> str:
    """A snake_case key as words with a capital: "animal_affinity" → "Animal affinity"."""
    return name.replace("_", " ").capitalize()


def signed(delta: int) -> str:
    """A change with its sign: "+1", "−2"."""
    return f"+{delta}" if delta >= 0 else f"−{-delta}"


def describe(effect: Effect) -> str:
    """Say what an effect does in a few words, for the compendium and the creation screen."""
    match effect:
        case ScoreChange(attr, delta):
            return f"{signed(delta)} {attr.value}"
        case ProficiencyChange(attr, delta):
            return f"{signed(delta)} {attr.value} proficiency"
        case ChooseAttribute(delta, kind, options, pick):
            what = f" {kind.value}"
            if pick is AttrPick.LOWEST_SCORE:
                where = "the attribute with the lowest score"
            elif pick is AttrPick.HIGHEST_SCORE:
                where = "the attribute with the highest score"
            elif set(options) == set(Attr):
                where = "an attribute of your choice"
            else:
                where = "one of " + ", ".join(attr.value for attr in options)
            return f"{signed(delta)}{what} on {where}"
        case GainSkill(skill, _):
            return f"{words(skill)} (skill)"
        case ChooseSkill(options):
            return "one skill of " + ", ".join(words(skill) for skill in options)
        case GainTrait(trait):
            return f"{words(trait)} (trait)"
        case GainTrauma(trauma):
            return f"{words(trauma)} (trauma)"
        case GainAffliction(affliction):
            return f"{words(affliction)} (affliction)"
        case Silver(dice, amount):
            parts = [str(dice)] if dice is not None else []
            if amount or dice is None:
                parts.append(str(amount))
            return " + ".join(parts) + " silver"
        case Insight(amount):
            return f"+{amount} insight"
        case GainItem(item_key, quantity):
            return f"{quantity} × {words(item_key)}" if quantity != 1 else words(item_key)
