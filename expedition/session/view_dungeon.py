"""Provides the dungeon as the party knows it, for the seat views: what was seen, found or met, nothing more.

The campaign state holds the whole dungeon; a seat's view must not (DESIGN.md, "Session and
seats" and "Serving": a client only ever receives its seat's filtered view). `expedition_view`
replaces the encoded expedition of a view with a copy built from the real state by `known_dungeon`;
the campaign state itself is never changed. Knowledge is the party's (one marker, one map), so
every seat, the host's included, gets the same copy.

What the party knows of a level is its *known tiles*: the map's memory (`ExpeditionState.seen`)
plus what is in sight now, worked out as the map works it out (the party's light radius). On
every level:

- the terrain of a tile not known is wall, as is an unfound secret door (the wall it looks like).
  The map draws a tile it never saw blank whatever it holds, and wall is the one code every rule
  treats as nothing there: it blocks sight and feet;
- doors, traps, caches and corpses on unknown tiles are dropped, and so are traps not found;
- caches keep that they are there, not what is inside, until looted; corpses lose when and as
  what they rise; rooms lose what they were stocked with (`contents`);
- encounters stay only when the party meets or sees them: in its room, in the fight, or their
  room's centre in sight (where the map draws them);
- stairs and the exit are there once known; unseen rooms keep only their index (see below);
- a level the party never saw is all wall, with nothing on it;
- the dungeon loses its generation seed, its doom thresholds and its wandering table, which are
  the GM's (§9.2); `item_defs` keeps only the items of looted caches (it names what caches hold);
- the bodies a fight leaves (`CombatState.bodies`) and those a location keeps while the party is
  away lose their count too, and the dormant risen a location keeps are left out (`location_view`);
- a dungeon a location keeps while the party is away (`Location.dungeon`, `rules.kept_dungeon`)
  and its map are left out of every view (`location_view`): it is seen again, cut down, on return.

Kept on purpose, because a client draws the map from its copy (`net.plain_forms.mirror_state`, the
same state a local screen reads, `seat_state`), and because the copy stays one the rules can judge
exactly as the real one (a test holds it so), though the options a seat is shown are now worked out
on the server and travel in its view:

- The size of every level, the number of levels and the number of rooms of a level the party has
  seen: the map scrolls over the level's size, going down checks the number of levels, and rooms
  are found by index (`rooms[i].id == i`), so an unseen room of such a level becomes a stand-in
  without a name, of no size, far off the map (`NOWHERE`).
- The rectangle (nothing else) of an unseen room whose centre is within Far of an adventurer:
  Arcane eye (§11.1) offers exactly those rooms, and the client lists its options from its copy.
- Caches (not their contents) in the party's room even on unseen tiles (a dark room), and the
  traps the party knows of in its area: Loot, Disarm and camping are judged on the whole room
  (`lootable`, `traps_here`), and the client offers them from its copy.
- Sight is recomputed by the client from terrain. Walling unknown tiles never opens a line of
  sight, and the known tiles include every tile the party sees now and every clear tile its lines
  of sight cross, so the client finds exactly the tiles in sight the local map finds.
- In a fight, the terrain and doors (only those) within `FIGHT_REACH` of every combatant, foes
  included: the rules decide who sees whom (Far, in the dark too), where a Move can go (around
  corners) and where a flight is safe on that terrain, and the client offers moves, attacks and
  flights from its copy. None of it is drawn: the map draws only what is remembered or in sight.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from itertools import product
from typing import Any

from expedition.persistence import state as _registered  # noqa: F401  # registers the classes `encode` names
from expedition.persistence.codec import encode
from expedition.rules.combat.combat_state import on_map
from expedition.rules.combat.fight_map import SIGHT
from expedition.rules.combat.moving_and_fleeing import move_tiles
from expedition.rules.core.distance import Pos, manhattan
from expedition.rules.core.kept import Kept
from expedition.rules.engine.campaign import CampaignState
from expedition.rules.exploration.dungeon_map import Dungeon, Level, Room
from expedition.rules.exploration.expedition import ExpeditionState, light_radius
from expedition.rules.exploration.features import Cache, Corpse, Encounter, Trap
from expedition.rules.exploration.sight import line, sight_key, visible_from
from expedition.rules.exploration.tiles import Contents, Tile
from expedition.rules.exploration.traps import traps_here
from expedition.rules.magic.spells.utility_spells import FAR

__all__ = [
    "COUNTDOWN",
    "FIGHT_REACH",
    "NOWHERE",
    "expedition_view",
    "fight_tiles",
    "known_dungeon",
    "known_tiles",
    "location_view",
    "origin_kind",
]

FIGHT_REACH = SIGHT
"""Tiles around each combatant whose terrain a fight's view keeps: how far combatants see one another."""
NOWHERE = -1000
"""Where an unseen room's stand-in lies: so far off the map that no reach or sight rule picks it."""
COUNTDOWN: dict[str, Any] = {"rises_in_days": None, "rises_as": "", "vigil_dice": None}
"""What an encoded body records of its rising (the dead vigil, HOUSE §1.7), and what a view says instead."""

