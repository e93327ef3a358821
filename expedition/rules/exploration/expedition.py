"""Provides the expedition's state (where the party is in a dungeon, what it has seen) and starting one (§10).

The party moves as one marker (§10.1 asks for miniatures; the program keeps one position for
everyone). The dungeon itself (`rules.exploration.dungeon_map`) is pure data, so the rules keep it in
the campaign state and change it (doors, traps, caches) through the exploration actions.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from expedition.rules.character.adventurer import Status
from expedition.rules.combat.combat_state import CombatState
from expedition.rules.core.context import Context
from expedition.rules.core.distance import Pos
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.events import Event
from expedition.rules.core.hooks import Hook
from expedition.rules.core.item_defs import ItemDef, Light
from expedition.rules.core.phase import Phase
from expedition.rules.core.skills import Trait
from expedition.rules.core.tracker import reset
from expedition.rules.exploration.camp_state import CampState
from expedition.rules.exploration.dead_vigil import restore_the_dead
from expedition.rules.exploration.dungeon_map import Dungeon, Level, Room
from expedition.rules.exploration.kept_dungeon import take_back
from expedition.rules.exploration.locations import Location
from expedition.rules.exploration.sight import visible_from
from expedition.rules.exploration.tiles import Tile
from expedition.rules.items.slots import lit_lights
from expedition.rules.magic.warding import benighted, ink_glow
from expedition.rules.trackers.doom import new_doom

if TYPE_CHECKING:
    from expedition.rules.engine.campaign import CampaignState

CORRIDOR = "corridor"
"""The area name of every tile outside a room (corridors and doorways)."""
DARK_SIGHT = 1
"""Tiles the party can make out around itself without a light (touch and shapes)."""
LIGHT_RADIUS: dict[Light, int] = {Light.CLOSE: 1, Light.NEARBY: 6}
"""Tiles each light radius reaches (§7.8, §16 #3)."""

LIGHT_DIMMED: Hook[Callable[[CampaignState, int], int]] = Hook("what dims the party's light")
"""Asked by `light_radius` with the party's best radius; each answers the radius it leaves (smoke, the
hungry dark: `hazards_air.dimmed`, HOUSE §1.10, §1.13)."""


@dataclass(slots=True)
class ExpeditionState:
    """The party inside a dungeon.

    The exploration turn counter is the campaign's `turn` (turns spent on this expedition).

    Attributes:
        dungeon: The dungeon, changed as the party opens doors, finds traps and loots caches.
        depth: The level the party is on, 1-based (`dungeon.level(depth)`).
        position: The party's tile.
        area: The area the party stands in: "room:<id>" or `CORRIDOR`.
        seen: Tiles the party has seen, per depth (the map's memory).
        turns_in_area: Exploration turns spent in a row in `area` (loitering, HOUSE §1.5).
        decays_on_level: Decay triggers spent on this level (lingering, HOUSE §1.5).
        searched: Rooms searched, as "<depth>:<room id>" (a room is searched once).
        listened: Doors listened at, as "<depth>:<x>,<y>".
        slow_turn: The turn in which slow items were last used (§10.1), 0 for none.
        slow_users: Who used a slow item in `slow_turn`: each may use one per turn.
        camps: Camps set up on this expedition.
        coming: Wandering groups on their way (names), announced by a sign (HOUSE §1.5).
        item_defs: Definitions of the items the dungeon's caches name, by key (from the catalog).
        combat: The fight under way (§10.2), None outside combat.
        camp: The camp under way (§10.3), None when the party is not camping.
        magic_light: The area a Light spell or prayer lit, as "<depth>:<area>", or "" (§11).
        magic_light_decays: `decays_on_level` when it was lit: it lasts until the next decay.
    """

    dungeon: Dungeon
    depth: int = 1
    position: Pos = (0, 0)
    area: str = CORRIDOR
    seen: dict[int, set[Pos]] = field(default_factory=dict)
    turns_in_area: int = 0
    decays_on_level: int = 0
    searched: set[str] = field(default_factory=set)
    listened: set[str] = field(default_factory=set)
    slow_turn: int = 0
    slow_users: set[str] = field(default_factory=set)
    camps: int = 0
    coming: list[str] = field(default_factory=list)
    item_defs: dict[str, ItemDef] = field(default_factory=dict)
    combat: CombatState | None = None
    camp: CampState | None = None
    magic_light: str = ""
    magic_light_decays: int = 0

    @property
    def level(self) -> Level:
        """The level the party is on."""
        return self.dungeon.level(self.depth)

    @property
    def room(self) -> Room | None:
        """The room the party stands in, or None in a corridor or doorway."""
        return self.level.room_at(self.position)

    @property
    def effective_depth(self) -> int:
        """E = level + danger (HOUSE §0): it drives wandering groups and locks."""
        return self.depth + self.dungeon.danger

    @property
    def encounter_depth(self) -> int:
        """The E a wandering group's row and size read: 1 on the first level, whatever the danger.

        House (balance, issue #14): the first level's groups were already sized as if danger were
        0; their row (1d6 + E − 1) now is too, so the danger shows from the second level down.
        """
        return 1 if self.depth == 1 else self.effective_depth


def area_of(level: Level, pos: Pos) -> str:
    """The area a tile belongs to: "room:<id>" for a room's floor, else `CORRIDOR`."""
    room = level.room_at(pos)
    return CORRIDOR if room is None else f"room:{room.id}"


def expedition_of(state: CampaignState) -> ExpeditionState:
    """The running expedition.

    Raises:
        IllegalAction: When the party is not in a dungeon.
    """
    if state.expedition is None:
        raise IllegalAction("The party is not on an expedition.")
    return state.expedition


def party_lit(state: CampaignState) -> bool:
    """True if anyone in the party (one marker, so everyone shares it) carries a lit light (§7.8)."""
    return any(lit_lights(member) for member in state.party if member.status is not Status.DEAD)


def light_radius(state: CampaignState) -> int:
    """How far the party sees: its best light's radius, or `DARK_SIGHT` in the dark (§7.8, HOUSE §6.3)."""
    radii = [
        LIGHT_RADIUS[item.defn.light]
        for member in state.party
        if member.status is not Status.DEAD
        for item in lit_lights(member)
        if item.defn.light is not None
    ]
    if magic_lit(state):
        radii.append(LIGHT_RADIUS[Light.NEARBY])
    radius = max(radii, default=DARK_SIGHT)
    for dim in LIGHT_DIMMED:
        radius = dim(state, radius)
    return radius


def magic_lit(state: CampaignState) -> bool:
    """True while a Light spell or prayer lights the party's area: until the next decay (§11.1, §11.2)."""
    expedition = state.expedition
    if expedition is None or not expedition.magic_light:
        return False
    here = f"{expedition.depth}:{expedition.area}"
    return expedition.magic_light == here and expedition.magic_light_decays == expedition.decays_on_level


def in_darkness(state: CampaignState, character_id: str) -> bool:
    """True if the character ends a turn in darkness: no light in the party, no night-stalker (§7.8)."""
    member = state.character(character_id)
    if benighted(state, character_id):  # inside someone else's Black night (§11.1)
        return Trait.NIGHT_STALKER not in member.traits
    lit = party_lit(state) or ink_glow(state, member.id)  # house: a Mystic ink mark glows for wizards
    return not lit and Trait.NIGHT_STALKER not in member.traits


def arrive_on_level(state: CampaignState, down: bool) -> Pos:
    """Take the party one level down (or up) to where it arrives there, and look around (§10.1).

    Going down it stands on the stairs up (up: on the stairs down), or at the level's arrival
    tile when there are none; a new area begins, and a level below starts its own decay count.

    Returns:
        Where the party now stands.
    """
    expedition = expedition_of(state)
    expedition.depth += 1 if down else -1
    level = expedition.level
    arrival = level.stairs_up if down else level.stairs_down
    expedition.position = arrival if arrival is not None else level.arrival
    expedition.area, expedition.turns_in_area = area_of(level, expedition.position), 0
    if down:
        expedition.decays_on_level = 0
    reveal(state)
    return expedition.position


def reveal(state: CampaignState) -> int:
    """Add what the party sees from its tile to the map's memory (HOUSE §6.3).

    The field of view within the light's reach (walls and closed doors block it), and a lit
    room is seen whole with its walls.

    Returns:
        How many tiles were new.
    """
    expedition = expedition_of(state)
    level = expedition.level
    seen = expedition.seen.setdefault(expedition.depth, set())
    before = len(seen)
    radius = light_radius(state)
    x0, y0 = expedition.position
    visible = visible_from(level, (x0, y0), radius)
    room = level.room_at(expedition.position)
    if room is not None and radius > DARK_SIGHT:
        visible |= {
            (x, y)
            for y in range(room.y - 1, room.y + room.h + 1)
            for x in range(room.x - 1, room.x + room.w + 1)
            if level.in_bounds((x, y))
        }
    seen |= visible
    return len(seen) - before


def start_expedition(
    ctx: Context, state: CampaignState, dungeon: Dungeon, *, items: Mapping[str, ItemDef] | None = None
) -> None:
    """Set out into a dungeon (§10, §9.1, §9.2): exploration phase, party at the entrance.

    The dungeon becomes the current location. Its doom tracker is the one from an earlier visit
    when the party was there before (§9.2), else a new one from the dungeon's thresholds. The
    decay tracker starts empty, the expedition's turn count and mortal wounds (§16 #4) at 0.
    When `dungeon` is the one the location kept from the last visit, the party remembers its
    map (`rules.kept_dungeon`).

    Args:
        ctx: Dice and events.
        state: The campaign.
        dungeon: Where the party goes.
        items: Item definitions by key (the catalog's equipment); those the caches name are kept.

    Raises:
        IllegalAction: When an expedition is already under way or nobody is alive to go.
    """
    if state.expedition is not None:
        raise IllegalAction("The party is already on an expedition.")
    if not state.living:
        raise IllegalAction("Nobody is left alive to set out.")
    returning = dungeon.key in state.locations
    if not returning:
        state.locations[dungeon.key] = Location(
            dungeon.key, new_doom(dungeon.key, dungeon.doom, size=dungeon.doom_size)
        )
    state.location = dungeon.key
    state.phase = Phase.EXPLORATION
    state.turn = 0
    if state.decay.filled:
        reset(ctx, state.decay, rule="§9.1")
    for member in state.party:
        member.mortal_wounds = 0
    dungeon, seen = take_back(state, dungeon)  # the map of a dungeon kept since the last visit (§10.1)
    level = dungeon.level(1)
    start = dungeon.entrance
    wanted = {key for lvl in dungeon.levels for cache in lvl.caches for key in cache.items}
    defs = {key: defn for key, defn in (items or {}).items() if key in wanted}

    state.expedition = ExpeditionState(
        dungeon=dungeon,
        position=start,
        area=area_of(level, start),
        seen=seen,
        item_defs=defs,
    )

    restore_the_dead(state, dungeon)  # the bodies kept, and the risen dead (HOUSE §1.7)
    ctx.emit(
        ExpeditionStarted(
            rule="§10", dungeon=dungeon.key, name=dungeon.name, returning=returning, position=start
        )
    )
    reveal(state)


def passable(level: Level, pos: Pos) -> bool:
    """True if the party could stand on `pos` (doors aside: see the Step rules)."""
    return level.in_bounds(pos) and level.tile(pos) is not Tile.WALL and level.walkable(pos)


@dataclass(frozen=True, slots=True, kw_only=True)
class ExpeditionStarted(Event):
    """The party set out into a dungeon.

    Attributes:
        dungeon: The dungeon's key (also the location's name).
        name: Its name.
        returning: True when the party had been there before (its doom carries on).
        position: Where the party stands.
    """

    dungeon: str
    name: str
    returning: bool
    position: Pos
