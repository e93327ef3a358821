"""Provides the camp (§10.3): setting it up, its pool of camp actions, the ambush roll and breaking camp.

Order of play: setup (`start_camp` builds the pool and asks about supplies, the fire and a long
rest), camp actions (`camp_actions`), then the ambush roll and breaking camp, which the
`BreakCamp` action does together. A dungeon camp lives in `ExpeditionState.camp`; camping out
during the interlude keeps it in `CampaignState.camp`.

Breaking camp is here; setup and finding the camp are in `camp_setup`, the ambush roll in
`camp_ambush`. Their public names are re-exported from this module.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from expedition.rules.camp.camp_setup import (
    current_camp,
)
from expedition.rules.character.adventurer import Character, Status
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import Resolution
from expedition.rules.core.events import Event
from expedition.rules.core.phase import Phase
from expedition.rules.trackers.doom import advance_doom

if TYPE_CHECKING:
    from expedition.rules.engine.campaign import CampaignState

__all__ = [
    "CampBroken",
    "break_camp",
    "living",
]


# --- breaking camp -----------------------------------------------------------------------------


def break_camp(ctx: Context, state: CampaignState) -> Resolution[None]:
    """Break camp (§10.3): doom +1, or +2 after a long rest (§16 #9), and back to what the party did.

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


def living(state: CampaignState) -> list[Character]:
    """Party members not dead (everyone in camp shares rest and sleep)."""
    return [member for member in state.party if member.status is not Status.DEAD]


# --- events ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class CampBroken(Event):
    """Camp was broken: doom advanced by `doom`, and the party went back to `returns_to`."""

    doom: int
    long_rest: bool
    returns_to: str
