"""Provides the character sheet's text: tracks, circles, checklists and trappings drawn with glyphs.

Every state has its own glyph or word, so nothing on the sheet depends on colour.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from expedition.rules.character.adventurer import INSIGHT_CIRCLES, Attribute, Character, Insight
from expedition.rules.core.conditions import Affliction
from expedition.rules.core.item_defs import Item
from expedition.rules.items.slots import (
    BACK,
    FLASK,
    HAND_SLOTS,
    LEFT_HAND,
    NOTES,
    RIGHT_HAND,
    SMALL_BAGS,
    TORSO,
    TORSO_SLOTS,
    WAIST,
    box_for,
    cost_of,
    inside,
    is_worn_container,
    items_in,
    label,
)

FREE = "○"
"""An empty box on an attribute's track."""
FATIGUE = "◐"
"""A fatigue mark on an attribute's track."""
WOUND = "●"
"""A wound on an attribute's track."""
TRACK_LEGEND = f"{FREE} free   {FATIGUE} fatigue   {WOUND} wound"
"""The key to the track glyphs, printed under the attributes."""

UNEARNED = "○"
"""An insight circle not yet earned."""
EARNED = "⊘"
"""An insight circle earned (slashed) but not spent."""
SPENT = "●"
"""An insight circle spent (filled)."""
INSIGHT_LEGEND = f"{UNEARNED} unearned   {EARNED} earned   {SPENT} spent"
"""The key to the insight glyphs."""

CHECKED = "[X]"
"""A ticked box on the afflictions checklist."""
UNCHECKED = "[ ]"
"""An empty box on the afflictions checklist."""
NONE = "—"
"""Shown for an empty field."""

STANDARD_BOXES = (WAIST, BACK, FLASK)
"""Trappings boxes the sheet always shows, crossed out ("none") when empty (§7.1)."""


@dataclass(frozen=True, slots=True)
class SheetLines:
    """The sheet's background lines that the rules do not keep on `Character` (§5).

    Attributes:
        class_name: Warrior, thief, wizard or cleric.
        background: The class's background, school or god.
        infancy: The infancy result (§5.2).
        career: The previous career (§5.3).
        tragedy: The tragedy (§5.4).
        burden: The burden (§5.5); the character's burden key is shown when this is None.
        feature: The feature (§5.6).
    """

    class_name: str | None = None
    background: str | None = None
    infancy: str | None = None
    career: str | None = None
    tragedy: str | None = None
    burden: str | None = None
    feature: str | None = None


def pretty(key: str) -> str:
    """A rules key in the player's words: "broken_arm" → "Broken arm"."""
    return key.replace("_", " ").capitalize() if key else NONE


def names(values: Iterable[StrEnum]) -> list[str]:
    """Display names of skills, traits or traumas, sorted."""
    return sorted(pretty(value.value) for value in values)


def track(attribute: Attribute) -> str:
    """The wounds and fatigue track: wounds first, then fatigue, then free boxes, one per score point."""
    boxes = max(attribute.score, attribute.fatigue + attribute.wounds)
    marks = [WOUND] * attribute.wounds + [FATIGUE] * attribute.fatigue
    marks += [FREE] * (boxes - len(marks))
    return " ".join(marks) if marks else NONE


def circles(insight: Insight) -> str:
    """The twelve insight circles: spent, then earned, then unearned."""
    spent = min(insight.spent, INSIGHT_CIRCLES)
    earned = min(insight.earned, INSIGHT_CIRCLES) - spent
    return SPENT * spent + EARNED * max(0, earned) + UNEARNED * (INSIGHT_CIRCLES - spent - max(0, earned))


def checklist(character: Character) -> list[str]:
    """The "misery & afflictions" checklist: all twelve, ticked when the character has it."""
    return [
        f"{CHECKED if affliction in character.afflictions else UNCHECKED} {pretty(affliction.value)}"
        for affliction in Affliction
    ]


def item_label(item: Item) -> str:
    """One carried item: name, pack count, usage die, armour points and whether it is wielded or lit."""
    parts = [item.name]
    if item.quantity > 1:
        parts[0] += f" ×{item.quantity}"
    if item.defn.usage:
        parts.append(f"Ud{item.usage}" if item.usage else "used up")
    if item.defn.armour:
        points = "/".join(str(item.working_ap(part)) for part in range(len(item.defn.armour)))
        parts.append(f"AP {points}")
    if item.wielded:
        parts.append("wielded")
    if item.lit:
        parts.append("lit")
    return ", ".join(parts)


def _contents(character: Character, place: str) -> list[str]:
    return [item_label(item) for item in items_in(character, place) if not is_worn_container(item)]


def trappings(character: Character) -> list[tuple[str, list[str]]]:
    """The trappings boxes, as (heading, item lines) in the sheet's order.

    Torso and hands, then each worn container with what is inside it (standard boxes with no
    container read "none"), then the notes, then anything in a place the sheet has no box for.
    """
    groups: list[tuple[str, list[str]]] = []
    for place, room in ((TORSO, TORSO_SLOTS), (LEFT_HAND, HAND_SLOTS), (RIGHT_HAND, HAND_SLOTS)):
        used = cost_of(items_in(character, place))
        groups.append((f"{label(character, place).capitalize()} {used}/{room}", _contents(character, place)))
    shown = {TORSO, LEFT_HAND, RIGHT_HAND, NOTES}
    worn = [item for item in character.items if is_worn_container(item)]
    others = sorted({box_for(container.defn) for container in worn} - {*STANDARD_BOXES, SMALL_BAGS})
    boxes = [*STANDARD_BOXES, SMALL_BAGS, *others]
    for box in boxes:
        shown.add(box)
        here = [container for container in worn if box_for(container.defn) == box]
        if not here and box in STANDARD_BOXES:
            groups.append((f"{label(character, box).capitalize()}: none", []))
        for container in here:
            room = container.defn.liquid_capacity or container.defn.capacity
            used = cost_of(items_in(character, inside(container)))
            groups.append(
                (
                    f"{container.name} ({label(character, box)}) {used}/{room}",
                    _contents(character, inside(container)),
                )
            )
            shown.add(inside(container))
    groups.append(("Notes (no slots)", _contents(character, NOTES)))
    for place in dict.fromkeys(item.place for item in character.items):
        if place not in shown:
            heading = "Not placed" if place == "" else label(character, place).capitalize()
            groups.append((heading, _contents(character, place)))
    return groups
