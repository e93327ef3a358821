"""Provides the exploration actions (§10.1, HOUSE §1.4) and the tools and items they name.

Each action is a frozen `Action` subclass; its guard and cost are in `exploration`, its verb in
`exploration_verbs`. The constants name the direction steps, the tools that look for traps, pick
locks and break bars, and the items whose use cures afflictions.
"""

from __future__ import annotations

from dataclasses import dataclass

from expedition.rules.character.afflictions import Cure
from expedition.rules.core.actions import Action
from expedition.rules.core.distance import Pos

__all__ = [
    "BREAKERS",
    "CURES_BY_ITEM",
    "DIRECTIONS",
    "LOCKPICKS",
    "LOCK_TEST_DEPTH",
    "POLE",
    "Ascend",
    "Descend",
    "DisarmTrap",
    "ExitDungeon",
    "ForceDoor",
    "ListenAtDoor",
    "LookForTraps",
    "Loot",
    "PickLock",
    "Search",
    "SetUpCamp",
    "Step",
    "UseItem",
]

DIRECTIONS: dict[str, Pos] = {"north": (0, -1), "east": (1, 0), "south": (0, 1), "west": (-1, 0)}
"""Step directions by name."""
POLE = "three_meter_pole"
"""The tool that lets anyone look for traps with a plan (§10.1)."""
LOCKPICKS = "lockpicking_tools"
"""The tools that pick locks (HOUSE §1.4)."""
BREAKERS = ("battle_axe", "pickaxe", "shovel_or_pickaxe", "war_hammer", "kit_war_hammer")
"""Tools that break a door barred from the other side (HOUSE §1.4)."""
CURES_BY_ITEM: dict[str, Cure] = {
    "water": Cure.WATER,
    "healing_tonic": Cure.TONIC,
    "wine": Cure.WINE,
    "wine_of_yoros": Cure.WINE,
}
"""Items whose use cures afflictions (§4.6); lights are lit or put out. Others are not usable yet."""
LOCK_TEST_DEPTH = 3
"""From this effective depth a lock also needs a DEX test (HOUSE §1.4)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Step(Action):
    """Move the party one tile orthogonally (§10.1; HOUSE rule on cost in `exploration`).

    Attributes:
        direction: "north", "east", "south" or "west".
    """

    direction: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Loot(Action):
    """Take what the caches of this area hold (§10.1): 1 ET."""


@dataclass(frozen=True, slots=True, kw_only=True)
class LookForTraps(Action):
    """Look for traps in this area (§10.1): 1 ET, an INT test.

    Attributes:
        plan: Without Infiltration, how the character uses their pole (a clear plan is required).
    """

    plan: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class DisarmTrap(Action):
    """Disarm a found trap (§10.1): 1 ET, a DEX test; failure sets it off.

    Attributes:
        at: The trap's tile.
    """

    at: Pos


@dataclass(frozen=True, slots=True, kw_only=True)
class UseItem(Action):
    """Use a carried item (§10.1): quick items are free, a slow item takes the turn.

    Attributes:
        item: The item's uid.
        target: What it is used on (`item_uses`): "" for the default, a character id, an item uid or a tile.
    """

    item: int
    target: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class Search(Action):
    """Search the room (HOUSE §1.4): 1 ET, an INT test for secret doors and hidden caches."""


@dataclass(frozen=True, slots=True, kw_only=True)
class ListenAtDoor(Action):
    """Listen at a door (HOUSE §1.4): 1 ET, an INT check.

    Attributes:
        at: The door's tile.
    """

    at: Pos


@dataclass(frozen=True, slots=True, kw_only=True)
class ForceDoor(Action):
    """Force a stuck or locked door, or break one barred from this side (HOUSE §1.4).

    Attributes:
        at: The door's tile.
    """

    at: Pos


@dataclass(frozen=True, slots=True, kw_only=True)
class PickLock(Action):
    """Pick the lock of a door or a chest with lockpicking tools (HOUSE §1.4): 1 ET.

    Attributes:
        at: The door's or the cache's tile.
    """

    at: Pos


@dataclass(frozen=True, slots=True, kw_only=True)
class SetUpCamp(Action):
    """Set up camp here (§10.1): 1 ET for the whole camp; only in a safe place."""


@dataclass(frozen=True, slots=True, kw_only=True)
class ExitDungeon(Action):
    """Leave the dungeon by its exit for the interlude (§10.1): doom +2."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Descend(Action):
    """Take the stairs down to the next level: 1 ET."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Ascend(Action):
    """Take the stairs up to the level above: 1 ET."""
