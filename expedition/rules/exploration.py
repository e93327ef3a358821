"""Provides the exploration actions (§10.1, HOUSE §1.4) and their guards: what the party may do in a dungeon.

Each action is a frozen `Action`; `verify_exploration` raises `IllegalAction` with a reason,
`exploration_cost` says how many exploration turns (ET) it takes, and the verbs live in
`exploration_verbs`. `expedition.rules.turns` dispatches to both.

Time (§10.1): the party moves as one marker, and every action is taken by one character (or
by the party as a whole). Each action that costs time is its own turn, so two characters acting
apart (one searches while another listens at a door) are two actions and cost two turns. The one
shared turn is the slow item: in the turn one character spends using a slow item, each other
character may use one slow item too, for no further turn (`ExpeditionState.slow_turn`).

House rule for moving: stepping within a room or a corridor is free; stepping into a different
room or corridor area costs 1 ET; a doorway belongs to the area the party came from.
Concentrate (wizards) is not here: it needs the forgotten-spell rules, which do not exist yet.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from expedition.rules.actions import Action
from expedition.rules.afflictions import Cure
from expedition.rules.character import Character, Status
from expedition.rules.distance import Pos, manhattan
from expedition.rules.dungeon_map import Cache, Door, DoorState, Tile
from expedition.rules.errors import IllegalAction, InvalidAction
from expedition.rules.expedition import ExpeditionState, area_of, expedition_of
from expedition.rules.items import Item, Tag
from expedition.rules.skills import Skill
from expedition.rules.traps import can_disarm, known_armed, traps_here

if TYPE_CHECKING:
    from expedition.rules.campaign import CampaignState

DIRECTIONS: dict[str, Pos] = {"north": (0, -1), "east": (1, 0), "south": (0, 1), "west": (-1, 0)}
"""Step directions by name."""
POLE = "three_meter_pole"
"""The tool that lets anyone look for traps with a plan (§10.1)."""
LOCKPICKS = "lockpicking_tools"
"""The tools that pick locks (HOUSE §1.4)."""
BREAKERS = ("battle_axe", "pickaxe", "shovel_or_pickaxe", "sledgehammer", "war_hammer", "hatchet")
"""Tools that break a door barred from the other side (HOUSE §1.4)."""
CURES_BY_ITEM: dict[str, Cure] = {
    "water": Cure.WATER,
    "bandages": Cure.BANDAGE,
    "healing_tonic": Cure.TONIC,
    "wine": Cure.WINE,
    "wine_of_yoros": Cure.WINE,
}
"""Items whose use cures afflictions (§4.6); lights are lit or put out. Others are not usable yet."""
LOCK_TEST_DEPTH = 3
"""From this effective depth a lock also needs a DEX test (HOUSE §1.4)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Step(Action):
    """Move the party one tile orthogonally (§10.1; HOUSE rule on cost in the module docstring).

    Attributes:
        direction: "north", "east", "south" or "west".
    """

    direction: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Loot(Action):
    """Take what the caches of this area hold (§10.1): 1 ET."""


@dataclass(frozen=True, slots=True, kw_only=True)
class LookForTraps(Action):
    """Look for traps in this area (§10.1): 1 ET, an INT test.

    Attributes:
        plan: Without Infiltration, how the character uses their pole (a clear plan is required).
    """

    plan: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class DisarmTrap(Action):
    """Disarm a found trap (§10.1): 1 ET, a DEX test; failure sets it off.

    Attributes:
        at: The trap's tile.
    """

    at: Pos


@dataclass(frozen=True, slots=True, kw_only=True)
class UseItem(Action):
    """Use a carried item (§10.1): quick items are free, a slow item takes the turn.

    Attributes:
        item: The item's uid.
    """

    item: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Search(Action):
    """Search the room (HOUSE §1.4): 1 ET, an INT test for secret doors and hidden caches."""


@dataclass(frozen=True, slots=True, kw_only=True)
class ListenAtDoor(Action):
    """Listen at a door (HOUSE §1.4): 1 ET, an INT check.

    Attributes:
        at: The door's tile.
    """

    at: Pos


