"""Provides `Search` (HOUSE §1.4): searching the room, 1 ET and an INT test; its guard, verb and events.

A success finds the room's secret doors and hidden caches, a great success its traps too; a critical
failure springs its object traps on the searcher. Infiltration, or Loremaster in a ruin, gives
advantage.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from expedition.rules.character.blindness import refuse_blind
from expedition.rules.core.actions import Action
from expedition.rules.core.attributes import Attr
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.events import Event
from expedition.rules.core.judging import Outcome
from expedition.rules.core.skills import Skill
from expedition.rules.exploration.expedition import reveal
from expedition.rules.exploration.exploration_turn import turns_pass
from expedition.rules.exploration.surroundings import acting, current_expedition, exploring
from expedition.rules.exploration.traps import find, run_test, spring, traps_here

if TYPE_CHECKING:
    from expedition.rules.core.context import Context
    from expedition.rules.core.decisions import Resolution
    from expedition.rules.engine.campaign import CampaignState

__all__ = ["HiddenCacheFound", "RoomSearched", "Search", "SecretDoorFound", "search", "verify_search"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Search(Action):
    """Search the room (HOUSE §1.4): 1 ET, an INT test for secret doors and hidden caches."""


def verify_search(state: CampaignState, action: Search) -> None:
    """Raise unless a sighted actor is in a room."""
    expedition = exploring(state)
    refuse_blind(acting(state, action), "search")  # mishap 5 (house)
    if expedition.room is None:
        raise IllegalAction("There is no room here to search.")


def search(ctx: Context, state: CampaignState, action: Search) -> Resolution[None]:
    """The searcher tests INT; see the module docstring for what each outcome finds."""
    expedition = current_expedition(state)
    member = state.character(action.actor)
    room = expedition.room
    assert room is not None
    level = expedition.level
    advantage = int(
        Skill.INFILTRATION in member.skills or (Skill.LOREMASTER in member.skills and "ruin" in level.theme)
    )
    result = yield from run_test(
        ctx, state, member, Attr.INT, advantage=advantage, purpose="to search the room", rule="HOUSE §1.4"
    )
    expedition.searched.add(f"{expedition.depth}:{room.id}")
    here = traps_here(expedition)
    doors = [d for d in level.doors.values() if d.secret and not d.found and room.id in d.rooms]
    caches = [c for c in level.caches if c.hidden and c.room == room.id and not c.looted]
    traps = [t for t in here if t.armed and not t.known] if result.outcome is Outcome.GREAT_SUCCESS else []
    found = len(doors) + len(caches) + len(traps) if result.succeeded else 0
    ctx.emit(
        RoomSearched(
            rule="HOUSE §1.4", character=member.id, room=room.id, outcome=result.outcome, found=found
        )
    )
    if result.succeeded:
        for door in doors:
            door.found = True
            ctx.emit(SecretDoorFound(rule="HOUSE §1.4", pos=door.pos))
        for cache in caches:
            cache.hidden = False
            ctx.emit(HiddenCacheFound(rule="HOUSE §1.4", pos=cache.pos, description=cache.description))
        if result.outcome is Outcome.GREAT_SUCCESS:
            find(ctx, here, disarm=False, rule="HOUSE §1.4")
    elif result.outcome is Outcome.CRITICAL_FAILURE:
        for trap in [t for t in here if t.armed and t.object_trap]:
            yield from spring(ctx, state, trap, member, rule="HOUSE §1.4")
    reveal(state)
    yield from turns_pass(ctx, state, 1)


@dataclass(frozen=True, slots=True, kw_only=True)
class RoomSearched(Event):
    """A character searched a room.

    Attributes:
        found: How many hidden things the search turns up (secret doors, caches, traps), told one
            by one in the events that follow; 0 says the search found nothing.
    """

    character: str
    room: int
    outcome: Outcome
    found: int = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class SecretDoorFound(Event):
    """A secret door was found."""

    pos: tuple[int, int]


@dataclass(frozen=True, slots=True, kw_only=True)
class HiddenCacheFound(Event):
    """A hidden cache was found."""

    pos: tuple[int, int]
    description: str
