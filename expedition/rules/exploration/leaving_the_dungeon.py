"""Provides `ExitDungeon` (§10.1): its guard, `leave_dungeon` and its event; no turn, but doom +2.

Leaving takes the party up a chapter: the guard is exploration's, the verb of `ExitDungeon` is the
interlude's (`interlude.homecoming.VERBS`), which calls `leave_dungeon` and then opens the interlude.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from expedition.rules.character.afflictions import Cure, apply_cure
from expedition.rules.core.actions import Action
from expedition.rules.core.distance import manhattan
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.events import Event
from expedition.rules.core.lasting import Span, end_spans
from expedition.rules.core.phase import Phase
from expedition.rules.exploration.dead_vigil import expedition_over
from expedition.rules.exploration.kept_dungeon import keep_dungeon
from expedition.rules.exploration.surroundings import exploring
from expedition.rules.magic.spells.lasting_spells import close_pockets
from expedition.rules.trackers.doom import advance_doom

if TYPE_CHECKING:
    from expedition.rules.core.context import Context
    from expedition.rules.core.decisions import Resolution
    from expedition.rules.engine.campaign import CampaignState

__all__ = ["DungeonExited", "ExitDungeon", "leave_dungeon", "verify_exit"]


@dataclass(frozen=True, slots=True, kw_only=True)
class ExitDungeon(Action):
    """Leave the dungeon by its exit for the interlude (§10.1): doom +2."""


def verify_exit(state: CampaignState, action: ExitDungeon) -> None:
    """Raise unless the party stands at the way out (or beside it)."""
    expedition = exploring(state)
    exit_tile = expedition.level.exit
    if exit_tile is None:
        raise IllegalAction("The way out is not on this level.")
    away = manhattan(exit_tile, expedition.position)
    if away > 1:
        raise IllegalAction(f"The way out (X) is {away} tiles away: stand on it or next to it.")


def leave_dungeon(ctx: Context, state: CampaignState) -> Resolution[None]:
    """Leave by the exit: doom +2, the expedition ends and the party is back in the interlude (§10.1).

    The interlude's own arrival (`interlude.homecoming`, the verb of `ExitDungeon`) follows.
    """
    here = state.here
    yield from advance_doom(ctx, here.doom, state.omens, state.party, 2, rule="§10.1")
    for member in state.living:
        apply_cure(ctx, member, Cure.LEFT_DUNGEON_ALIVE, rule="§4.6")
    ctx.emit(DungeonExited(rule="§10.1", dungeon=here.name, turns=state.turn))

    close_pockets(ctx, state)  # §11.1 Pocket reality ends with the expedition
    end_spans(ctx, state, tuple(Span), "left the dungeon", rule="§10.1")

    keep_dungeon(state)  # the dungeon stays as the party leaves it, for its return (§10.1)
    expedition_over(ctx, state)  # the bodies are kept and the expedition's day counts (HOUSE §1.7)
    state.expedition = None
    state.location = state.settlement
    state.phase = Phase.INTERLUDE


@dataclass(frozen=True, slots=True, kw_only=True)
class DungeonExited(Event):
    """The party left the dungeon for the interlude."""

    dungeon: str
    turns: int
