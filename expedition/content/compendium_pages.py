"""Provides `CompendiumEntry`: one browsable page of the game's content, whatever its kind."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class CompendiumEntry:
    """One entry a player can look up.

    Attributes:
        kind: The section it belongs to ("item", "weapon", "armour", "shield", "enemy", "skill",
            "trait", "trauma", "affliction", "spell", "prayer", "table", "class", "background", …).
        key: Stable identifier, unique within its kind.
        name: Display name.
        text: Its rules, in our own words.
        house: True when the content is our invention rather than the book's.
        details: Extra facts as (label, value) pairs, shown as a small table ("Price", "2 + 2d6").
    """

    kind: str
    key: str
    name: str
    text: str
    house: bool = False
    details: tuple[tuple[str, str], ...] = ()

    @property
    def source(self) -> str:
        """Where it comes from: "book" or "house"."""
        return "house" if self.house else "book"