_last: tuple[dict[str, Any], dict[str, Any]] | None = None
"""The last encoded expedition filtered and its result: every seat's view of one update shares it."""


def expedition_view(state: CampaignState, encoded: dict[str, Any]) -> dict[str, Any]:
    """The encoded expedition of a view, its dungeon cut down to what the party knows.

    The result is the same for every seat, so it is worked out once per encoded state: a second
    call with the very same `encoded` map (the body a session shares between the seats of one
    update) returns the same result.

    Args:
        state: The campaign (it must be on an expedition).
        encoded: `state.expedition` as `state_to_body` encodes it; it is not changed.

    Returns:
        A new map sharing every other part with `encoded`.
    """
    global _last
    if _last is not None and _last[0] is encoded:
        return _last[1]
    expedition = state.expedition
    assert expedition is not None
    looted = {key for lvl in expedition.dungeon.levels for c in lvl.caches if c.looted for key in c.items}
    view = dict(encoded)
    view["dungeon"] = encode(known_dungeon(state, expedition), Dungeon)
    view["item_defs"] = {key: defn for key, defn in encoded.get("item_defs", {}).items() if key in looted}
    combat = encoded.get("combat")
    if isinstance(combat, dict) and isinstance(combat.get("bodies"), dict):  # the fight's fallen
        view["combat"] = {**combat, "bodies": {k: _plain_body(b) for k, b in combat["bodies"].items()}}
    _last = (encoded, view)  # holding `encoded` keeps its id from being reused by another map
    return view


def location_view(location: dict[str, Any]) -> dict[str, Any]:
    """An encoded location without what it keeps of its dungeon while the party is away.

    The bodies (`dead`) lose when and as what they rise; the risen (`risen`, dormant dead the party
    meets only on its return) are left out, and so are the kept dungeon (`dungeon`, the whole map
    with all it holds: the GM's) and its map's memory (`seen`), which only go with it. The party
    sees them again when it returns, cut down like any expedition's (`expedition_view`). Its
    `origin` keeps only its kind ("generated", "authored"): a generated one's seed rebuilds it.

    Args:
        location: A location as `state_to_body` encodes it; it is not changed.

    Returns:
        A new map (a shallow copy when there is nothing to take out).
    """
    view = dict(location)
    view.pop("dungeon", None)
    view.pop("seen", None)
    if isinstance(view.get("origin"), str):
        view["origin"] = origin_kind(view["origin"])
    if "dead" in view:
        view["dead"] = _by_depth(view["dead"])
    if isinstance(view.get("risen"), list | dict):
        view["risen"] = type(view["risen"])()
    return view


def origin_kind(origin: str) -> str:
    """A location's origin as a seat sees it: "generated:<seed>:…" → "generated" ("" stays "")."""
    return origin.partition(":")[0]


