"""Provides `check_saved_state`: whether a decoded campaign state makes sense, before anything uses it.

Decoding (`codec.decode`) checks shape: every value has the type its field declares. A saved state
can be well typed and still impossible: a map tile no tile has, a map row shorter than the map, a
dungeon with no levels, a room 2^31 wide, a fight naming a character nobody is, a name of seventy
thousand letters. The views, the map generator and the journal's replay would crash or spin on
those, so loading checks them here first and refuses the snapshot with the field's path in plain
words, and the store falls back to an older snapshot.

Only saved campaign states are checked. A seat's filtered view (`session/views.py`, sent to remote
clients by `net/plain_forms.py`) lacks on purpose what its seat may not know (traps not found,
tiles not seen, other seats' secrets), so it is never put through these checks.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from typing import Any

from expedition.persistence.save_errors import SnapshotError
from expedition.persistence.state import body_to_state
from expedition.rules.character.adventurer import Character
from expedition.rules.core.distance import Pos
from expedition.rules.core.item_defs import Item
from expedition.rules.engine.campaign import CampaignState, Player
from expedition.rules.exploration.dungeon_map import Dungeon, Level
from expedition.rules.exploration.tiles import Tile

__all__ = [
    "MAX_ITEMS",
    "MAX_LEVELS",
    "MAX_MAP_SIDE",
    "MAX_NAME",
    "MAX_TEXT",
    "MAX_VALUES",
    "InvalidState",
    "check_saved_state",
    "saved_state",
]

MAX_TEXT = 4096
"""Longest text anywhere in a saved state, in characters (the longest room description is a few hundred)."""
MAX_NAME = 200
"""Longest player or character name a saved state may hold (the game lets a player type 32)."""
MAX_VALUES = 100_000
"""Most items in any one list, set or map of a saved state (a whole level's seen tiles fit)."""
MAX_MAP_SIDE = 256
"""Widest or tallest level map, in tiles (the generator makes 120 by 80)."""
MAX_LEVELS = 32
"""Most levels in one dungeon."""
MAX_ITEMS = 5_000
"""Most items carried, stashed and kept in the roster together."""
MAX_COUNT = 1_000_000_000
"""Largest day, count, quantity or tracker size a saved state may hold."""

_GLYPHS = frozenset(tile.value for tile in Tile)


class InvalidState(SnapshotError):
    """A snapshot is intact and well typed but describes a campaign the game cannot hold."""


def saved_state(body: dict[str, Any]) -> CampaignState:
    """Rebuild a saved campaign state from a snapshot body, checking its shape and its meaning.

    Raises:
        SnapshotError: Naming the path of the first bad value (`InvalidState` for a value of the
            right type that makes no sense).
    """
    state = body_to_state(body)
    check_saved_state(state)
    return state


def check_saved_state(state: CampaignState) -> None:
    """Refuse a saved campaign state the game could not play on.

    Raises:
        InvalidState: Naming the field's path and what is wrong with it.
    """
    _walk(state, "")
    ids = [member.id for member in state.party]
    if not state.players:
        raise InvalidState("players: a campaign needs at least one player")
    _check_count(state.day, "day")
    _check_count(state.silver, "silver")
    _check_count(state.counterfeit, "counterfeit")
    _check_count(state.actions, "actions")
    _check_count(state.next_uid, "next_uid")
    for name, tracker in (("omens", state.omens), ("decay", state.decay)):
        _check_tracker(tracker.size, tracker.filled, name)
    _check_items(state)
    for key, location in state.locations.items():
        _check_tracker(location.doom.size, location.doom.filled, f"locations.{key}.doom")
        if location.dungeon is not None:
            _check_dungeon(location.dungeon, f"locations.{key}.dungeon")
            _check_memory(location.seen, location.dungeon, f"locations.{key}.seen")
    if state.expedition is not None:
        _check_expedition(state, set(ids))
    if state.camp is not None:
        _check_names(state.camp.lookouts, set(ids), "camp.lookouts")
    if state.interlude is not None:
        _check_interlude(state)


def _walk(value: Any, path: str) -> None:
    """Every text within `MAX_TEXT`, every collection within `MAX_VALUES`; names the first that is not."""
    if isinstance(value, str):
        if len(value) > MAX_TEXT:
            raise InvalidState(
                f"{path or 'the state'}: a text of {len(value)} characters (at most {MAX_TEXT})"
            )
        return
    if isinstance(value, (bool, int, float)) or value is None:
        return
    if isinstance(value, (list, tuple, set, frozenset, dict)):
        if len(value) > MAX_VALUES:
            raise InvalidState(f"{path}: {len(value)} entries (at most {MAX_VALUES})")
        if isinstance(value, dict):
            for key, item in value.items():
                _walk(key, f"{path} (a key)")
                _walk(item, f"{path}.{key}" if isinstance(key, str) else f"{path}[{key!r}]")
        elif isinstance(value, (set, frozenset)):
            for item in value:
                _walk(item, f"{path}[…]")
        else:
            for index, item in enumerate(value):
                _walk(item, f"{path}[{index}]")
        return
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        if isinstance(value, (Character, Player)):
            name = value.name
            if len(name) > MAX_NAME or not name.strip():
                raise InvalidState(
                    f"{path}.name: a name of {len(name)} characters (a name has 1 to {MAX_NAME})"
                )
        for part in dataclasses.fields(value):
            _walk(getattr(value, part.name), f"{path}.{part.name}" if path else part.name)


def _check_count(value: int, path: str, *, low: int = 0) -> None:
    if not low <= value <= MAX_COUNT:
        raise InvalidState(f"{path}: {value} is out of range ({low} to {MAX_COUNT})")


def _check_tracker(size: int, filled: int, path: str) -> None:
    if not 1 <= size <= 1000:
        raise InvalidState(f"{path}.size: a tracker of {size} segments (1 to 1000)")
    if not 0 <= filled <= size:
        raise InvalidState(f"{path}.filled: {filled} segments filled of {size}")


def _carried(state: CampaignState) -> Iterable[tuple[str, Item]]:
    for index, member in enumerate(state.party):
        for slot, item in enumerate(member.items):
            yield f"party[{index}].items[{slot}]", item
    for index, entry in enumerate(state.roster):
        for slot, item in enumerate(entry.character.items):
            yield f"roster[{index}].character.items[{slot}]", item
    for slot, item in enumerate(state.stash):
        yield f"stash[{slot}]", item


def _check_items(state: CampaignState) -> None:
    """Counts and wear within range, and each item one of its own: no uid held twice."""
    held: dict[int, str] = {}
    for count, (path, item) in enumerate(_carried(state), 1):
        if item.uid in held:
            raise InvalidState(f"{path}.uid: item {item.uid} is also at {held[item.uid]}")
        held[item.uid] = path
        if count > MAX_ITEMS:
            raise InvalidState(f"{path}: more than {MAX_ITEMS} items in the campaign")
        _check_count(item.quantity, f"{path}.quantity")
        _check_count(item.usage, f"{path}.usage")
        if len(item.broken) > len(item.defn.armour) or any(b < 0 for b in item.broken):
            raise InvalidState(f"{path}.broken: does not fit the armour of {item.defn.name!r}")


def _check_interlude(state: CampaignState) -> None:
    """The settlement is a place of the map; each day's plan is a character's, with items they have."""
    interlude = state.interlude
    assert interlude is not None  # the caller checked
    if interlude.settlement not in state.locations:
        raise InvalidState(f"interlude.settlement: {interlude.settlement!r} is not a known location")
    people = {member.id for member in state.party} | {entry.character.id for entry in state.roster}
    items = {item.uid for _, item in _carried(state)}
    for index, plan in enumerate(interlude.plans):
        if plan.actor not in people:
            raise InvalidState(f"interlude.plans[{index}].actor: {plan.actor!r} is nobody in the campaign")
        for uid in plan.items:
            if uid not in items:
                raise InvalidState(f"interlude.plans[{index}].items: there is no item {uid}")


def _check_names(names: Iterable[str], known: set[str], path: str) -> None:
    for name in names:
        if name not in known:
            raise InvalidState(f"{path}: {name!r} is not a character in the party")


def _check_dungeon(dungeon: Dungeon, path: str) -> None:
    if not dungeon.levels:
        raise InvalidState(f"{path}.levels: a dungeon needs at least one level")
    if len(dungeon.levels) > MAX_LEVELS:
        raise InvalidState(f"{path}.levels: {len(dungeon.levels)} levels (at most {MAX_LEVELS})")
    for index, level in enumerate(dungeon.levels):
        _check_level(level, f"{path}.levels[{index}]")
    _check_pos(dungeon.levels[0], dungeon.entrance, f"{path}.entrance")


def _check_level(level: Level, path: str) -> None:
    for side, size in (("width", level.width), ("height", level.height)):
        if not 1 <= size <= MAX_MAP_SIDE:
            raise InvalidState(f"{path}.{side}: a map {size} tiles across (1 to {MAX_MAP_SIDE})")
    if len(level.tiles) != level.height:
        raise InvalidState(f"{path}.tiles: {len(level.tiles)} rows on a map {level.height} tall")
    for row, line in enumerate(level.tiles):
        if len(line) != level.width:
            raise InvalidState(f"{path}.tiles[{row}]: {len(line)} tiles in a row of a map {level.width} wide")
        strange = set(line) - _GLYPHS
        if strange:
            raise InvalidState(f"{path}.tiles[{row}]: {''.join(sorted(strange))!r} is no kind of tile")
    for index, room in enumerate(level.rooms):
        where = f"{path}.rooms[{index}]"
        if room.id != index:
            raise InvalidState(f"{where}.id: room {room.id} listed as room {index}")
        if room.w < 1 or room.h < 1 or room.x < 0 or room.y < 0:
            raise InvalidState(f"{where}: a room of {room.w} by {room.h} at {room.x}, {room.y}")
        if room.x + room.w > level.width or room.y + room.h > level.height:
            raise InvalidState(f"{where}: the room runs off the map")
    rooms = len(level.rooms)
    for pos, door in level.doors.items():
        _check_pos(level, pos, f"{path}.doors")
        if door.pos != pos:
            raise InvalidState(f"{path}.doors: the door at {pos} says it is at {door.pos}")
    rooms_named = [
        *((f"traps[{index}]", trap.room) for index, trap in enumerate(level.traps)),
        *((f"caches[{index}]", cache.room) for index, cache in enumerate(level.caches)),
        *((f"encounters[{index}]", encounter.room) for index, encounter in enumerate(level.encounters)),
    ]
    for where, number in rooms_named:
        if not -1 <= number < rooms:
            raise InvalidState(f"{path}.{where}.room: there is no room {number}")
    for index, trap in enumerate(level.traps):
        _check_pos(level, trap.pos, f"{path}.traps[{index}].pos")
    for index, cache in enumerate(level.caches):
        _check_pos(level, cache.pos, f"{path}.caches[{index}].pos")
    for index, corpse in enumerate(level.corpses):
        _check_pos(level, corpse.pos, f"{path}.corpses[{index}].pos")
    for name in ("stairs_down", "stairs_up", "exit", "arrival"):
        pos = getattr(level, name)
        if pos is not None:
            _check_pos(level, pos, f"{path}.{name}")


def _check_pos(level: Level, pos: Pos, path: str) -> None:
    if not level.in_bounds(pos):
        raise InvalidState(f"{path}: {pos[0]}, {pos[1]} is off a map of {level.width} by {level.height}")


def _check_memory(seen: dict[int, set[Pos]], dungeon: Dungeon, path: str) -> None:
    for depth, tiles in seen.items():
        if not 1 <= depth <= len(dungeon.levels):
            raise InvalidState(f"{path}: the dungeon has no level {depth}")
        level = dungeon.levels[depth - 1]
        for pos in tiles:
            _check_pos(level, pos, f"{path}.{depth}")


def _check_expedition(state: CampaignState, ids: set[str]) -> None:
    expedition = state.expedition
    assert expedition is not None  # the caller checked
    dungeon = expedition.dungeon
    _check_dungeon(dungeon, "expedition.dungeon")
    if not 1 <= expedition.depth <= len(dungeon.levels):
        raise InvalidState(f"expedition.depth: the dungeon has no level {expedition.depth}")
    _check_pos(dungeon.levels[expedition.depth - 1], expedition.position, "expedition.position")
    _check_memory(expedition.seen, dungeon, "expedition.seen")
    if expedition.camp is not None:
        _check_names(expedition.camp.lookouts, ids, "expedition.camp.lookouts")
    combat = expedition.combat
    if combat is None:
        return
    if not 1 <= combat.depth <= len(dungeon.levels):
        raise InvalidState(f"expedition.combat.depth: the dungeon has no level {combat.depth}")
    level = dungeon.levels[combat.depth - 1]
    fighters = ids | {foe.uid for foe in combat.foes}
    for who, pos in combat.positions.items():
        if who not in fighters:
            raise InvalidState(f"expedition.combat.positions: {who!r} is not in the fight")
        _check_pos(level, pos, f"expedition.combat.positions.{who}")
    for index, foe in enumerate(combat.foes):
        _check_pos(level, foe.pos, f"expedition.combat.foes[{index}].pos")
    if combat.active and combat.active not in fighters:
        raise InvalidState(f"expedition.combat.active: {combat.active!r} is not in the fight")
