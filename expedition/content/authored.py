"""Provides authored dungeons: maps drawn in ASCII with keyed rooms and spots (format: see the asset)."""

from __future__ import annotations

import copy
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from expedition.content.problems import Problem
from expedition.content.reader import Entry, load_toml
from expedition.dungeon.themes import ThemeDef
from expedition.rules.core.distance import Pos
from expedition.rules.exploration.dungeon_map import Dungeon, Level, Room
from expedition.rules.exploration.features import Cache, Corpse, Door, Encounter, EncounterRow, Trap, Treasure
from expedition.rules.exploration.tiles import Contents, DoorState, Tile
from expedition.rules.trackers.doom import DoomThreshold

__all__ = ["AuthoredDungeon", "build_authored", "load_authored"]

_TILES = {tile.value for tile in Tile}
_SIDES = {"north": (0, -1), "south": (0, 1), "east": (1, 0), "west": (-1, 0)}


@dataclass(frozen=True, slots=True)
class AuthoredDungeon:
    """An authored dungeon as loaded: a finished prototype, copied fresh for every expedition.

    Attributes:
        key: Its key.
        name: Its name.
        file: The file it came from.
        prototype: The dungeon as drawn; never mutate it, use `build_authored`.
        references: (where, kind, key) for every enemy and item it names.
    """

    key: str
    name: str
    file: str
    prototype: Dungeon
    references: tuple[tuple[str, str, str], ...]


def build_authored(defn: AuthoredDungeon) -> Dungeon:
    """A fresh, independent copy of an authored dungeon, ready to explore."""
    return copy.deepcopy(defn.prototype)


def load_authored(path: Path, themes: dict[str, ThemeDef], problems: list[Problem]) -> AuthoredDungeon | None:
    """Read one authored dungeon file; every fault is recorded with file, table, entry and field."""
    file = path.name
    data = load_toml(path, problems)
    if not data:
        return None
    top = Entry(data, file, "dungeon", 0, problems)
    refs: list[tuple[str, str, str]] = []
    key, name = top.text("key"), top.text("name")
    theme_key = top.text("theme")
    theme = themes.get(theme_key)
    if theme is None:
        top.problem("theme", f"names the theme {theme_key!r}, not defined in themes.toml")
    danger = top.integer("danger", minimum=0)
    description = top.text("description", "")
    top.flag("house", True)
    top.text("why", "")
    segment, doom = 0, []
    for entry in top.table_list("doom"):
        segment += entry.integer("ticks", minimum=1)
        doom.append(DoomThreshold(segment=segment, key=entry.text("key"), description=entry.text("text")))
        entry.done()
    if not 5 <= len(doom) <= 8:
        top.problem("doom", f"needs 5 to 8 thresholds, got {len(doom)}")
    wandering = []
    for entry in top.table_list("wandering", []):
        row = EncounterRow(
            entry.integer("roll"), entry.text("name"), entry.strs("core"), entry.strs("filler", ())
        )
        refs += [(f"{file} [wandering] {row.name!r}", "enemy", k) for k in (*row.core, *row.filler)]
        wandering.append(row)
        entry.done()
    if not wandering and theme is not None:
        wandering = list(theme.wandering)
    if [row.roll for row in wandering] != list(range(1, 9)):
        top.problem("wandering", "needs rows 1..8 in order (or none, to use the theme's)")
    levels = [_level(entry, file, refs) for entry in top.table_list("level")]
    top.done()
    if not levels:
        return None
    for index, level in enumerate(levels):
        where = Entry({}, file, "level", index, problems)
        where.name = f"depth {level.depth}"
        if level.depth != index + 1:
            where.problem("depth", f"levels must be numbered 1, 2, ... in order, got {level.depth}")
        if (level.exit is None) == (index == 0):
            where.problem("map", "level 1, and only level 1, needs one exit X")
        if (level.stairs_up is None) != (index == 0):
            where.problem("map", "every level below the first needs one stairs up <")
        if (level.stairs_down is None) != (index == len(levels) - 1):
            where.problem("map", "every level but the deepest needs one stairs down >")
        unreachable = _unreachable(level)
        if unreachable:
            where.problem("map", f"rooms {unreachable} cannot be reached from the arrival")
    dungeon = Dungeon(
        key=key,
        name=name,
        seed=0,
        theme=theme_key,
        danger=danger,
        levels=levels,
        doom=tuple(doom),
        doom_size=segment or 1,
        wandering=tuple(wandering),
        entrance=levels[0].arrival,
        description=description,
    )
    return AuthoredDungeon(key=key, name=name, file=file, prototype=dungeon, references=tuple(refs))