@dataclass(frozen=True, slots=True, kw_only=True)
class ForceDoor(Action):
    """Force a stuck or locked door, or break one barred from this side (HOUSE §1.4).

    Attributes:
        at: The door's tile.
    """

    at: Pos


@dataclass(frozen=True, slots=True, kw_only=True)
class PickLock(Action):
    """Pick the lock of a door or a chest with lockpicking tools (HOUSE §1.4): 1 ET.

    Attributes:
        at: The door's or the cache's tile.
    """

    at: Pos


@dataclass(frozen=True, slots=True, kw_only=True)
class SetUpCamp(Action):
    """Set up camp here (§10.1): 1 ET for the whole camp; only in a safe place."""


@dataclass(frozen=True, slots=True, kw_only=True)
class ExitDungeon(Action):
    """Leave the dungeon by its exit for the interlude (§10.1): doom +2."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Descend(Action):
    """Take the stairs down to the next level: 1 ET."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Ascend(Action):
    """Take the stairs up to the level above: 1 ET."""


# --- shared guards -----------------------------------------------------------------------------


def exploring(state: CampaignState) -> ExpeditionState:
    """The expedition, when the party is exploring it.

    Raises:
        IllegalAction: Outside exploration or outside a dungeon.
    """
    from expedition.rules.campaign import Phase

    if state.phase is not Phase.EXPLORATION:
        raise IllegalAction(f"That is done while exploring, not during {state.phase.value}.")
    expedition = expedition_of(state)
    if not any(member.can_act for member in state.party):
        raise IllegalAction("Nobody in the party can act.")
    return expedition


def acting(state: CampaignState, action: Action) -> Character:
    """The character taking `action`, who must be able to act.

    Raises:
        InvalidAction: Without an actor.
        IllegalAction: When they are not in the party or cannot act.
    """
    if not action.actor:
        raise InvalidAction(f"{type(action).__name__} needs the acting character")
    member = next((c for c in state.party if c.id == action.actor), None)
    if member is None:
        raise IllegalAction(f"{action.actor} is not with the party.")
    if not member.can_act:
        raise IllegalAction(f"{member.name} cannot act ({member.status.value.replace('_', ' ')}).")
    return member


def _carried(member: Character, keys: tuple[str, ...]) -> Item | None:
    return next((item for item in member.items if item.defn.key in keys), None)


def _adjacent_door(expedition: ExpeditionState, at: Pos) -> Door:
    level = expedition.level
    door = level.doors.get(tuple(at))  # type: ignore[arg-type]  # a journal list decodes as a tuple
    if door is None or level.tile(door.pos) is not Tile.DOOR or (door.secret and not door.found):
        raise IllegalAction("There is no door there.")
    if manhattan(door.pos, expedition.position) > 1:
        raise IllegalAction("The party must stand at the door.")
    return door


def _enemies_here(expedition: ExpeditionState) -> bool:
    room = expedition.room
    return room is not None and any(e.room == room.id and not e.defeated for e in expedition.level.encounters)


def step_target(expedition: ExpeditionState, direction: str) -> Pos:
    """The tile one step away in `direction`.

    Raises:
        InvalidAction: For an unknown direction.
    """
    if direction not in DIRECTIONS:
        raise InvalidAction(f"{direction!r} is not a direction; use north, east, south or west")
    dx, dy = DIRECTIONS[direction]
    return (expedition.position[0] + dx, expedition.position[1] + dy)


def area_after(expedition: ExpeditionState, target: Pos) -> str:
    """The area the party is in after stepping on `target`: a doorway keeps the current one."""
    level = expedition.level
    if level.tile(target) is Tile.DOOR:
        return expedition.area
    return area_of(level, target)


def _verify_step(state: CampaignState, action: Step) -> None:
    expedition = exploring(state)
    target = step_target(expedition, action.direction)
    level = expedition.level
    tile = level.tile(target)
    door = level.doors.get(target)
    if tile is Tile.DOOR and door is not None:
        if door.secret and not door.found:
            raise IllegalAction("A wall blocks the way.")
        if door.state in (DoorState.STUCK, DoorState.LOCKED):
            raise IllegalAction(f"The door is {door.state.value}: force it or pick the lock.")
        if door.state is DoorState.BARRED and door.barred_from != expedition.position:
            raise IllegalAction("The door is barred from the other side.")
    elif not level.in_bounds(target) or not tile.passable:
        raise IllegalAction(f"The {tile.label} blocks the way.")
    trap = level.trap_at(target)
    if trap is not None and trap.known and trap.armed and not trap.object_trap:
        raise IllegalAction(f"The {trap.name} is there: step around it, or disarm it.")


