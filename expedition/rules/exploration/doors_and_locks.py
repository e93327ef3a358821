"""Provides the door actions (HOUSE §1.4): listening at a door, forcing it, picking its lock or a chest's.

Each action's guard raises `IllegalAction` with a reason; its verb tests, opens and spends the turn.
A stuck or locked door is forced with STR (a locked one at a disadvantage), loudly unless the test is
a great success; a door barred from the far side is broken with an axe, a pickaxe or a sledgehammer in
2 turns, loudly. Lockpicking tools open a chest with a DEX test, a door only from `LOCK_TEST_DEPTH`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from expedition.rules.core.actions import Action
from expedition.rules.core.attributes import Attr
from expedition.rules.core.distance import Pos
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.events import Event
from expedition.rules.core.judging import Outcome
from expedition.rules.exploration.expedition import ExpeditionState, area_of
from expedition.rules.exploration.exploration_turn import make_noise, turns_pass
from expedition.rules.exploration.surroundings import (
    acting,
    adjacent_door,
    carried_tool,
    current_expedition,
    exploring,
    lootable,
)
from expedition.rules.exploration.tiles import DoorState
from expedition.rules.exploration.traps import run_test
from expedition.rules.items import usage

if TYPE_CHECKING:
    from expedition.rules.core.context import Context
    from expedition.rules.core.decisions import Resolution
    from expedition.rules.engine.campaign import CampaignState
    from expedition.rules.exploration.features import Door

__all__ = [
    "BREAKERS",
    "LOCKPICKS",
    "LOCK_TEST_DEPTH",
    "DoorListenedAt",
    "DoorOpened",
    "ForceDoor",
    "ListenAtDoor",
    "LockPicked",
    "PickLock",
    "force_cost",
    "force_door",
    "listen_at_door",
    "open_door",
    "pick_lock",
    "verify_force",
    "verify_listen",
    "verify_pick",
]

LOCKPICKS = "lockpicking_tools"
"""The tools that pick locks (HOUSE §1.4)."""
BREAKERS = ("battle_axe", "pickaxe", "shovel_or_pickaxe", "war_hammer", "kit_war_hammer")
"""Tools that break a door barred from the other side (HOUSE §1.4)."""
LOCK_TEST_DEPTH = 3
"""From this effective depth a lock also needs a DEX test (HOUSE §1.4)."""


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


# --- guards ------------------------------------------------------------------------------------


def verify_listen(state: CampaignState, action: ListenAtDoor) -> None:
    """Raise unless the actor stands by a door that is not open."""
    expedition = exploring(state)
    acting(state, action)
    door = adjacent_door(expedition, action.at)
    if door.state is DoorState.OPEN:
        raise IllegalAction("The door stands open: there is nothing to listen through.")


def verify_force(state: CampaignState, action: ForceDoor) -> None:
    """Raise unless the door is stuck, locked, or barred from the far side with a breaker in hand."""
    expedition = exploring(state)
    member = acting(state, action)
    door = adjacent_door(expedition, action.at)
    if door.state in (DoorState.OPEN, DoorState.CLOSED):
        raise IllegalAction("The door is not stuck: just go through.")
    if door.state is DoorState.BARRED:
        if door.barred_from == expedition.position:
            raise IllegalAction("The bar is on this side: lift it and go through.")
        if carried_tool(member, BREAKERS) is None:
            raise IllegalAction("A door barred from the other side needs an axe, pickaxe or sledgehammer.")


def verify_pick(state: CampaignState, action: PickLock) -> None:
    """Raise unless the actor has lockpicking tools and the chest or door there is locked."""
    expedition = exploring(state)
    member = acting(state, action)
    if carried_tool(member, (LOCKPICKS,)) is None:
        raise IllegalAction(f"{member.name} has no lockpicking tools.")
    cache = expedition.level.cache_at(tuple(action.at))  # type: ignore[arg-type]
    if cache is not None and cache in lootable(expedition):
        if not cache.locked:
            raise IllegalAction("It is not locked.")
        return
    door = adjacent_door(expedition, action.at)
    if door.state is not DoorState.LOCKED:
        raise IllegalAction("The door is not locked.")


def force_cost(expedition: ExpeditionState, action: ForceDoor) -> int:
    """Exploration turns forcing the door takes: 2 to break a barred one, else 1 (HOUSE §1.4)."""
    door = expedition.level.doors.get(tuple(action.at))  # type: ignore[arg-type]
    return 2 if door is not None and door.state is DoorState.BARRED else 1


# --- verbs -------------------------------------------------------------------------------------


def open_door(ctx: Context, door: Door, how: str) -> None:
    """Open `door`, saying how ("opened", "forced", "lifted the bar", "broke through")."""
    door.state = DoorState.OPEN
    ctx.emit(DoorOpened(rule="HOUSE §1.4", pos=door.pos, how=how))


def listen_at_door(ctx: Context, state: CampaignState, action: ListenAtDoor) -> Resolution[None]:
    """An INT check: on a success, how many stir beyond the door."""
    expedition = current_expedition(state)
    member = state.character(action.actor)
    door = expedition.level.doors[tuple(action.at)]  # type: ignore[index]
    result = yield from run_test(ctx, state, member, Attr.INT, check=True, rule="HOUSE §1.4")
    expedition.listened.add(f"{expedition.depth}:{door.pos[0]},{door.pos[1]}")
    here = area_of(expedition.level, expedition.position)
    beyond = [r for r in door.rooms if f"room:{r}" != here]
    count = sum(len(e.enemies) for e in expedition.level.encounters if e.room in beyond and not e.defeated)
    ctx.emit(
        DoorListenedAt(
            rule="HOUSE §1.4",
            character=member.id,
            pos=door.pos,
            learned=result.succeeded,
            heard=count if result.succeeded else -1,
        )
    )
    yield from turns_pass(ctx, state, 1)


def force_door(ctx: Context, state: CampaignState, action: ForceDoor) -> Resolution[None]:
    """Break a barred door through, or test STR to force a stuck or locked one; see the module docstring."""
    expedition = current_expedition(state)
    member = state.character(action.actor)
    door = expedition.level.doors[tuple(action.at)]  # type: ignore[index]
    if door.state is DoorState.BARRED:
        open_door(ctx, door, "broke through")
        yield from make_noise(ctx, state, what="a barred door broken")
        yield from turns_pass(ctx, state, 2)
        return
    locked = door.state is DoorState.LOCKED
    result = yield from run_test(
        ctx, state, member, Attr.STR, disadvantage=int(locked), purpose="to force the door", rule="HOUSE §1.4"
    )
    if result.succeeded:
        open_door(ctx, door, "forced")
    if result.outcome is not Outcome.GREAT_SUCCESS:
        yield from make_noise(ctx, state, what="forcing a door")
    yield from turns_pass(ctx, state, 1)


def pick_lock(ctx: Context, state: CampaignState, action: PickLock) -> Resolution[None]:
    """Spend the tools' usage, test DEX where a test is due, and unlock the chest or the door."""
    expedition = current_expedition(state)
    member = state.character(action.actor)
    tools = next(i for i in member.items if i.defn.key == LOCKPICKS)
    at = tuple(action.at)
    cache = expedition.level.cache_at(at)  # type: ignore[arg-type]
    if tools.usage:
        usage.roll_usage(ctx, member, tools, rule="HOUSE §1.4")
    opened = True
    if cache is not None or expedition.effective_depth >= LOCK_TEST_DEPTH:
        result = yield from run_test(
            ctx, state, member, Attr.DEX, purpose="to pick the lock", rule="HOUSE §1.4"
        )
        opened = result.succeeded
    if opened and cache is not None:
        cache.locked = False
        ctx.emit(LockPicked(rule="HOUSE §1.4", pos=cache.pos, character=member.id))
    elif opened:
        door = expedition.level.doors[at]  # type: ignore[index]
        door.state = DoorState.CLOSED
        ctx.emit(LockPicked(rule="HOUSE §1.4", pos=door.pos, character=member.id))
    yield from turns_pass(ctx, state, 1)


# --- events ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class DoorOpened(Event):
    """A door was opened: "opened", "forced", "lifted the bar" or "broke through"."""

    pos: tuple[int, int]
    how: str


@dataclass(frozen=True, slots=True, kw_only=True)
class DoorListenedAt(Event):
    """A character listened at a door; `heard` is how many stir beyond (-1 when nothing was learned)."""

    character: str
    pos: tuple[int, int]
    learned: bool
    heard: int


@dataclass(frozen=True, slots=True, kw_only=True)
class LockPicked(Event):
    """A lock was picked (a door's or a chest's)."""

    pos: tuple[int, int]
    character: str