def _level(entry: Entry, file: str, refs: list[tuple[str, str, str]]) -> Level:
    depth = entry.integer("depth", minimum=1)
    entry.name = f"depth {depth}"
    raw = [row for row in entry.text("map").split("\n") if row.strip()]
    width = max((len(row) for row in raw), default=1)
    rows = [row.ljust(width, "#") for row in raw]
    marks: dict[str, Pos] = {}
    for y, row in enumerate(rows):
        for x, char in enumerate(row):
            if char.isalpha() and char != "X":
                if char in marks:
                    entry.problem("map", f"the mark {char!r} is drawn twice")
                marks[char] = (x, y)
            elif char not in _TILES:
                entry.problem("map", f"unknown map character {char!r} at column {x}, row {y}")
    tiles = ["".join("." if c.isalpha() and c != "X" else c for c in row) for row in rows]
    level = Level(depth=depth, width=width, height=len(rows), tiles=tiles, theme=entry.text("theme"))
    for y, row in enumerate(tiles):
        for x, char in enumerate(row):
            pos = (x, y)
            if char == Tile.DOOR.value:
                level.doors[pos] = Door(pos=pos)
            elif char == Tile.EXIT.value:
                level.exit = pos
            elif char == Tile.STAIRS_UP.value:
                level.stairs_up = pos
            elif char == Tile.STAIRS_DOWN.value:
                level.stairs_down = pos
    level.arrival = level.exit or level.stairs_up or (0, 0)
    spots = entry.table_list("spot", [])
    for spot in spots:
        # Doors first, so that rooms are bounded by them when their floor is flooded.
        mark = spot.data.get("mark")
        if spot.data.get("kind") == "door" and isinstance(mark, str) and mark in marks:
            level.set_tile(marks[mark], Tile.DOOR)
    for room_entry in entry.table_list("room"):
        level.rooms.append(_room(room_entry, level, marks))
    for door in level.doors.values():
        x, y = door.pos
        door.rooms = tuple(
            sorted(
                {r.id for p in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)) if (r := level.room_at(p))}
            )
        )
    for spot in spots:
        _spot(spot, level, marks, refs, f"{file} [level] depth {depth}")
    entry.done()
    return level


def _room(entry: Entry, level: Level, marks: dict[str, Pos]) -> Room:
    mark = entry.text("mark")
    entry.name = mark or entry.name
    start = marks.get(mark)
    x = y = w = h = 0
    if start is None:
        entry.problem("mark", f"the mark {mark!r} is not drawn on the map")
    else:
        area = _flood(level, start, lambda p: level.tile(p) not in (Tile.WALL, Tile.DOOR, Tile.RUBBLE))
        xs, ys = [p[0] for p in area], [p[1] for p in area]
        x, y, w, h = min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1
    room = Room(
        id=len(level.rooms),
        x=x,
        y=y,
        w=w,
        h=h,
        kind=entry.text("kind", ""),
        name=entry.text("name"),
        description=entry.text("description"),
        contents=entry.enum("contents", Contents, Contents.EMPTY) or Contents.EMPTY,
        feature=entry.text("feature", ""),
        hazard=entry.text("hazard", ""),
        hazard_text=entry.text("hazard_text", ""),
        entrance=entry.flag("entrance", False),
        lair=entry.flag("lair", False),
        refuge=entry.flag("refuge", False),
        dry=entry.flag("dry", True),
        filthy=entry.flag("filthy", False),
        exposed=entry.flag("exposed", False),
        notes=entry.text("notes", ""),
    )
    entry.done()
    return room