def _verify_loot(state: CampaignState, action: Loot) -> None:
    expedition = exploring(state)
    acting(state, action)
    if _enemies_here(expedition):
        raise IllegalAction("Not with enemies here.")
    if known_armed(traps_here(expedition)):
        raise IllegalAction("Not while a known trap here is armed: disarm it first.")
    caches = lootable(expedition)
    if not caches:
        raise IllegalAction("There is nothing here to loot.")
    if all(cache.locked for cache in caches):
        raise IllegalAction("What is here is locked: pick the lock first.")


def lootable(expedition: ExpeditionState) -> list[Cache]:
    """The caches the party can see in its area and has not emptied yet."""
    level = expedition.level
    room = expedition.room
    return [
        cache
        for cache in level.caches
        if not cache.looted
        and not cache.hidden
        and (cache.room == room.id if room is not None else cache.pos == expedition.position)
    ]


def _verify_look(state: CampaignState, action: LookForTraps) -> None:
    exploring(state)
    member = acting(state, action)
    if Skill.INFILTRATION in member.skills:
        return
    if _carried(member, (POLE,)) is None:
        raise IllegalAction(f"{member.name} needs Infiltration, or a 3 meter pole and a plan.")
    if not action.plan.strip():
        raise IllegalAction("Without Infiltration, say how the pole is used (a clear plan).")


def _verify_disarm(state: CampaignState, action: DisarmTrap) -> None:
    expedition = exploring(state)
    acting(state, action)
    trap = expedition.level.trap_at(tuple(action.at))  # type: ignore[arg-type]
    if trap is None or not trap.known or trap not in traps_here(expedition):
        raise IllegalAction("The party knows of no trap there.")
    if not trap.armed:
        raise IllegalAction(f"The {trap.name} is already spent.")
    if not can_disarm(trap):
        raise IllegalAction(f"The {trap.name} cannot be disarmed, only avoided or set off.")


def _verify_use(state: CampaignState, action: UseItem) -> None:
    exploring(state)
    member = acting(state, action)
    item = next((i for i in member.items if i.uid == action.item), None)
    if item is None:
        raise IllegalAction(f"{member.name} does not carry that item.")
    tags = item.defn.tags
    if Tag.CAMP in tags:
        raise IllegalAction(f"The {item.name} is used in camp, not while exploring.")
    if Tag.QUICK not in tags and Tag.SLOW not in tags:
        raise IllegalAction(f"The {item.name} is not something to use.")
    if item.defn.light is None and item.defn.key not in CURES_BY_ITEM:
        raise IllegalAction(f"Using the {item.name} is not in the rules yet.")
    if item.defn.light is not None and not item.lit and item.defn.usage and not item.usage:
        raise IllegalAction(f"The {item.name} is spent.")


def slow_cost(state: CampaignState, item: Item) -> bool:
    """True when using the item takes a slow action (it is slow and not also quick)."""
    return Tag.SLOW in item.defn.tags and Tag.QUICK not in item.defn.tags


def _verify_search(state: CampaignState, action: Search) -> None:
    expedition = exploring(state)
    acting(state, action)
    if expedition.room is None:
        raise IllegalAction("There is no room here to search.")


def _verify_listen(state: CampaignState, action: ListenAtDoor) -> None:
    expedition = exploring(state)
    acting(state, action)
    door = _adjacent_door(expedition, action.at)
    if door.state is DoorState.OPEN:
        raise IllegalAction("The door stands open: there is nothing to listen through.")


