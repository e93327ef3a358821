"""Provides breaking camp (§10.3): the ambush roll, packing up (doom +1, +2 after a long rest), the way back.

In a dungeon `BreakCamp` rolls the ambush dice (unless they were rolled already), packs up, and a
wandering group falls on the party if the dice said so. Camping out in the interlude (house) rolls
no ambush and costs no doom: the camp packs up and the interlude's night goes on at once, where
whoever ate a cooked meal at the camp needs no ration.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from expedition.rules.camp.ambush import AmbushResult, ambush_fight, roll_ambush
from expedition.rules.camp.camp_setup import current_camp
from expedition.rules.camp.cooking import FED
from expedition.rules.core.actions import Action
from expedition.rules.core.events import Event
from expedition.rules.core.phase import Phase
from expedition.rules.interlude.day_and_night import night
from expedition.rules.trackers.doom import advance_doom

if TYPE_CHECKING:
    from expedition.rules.core.context import Context
    from expedition.rules.core.decisions import Resolution
    from expedition.rules.engine.campaign import CampaignState

__all__ = ["COST", "BreakCamp", "CampBroken", "break_camp", "pack_up", "verify_break_camp"]

COST = 0
"""Camp actions breaking camp takes: none; it ends the camp (§10.3)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class BreakCamp(Action):
    """Roll for an ambush, then break camp (§10.3): doom +1, or +2 after a long rest (§16 #9)."""


def verify_break_camp(state: CampaignState, action: BreakCamp) -> None:
    """Raise unless the party is camping (anyone may call for breaking camp)."""
    current_camp(state)


def break_camp(ctx: Context, state: CampaignState, action: BreakCamp) -> Resolution[None]:
    """Roll the ambush dice (in a dungeon), pack up, then fight whatever comes, or go on with the night."""
    camp = current_camp(state)
    interlude = state.interlude
    if not camp.place.in_dungeon and interlude is not None:
        fed = tuple(done.removeprefix(FED) for done in camp.done if done.startswith(FED))
        yield from pack_up(ctx, state)
        yield from night(ctx, state, interlude, fed=fed)
        return
    result = AmbushResult.SAFE if camp.ambush_rolled else roll_ambush(ctx, state)
    yield from pack_up(ctx, state)
    if result is not AmbushResult.SAFE:
        yield from ambush_fight(ctx, state, surprised=result is AmbushResult.SURPRISED)


def pack_up(ctx: Context, state: CampaignState) -> Resolution[None]:
    """Put out the fire and pack up (§10.3): doom +1, +2 after a long rest (§16 #9), back to what came before.

    Doom advances only in a dungeon; camping out in the interlude leaves it alone.
    """
    camp = current_camp(state)
    doom = 2 if camp.long_rest else 1
    if camp.place.in_dungeon:
        yield from advance_doom(ctx, state.here.doom, state.omens, state.party, doom, rule="§16 #9")
    if state.expedition is not None and state.expedition.camp is camp:
        state.expedition.camp = None
    else:
        state.camp = None
    state.phase = Phase(camp.returns_to)
    ctx.emit(
        CampBroken(
            rule="§10.3",
            doom=doom if camp.place.in_dungeon else 0,
            long_rest=camp.long_rest,
            returns_to=camp.returns_to,
        )
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class CampBroken(Event):
    """Camp was broken: doom advanced by `doom`, and the party went back to `returns_to`."""

    doom: int
    long_rest: bool
    returns_to: str