def known_tiles(
    state: CampaignState, expedition: ExpeditionState, *, seen: set[Pos] | None = None
) -> dict[int, set[Pos]]:
    """The tiles the party knows, per depth: those it has seen, and those in sight now.

    In sight now are the tiles seen from the party's tile within its light's reach, with the clear
    tiles their lines of sight cross. `seen` is what is in view from there, when already worked out.
    """
    known = {depth: set(tiles) for depth, tiles in expedition.seen.items()}
    known.setdefault(expedition.depth, set()).update(
        _sight(expedition.level, expedition.position, light_radius(state), seen)
    )
    return known


def fight_tiles(state: CampaignState, expedition: ExpeditionState) -> set[Pos]:
    """The tiles within `FIGHT_REACH` (or a longer Move) of a combatant; none outside a fight."""
    combat = expedition.combat
    if combat is None:
        return set()
    centres = [
        (combat.positions[m.id], max(FIGHT_REACH, move_tiles(m, state))) for m in on_map(state, combat)
    ]
    centres += [(foe.pos, FIGHT_REACH) for foe in combat.foes if not foe.fled]
    level = expedition.level
    tiles: set[Pos] = set()
    for (x0, y0), reach in centres:
        xs = range(max(0, x0 - reach), min(level.width, x0 + reach + 1))
        tiles.update(product(xs, range(max(0, y0 - reach), min(level.height, y0 + reach + 1))))
    return tiles


def known_dungeon(state: CampaignState, expedition: ExpeditionState) -> Dungeon:
    """A copy of the expedition's dungeon holding only what the party knows (see the module docstring)."""
    dungeon = expedition.dungeon
    sight = visible_from(expedition.level, expedition.position, light_radius(state))
    known = known_tiles(state, expedition, seen=sight)
    levels = []
    for level in dungeon.levels:
        if level.depth != expedition.depth:
            levels.append(_known_level(level, known.get(level.depth, set())))
            continue
        room = expedition.room
        combat = expedition.combat
        adventurers = [expedition.position]
        if combat is not None:
            adventurers += [combat.positions[m.id] for m in on_map(state, combat)]
        levels.append(
            _known_level(
                level,
                known[level.depth],
                fight=fight_tiles(state, expedition),
                sight=sight,
                room=room.id if room is not None else None,
                fought=combat.room if combat is not None else None,
                adventurers=adventurers,
                area_traps=traps_here(expedition),
            )
        )
    return replace(dungeon, seed=0, levels=levels, doom=(), doom_size=0, wandering=())


def _sight(level: Level, origin: Pos, radius: int, seen: set[Pos] | None = None) -> frozenset[Pos]:
    """The tiles seen from `origin` and the clear tiles the lines of sight cross on their way.

    A line can cross a clear tile that is not itself in view (the straight line to that tile runs
    differently); it must stay clear on the client's copy, or a tile in view here would not be there.
    `seen` is what is in view from `origin` (`visible_from`'s answer), when already worked out.
    The answer is kept for the same question on the same terrain (`sight_key`): a set nobody may
    change.
    """
    return _CROSSED.get(
        sight_key(level, origin, radius), lambda: frozenset(_crossed(level, origin, radius, seen))
    )


_CROSSED: Kept[tuple[object, ...], frozenset[Pos]] = Kept(64)
"""`_sight` answers by `sight_key`: every view of one version, and the next ones while the party stands."""


def _crossed(level: Level, origin: Pos, radius: int, seen: set[Pos] | None) -> set[Pos]:
    if seen is None:
        seen = visible_from(level, origin, radius)
    through: set[Pos] = set()
    for target in seen:
        path = line(origin, target)[1:-1]
        if any(level.blocks_sight(pos) for pos in path):
            path = line(target, origin)[1:-1]
        through.update(path)
    return seen | through


