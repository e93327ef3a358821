"""Provides room hazards set off by noise, flame or entry: collapses, choked exits, marsh gas, drag marks.

The themes' hazard tables (HOUSE §1.9–§1.14) give each room at most one hazard, `Room.hazard`.
Those handled here act at three moments: `collapse_on_noise` runs whenever the party makes a
loud noise (it registers on `exploration_turn.NOISE_MADE`), `noise_hazards_entered` when the
party enters a room, and `flame_lit` when someone lights a light. A hazard that has done its work
once is spent: `Room.hazard` becomes "" and its text says so (`spend`).

House readings:
- A collapse comes down once (rotten props, loose shale, crumbling brick), and, being a
  collapse, it is itself very loud (HOUSE §1.5).
- Only adventurers who can act defend; the party is one marker, so "everyone in the room" is
  the whole party (someone down is left where they lie).
- A choked exit is a door of the room turned to rubble (`choke_exit`): the fallen ceiling chokes
  one the first time the party enters, never a door beside the party (the way it came in); rotten
  props choke the room's door farthest from the party. Either way the door is broken open
  beneath the rubble, so clearing it (`hazard_actions.ClearRubble`) leaves a way through.
- Marsh gas goes off the first time a torch or candle (an open flame, not a lantern) burns in
  the room: carried in lit, or lit there. Then the gas is gone.
- Drag marks are checked on entry here; the check itself is in `hazards_drag`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from expedition.rules.character.adventurer import Character
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import Resolution
from expedition.rules.core.distance import Pos, manhattan
from expedition.rules.core.errors import NotationError
from expedition.rules.core.events import Event, Note
from expedition.rules.core.item_defs import Item
from expedition.rules.core.notation import parse_attack
from expedition.rules.exploration.dungeon_map import Level, Room
from expedition.rules.exploration.exploration_turn import NOISE_MADE, make_noise
from expedition.rules.exploration.features import Door
from expedition.rules.exploration.hazards.drag_marks import follow_drag_marks
from expedition.rules.exploration.tiles import DoorState, Tile
from expedition.rules.exploration.traps import failed_defence, run_test
from expedition.rules.items import slots

if TYPE_CHECKING:
    from expedition.rules.engine.campaign import CampaignState

COLLAPSES: dict[str, tuple[str, str]] = {
    "rotten_props": ("STR 2", "HOUSE §1.10"),
    "loose_shale": ("-DEX 2", "HOUSE §1.12"),
    "crumbling_brick": ("STR 2", "HOUSE §1.14"),
}
"""Hazards a loud action brings down: the defence everyone in the room makes, and the section."""
BLOCKING = frozenset({"rotten_props"})
"""Collapses that also block the passage (a choked exit)."""
FALLEN_CEILING = "fallen_ceiling"
"""The mausoleum hazard whose room has one exit choked (HOUSE §1.9)."""
MARSH_GAS = "marsh_gas"
"""The sewer hazard that an open flame sets off (HOUSE §1.14)."""
MARSH_GAS_ATTACK = "DEX 2"
"""What everyone in the room defends when the gas explodes."""
DRAG_MARKS = "drag_marks"
"""The warren hazard that may bring the level's maneater (HOUSE §1.10, `hazards_drag`)."""
OPEN_FLAMES = frozenset({"torch", "candle"})
"""Lights that burn in the open: a lantern's flame is shut in glass (house reading)."""


def room_here(state: CampaignState) -> Room | None:
    """The room the party stands in, None outside a dungeon or in a corridor or doorway."""
    expedition = state.expedition
    return None if expedition is None else expedition.room


def spend(room: Room) -> None:
    """The room's hazard has done its work: it no longer acts (its text keeps what happened)."""
    room.hazard = ""
    room.hazard_text = f"{room.hazard_text} (spent)" if room.hazard_text else ""


def defend(
    ctx: Context, state: CampaignState, victim: Character, notation: str, *, what: str, rule: str
) -> Resolution[bool]:
    """`victim` defends against a hazard's attack in enemy notation, as against a trap (HOUSE §0).

    A success avoids it; a failure takes BASE (a critical failure BASE + CRIT) through armour
    unless P. Shields against impact (HOUSE §1.8) are not applied yet, as for traps.

    Returns:
        True if the victim avoided it.
    """
    try:
        attack = parse_attack(notation)
    except NotationError:
        ctx.emit(Note(rule="HOUSE §0", text=f"The attack {notation!r} of {what} cannot be read."))
        return True
    result = yield from run_test(
        ctx,
        state,
        victim,
        attack.attrs[0],
        advantage=max(0, attack.defence),
        disadvantage=max(0, -attack.defence),
        purpose=f"against {what}",
        rule=rule,
    )
    ctx.emit(HazardDefended(rule=rule, character=victim.id, hazard=what, avoided=result.succeeded))
    if result.succeeded:
        return True

    yield from failed_defence(ctx, victim, attack, result, rule=rule)
    return False


def everyone_defends(
    ctx: Context, state: CampaignState, notation: str, *, what: str, rule: str
) -> Resolution[list[Character]]:
    """Every adventurer who can act defends against the attack (house: the party is one marker).

    Returns:
        Those who failed.
    """
    failed: list[Character] = []
    for member in [m for m in state.party if m.can_act]:
        if not (yield from defend(ctx, state, member, notation, what=what, rule=rule)):
            failed.append(member)
    return failed


