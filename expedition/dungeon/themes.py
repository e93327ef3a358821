"""Provides dungeon theme definitions (HOUSE §1.8–§1.14): the tables a level is stocked from."""

from __future__ import annotations

from dataclasses import dataclass

from expedition.rules.exploration.features import EncounterRow

__all__ = [
    "DoomStep",
    "FeatureDef",
    "HazardDef",
    "RoomTypeDef",
    "ThemeDef",
    "TrapDef",
    "TreasureCell",
    "TreasureRow",
]


@dataclass(frozen=True, slots=True)
class RoomTypeDef:
    """One row of a theme's 2d6 room table.

    Attributes:
        roll: 2..12.
        key: Stable identifier ("ossuary").
        name: Its name.
        notes: Its rule in words.
        filthy: The room is filthy for camping.
        wet: The room is not dry (water).
        refuge: The room counts as a refuge.
        exposed: The room is exposed (opens outside).
        exit: The room is a second way to the surface.
        treasure_rolls: Treasure rolls it holds as fixed content.
        secret: Only a Search finds the room's contents.
    """

    roll: int
    key: str
    name: str
    notes: str
    filthy: bool = False
    wet: bool = False
    refuge: bool = False
    exposed: bool = False
    exit: bool = False
    treasure_rolls: int = 0
    secret: bool = False


@dataclass(frozen=True, slots=True)
class FeatureDef:
    """One row of a theme's feature table: dressing, some with a small rule.

    Attributes:
        roll: 1..6.
        text: What is there.
        filthy: Makes the room filthy.
    """

    roll: int
    text: str
    filthy: bool = False


@dataclass(frozen=True, slots=True)
class HazardDef:
    """One row of a theme's hazard table: a lasting property of a room.

    Attributes:
        roll: 1..6.
        key: Stable identifier ("grave_dust").
        name: Its name.
        text: Its rule in words.
        filthy: Makes the room filthy.
        wet: Water: the room is not dry.
        collapse: A collapse hazard: the room is not stable.
        darkness: Halves light radii here.
    """

    roll: int
    key: str
    name: str
    text: str
    filthy: bool = False
    wet: bool = False
    collapse: bool = False
    darkness: bool = False


@dataclass(frozen=True, slots=True)
class TrapDef:
    """One row of a theme's trap table (HOUSE §1.8).

    Attributes:
        roll: 1..6.
        key: Stable identifier.
        name: Its name.
        tell: The sign shown when its tile is lit.
        find: Modifier on Look for traps ("normal", "advantage", "disadvantage" or a sentence).
        disarm: How to disarm it, "" if it cannot be.
        test: The attribute the victim tests, "" for none.
        attack: Attack in enemy notation, "" for none.
        effect: Its effect in words.
        impact: Falling or crushing harm.
        object_trap: On an object, springing on Loot, rather than on the floor.
    """

    roll: int
    key: str
    name: str
    tell: str
    find: str
    disarm: str
    test: str
    attack: str
    effect: str
    impact: bool = False
    object_trap: bool = False


@dataclass(frozen=True, slots=True)
class DoomStep:
    """One threshold of a theme's doom template.

    Attributes:
        ticks: Boxes filled before it fires, counted from the previous threshold.
        key: Stable identifier ("cracked_bell").
        text: What happens.
        final: The final hunt.
    """

    ticks: int
    key: str
    text: str
    final: bool = False


@dataclass(frozen=True, slots=True)
class TreasureCell:
    """What one treasure roll gives at one depth band.

    Attributes:
        text: The table's words.
        silver: Coins as dice ("3d6"), "" for none.
        treasures: Category items, one entry each ("valuable", "valuable").
        items: Item keys from items.toml, optionally with a count ("1d3 torch", "2 oil").
    """

    text: str
    silver: str = ""
    treasures: tuple[str, ...] = ()
    items: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class TreasureRow:
    """One row of a theme's 1d6 treasure table, by effective depth E (HOUSE §1.8).

    Attributes:
        roll: 1..6.
        name: What is found.
        shallow: E 1–2.
        middle: E 3–4.
        deep: E 5+.
        locked: The find is locked (a chest, a coffer).
    """

    roll: int
    name: str
    shallow: TreasureCell
    middle: TreasureCell
    deep: TreasureCell
    locked: bool = False

    def cell(self, effective_depth: int) -> TreasureCell:
        """The cell for an effective depth E."""
        if effective_depth <= 2:
            return self.shallow
        return self.middle if effective_depth <= 4 else self.deep


@dataclass(frozen=True, slots=True)
class ThemeDef:
    """A dungeon theme (HOUSE §1.8): everything needed to stock its levels.

    Attributes:
        key: Stable identifier ("mausoleum").
        name: Its name ("Undead Mausoleum").
        roll: Its number on the 1d6 theme table.
        deeper: The key of the theme deeper levels may switch to.
        blurb: One paragraph about the place.
        found_near: Where such places lie.
        cities_only: Only found under cities (reroll elsewhere).
        denizens: Enemy keys that live here.
        wandering: Wandering rows 1..8.
        lairs: Lair rows 1..6 (row 6 is the apex).
        rooms: Room types for 2d6 results 2..12, in order.
        features: Features 1..6.
        hazards: Hazards 1..6.
        traps: Traps 1..6.
        doom: Doom template, 5..8 thresholds.
        treasure: Treasure rows 1..6.
        phrases: Short atmospheric lines for room descriptions.
        notes: Theme-wide rules in words (parley, light, magic).
        house: Our own content (HOUSE.md), not the book's.
        why: Why it exists.
    """

    key: str
    name: str
    roll: int
    deeper: str
    blurb: str
    found_near: str
    cities_only: bool
    denizens: tuple[str, ...]
    wandering: tuple[EncounterRow, ...]
    lairs: tuple[EncounterRow, ...]
    rooms: tuple[RoomTypeDef, ...]
    features: tuple[FeatureDef, ...]
    hazards: tuple[HazardDef, ...]
    traps: tuple[TrapDef, ...]
    doom: tuple[DoomStep, ...]
    treasure: tuple[TreasureRow, ...]
    phrases: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    house: bool = True
    why: str = ""

    def room_type(self, roll: int) -> RoomTypeDef:
        """The room type for a 2d6 result (2..12)."""
        return self.rooms[roll - 2]

    def doom_ticks(self) -> int:
        """Total boxes of the doom template."""
        return sum(step.ticks for step in self.doom)