def _known_level(
    level: Level,
    known: set[Pos],
    *,
    fight: set[Pos] | None = None,
    sight: set[Pos] | None = None,
    room: int | None = None,
    fought: int | None = None,
    adventurers: Iterable[Pos] = (),
    area_traps: Iterable[Trap] = (),
) -> Level:
    """`level` as the party knows it; the keywords only for the level the party is on."""
    if not known:
        return Level(level.depth, level.width, level.height, [Tile.WALL.value * len(r) for r in level.tiles])
    unfound = {pos for pos, door in level.doors.items() if door.secret and not door.found}
    terrain = (known | fight if fight else known) - unfound
    reach = list(adventurers)
    area = {id(trap) for trap in area_traps}
    return replace(
        level,
        tiles=_known_rows(level.tiles, terrain),
        rooms=[_known_room(r, known, reach) for r in level.rooms],
        doors={pos: door for pos, door in level.doors.items() if pos in terrain},
        traps=[t for t in level.traps if t.known and (t.pos in known or id(t) in area)],
        caches=[_known_cache(c) for c in level.caches if not c.hidden and (c.pos in known or c.room == room)],
        corpses=[_known_corpse(c) for c in level.corpses if c.pos in known],
        encounters=[e for e in level.encounters if _met(level, e, sight or set(), room, fought)],
        stairs_down=level.stairs_down if level.stairs_down in known else None,
        stairs_up=level.stairs_up if level.stairs_up in known else None,
        exit=level.exit if level.exit in known else None,
        arrival=level.arrival if level.arrival in known else (0, 0),
    )


def _known_rows(tiles: list[str], known: set[Pos]) -> list[str]:
    """The rows with every tile not in `known` walled up (built from the known tiles, not from every tile).

    Kept for the same tiles and the same knowledge (`_ROWS`): a level the party is not on, and
    every seat's view of one step, ask it again.
    """
    return list(_ROWS.get((tuple(tiles), frozenset(known)), lambda: tuple(_walled(tiles, known))))


_ROWS: Kept[tuple[tuple[str, ...], frozenset[Pos]], tuple[str, ...]] = Kept(64)


def _walled(tiles: list[str], known: set[Pos]) -> list[str]:
    wall = Tile.WALL.value
    by_row: dict[int, list[int]] = {}
    for x, y in known:
        by_row.setdefault(y, []).append(x)
    rows = []
    for y, row in enumerate(tiles):
        xs = by_row.get(y)
        if not xs:
            rows.append(wall * len(row))
            continue
        out = [wall] * len(row)
        for x in xs:
            if 0 <= x < len(row):
                out[x] = row[x]
        rows.append("".join(out))
    return rows


def _known_room(room: Room, known: set[Pos], adventurers: list[Pos]) -> Room:
    if not known.isdisjoint(product(range(room.x, room.x + room.w), range(room.y, room.y + room.h))):
        return replace(room, contents=Contents.EMPTY)  # what it was stocked with may not be found yet
    if any(manhattan(pos, room.center) <= FAR for pos in adventurers):
        return Room(room.id, room.x, room.y, room.w, room.h)  # an Arcane eye target (§11.1)
    return Room(room.id, NOWHERE, NOWHERE, 0, 0)


def _known_corpse(corpse: Corpse) -> Corpse:
    """A body as it lies: built anew from what shows, so whatever else a body records stays behind."""
    return Corpse(corpse.pos, corpse.kind, warded=corpse.warded, name=corpse.name)


def _plain_body(plain: Any) -> Any:
    """An encoded body without when and as what it rises (the keys it has, of `COUNTDOWN`)."""
    if not isinstance(plain, dict):
        return plain
    return {**plain, **{key: value for key, value in COUNTDOWN.items() if key in plain}}


def _by_depth(value: Any) -> Any:
    """Encoded bodies by depth (pairs of a depth and its bodies, as maps with int keys are encoded)."""
    if isinstance(value, dict):
        return {depth: [_plain_body(b) for b in bodies] for depth, bodies in value.items()}
    if isinstance(value, list):
        return [
            [pair[0], [_plain_body(b) for b in pair[1]]]
            if isinstance(pair, list) and len(pair) == 2
            else pair
            for pair in value
        ]
    return value


def _known_cache(cache: Cache) -> Cache:
    return cache if cache.looted else replace(cache, silver=0, items=(), treasures=())


def _met(level: Level, encounter: Encounter, sight: set[Pos], room: int | None, fought: int | None) -> bool:
    if encounter.room in (room, fought):
        return True
    return 0 <= encounter.room < len(level.rooms) and level.rooms[encounter.room].center in sight
