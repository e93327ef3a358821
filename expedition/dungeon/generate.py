"""Provides `generate_dungeon`: a seeded, themed, stocked dungeon of several levels (HOUSE §1)."""

from __future__ import annotations

from collections.abc import Mapping

from expedition.dungeon.budget import THREAT, Roller
from expedition.dungeon.graph import room_distances, tile_distances
from expedition.dungeon.layout import Layout, lay_out
from expedition.dungeon.names import dungeon_name
from expedition.dungeon.stock import stock_level
from expedition.dungeon.themes import ThemeDef
from expedition.rules.core.dice import SeededDice
from expedition.rules.exploration.dungeon_map import Dungeon, Level
from expedition.rules.exploration.features import Door
from expedition.rules.exploration.tiles import DoorState, Tile
from expedition.rules.trackers.doom import DoomThreshold

__all__ = ["doom_thresholds", "generate_dungeon"]


def generate_dungeon(
    seed: int,
    themes: Mapping[str, ThemeDef],
    *,
    theme: str | None = None,
    levels: int | None = None,
    width: int = 120,
    height: int = 80,
    danger: int | None = None,
    party_size: int = 4,
    threats: Mapping[str, int] = THREAT,
) -> Dungeon:
    """Generate a dungeon; the same arguments always give the same dungeon (HOUSE §1.1).

    Args:
        seed: Seeds every roll.
        themes: Themes by key.
        theme: The level 1 theme key; rolled on 1d6 when None.
        levels: How many levels; rolled (1–2: 2, 3–5: 3, 6: 4) when None.
        width: Columns of every level (at least 40).
        height: Rows of every level (at least 30).
        danger: 0, 1 or 2; rolled when None.
        party_size: N for the encounter budgets (HOUSE §2.2).
        threats: Threat per enemy key (HOUSE §2.1).
    """
    roll = Roller(SeededDice(seed))
    by_roll = {t.roll: t for t in themes.values()}
    if theme is None:
        face = roll.d(6)
        first = by_roll.get(face) or themes[sorted(themes)[0]]
    else:
        first = themes[theme]
    if danger is None:
        danger = (0, 0, 0, 1, 1, 2)[roll.d(6) - 1]
    if levels is None:
        levels = (2, 2, 3, 3, 3, 4)[roll.d(6) - 1]
    width, height = max(40, width), max(30, height)
    built: list[Level] = []
    current = first
    for depth in range(1, levels + 1):
        if depth > 1 and current.deeper in themes and roll.risk(2):
            current = themes[current.deeper]
        deepest = depth == levels
        count = (3 + roll.d(4) + 1) if deepest else (6 + roll.nd(2, 4))
        layout = lay_out(roll, width, height, count, extra_loops=1 + roll.d(3))
        level = _level(layout, roll, depth, current.key, deepest)
        stock_level(
            level,
            current,
            roll,
            danger=danger,
            party_size=party_size,
            deepest=deepest,
            levels=levels,
            threats=threats,
        )
        built.append(level)
    thresholds = doom_thresholds(first)
    # Named last, so the name's rolls change nothing else about the dungeon.
    name = dungeon_name(roll, first.key)
    return Dungeon(
        key=f"gen-{seed}",
        name=name,
        seed=seed,
        theme=first.key,
        danger=danger,
        levels=built,
        doom=thresholds,
        doom_size=thresholds[-1].segment if thresholds else 1,
        wandering=first.wandering,
        entrance=built[0].arrival,
        party_size=party_size,
        description=first.blurb,
    )


def doom_thresholds(theme: ThemeDef) -> tuple[DoomThreshold, ...]:
    """The theme's doom template as thresholds: each fires after its ticks, counted on (§9.2)."""
    segment = 0
    out: list[DoomThreshold] = []
    for step in theme.doom:
        segment += step.ticks
        out.append(DoomThreshold(segment=segment, key=step.key, description=step.text))
    return tuple(out)


def _level(layout: Layout, roll: Roller, depth: int, theme: str, deepest: bool) -> Level:
    level = Level(depth=depth, width=layout.width, height=layout.height, tiles=layout.rows(), theme=theme)
    level.rooms = layout.rooms
    for a, b, door_a, door_b in layout.links:
        for pos, room in ((door_a, a), (door_b, b)):
            door = level.doors.get(pos)
            if door is None:
                level.doors[pos] = Door(pos=pos, rooms=(room,))
            elif room not in door.rooms:
                door.rooms = (*door.rooms, room)
    # Secret doors close loops only (HOUSE §1.4): one door of a loop corridor.
    wanted = roll.d(2)
    tree_doors = {
        pos for index, link in enumerate(layout.links) if index not in layout.loops for pos in link[2:]
    }
    secrets: list[Door] = []
    for index in layout.loops:
        _, _, door_a, door_b = layout.links[index]
        pos = door_a if roll.d(2) == 1 else door_b
        if len(secrets) < wanted and pos not in tree_doors:
            level.doors[pos].secret = True
            secrets.append(level.doors[pos])
    _place_stairs(level, roll, depth, deepest)
    _set_doors(level, roll)
    return level


def _place_stairs(level: Level, roll: Roller, depth: int, deepest: bool) -> None:
    rooms = level.rooms
    arrival_room = rooms[0]
    arrival = arrival_room.center
    if depth == 1:
        level.exit = arrival
        level.set_tile(arrival, Tile.EXIT)
        arrival_room.entrance = True
        arrival_room.exposed = True
    else:
        level.stairs_up = arrival
        level.set_tile(arrival, Tile.STAIRS_UP)
    level.arrival = arrival
    if not deepest and len(rooms) > 1:
        distances = room_distances(level, 0)
        far = max(distances.values())
        choices = [room for room in rooms[1:] if distances.get(room.id, 0) >= max(1, far - 1)]
        room = roll.pick(choices or rooms[1:])
        level.stairs_down = room.center
        level.set_tile(room.center, Tile.STAIRS_DOWN)


def _set_doors(level: Level, roll: Roller) -> None:
    """Roll every door's state (HOUSE §1.4); a barred door's bar is on the side away from arrival."""
    distances = tile_distances(level, level.arrival)
    for pos in sorted(level.doors):
        door = level.doors[pos]
        face = roll.d(6)
        door.state = (
            DoorState.OPEN,
            DoorState.CLOSED,
            DoorState.CLOSED,
            DoorState.STUCK,
            DoorState.LOCKED,
            DoorState.BARRED,
        )[face - 1]
        if door.secret and door.state is DoorState.OPEN:
            door.state = DoorState.CLOSED
        if door.state is DoorState.BARRED:
            x, y = pos
            sides = [p for p in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)) if level.walkable(p)]
            door.barred_from = max(sides, key=lambda p: (distances.get(p, -1), p)) if sides else None
