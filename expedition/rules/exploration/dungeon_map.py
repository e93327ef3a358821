"""Provides the dungeon map as plain data: rooms, levels and the dungeon that holds them.

The map's parts live in smaller modules and are re-exported here, so `dungeon_map` stays the one
place to import the map from: the tile, door-state and room-contents kinds in `dungeon_tiles`;
doors, traps, treasure, caches, corpses and encounters in `dungeon_features`. `Room`, `Level` and
`Dungeon` are defined here.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from expedition.rules.core.distance import Pos
from expedition.rules.exploration.features import Cache, Corpse, Door, Encounter, EncounterRow, Trap
from expedition.rules.exploration.tiles import Contents, DoorState, Tile
from expedition.rules.trackers.doom import DoomThreshold

__all__ = [
    "Dungeon",
    "Level",
    "Room",
]


_TILES: dict[str, Tile] = {tile.value: tile for tile in Tile}
"""Each tile by its character: what `Tile(char)` finds, without the enum's lookup machinery."""


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
        crossed: The party has crossed it once, so a floor hazard's "first adventurer across" has been met.
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
    crossed: bool = False

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
        x, y = pos
        if not (0 <= x < self.width and 0 <= y < self.height):
            return Tile.WALL
        char = self.tiles[y][x]
        found = _TILES.get(char)  # sight and walks ask this for every tile they cross
        return found if found is not None else Tile(char)

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

    def terrain(self) -> tuple[object, ...]:
        """What the terrain is, as a key: the level's size, tiles, and each door's state and whether it shows.

        Sight, walks and the drawn map depend on nothing else of the level, so answers worked out
        from them are kept by it (`rules.core.kept`).
        """
        doors = tuple((pos, door.state, door.secret and not door.found) for pos, door in self.doors.items())
        return (self.depth, self.width, self.height, tuple(self.tiles), doors)

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
