"""Provides the `Event` base class: every change of game state is reported as one.

Events are frozen, keyword-only dataclasses of plain types. Each names the RULES.md section
it applied in `rule`, so the log can explain every number. Subclasses register themselves by
class name, which is the tag `persistence/` writes for them.
"""

from __future__ import annotations

from dataclasses import dataclass

EVENT_TYPES: dict[str, type[Event]] = {}
"""Every concrete event class by name, filled as modules define them."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Event:
    """Something that happened.

    Attributes:
        rule: The RULES.md section applied, such as "§3.2".
    """

    rule: str

    def __init_subclass__(cls) -> None:
        # No super() call: a slotted dataclass is rebuilt, and the rebuilt class would not
        # match the zero-argument super() cell. object.__init_subclass__ does nothing anyway.
        existing = EVENT_TYPES.get(cls.__name__)
        # A slotted dataclass re-creates its class, so the same class arrives twice.
        if existing is not None and (
            existing.__module__ != cls.__module__ or existing.__qualname__ != cls.__qualname__
        ):
            raise TypeError(f"two event classes are named {cls.__name__}")
        EVENT_TYPES[cls.__name__] = cls


@dataclass(frozen=True, slots=True, kw_only=True)
class DiceRolled(Event):
    """Dice were rolled.

    Attributes:
        who: Whose roll it was: a character id, an enemy id, "gm" or "party".
        why: What the roll was for, in a few words ("STR test", "decay table").
        sides: Faces per die.
        faces: The faces, in the order rolled.
    """

    who: str
    why: str
    sides: int
    faces: tuple[int, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class Note(Event):
    """A line of explanation for the log that changes nothing."""

    text: str
