"""Provides settlement doom 7 (§9.4): the locals hunt the party and the settlement is no longer safe.

House reading (the book gives only the words): from doom 7 on,
- each morning the locals look for the party: the GM rolls 2d! (`HUNT_DICE`); when it triggers
  they catch up, and each adventurer takes a DEX test to get away; a failure costs 1 wound, a
  critical failure 2 (`the_hunt`);
- nowhere is safe to sleep but the streets: every other bed is refused, and whoever had chosen one
  sleeps on the streets table (`sleep.verify_bed`, `sleep.sleep`), camping out included;
- nobody trades with the party (already so from doom 6) — the party should set out, or lay low
  to bring the doom down again.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from expedition.rules.character import harm
from expedition.rules.core.attributes import Attr
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import GM, Resolution
from expedition.rules.core.dice import risk_triggered
from expedition.rules.core.events import Event
from expedition.rules.core.judging import Outcome
from expedition.rules.exploration.traps import run_test
from expedition.rules.interlude.interlude_state import InterludeState
from expedition.rules.trackers.doom import hunted

if TYPE_CHECKING:
    from expedition.rules.engine.campaign import CampaignState

HUNT_DICE = 2
"""House: risk dice the GM rolls each morning while the locals hunt the party (2d!)."""
RULE = "§9.4"


def is_hunted(state: CampaignState, interlude: InterludeState) -> bool:
    """True when the settlement's doom has reached 7: the locals hunt the party (§9.4)."""
    return hunted(state.locations[interlude.settlement].doom.filled)


def the_hunt(ctx: Context, state: CampaignState, interlude: InterludeState) -> Resolution[bool]:
    """The morning's hunt (house, §9.4 doom 7): 2d!; when triggered, a DEX test each to get away.

    Returns:
        True when the locals caught up with the party this morning.
    """
    if not is_hunted(state, interlude) or not state.living:
        return False
    faces = ctx.roll(HUNT_DICE, 6, who=GM, why="the locals hunt the party (2d!)", rule=RULE)
    caught = risk_triggered(faces)
    ctx.emit(PartyHunted(rule=RULE, caught=caught))
    if not caught:
        return False
    for member in list(state.living):
        result = yield from run_test(
            ctx, state, member, Attr.DEX, purpose="to get away from the mob", rule=RULE
        )
        wounds = 0 if result.succeeded else 2 if result.outcome is Outcome.CRITICAL_FAILURE else 1
        ctx.emit(RanFromTheMob(rule=RULE, character=member.id, wounds=wounds))
        if wounds:
            yield from harm.place_wounds(ctx, member, wounds, rule=RULE)
    return True


@dataclass(frozen=True, slots=True, kw_only=True)
class PartyHunted(Event):
    """The morning's hunt was rolled (house, §9.4 doom 7); `caught` when the locals found the party."""

    caught: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class RanFromTheMob(Event):
    """An adventurer ran from the hunting locals; `wounds` taken (0 when they got away clean)."""

    character: str
    wounds: int
