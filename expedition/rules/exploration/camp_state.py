"""Provides the camp's state (§10.3): where the party camps, its pool of camp actions, and what was done.

Kept apart from the camp rules, down with the expedition's state that holds it, so that the
expedition and campaign states can hold a camp without importing those rules.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class CampPlace:
    """The qualities of a camping place (§10.3, HOUSE §1.3).

    Attributes:
        name: What the place is, in words ("Refuge", "a hollow off the road").
        dry: Dry and stable: +1 camp action.
        filthy: Filthy or unhealthy (cold, flooded, full of corpses): −1 camp action.
        exposed: Exposed (3+ exits, or open to the outside): +1 ambush die.
        fire_possible: Whether a fire can be lit here at all.
        camped_before: The party has already camped on this expedition: +1 ambush die.
        long_rest: Whether to take a long rest; None asks the party during setup.
        extra_dice: Ambush dice added by doom effects and other events.
        in_dungeon: True inside a dungeon: breaking camp advances its doom, and an ambush draws
            on its wandering table. False when camping out during the interlude.
        campers: Who sleeps on the interlude's camp table after this camp: the setup leaves each
            of them one camping supply, which that table needs (house). Empty in a dungeon.
    """

    name: str = ""
    dry: bool = True
    filthy: bool = False
    exposed: bool = False
    fire_possible: bool = True
    camped_before: bool = False
    long_rest: bool | None = None
    extra_dice: int = 0
    in_dungeon: bool = True
    campers: tuple[str, ...] = ()


@dataclass(slots=True)
class CampState:
    """A camp in progress (§10.3).

    Attributes:
        place: Where the party camps.
        pool: Camp actions left to spend.
        total: Camp actions the setup gave.
        supplies_used: Camping supplies used up at setup.
        fire: Whether a fire burns.
        long_rest: Whether this is a long rest (+2 camp actions, and more doom when breaking camp).
        returns_to: The phase breaking camp returns to ("exploration" or "interlude").
        lookouts: Characters keeping a lookout (−1 ambush die each).
        slept: Whether the party took the Sleep action (+1 ambush die).
        snorers: Snorers who slept loudly (+1 ambush die each).
        item_round: Whether a "Use camp items" action is open (each adventurer uses one item in it).
        item_users: Who used a camp item in the open round.
        done: What was done, as "<action>:<character id>" (actions limited to once per character).
        ambush_rolled: Whether the ambush roll was made.
    """

    place: CampPlace
    pool: int = 0
    total: int = 0
    supplies_used: int = 0
    fire: bool = False
    long_rest: bool = False
    returns_to: str = "exploration"
    lookouts: list[str] = field(default_factory=list)
    slept: bool = False
    snorers: list[str] = field(default_factory=list)
    item_round: bool = False
    item_users: list[str] = field(default_factory=list)
    done: list[str] = field(default_factory=list)
    ambush_rolled: bool = False
