"""Provides the events of the exploration verbs (§10.1): steps, doors, loot, searches, camps, leaving."""

from __future__ import annotations

from dataclasses import dataclass

from expedition.rules.core.events import Event
from expedition.rules.core.judging import Outcome

__all__ = [
    "CacheLooted",
    "CampSetUp",
    "DoorListenedAt",
    "DoorOpened",
    "DungeonExited",
    "HiddenCacheFound",
    "ItemUsed",
    "LevelChanged",
    "LockPicked",
    "LootStashed",
    "PartyStepped",
    "RoomSearched",
    "SecretDoorFound",
    "TrapsLookedFor",
]


@dataclass(frozen=True, slots=True, kw_only=True)
class PartyStepped(Event):
    """The party moved one tile; `cost` is the turns it took (0 within an area)."""

    pos: tuple[int, int]
    area: str
    cost: int


@dataclass(frozen=True, slots=True, kw_only=True)
class DoorOpened(Event):
    """A door was opened: "opened", "forced", "lifted the bar" or "broke through"."""

    pos: tuple[int, int]
    how: str


@dataclass(frozen=True, slots=True, kw_only=True)
class CacheLooted(Event):
    """A cache was emptied; its silver went to the party."""

    pos: tuple[int, int]
    silver: int
    looter: str


@dataclass(frozen=True, slots=True, kw_only=True)
class LootStashed(Event):
    """A looted item nobody had room for was added to the party's stash."""

    item: int
    name: str


@dataclass(frozen=True, slots=True, kw_only=True)
class TrapsLookedFor(Event):
    """A character looked for traps."""

    character: str
    outcome: Outcome


@dataclass(frozen=True, slots=True, kw_only=True)
class ItemUsed(Event):
    """A character used an item; `cost` is the turns it took."""

    character: str
    item: int
    name: str
    cost: int


@dataclass(frozen=True, slots=True, kw_only=True)
class RoomSearched(Event):
    """A character searched a room."""

    character: str
    room: int
    outcome: Outcome


@dataclass(frozen=True, slots=True, kw_only=True)
class SecretDoorFound(Event):
    """A secret door was found."""

    pos: tuple[int, int]


@dataclass(frozen=True, slots=True, kw_only=True)
class HiddenCacheFound(Event):
    """A hidden cache was found."""

    pos: tuple[int, int]
    description: str


@dataclass(frozen=True, slots=True, kw_only=True)
class DoorListenedAt(Event):
    """A character listened at a door; `heard` is how many stir beyond (-1 when nothing was learned)."""

    character: str
    pos: tuple[int, int]
    learned: bool
    heard: int


@dataclass(frozen=True, slots=True, kw_only=True)
class LockPicked(Event):
    """A lock was picked (a door's or a chest's)."""

    pos: tuple[int, int]
    character: str


@dataclass(frozen=True, slots=True, kw_only=True)
class CampSetUp(Event):
    """The party set up camp in a room (the camp phase begins)."""

    room: int
    dry: bool
    filthy: bool
    exposed: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class DungeonExited(Event):
    """The party left the dungeon for the interlude."""

    dungeon: str
    turns: int


@dataclass(frozen=True, slots=True, kw_only=True)
class LevelChanged(Event):
    """The party took the stairs to another level."""

    depth: int
    pos: tuple[int, int]
