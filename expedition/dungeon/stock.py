"""Provides level stocking: lair, refuge, room types, contents, traps, caches and corpses (HOUSE §1.3)."""

from __future__ import annotations

import re
from collections.abc import Mapping

from expedition.dungeon.budget import Roller, budget, first_fits
from expedition.dungeon.graph import door_counts, refuge_candidates, room_distances, room_graph
from expedition.dungeon.themes import ThemeDef, TrapDef
from expedition.dungeon.treasure import treasure_cache
from expedition.rules.combat.encounter_budget import STANDARD_BUDGET, build_group
from expedition.rules.core.distance import Pos
from expedition.rules.exploration.dungeon_map import Level, Room
from expedition.rules.exploration.features import Corpse, Encounter, Trap
from expedition.rules.exploration.tiles import Contents

__all__ = ["stock_level"]

_CORPSES = re.compile(r"(\d+d\d+|\d+) corpses")


def stock_level(
    level: Level,
    theme: ThemeDef,
    roll: Roller,
    *,
    danger: int,
    party_size: int,
    deepest: bool,
    levels: int,
    threats: Mapping[str, int],
) -> None:
    """Stock a laid-out level: special rooms first, then every other room (HOUSE §1.3).

    Args:
        level: The level, with rooms, doors and stairs placed.
        theme: The level's theme.
        roll: Generation dice.
        danger: The dungeon's danger.
        party_size: N for the budgets.
        deepest: True on the last level (its lair is the apex).
        levels: How many levels the dungeon has.
        threats: Threat per enemy key.
    """
    depth = level.depth + danger
    exits = door_counts(level)
    # The first level's groups are sized, and their rows rolled, as if danger were 0 (HOUSE §2.2,
    # §1.3, house): the danger shows from the second level down, so a party learns a dungeon before
    # it bites. Its treasure still reads the true E.
    size_at = 1 if level.depth == 1 else depth
    lair = _place_lair(
        level, theme, roll, depth, party_size, deepest, levels, danger, threats, exits, size_at
    )
    taken: set[Pos] = {p for p in (level.stairs_down, level.stairs_up, level.exit) if p is not None}
    candidates = refuge_candidates(level, lair)
    if candidates:
        refuge = roll.pick(candidates)
        refuge.refuge = True
        refuge.name = "Refuge"
        refuge.kind = "refuge"
        refuge.description = (
            f"A quiet room with a single sturdy door. {roll.pick(theme.phrases or ('',))}".strip()
        )
    if lair is not None:
        for _ in range(2):
            level.caches.append(treasure_cache(roll, theme, depth, _free_tile(roll, lair, taken), lair.id))
    for room in level.rooms:
        if room is lair or room.refuge:
            continue
        _stock_room(level, room, theme, roll, depth, party_size, threats, taken, size_at)
    _breathing_room(level, lair)
    for room in level.rooms:
        room.exposed = room.exposed or exits[room.id] >= 3 or room.entrance
        if room.refuge:
            room.dry, room.exposed = True, False


def _place_lair(
    level: Level,
    theme: ThemeDef,
    roll: Roller,
    depth: int,
    party_size: int,
    deepest: bool,
    levels: int,
    danger: int,
    threats: Mapping[str, int],
    exits: dict[int, int],
    size_at: int,
) -> Room | None:
    """The largest room at least 3 rooms from the arrival, with 2+ exits (relaxed if none fits)."""
    distances = room_distances(level, 0)
    stairs = {p for p in (level.stairs_down, level.stairs_up, level.exit) if p is not None}
    usable = [r for r in level.rooms if r.id != 0 and r.center not in stairs]
    fitting = [r for r in usable if distances.get(r.id, 0) >= 3 and exits[r.id] >= 2]
    fitting = fitting or [r for r in usable if exits[r.id] >= 2] or usable
    if not fitting:
        return None
    lair = max(fitting, key=lambda r: (r.w * r.h, distances.get(r.id, 0), -r.id))
    lair.lair = True
    lair.contents = Contents.LAIR
    apex = deepest
    index = (5 if levels == 2 and danger == 0 else 6) if apex else min(6, roll.d(3) + size_at - 1)
    limit = budget(party_size, size_at, 1.5)
    row = theme.lairs[index - 1] if apex else first_fits(theme.lairs, index, limit, threats)
    group = build_group(row, limit, party_size + 3, apex=apex, threats=threats)
    if apex and danger >= 2 and row.note.startswith("At danger 2"):
        group = (row.core[0], *group)
    lair.kind = "lair"
    lair.name = f"Lair: {row.name}"
    lair.description = f"{row.name}. {roll.pick(theme.phrases or ('',))}".strip()
    lair.notes = row.note
    level.encounters.append(
        Encounter(
            room=lair.id,
            enemies=group,
            name=row.name,
            row=row.roll,
            lair=True,
            activity=roll.d(6),
            note=row.note,
        )
    )
    _corpses_from(level, lair, row.note, roll)
    return lair


