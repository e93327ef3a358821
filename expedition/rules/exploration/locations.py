"""Provides the places the party knows (§9.2, §9.4): each `Location` with its doom, and what Veterans read.

A location is a dungeon or a settlement. It keeps its doom tracker between visits (§9.2), and a
dungeon keeps what the party left in it (the dungeon itself, its bodies, the map the party drew).
A Veteran's successful reading of the signs (§6.1, `exploring_skills.ReadDoomSigns`) is kept as a
`DoomReveal`, shown only to that character's owner.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar

from expedition.rules.core.distance import Pos
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.events import Event
from expedition.rules.exploration.dungeon_map import Dungeon
from expedition.rules.exploration.features import Corpse
from expedition.rules.trackers.doom import DoomTracker, veteran_reveal

if TYPE_CHECKING:
    from expedition.rules.character.adventurer import Character
    from expedition.rules.core.context import Context
    from expedition.rules.engine.campaign import CampaignState


@dataclass(slots=True)
class Location:
    """A place the party knows: a dungeon or a settlement, with its doom tracker (§9.2, §9.4).

    Attributes:
        name: Stable name (also in the doom tracker's name, "doom:<name>").
        doom: The location's doom tracker.
        settlement: True for a settlement (the interlude happens there).
        origin: How to rebuild a dungeon for a return visit: "authored:<key>" or
            "generated:<seed>:<theme>:<party size>"; "" for settlements.
        title: A dungeon's name, for the log (set when the party leaves it).
        dead: The bodies in a dungeon, by depth, kept while the party is away: the rebuilt dungeon
            gets them back (HOUSE §1.7, `rules.dead_vigil`); empty before the first visit ends.
        risen: Bodies the dead vigil raised, by depth: dormant dead waiting where they lay.
        dungeon: The dungeon as the party left it (doors, caches, traps, beaten encounters), which
            it finds again on its return (`rules.kept_dungeon`); None before the first visit ends
            and while the party is inside (the expedition holds it then).
        seen: The tiles the party had seen of the kept dungeon, per depth (the map's memory).
    """

    name: str
    doom: DoomTracker
    settlement: bool = False
    origin: str = ""
    title: str = ""
    dead: dict[int, list[Corpse]] = field(default_factory=dict)
    risen: dict[int, list[Corpse]] = field(default_factory=dict)
    dungeon: Dungeon | None = None
    seen: dict[int, set[Pos]] = field(default_factory=dict)

    AT_REST: ClassVar[tuple[str, ...]] = ("dungeon", "seen")
    """Fields only ever replaced whole, never changed in place, once the exit that set them is over.

    The kept dungeon and its map wait untouched while the party is away; entering again, the
    expedition gets a copy of each (`kept_dungeon.take_back`). So a copy of the campaign may share
    them with the original (`session.state_copy`), which saves copying every kept dungeon before
    every action.
    """


@dataclass(frozen=True, slots=True)
class DoomReveal:
    """What a Veteran learned about a doom tracker (§6.1), shown only to that character's owner.

    Attributes:
        character: The Veteran's id.
        location: Whose doom.
        value: Doom's value when learned.
        steps_to_next: Steps to its next effect then, or None when none was left.
    """

    character: str
    location: str
    value: int
    steps_to_next: int | None


def reveal_doom(
    ctx: Context, state: CampaignState, character: Character, *, rule: str = "§6.1"
) -> DoomReveal:
    """Record what a Veteran's successful PRE test learns about the current location's doom (§6.1).

    Only the character's owner is shown it; an older reveal of the same doom by the same
    character is replaced.

    Raises:
        IllegalAction: When the character is not in the party.
    """
    if character not in state.party:
        raise IllegalAction(f"{character.name} is not with the party.")
    value, steps = veteran_reveal(state.here.doom)
    reveal = DoomReveal(character.id, state.location, value, steps)
    state.reveals = [
        r for r in state.reveals if (r.character, r.location) != (character.id, state.location)
    ] + [reveal]
    ctx.emit(DoomRevealed(rule=rule, character=character.id, location=state.location))
    return reveal


@dataclass(frozen=True, slots=True, kw_only=True)
class DoomRevealed(Event):
    """A Veteran learned the current doom; only their owner's seat sees what they learned."""

    character: str
    location: str