def _verify_force(state: CampaignState, action: ForceDoor) -> None:
    expedition = exploring(state)
    member = acting(state, action)
    door = _adjacent_door(expedition, action.at)
    if door.state in (DoorState.OPEN, DoorState.CLOSED):
        raise IllegalAction("The door is not stuck: just go through.")
    if door.state is DoorState.BARRED:
        if door.barred_from == expedition.position:
            raise IllegalAction("The bar is on this side: lift it and go through.")
        if _carried(member, BREAKERS) is None:
            raise IllegalAction("A door barred from the other side needs an axe, pickaxe or sledgehammer.")


def _verify_pick(state: CampaignState, action: PickLock) -> None:
    expedition = exploring(state)
    member = acting(state, action)
    if _carried(member, (LOCKPICKS,)) is None:
        raise IllegalAction(f"{member.name} has no lockpicking tools.")
    cache = expedition.level.cache_at(tuple(action.at))  # type: ignore[arg-type]
    if cache is not None and cache in lootable(expedition):
        if not cache.locked:
            raise IllegalAction("It is not locked.")
        return
    door = _adjacent_door(expedition, action.at)
    if door.state is not DoorState.LOCKED:
        raise IllegalAction("The door is not locked.")


def safe_here(state: CampaignState) -> str:
    """Why this is not a safe place to camp (§10.1), or "" when it is."""
    expedition = expedition_of(state)
    if expedition.room is None:
        return "Camp is made in a room, not in a corridor."
    if _enemies_here(expedition):
        return "Not with enemies here."
    if known_armed(traps_here(expedition)):
        return "Not beside an armed trap."
    if expedition.coming:
        return "Something is coming: this is no place to rest."
    return ""


def _verify_camp(state: CampaignState, action: SetUpCamp) -> None:
    exploring(state)
    reason = safe_here(state)
    if reason:
        raise IllegalAction(reason)


def _verify_exit(state: CampaignState, action: ExitDungeon) -> None:
    expedition = exploring(state)
    exit_tile = expedition.level.exit
    if exit_tile is None or manhattan(exit_tile, expedition.position) > 1:
        raise IllegalAction("The way out is not here.")


def _verify_descend(state: CampaignState, action: Descend) -> None:
    expedition = exploring(state)
    if expedition.level.stairs_down != expedition.position or expedition.depth >= len(
        expedition.dungeon.levels
    ):
        raise IllegalAction("There are no stairs down here.")


def _verify_ascend(state: CampaignState, action: Ascend) -> None:
    expedition = exploring(state)
    if expedition.level.stairs_up != expedition.position or expedition.depth <= 1:
        raise IllegalAction("There are no stairs up here.")


GUARDS: dict[type[Action], Callable[[CampaignState, Any], None]] = {
    Step: _verify_step,
    Loot: _verify_loot,
    LookForTraps: _verify_look,
    DisarmTrap: _verify_disarm,
    UseItem: _verify_use,
    Search: _verify_search,
    ListenAtDoor: _verify_listen,
    ForceDoor: _verify_force,
    PickLock: _verify_pick,
    SetUpCamp: _verify_camp,
    ExitDungeon: _verify_exit,
    Descend: _verify_descend,
    Ascend: _verify_ascend,
}
"""Each exploration action's guard."""


def exploration_cost(state: CampaignState, action: Action) -> int:
    """Exploration turns `action` takes now (§10.1, HOUSE §1.4), assuming it is allowed."""
    expedition = state.expedition
    if isinstance(action, Step):
        if expedition is None:
            return 1
        target = step_target(expedition, action.direction)
        return 0 if area_after(expedition, target) == expedition.area else 1
    if isinstance(action, ExitDungeon):
        return 0
    if isinstance(action, UseItem):
        member = next((c for c in state.party if c.id == action.actor), None)
        item = None if member is None else next((i for i in member.items if i.uid == action.item), None)
        if item is None or not slow_cost(state, item) or expedition is None:
            return 0
        shared = expedition.slow_turn == state.turn and state.turn > 0
        return 0 if shared and action.actor not in expedition.slow_users else 1
    if isinstance(action, ForceDoor) and expedition is not None:
        door = expedition.level.doors.get(tuple(action.at))  # type: ignore[arg-type]
        return 2 if door is not None and door.state is DoorState.BARRED else 1
    return 1


def living_members(state: CampaignState) -> list[Character]:
    """Party members not dead."""
    return [member for member in state.party if member.status is not Status.DEAD]
