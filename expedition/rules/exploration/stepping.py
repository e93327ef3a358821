"""Provides `Step`, moving the party one tile (§10.1, HOUSE §1.4): its guard, its cost, its verb and event.

House rule for moving: stepping within a room or a corridor is free; stepping into a different
room or corridor area costs 1 ET; a doorway belongs to the area the party came from. A closed door
on the way is opened (a bar on this side lifted); a hidden trap under the step springs; then the
room entered acts (its air, its floors, its noise) and an undefeated encounter there fights.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from expedition.rules.character.adventurer import Character
from expedition.rules.character.traumas import exploration_move_supported
from expedition.rules.combat.fight_setup import fight_here, wandering_arrives
from expedition.rules.core.actions import Action
from expedition.rules.core.distance import Pos
from expedition.rules.core.errors import IllegalAction, InvalidAction
from expedition.rules.core.events import Event
from expedition.rules.exploration.doors_and_locks import open_door
from expedition.rules.exploration.expedition import ExpeditionState, area_of, reveal
from expedition.rules.exploration.exploration_turn import turns_pass
from expedition.rules.exploration.hazards.air import room_entered
from expedition.rules.exploration.hazards.floors import enter_room
from expedition.rules.exploration.hazards.noise import noise_hazards_entered
from expedition.rules.exploration.surroundings import current_expedition, exploring
from expedition.rules.exploration.tiles import DoorState, Tile
from expedition.rules.exploration.traps import spring

if TYPE_CHECKING:
    from expedition.rules.core.context import Context
    from expedition.rules.core.decisions import Resolution
    from expedition.rules.engine.campaign import CampaignState

__all__ = [
    "DIRECTIONS",
    "PartyStepped",
    "Step",
    "area_after",
    "step",
    "step_cost",
    "step_target",
    "verify_step",
]

DIRECTIONS: dict[str, Pos] = {"north": (0, -1), "east": (1, 0), "south": (0, 1), "west": (-1, 0)}
"""Step directions by name."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Step(Action):
    """Move the party one tile orthogonally (§10.1; HOUSE rule on cost in `step_cost`).

    Attributes:
        direction: "north", "east", "south" or "west".
    """

    direction: str


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


def verify_step(state: CampaignState, action: Step) -> None:
    """Raise unless the tile is open to the party: no wall, shut door or known trap, no unsupported leg."""
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
    for member in state.party:
        if member.can_act and not exploration_move_supported(member, state.party):
            raise IllegalAction(f"{member.name}'s leg is broken: they need a cane or a helping hand (§4.5).")


def step_cost(state: CampaignState, action: Step) -> int:
    """Exploration turns a step takes: 0 within an area, 1 into another (HOUSE §1.4)."""
    expedition = state.expedition
    if expedition is None:
        return 1
    target = step_target(expedition, action.direction)
    return 0 if area_after(expedition, target) == expedition.area else 1


def _leader(state: CampaignState) -> Character:
    return next(member for member in state.party if member.can_act)


def step(ctx: Context, state: CampaignState, action: Step) -> Resolution[None]:
    """The party moves one tile; see the module docstring for what it meets there."""
    expedition = current_expedition(state)
    cost = step_cost(state, action)
    level = expedition.level
    target = step_target(expedition, action.direction)
    door = level.doors.get(target)
    if door is not None and door.state is not DoorState.OPEN:
        open_door(ctx, door, "lifted the bar" if door.state is DoorState.BARRED else "opened")
    area = area_after(expedition, target)
    before = expedition.area
    expedition.position = target
    if area != expedition.area:
        expedition.area, expedition.turns_in_area = area, 0
    ctx.emit(PartyStepped(rule="§10.1", pos=target, area=area, cost=cost))
    reveal(state)
    trap = level.trap_at(target)
    if trap is not None and trap.armed and not trap.known and not trap.object_trap:
        victim = state.character(action.actor) if action.actor else _leader(state)
        yield from spring(ctx, state, trap, victim, rule="HOUSE §1.8")
    yield from room_entered(ctx, state, before)  # HOUSE §1.9-§1.14: the room's air and light act

    yield from enter_room(ctx, state, before, action.actor)  # water, floors that give way (HOUSE §1.9-§1.14)
    announced = list(expedition.coming)
    yield from noise_hazards_entered(ctx, state, before)  # fallen ceiling, marsh gas, drag marks
    yield from turns_pass(ctx, state, cost)

    if not (yield from fight_here(ctx, state)):  # an undefeated encounter in the room fights (§10.1)
        yield from wandering_arrives(ctx, state, announced)


@dataclass(frozen=True, slots=True, kw_only=True)
class PartyStepped(Event):
    """The party moved one tile; `cost` is the turns it took (0 within an area)."""

    pos: tuple[int, int]
    area: str
    cost: int
