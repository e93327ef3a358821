"""Provides `NewRecruit` (§5.1): a new adventurer joins in the interlude, in place of one who fell.

The book gives each player one adventurer and a new one when theirs dies. A player who plays
several (solo play: one player, four adventurers) is our case, and we rule it the same way, one
for one (house): while the party holds fewer living adventurers than it began with
(`CampaignState.party_size`, those waiting in the settlement counted as alive), a player with the
fewest living adventurers makes a new one. A player with nobody left may always make one. The
guard is here; the making is creation's (`creation.recruits.recruit`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from expedition.rules.core.actions import Action
from expedition.rules.core.errors import IllegalAction
from expedition.rules.creation.recruits import recruit
from expedition.rules.interlude.interlude_state import current

if TYPE_CHECKING:
    from expedition.rules.core.context import Context
    from expedition.rules.core.decisions import Resolution
    from expedition.rules.engine.campaign import CampaignState

__all__ = ["NewRecruit", "new_recruit", "verify_recruit"]

WAITING = "waiting"
"""The fate of a roster entry staying behind in the settlement, alive (`engine.campaign.Fate`)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class NewRecruit(Action):
    """A player makes a new adventurer in the interlude, in place of a fallen one (the module docstring)."""

    player: str


def verify_recruit(state: CampaignState, action: NewRecruit) -> None:
    current(state)
    player = state.player(action.player)
    alive = {p.id: 0 for p in state.players}
    for member in state.living:
        alive[member.owner] = alive.get(member.owner, 0) + 1
    if not alive.get(player.id, 0):
        return  # §5.1: nobody of theirs is left
    # `Fate.WAITING` by its value: the campaign's module is the engine's, a layer above the chapters.
    waiting = sum(1 for entry in state.roster if entry.fate == WAITING)
    if sum(alive.values()) + waiting >= state.party_size:
        raise IllegalAction(
            "A new adventurer joins only in place of one who fell, and the party has nobody to replace."
        )
    if alive[player.id] > min(alive.values()):
        raise IllegalAction(f"{player.name} already plays more adventurers than another player does.")


def new_recruit(ctx: Context, state: CampaignState, action: NewRecruit) -> Resolution[None]:

    yield from recruit(ctx, state, action.player)
