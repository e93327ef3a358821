"""Provides the dungeon map as plain data: tiles, doors, traps, caches, corpses, rooms, levels."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from enum import StrEnum

from expedition.rules.distance import Pos
from expedition.rules.doom import DoomThreshold

__all__ = [
    "Cache",
    "Contents",
    "Corpse",
    "Door",
    "DoorState",
    "Dungeon",
    "Encounter",
    "EncounterRow",
    "Level",
    "Pos",
    "Room",
    "Tile",
    "Trap",
    "Treasure",
]


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


@dataclass(slots=True)
class Door:
    """A door on a level (HOUSE §1.4).

    Attributes:
        pos: Its tile.
        state: How it stands now.
        secret: A secret door: drawn as wall until `found`.
        found: For a secret door, whether the party has found it (Search).
        barred_from: For a barred door, the neighbouring tile on the side where the bar is: from
            there it lifts freely, from the other side it must be broken. None otherwise.
        rooms: The ids of the rooms it joins (one id for a door into a corridor).
    """

    pos: Pos
    state: DoorState = DoorState.CLOSED
    secret: bool = False
    found: bool = False
    barred_from: Pos | None = None
    rooms: tuple[int, ...] = ()

    @property
    def blocks_sight(self) -> bool:
        """True unless the door stands open (an unfound secret door always blocks)."""
        return self.state is not DoorState.OPEN or (self.secret and not self.found)


@dataclass(slots=True)
class Trap:
    """A trap (HOUSE §1.8 and each theme's trap table).

    Attributes:
        pos: Its tile (a floor trap springs on whoever enters it; an object trap on whoever Loots it).
        room: The id of its room.
        key: The theme trap's key ("spiked_flagstones").
        name: Its name.
        hidden: Placed concealed; it cannot be seen until `found`. Generated traps are always hidden.
        found: The party has found it (Look for traps, Search).
        disarmed: Disarmed; it no longer springs.
        sprung: It has gone off.
        test: The attribute the victim tests to avoid it ("DEX"), "" for an effect with no test.
        attack: The attack in enemy notation ("DEX 3", "-DEX 2+2"), "" for none.
        effect: What else it does, in words.
        tell: The sign described when its tile is lit.
        find: How it is found: "normal", "advantage", "disadvantage" or a sentence.
        disarm: How it is disarmed, "" when it cannot be ("—" in the tables).
        object_trap: True for a trap on an object (a coffin, a jar) rather than the floor.
        impact: True for falling or crushing harm (§6.6), against which shields help.
    """

    pos: Pos
    room: int
    key: str
    name: str
    hidden: bool = True
    found: bool = False
    disarmed: bool = False
    sprung: bool = False
    test: str = ""
    attack: str = ""
    effect: str = ""
    tell: str = ""
    find: str = "normal"
    disarm: str = ""
    object_trap: bool = False
    impact: bool = False

    @property
    def known(self) -> bool:
        """True if the party can see it: found, or never concealed."""
        return self.found or not self.hidden

    @property
    def armed(self) -> bool:
        """True while it can still go off."""
        return not (self.disarmed or self.sprung)


@dataclass(frozen=True, slots=True)
class Treasure:
    """One treasure item of a category (HOUSE §4.1); its price is rolled when it is sold.

    Attributes:
        name: What it is ("Pearl string").
        category: "uncommon", "valuable", "rare" or "exotic".
        kind: J jewellery, R relic, A art, T trade goods, C curio.
        slots: Inventory slots (0 for tiny).
        fragile: Worthless after 3+ wounds from one attack, a fall or being swept away.
        marked: Cannot be sold in the settlement nearest its dungeon.
    """

    name: str
    category: str
    kind: str = "T"
    slots: int = 0
    fragile: bool = False
    marked: bool = False


@dataclass(slots=True)
class Cache:
    """A treasure cache found by a Loot action (HOUSE §1.3).

    Attributes:
        pos: Its tile.
        room: The id of its room.
        silver: Exact coins in it.
        items: Item keys from items.toml (rations, rope, lanterns ...), one entry per item.
        treasures: Category treasure items.
        looted: Already taken.
        hidden: Only a Search finds it (a smugglers' niche).
        locked: A locked chest or coffer (Pick a lock, DEX test).
        description: What it looks like ("Burial purse").
    """

    pos: Pos
    room: int
    silver: int = 0
    items: tuple[str, ...] = ()
    treasures: tuple[Treasure, ...] = ()
    looted: bool = False
    hidden: bool = False
    locked: bool = False
    description: str = ""


@dataclass(slots=True)
class Corpse:
    """A body the dead vigil may raise (HOUSE §1.7).

    Attributes:
        pos: Its tile.
        kind: What it was: an enemy key, "human" or "adventurer".
        rises_in_days: Days until it rises, None if it never will.
        rises_as: The enemy key it rises as ("freshly_risen_corpse"), "" if it never will.
        warded: Warded against rising.
        name: A name, for adventurers and named dead.
    """

    pos: Pos
    kind: str
    rises_in_days: int | None = None
    rises_as: str = ""
    warded: bool = False
    name: str = ""


@dataclass(slots=True)
class Room:
    """A room of a level, a rectangle of floor inside walls.

    Attributes:
        id: Its index in `Level.rooms`.
        x: Left floor column.
        y: Top floor row.
        w: Width in tiles.
        h: Height in tiles.
        kind: The theme room type key ("ossuary"), "" for none (entrance, stairs, lair, refuge).
        name: The room's name ("Ossuary", "Entrance").
        description: Prose shown when the room is lit.
        contents: What it was stocked with.
        feature: The theme feature's text, "" for none.
        hazard: The hazard's key, "" for none.
        hazard_text: The hazard's rule in words.
        entrance: The entrance room (level 1, touches the surface).
        lair: The level's lair.
        refuge: A refuge: a single door that can be barred.
        dry: Dry and stable, for camping (RULES §10.3).
        filthy: Filthy, for camping.
        exposed: Exposed, for camping.
        notes: The room type's rule in words.
    """

    id: int
    x: int
    y: int
    w: int
    h: int
    kind: str = ""
    name: str = ""
    description: str = ""
    contents: Contents = Contents.EMPTY
    feature: str = ""
    hazard: str = ""
    hazard_text: str = ""
    entrance: bool = False
    lair: bool = False
    refuge: bool = False
    dry: bool = True
    filthy: bool = False
    exposed: bool = False
    notes: str = ""

    def contains(self, pos: Pos) -> bool:
        """True if `pos` is a floor tile of this room."""
        return self.x <= pos[0] < self.x + self.w and self.y <= pos[1] < self.y + self.h

    @property
    def center(self) -> Pos:
        """The middle tile (rounded up and left)."""
        return (self.x + self.w // 2, self.y + self.h // 2)

    def tiles(self) -> Iterator[Pos]:
        """Every floor tile of the room, row by row."""
        for y in range(self.y, self.y + self.h):
            for x in range(self.x, self.x + self.w):
                yield (x, y)


@dataclass(frozen=True, slots=True)
class EncounterRow:
    """One row of a theme's encounter table (HOUSE §1.8): a core and optional filler.

    Attributes:
        roll: The row number (1..8 for wandering groups, 1..6 for lairs).
        name: The group's name ("Crawlers").
        core: Enemy keys of the core, in the order they are added (§2.3).
        filler: Enemy keys added while the budget allows.
        note: A rule or description for the group, "" for none.
    """

    roll: int
    name: str
    core: tuple[str, ...]
    filler: tuple[str, ...] = ()
    note: str = ""


@dataclass(slots=True)
class Encounter:
    """An encounter placed in a room when the level is stocked.

    Attributes:
        room: The id of its room.
        enemies: Enemy keys of the group as built (§2.3).
        name: The group's name.
        row: The table row it came from.
        lair: A lair encounter.
        activity: Its activity roll (HOUSE §2.5), 1..6.
        note: The row's note.
        defeated: Beaten, fled or otherwise gone.
    """

    room: int
    enemies: tuple[str, ...]
    name: str = ""
    row: int = 0
    lair: bool = False
    activity: int = 0
    note: str = ""
    defeated: bool = False


@dataclass(slots=True)
class Level:
    """One level of a dungeon.

    Attributes:
        depth: 1 for the first level below the entrance.
        width: Columns.
        height: Rows.
        tiles: One string per row; each character is a `Tile` value.
        theme: The level's theme key.
        rooms: Rooms, `rooms[i].id == i`.
        doors: Doors by position.
        traps: Traps.
        caches: Treasure caches.
        corpses: Bodies of the dead vigil.
        encounters: Stocked encounters.
        stairs_down: The stairs to the next level, None on the deepest.
        stairs_up: The stairs to the level above, None on level 1.
        exit: The way out to the surface (level 1 only).
        arrival: Where the party arrives: the exit on level 1, the stairs up deeper.
    """

    depth: int
    width: int
    height: int
    tiles: list[str]
    theme: str = ""
    rooms: list[Room] = field(default_factory=list)
    doors: dict[Pos, Door] = field(default_factory=dict)
    traps: list[Trap] = field(default_factory=list)
    caches: list[Cache] = field(default_factory=list)
    corpses: list[Corpse] = field(default_factory=list)
    encounters: list[Encounter] = field(default_factory=list)
    stairs_down: Pos | None = None
    stairs_up: Pos | None = None
    exit: Pos | None = None
    arrival: Pos = (0, 0)

    def in_bounds(self, pos: Pos) -> bool:
        """True if `pos` is on the map."""
        return 0 <= pos[0] < self.width and 0 <= pos[1] < self.height

    def tile(self, pos: Pos) -> Tile:
        """The tile at `pos`; outside the map is wall."""
        if not self.in_bounds(pos):
            return Tile.WALL
        return Tile(self.tiles[pos[1]][pos[0]])

    def set_tile(self, pos: Pos, tile: Tile) -> None:
        """Replace the tile at `pos` (a collapse, a cleared passage)."""
        row = self.tiles[pos[1]]
        self.tiles[pos[1]] = row[: pos[0]] + tile.value + row[pos[0] + 1 :]

    def blocks_sight(self, pos: Pos) -> bool:
        """True if sight cannot pass through `pos`: walls, rubble, closed or secret doors."""
        tile = self.tile(pos)
        if tile is Tile.DOOR:
            door = self.doors.get(pos)
            return door is None or door.blocks_sight
        return tile.opaque

    def walkable(self, pos: Pos) -> bool:
        """True if the tile can be stood on, doors counted whatever their state (found or not)."""
        return self.tile(pos).passable

    def glyph_at(self, pos: Pos) -> str:
        """What the map draws at `pos`: an unfound secret door looks like wall."""
        tile = self.tile(pos)
        if tile is Tile.DOOR:
            door = self.doors.get(pos)
            if door is not None and door.secret and not door.found:
                return Tile.WALL.glyph
            if door is not None and door.state is DoorState.OPEN:
                return "'"
        return tile.glyph

    def room_at(self, pos: Pos) -> Room | None:
        """The room whose floor holds `pos`, None in corridors and doorways."""
        for room in self.rooms:
            if room.contains(pos):
                return room
        return None

    def trap_at(self, pos: Pos) -> Trap | None:
        """The trap on `pos`, if any."""
        return next((trap for trap in self.traps if trap.pos == pos), None)

    def cache_at(self, pos: Pos) -> Cache | None:
        """The cache on `pos`, if any."""
        return next((cache for cache in self.caches if cache.pos == pos), None)


@dataclass(slots=True)
class Dungeon:
    """A whole dungeon: levels plus the doom and wandering tables that drive it (HOUSE §1.1).

    Attributes:
        key: Stable identifier ("gen-1234" or the authored key).
        name: Its name.
        seed: The seed it was generated from (0 for authored dungeons).
        theme: The level 1 theme key.
        danger: 0 shallow, 1 dark, 2 accursed.
        levels: Its levels; `levels[0]` is level 1.
        doom: Doom thresholds, segments rising (§9.2); build the tracker with `rules.doom.new_doom`.
        doom_size: Segments of the doom tracker (the last threshold's segment).
        wandering: Wandering rows 1..8 of the level 1 theme (HOUSE §1.5).
        entrance: Where the party enters, on level 1.
        party_size: The N the encounters were built for (HOUSE §2.3).
        description: A line for the job board.
    """

    key: str
    name: str
    seed: int
    theme: str
    danger: int
    levels: list[Level]
    doom: tuple[DoomThreshold, ...]
    doom_size: int
    wandering: tuple[EncounterRow, ...]
    entrance: Pos
    party_size: int = 4
    description: str = ""

    def level(self, depth: int) -> Level:
        """The level at `depth` (1-based)."""
        return self.levels[depth - 1]

    def wandering_row(self, roll: int) -> EncounterRow:
        """The wandering row for a roll, capped to 1..8 (HOUSE §1.5)."""
        roll = max(1, min(roll, len(self.wandering)))
        return self.wandering[roll - 1]
