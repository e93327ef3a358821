"""Provides the barricade of spiked doors (house, HOUSE §1.4, §1.6): a wandering group must hack through."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from expedition.rules.core.events import Event
from expedition.rules.core.lasting import (
    ON_END,
    Lasting,
    Span,
    add_lasting,
    end_lasting,
    lasting_keyed,
    lasting_on,
)
from expedition.rules.exploration.exploration_turn import make_noise
from expedition.rules.exploration.tiles import DoorState

if TYPE_CHECKING:
    from expedition.rules.core.context import Context
    from expedition.rules.core.decisions import Resolution
    from expedition.rules.engine.campaign import CampaignState
    from expedition.rules.exploration.features import Door

SPIKED = "item:spiked"
"""A door spiked shut from the party's side; held by the door's tile "x,y"."""
BREAKING = "item:breaking"
"""A wandering group hacking at a spiked door; held by the door's tile, `left` in ET (HOUSE §1.4)."""


def _tile(pos: tuple[int, int]) -> str:
    return f"{pos[0]},{pos[1]}"


def _sealing(state: CampaignState) -> list[Door]:
    """Spiked doors of the party's room when every door of it is spiked (else none)."""
    expedition = state.expedition
    room = expedition.room if expedition is not None else None
    if expedition is None or room is None:
        return []
    doors = [
        d for d in expedition.level.doors.values() if room.id in d.rooms and not (d.secret and not d.found)
    ]
    spiked = [d for d in doors if d.state is DoorState.BARRED and lasting_on(state, _tile(d.pos), SPIKED)]
    return spiked if doors and len(spiked) == len(doors) else []


def barricade_holds(ctx: Context, state: CampaignState) -> Resolution[bool]:
    """(house) True while spiked doors keep an arriving wandering group out of the party's room.

    HOUSE §1.4: getting through a barricade takes 1d3 ET and is loud. The first time a group
    would arrive at a room whose every door is spiked, it starts hacking (a `BREAKING` lasting of
    1d3 turns, a loud noise); when that runs out the door is broken open and the group comes in.
    """
    if lasting_keyed(state, BREAKING):
        return True
    sealing = _sealing(state)
    if not sealing:
        return False
    door = sealing[0]
    (turns,) = ctx.roll(1, 3, who="gm", why="turns to break the barricade", rule="HOUSE §1.4")
    add_lasting(ctx, state, BREAKING, _tile(door.pos), Span.TURN, turns, rule="HOUSE §1.4")
    ctx.emit(BarricadeAssailed(rule="HOUSE §1.4", pos=door.pos, turns=turns))

    yield from make_noise(ctx, state, what="a barricade hacked at")
    return True


def _broken(ctx: Context, state: CampaignState, effect: Lasting) -> None:
    expedition = state.expedition
    if expedition is None:
        return
    pos = tuple(int(p) for p in effect.holder.split(","))
    door = expedition.level.doors.get(pos)  # type: ignore[arg-type]
    for spikes in lasting_on(state, effect.holder, SPIKED):
        end_lasting(ctx, state, spikes, "broken", rule="HOUSE §1.4")
    if door is not None and door.state is DoorState.BARRED:
        door.state = DoorState.OPEN
        ctx.emit(BarricadeBroken(rule="HOUSE §1.4", pos=door.pos))


ON_END[BREAKING] = _broken


@dataclass(frozen=True, slots=True, kw_only=True)
class BarricadeAssailed(Event):
    """A wandering group reached a spiked door and hacks at it for `turns` ET."""

    pos: tuple[int, int]
    turns: int


@dataclass(frozen=True, slots=True, kw_only=True)
class BarricadeBroken(Event):
    """A spiked door was broken open from the far side."""

    pos: tuple[int, int]