def _stock_room(
    level: Level,
    room: Room,
    theme: ThemeDef,
    roll: Roller,
    depth: int,
    party_size: int,
    threats: Mapping[str, int],
    taken: set[Pos],
    size_at: int,
) -> None:
    arrival = room.entrance or room.contains(level.arrival)
    kind = theme.room_type(roll.nd(2, 6))
    if not arrival:
        room.kind, room.name, room.notes = kind.key, kind.name, kind.notes
        room.filthy, room.dry = kind.filthy, not kind.wet
        room.exposed = kind.exposed or kind.exit
        if kind.refuge:
            room.refuge = True
    else:
        room.name = "Entrance" if room.entrance else "Foot of the stairs"
        room.kind = "entrance" if room.entrance else "arrival"
    room.description = f"{room.name}. {roll.pick(theme.phrases or ('',))}".strip()
    face = roll.d(6)
    contents = (
        Contents.ENCOUNTER,
        Contents.ENCOUNTER,
        Contents.TRAP,
        Contents.HAZARD,
        Contents.CACHE,
        Contents.EMPTY,
    )[face - 1]
    if arrival and contents in (Contents.ENCOUNTER, Contents.TRAP):
        contents = Contents.EMPTY
    if room.refuge:
        contents = Contents.EMPTY
    room.contents = contents
    if roll.d(6) >= 5:
        feature = theme.features[roll.d(6) - 1]
        room.feature = feature.text
        room.filthy = room.filthy or feature.filthy
        _corpses_from(level, room, feature.text, roll)
    for _ in range(0 if arrival else kind.treasure_rolls):
        cache = treasure_cache(roll, theme, depth, _free_tile(roll, room, taken), room.id)
        cache.hidden = kind.secret
        level.caches.append(cache)
    if contents is Contents.ENCOUNTER:
        limit = budget(party_size, size_at, STANDARD_BUDGET)  # ¾ × B (house tuning of HOUSE §2.2)
        row = first_fits(theme.wandering, min(8, roll.d(6) + size_at - 1), limit, threats)
        group = build_group(row, limit, party_size + 2, threats=threats)
        level.encounters.append(
            Encounter(
                room=room.id, enemies=group, name=row.name, row=row.roll, activity=roll.d(6), note=row.note
            )
        )
    elif contents is Contents.TRAP:
        defn = theme.traps[roll.d(6) - 1]
        pos = _free_tile(roll, room, taken)
        level.traps.append(_trap(defn, pos, room.id))
        if roll.risk(2):
            level.caches.append(treasure_cache(roll, theme, depth, pos, room.id))
    elif contents is Contents.HAZARD:
        hazard = theme.hazards[roll.d(6) - 1]
        room.hazard, room.hazard_text = hazard.key, f"{hazard.name}. {hazard.text}"
        room.filthy = room.filthy or hazard.filthy
        room.dry = room.dry and not (hazard.wet or hazard.collapse)
    elif contents is Contents.CACHE:
        level.caches.append(treasure_cache(roll, theme, depth, _free_tile(roll, room, taken), room.id))


def _trap(defn: TrapDef, pos: Pos, room: int) -> Trap:
    return Trap(
        pos=pos,
        room=room,
        key=defn.key,
        name=defn.name,
        test=defn.test,
        attack=defn.attack,
        effect=defn.effect,
        tell=defn.tell,
        find=defn.find,
        disarm=defn.disarm,
        object_trap=defn.object_trap,
        impact=defn.impact,
    )


def _breathing_room(level: Level, lair: Room | None) -> None:
    """An encounter room may not share a door with another encounter room or the lair (HOUSE §1.3)."""
    graph = room_graph(level)
    busy = {lair.id} if lair is not None else set()
    for encounter in list(level.encounters):
        if encounter.lair:
            continue
        if graph[encounter.room] & busy:
            level.encounters.remove(encounter)
            level.rooms[encounter.room].contents = Contents.EMPTY
        else:
            busy.add(encounter.room)


def _corpses_from(level: Level, room: Room, text: str, roll: Roller) -> None:
    """Bodies a text mentions ("1d3 corpses lie here", "a dead treasure-hunter") (HOUSE §1.7)."""
    match = _CORPSES.search(text)
    count = (
        roll.expr(match.group(1)) if match else int("dead treasure-hunter" in text or "corpse whose" in text)
    )
    for _ in range(count):
        x, y = room.x + roll.d(room.w) - 1, room.y + roll.d(room.h) - 1
        level.corpses.append(
            Corpse(pos=(x, y), kind="human", rises_in_days=7 * roll.d(6), rises_as="freshly_risen_corpse")
        )


def _free_tile(roll: Roller, room: Room, taken: set[Pos]) -> Pos:
    """A floor tile of the room nobody else uses yet (stairs, other traps and caches)."""
    for _ in range(20):
        pos = (room.x + roll.d(room.w) - 1, room.y + roll.d(room.h) - 1)
        if pos not in taken:
            taken.add(pos)
            return pos
    free = [pos for pos in room.tiles() if pos not in taken]
    pos = free[0] if free else room.center
    taken.add(pos)
    return pos
