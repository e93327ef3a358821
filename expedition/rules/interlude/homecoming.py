"""Provides the party's return from a dungeon: the exit's verb ends the expedition and opens the interlude.

`ExitDungeon` is an exploration action (its guard is `leaving_the_dungeon`'s); leaving is
exploration's `leave_dungeon` (§10.1), and arriving in the settlement is the interlude's (§10.4).

House ruling (the book is silent on lights between expeditions): the party puts its lights out
as it walks into town, so no torch or lantern is still burning in the interlude and each is lit
again at the next dungeon's door (which costs no turn). A light burning its last turn on a spent
usage die is used up, as putting it out in the dungeon would (§7.8).
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import TYPE_CHECKING, Any

from expedition.rules.core.actions import Action
from expedition.rules.exploration.leaving_the_dungeon import ExitDungeon, leave_dungeon
from expedition.rules.interlude.interlude_state import arrive
from expedition.rules.items.slots import lit_lights
from expedition.rules.items.usage import extinguish

if TYPE_CHECKING:
    from expedition.rules.core.context import Context
    from expedition.rules.core.decisions import Resolution
    from expedition.rules.engine.campaign import CampaignState


def exit_dungeon(ctx: Context, state: CampaignState, action: ExitDungeon) -> Resolution[None]:
    """Leave by the exit (doom +2, §10.1), then arrive in the settlement for the interlude (§10.4)."""
    yield from leave_dungeon(ctx, state)
    put_out_lights(ctx, state)
    arrive(ctx, state)


def put_out_lights(ctx: Context, state: CampaignState) -> None:
    """Put out every light the living carry home (house ruling; the module docstring says why)."""
    for member in state.living:
        for item in lit_lights(member):
            extinguish(ctx, member, item, rule="§10.4")


VERBS: dict[type[Action], Callable[[Context, CampaignState, Any], Generator[Any, str, None]]] = {
    ExitDungeon: exit_dungeon,
}
"""The verb of `ExitDungeon`, for the dispatch."""