def _spot(
    entry: Entry, level: Level, marks: dict[str, Pos], refs: list[tuple[str, str, str]], where: str
) -> None:
    mark = entry.text("mark")
    entry.name = mark or entry.name
    pos = marks.get(mark, (0, 0))
    if mark not in marks:
        entry.problem("mark", f"the mark {mark!r} is not drawn on the map")
    room = level.room_at(pos)
    room_id = room.id if room is not None else -1
    kind = entry.text("kind")
    if kind == "door":
        level.set_tile(pos, Tile.DOOR)
        side = entry.text("barred_side", "")
        if side and side not in _SIDES:
            entry.problem("barred_side", f"{side!r} is not one of {', '.join(_SIDES)}")
        dx, dy = _SIDES.get(side, (0, 0))
        level.doors[pos] = Door(
            pos=pos,
            state=entry.enum("state", DoorState, DoorState.CLOSED) or DoorState.CLOSED,
            secret=entry.flag("secret", False),
            barred_from=(pos[0] + dx, pos[1] + dy) if side else None,
            rooms=tuple(sorted({r.id for p in _around(pos) if (r := level.room_at(p))})),
        )
    elif kind == "trap":
        level.traps.append(
            Trap(
                pos=pos,
                room=room_id,
                key=entry.text("key"),
                name=entry.text("name"),
                hidden=entry.flag("hidden", True),
                test=entry.text("test", ""),
                attack=_attack_text(entry),
                effect=entry.text("effect", ""),
                tell=entry.text("tell", ""),
                find=entry.text("find", "normal"),
                disarm=entry.text("disarm", ""),
                object_trap=entry.flag("object", False),
                impact=entry.flag("impact", False),
            )
        )
    elif kind == "cache":
        items = entry.strs("items", ())
        expanded: list[str] = []
        for item in items:
            parts = item.split()
            count = int(parts[0]) if len(parts) == 2 and parts[0].isdigit() else 1
            expanded += [parts[-1]] * count
            refs.append((f"{where} spot {mark!r}", "item", parts[-1]))
        treasures = tuple(
            Treasure(
                name=t.text("name"),
                category=t.text("category"),
                kind=t.text("kind", "T"),
                slots=t.integer("slots", 0, minimum=0),
                fragile=t.flag("fragile", False),
                marked=t.flag("marked", False),
            )
            for t in entry.table_list("treasures", [])
        )
        level.caches.append(
            Cache(
                pos=pos,
                room=room_id,
                silver=entry.integer("silver", 0, minimum=0),
                items=tuple(expanded),
                treasures=treasures,
                hidden=entry.flag("hidden", False),
                locked=entry.flag("locked", False),
                description=entry.text("description", ""),
            )
        )
    elif kind == "corpse":
        rises = entry.integer("rises_in_days", -1)
        rises_as = entry.text("rises_as", "")
        if rises_as:
            refs.append((f"{where} spot {mark!r}", "enemy", rises_as))
        level.corpses.append(
            Corpse(
                pos=pos,
                kind=entry.text("corpse"),
                rises_in_days=rises if rises >= 0 else None,
                rises_as=rises_as,
                name=entry.text("name", ""),
            )
        )
    elif kind == "encounter":
        enemies = entry.strs("enemies")
        refs += [(f"{where} spot {mark!r}", "enemy", k) for k in enemies]
        level.encounters.append(
            Encounter(
                room=room_id,
                enemies=enemies,
                name=entry.text("name"),
                lair=entry.flag("lair", False),
                activity=entry.integer("activity", 0, minimum=0),
                note=entry.text("note", ""),
            )
        )
    else:
        entry.problem("kind", f"{kind!r} is not one of door, trap, cache, corpse, encounter")
    entry.done()


def _attack_text(entry: Entry) -> str:
    """The attack notation as written, after checking that it parses."""
    text: str = entry.text("attack", "")
    if text:
        entry.attack("attack")
    return text


def _around(pos: Pos) -> tuple[Pos, ...]:
    x, y = pos
    return ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1))


def _flood(level: Level, start: Pos, test: Callable[[Pos], bool]) -> set[Pos]:
    area = {start}
    queue = deque([start])
    while queue:
        for nxt in _around(queue.popleft()):
            if nxt not in area and level.in_bounds(nxt) and test(nxt):
                area.add(nxt)
                queue.append(nxt)
    return area


def _unreachable(level: Level) -> list[int]:
    reached = _flood(level, level.arrival, lambda p: level.walkable(p))
    return [room.id for room in level.rooms if room.w and room.center not in reached]
