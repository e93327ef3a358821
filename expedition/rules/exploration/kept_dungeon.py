"""Provides the dungeon a party leaves, kept on its location so that a return finds it as it was (§10.1).

A dungeon used to be rebuilt from `Location.origin` on every visit, so a party could leave and
come back to closed doors, full caches and the same foes. Now the party takes the dungeon with
it, in a way: as it exits (`keep_dungeon`), the location keeps the dungeon object itself and the
map the party drew of it (`Location.seen`); as it sets out there again (`setting_out`), that very
dungeon is the one entered, and `start_expedition` hands its map back (`take_back`).

Kept, because they are the dungeon: doors as they stand (opened, forced, barred, secret doors
found), traps (found, disarmed, sprung), caches (looted, found, unlocked), encounters (beaten or
still standing, wandering groups that came), tiles changed (collapses), and the map's memory.
Reset, because they are the expedition's (`start_expedition` builds a new `ExpeditionState`):
the party's place (the entrance), turns, decay, searched rooms and doors listened at, camps,
the groups announced on their way, the magic light and the fight. Doom is the location's own
and carries on (§9.2); exiting still costs doom +2 (§10.1). The book lets the GM have enemies
build barricades, set traps or prepare while the party is away: that is not done here (yet).

The dead vigil (`rules.dead_vigil`) keeps the bodies apart while the party is away: see there.
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING

from expedition.rules.core.distance import Pos

if TYPE_CHECKING:
    from expedition.rules.engine.campaign import CampaignState
    from expedition.rules.exploration.dungeon_map import Dungeon
    from expedition.rules.exploration.locations import Location

__all__ = ["keep_dungeon", "kept_dungeon", "take_back"]


def keep_dungeon(state: CampaignState) -> Location | None:
    """The party leaves: its location keeps the dungeon as it stands and the map the party drew.

    Called as the expedition ends, while `state.expedition` still holds the dungeon (before the
    dead vigil's `expedition_over`, which sees that the dungeon is kept).

    Returns:
        The location that keeps it, None outside an expedition.
    """
    expedition = state.expedition
    if expedition is None:
        return None
    location = state.locations[expedition.dungeon.key]
    location.dungeon = expedition.dungeon  # once this exit is done, at rest: `Location.AT_REST`
    location.seen = {depth: set(tiles) for depth, tiles in expedition.seen.items() if tiles}
    return location


def kept_dungeon(state: CampaignState, key: str) -> Dungeon | None:
    """The dungeon the party left at location `key`, None if it never left one there."""
    location = state.locations.get(key)
    return None if location is None else location.dungeon


def take_back(state: CampaignState, dungeon: Dungeon) -> tuple[Dungeon, dict[int, set[Pos]]]:
    """The party enters `dungeon`: the location lets it go (the expedition holds it now).

    A kept dungeon is never changed where the location keeps it (`Location.AT_REST`): the
    expedition is given its own copy of it and of its map, and changes those.

    Args:
        state: The campaign.
        dungeon: The dungeon being entered: the kept one, or one built from the location's origin.

    Returns:
        The dungeon to play (a copy of the kept one, else `dungeon` itself) and the map the party
        remembers of it, per depth: the kept map when `dungeon` is the kept dungeon, else nothing
        (a rebuilt dungeon is drawn afresh).
    """
    location = state.locations.get(dungeon.key)
    if location is None:
        return dungeon, {}
    kept = location.dungeon is dungeon
    seen = {depth: set(tiles) for depth, tiles in location.seen.items()} if kept else {}
    location.dungeon, location.seen = None, {}
    return (copy.deepcopy(dungeon) if kept else dungeon), seen