def exits_of(level: Level, room: Room) -> list[Door]:
    """The room's doors that are open to use or choked: not secret doors still unfound."""
    return [d for d in level.doors.values() if room.id in d.rooms and (d.found or not d.secret)]


def choke_exit(
    ctx: Context, level: Level, room: Room, party: Pos, *, spare_near: bool, rule: str
) -> Door | None:
    """Rubble fills one door of `room`: the one farthest from `party` (house reading).

    Args:
        ctx: Events.
        level: The level.
        room: The room.
        party: The party's tile.
        spare_near: Never choke a door next to the party (the way it came in).
        rule: The section applied.

    Returns:
        The choked door, None when no door fits.
    """
    doors = [d for d in exits_of(level, room) if level.tile(d.pos) is Tile.DOOR]
    if spare_near:
        doors = [d for d in doors if manhattan(d.pos, party) > 1]
    if not doors:
        return None
    door = max(doors, key=lambda d: (manhattan(d.pos, party), d.pos))
    door.state = DoorState.OPEN  # broken open under the rubble: cleared, it is a way through
    level.set_tile(door.pos, Tile.RUBBLE)
    ctx.emit(ExitChoked(rule=rule, room=room.id, pos=door.pos))
    return door


@NOISE_MADE.register
def collapse_on_noise(ctx: Context, state: CampaignState) -> Resolution[None]:
    """A loud noise brings down a collapse hazard in the party's room (HOUSE §1.10, §1.12, §1.14)."""
    room = room_here(state)
    if room is None or room.hazard not in COLLAPSES:
        return
    expedition = state.expedition
    assert expedition is not None
    hazard = room.hazard
    notation, rule = COLLAPSES[hazard]
    spend(room)
    ctx.emit(RoomCollapsed(rule=rule, room=room.id, hazard=hazard))
    yield from everyone_defends(ctx, state, notation, what="the falling stone", rule=rule)
    if hazard in BLOCKING:
        choke_exit(ctx, expedition.level, room, expedition.position, spare_near=False, rule=rule)
    yield from make_noise(ctx, state, very=True, what="a collapse")  # HOUSE §1.5: a collapse


def noise_hazards_entered(ctx: Context, state: CampaignState, before: str) -> Resolution[None]:
    """If the party has just entered a room from area `before`, its entry hazards act (HOUSE §1.9–§1.14).

    `before` is "" when the party arrives by the stairs.
    """
    room = room_here(state)
    expedition = state.expedition
    if room is None or expedition is None or expedition.area == before:
        return
    if room.hazard == FALLEN_CEILING:
        spend(room)
        choke_exit(ctx, expedition.level, room, expedition.position, spare_near=True, rule="HOUSE §1.9")
    elif room.hazard == MARSH_GAS:
        flame = next((m for m in state.party for i in slots.lit_lights(m) if _open_flame(i)), None)
        if flame is not None:
            yield from explode_gas(ctx, state, room, flame)
    elif room.hazard == DRAG_MARKS:
        follow_drag_marks(ctx, state)


def flame_lit(ctx: Context, state: CampaignState, lighter: Character, item: Item) -> Resolution[None]:
    """Someone lit a light: a torch or candle sets off marsh gas in the party's room (HOUSE §1.14)."""
    room = room_here(state)
    if room is not None and room.hazard == MARSH_GAS and item.lit and _open_flame(item):
        yield from explode_gas(ctx, state, room, lighter)


def _open_flame(item: Item) -> bool:
    return item.defn.key in OPEN_FLAMES


def explode_gas(ctx: Context, state: CampaignState, room: Room, lighter: Character) -> Resolution[None]:
    """The marsh gas explodes: everyone defends DEX 2, and the blast is very loud (HOUSE §1.14)."""
    spend(room)
    ctx.emit(GasExploded(rule="HOUSE §1.14", room=room.id, character=lighter.id))
    yield from everyone_defends(ctx, state, MARSH_GAS_ATTACK, what="the exploding gas", rule="HOUSE §1.14")
    yield from make_noise(ctx, state, very=True, what="an explosion")


@dataclass(frozen=True, slots=True, kw_only=True)
class HazardDefended(Event):
    """An adventurer defended against a room hazard's attack.

    Attributes:
        character: Who.
        hazard: What struck at them, in words ("the falling stone").
        avoided: True if they avoided it.
    """

    character: str
    hazard: str
    avoided: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class ExitChoked(Event):
    """Rubble choked a door of a room: it cannot be passed until cleared.

    Attributes:
        room: The room's id.
        pos: The door's tile, now rubble.
    """

    room: int
    pos: Pos


@dataclass(frozen=True, slots=True, kw_only=True)
class RoomCollapsed(Event):
    """A loud noise brought a room's roof down.

    Attributes:
        room: The room's id.
        hazard: The hazard's key ("rotten_props").
    """

    room: int
    hazard: str


@dataclass(frozen=True, slots=True, kw_only=True)
class GasExploded(Event):
    """An open flame set off the marsh gas of a room.

    Attributes:
        room: The room's id.
        character: Whose flame it was.
    """

    room: int
    character: str
