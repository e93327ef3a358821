"""Provides the party's return from a dungeon: the exit's verb ends the expedition and opens the interlude.

`ExitDungeon` is an exploration action (its guard is `leaving_the_dungeon`'s); leaving is
exploration's `leave_dungeon` (§10.1), and arriving in the settlement is the interlude's (§10.4).
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import TYPE_CHECKING, Any

from expedition.rules.core.actions import Action
from expedition.rules.exploration.leaving_the_dungeon import ExitDungeon, leave_dungeon
from expedition.rules.interlude.interlude_state import arrive

if TYPE_CHECKING:
    from expedition.rules.core.context import Context
    from expedition.rules.core.decisions import Resolution
    from expedition.rules.engine.campaign import CampaignState


def exit_dungeon(ctx: Context, state: CampaignState, action: ExitDungeon) -> Resolution[None]:
    """Leave by the exit (doom +2, §10.1), then arrive in the settlement for the interlude (§10.4)."""
    yield from leave_dungeon(ctx, state)
    arrive(ctx, state)


VERBS: dict[type[Action], Callable[[Context, CampaignState, Any], Generator[Any, str, None]]] = {
    ExitDungeon: exit_dungeon,
}
"""The verb of `ExitDungeon`, for the dispatch."""
