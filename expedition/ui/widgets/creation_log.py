"""Provides the creation log's lines: each creation event in words, dice drawn face by face.

Every die shows its face as a glyph and as a digit (so it reads without the glyph font), and
every line ends with the rule it applied, so the log explains every number.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text

from expedition.rules.character.insight import InsightSpent
from expedition.rules.character.progression import (
    InsightEarned,
    ProficiencyChanged,
    ScoreChanged,
    SkillLearned,
    TraitGained,
)
from expedition.rules.core.events import DiceRolled, Event
from expedition.rules.creation.class_choice import ClassChosen
from expedition.rules.creation.life_path import LifePathRolled, LifePathTable
from expedition.rules.creation.life_path_effects import describe, words
from expedition.rules.creation.party_creation import CharacterCreated, LifePathRerolled
from expedition.rules.creation.starting_kit import ItemStashed
from expedition.rules.creation.starting_shop import StartingGearBought, StartingPriceRolled
from expedition.rules.items.handling import ItemAdded, ItemWielded

D6_FACES = "⚀⚁⚂⚃⚄⚅"
"""The six faces of a d6, one glyph each."""

SILENT = frozenset({"BurdenTaken"})
"""Events the log leaves out because another line already says it (the burden's row is shown)."""


def die(face: int, sides: int) -> str:
    """One die as it landed: "⚄5" for a d6, "[7]" for any other die."""
    if sides == 6 and 1 <= face <= 6:
        return f"{D6_FACES[face - 1]}{face}"
    return f"[{face}]"


def dice_line(event: DiceRolled, who: str) -> Text:
    """A roll: who, what for, each face, and the total when the faces are added up."""
    text = Text(f"{who} rolls {len(event.faces)}d{event.sides} for {event.why}: ")
    text.append(" ".join(die(face, event.sides) for face in event.faces), style="bold")
    if len(event.faces) > 1 and "d!" not in event.why:
        text.append(f" = {sum(event.faces)}", style="bold")
    return text


def row_line(event: LifePathRolled, who: str, table: LifePathTable | None) -> Text:
    """A life-path result and what it does, effect by effect."""
    if table is None:
        return Text(f"{who}: {event.table} {event.total} → {words(event.row)}")
    row = table.row(event.row)
    effects = "; ".join(describe(effect) for effect in row.effects) or "no effect"
    text = Text(f"→ {table.name or words(table.key)} {event.total}: ", style="bold")
    text.append(row.name, style="bold underline")
    text.append(f" — {effects}")
    return text


def event_line(
    event: Event,
    name_of: Callable[[str], str],
    table_of: Callable[[str], LifePathTable | None],
) -> Text | None:
    """The log line for one event, or None for an event the log leaves out.

    Args:
        event: What happened.
        name_of: A character id in words (the character's name).
        table_of: A life-path table by key.
    """
    if type(event).__name__ in SILENT:
        return None
    line = _line(event, name_of, table_of)
    if event.rule:
        line.append(f"  {event.rule}", style="dim")
    return line


def _line(
    event: Event,
    name_of: Callable[[str], str],
    table_of: Callable[[str], LifePathTable | None],
) -> Text:
    match event:
        case DiceRolled():
            return dice_line(event, name_of(event.who))
        case LifePathRolled():
            return row_line(event, name_of(event.character), table_of(event.table))
        case LifePathRerolled():
            how = "for free" if event.free else "for 1 insight"
            return Text(f"{name_of(event.character)} rerolls {words(event.table)} {how}.")
        case ScoreChanged():
            text = Text(f"{name_of(event.character)}: {event.attr.value} score {event.old} → {event.new}")
            return text.append(f" ({event.lost} lost to the limit)" if event.lost else "")
        case ProficiencyChanged():
            text = Text(
                f"{name_of(event.character)}: {event.attr.value} proficiency {event.old} → {event.new}"
            )
            return text.append(f" ({event.lost} lost to the limit)" if event.lost else "")
        case SkillLearned():
            upgrade = f", replacing {words(event.replaced)}" if event.replaced else ""
            return Text(f"{name_of(event.character)} learns {words(event.skill)}{upgrade}.")
        case TraitGained():
            return Text(f"{name_of(event.character)} gains the trait {words(event.trait)}.")
        case InsightEarned():
            return Text(f"{name_of(event.character)} earns {event.amount} insight.")
        case InsightSpent():
            return Text(f"{name_of(event.character)} spends {event.cost} insight: {words(event.kind.value)}.")
        case ClassChosen():
            text = Text(
                f"{name_of(event.character)} becomes a {words(event.class_key)} ({words(event.choice)})"
            )
            if event.maneuvers:
                text.append(", maneuvers: " + ", ".join(words(m) for m in event.maneuvers))
            return text.append(".")
        case ItemAdded():
            return Text(f"{name_of(event.character)} packs {event.name}.")
        case ItemWielded():
            return Text(f"{name_of(event.character)} holds {event.name} ({event.hand.replace('_', ' ')}).")
        case ItemStashed():
            return Text(f"{event.name} goes to the party stash.")
        case CharacterCreated():
            return Text(f"{event.name} is ready and brings {event.silver} silver.", style="bold")
        case StartingPriceRolled():
            return Text(f"Asked the price of {words(event.item)}: {event.price} silver.")
        case StartingGearBought():
            return Text(f"Bought {event.name} for {event.price} silver.", style="bold")
    fields = ", ".join(
        f"{key}={getattr(event, key)}" for key in getattr(event, "__slots__", ()) if key != "rule"
    )
    return Text(f"{words(_snake(type(event).__name__))}: {fields}")


def _snake(name: str) -> str:
    return "".join(f"_{c.lower()}" if c.isupper() and i else c.lower() for i, c in enumerate(name))
