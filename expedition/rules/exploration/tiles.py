"""Provides the dungeon map's kinds: tiles with their glyphs and names, door states, room contents."""

from __future__ import annotations

from enum import StrEnum

__all__ = ["Contents", "DoorState", "Tile"]


class Tile(StrEnum):
    """One map cell. The value is its one-character code in `Level.tiles` and its display glyph.

    A door tile's state lives in `Level.doors`; a secret door that is not found yet should be drawn
    as a wall (see `Level.glyph_at`).
    """

    WALL = "#"
    FLOOR = "."
    DOOR = "+"
    STAIRS_DOWN = ">"
    STAIRS_UP = "<"
    EXIT = "X"
    WATER = "~"
    DEEP_WATER = "="
    RUBBLE = "%"
    CHASM = ":"

    @property
    def glyph(self) -> str:
        """The character the map draws for this tile."""
        return self.value

    @property
    def label(self) -> str:
        """The tile's name in words, for screen readers and the legend ("stairs down")."""
        return _LABELS[self]

    @property
    def passable(self) -> bool:
        """True if a creature can stand here (a door also needs to be open or opened)."""
        return self not in (Tile.WALL, Tile.RUBBLE, Tile.CHASM)

    @property
    def opaque(self) -> bool:
        """True if the tile blocks sight by itself (doors block according to their state)."""
        return self in (Tile.WALL, Tile.RUBBLE)


_LABELS: dict[Tile, str] = {
    Tile.WALL: "wall",
    Tile.FLOOR: "floor",
    Tile.DOOR: "door",
    Tile.STAIRS_DOWN: "stairs down",
    Tile.STAIRS_UP: "stairs up",
    Tile.EXIT: "exit to the surface",
    Tile.WATER: "waist-deep water",
    Tile.DEEP_WATER: "deep water",
    Tile.RUBBLE: "rubble",
    Tile.CHASM: "chasm",
}


class DoorState(StrEnum):
    """How a door stands (HOUSE §1.4): 1 open, 2–3 closed but unlocked, 4 stuck, 5 locked, 6 barred."""

    OPEN = "open"
    CLOSED = "closed"
    STUCK = "stuck"
    LOCKED = "locked"
    BARRED = "barred"


class Contents(StrEnum):
    """What a room was stocked with (HOUSE §1.3)."""

    ENCOUNTER = "encounter"
    TRAP = "trap"
    HAZARD = "hazard"
    CACHE = "cache"
    EMPTY = "empty"
    LAIR = "lair"
