"""Provides `Descend` and `Ascend`: taking the stairs to another level, 1 ET; their guards, verbs, event.

The party arrives on the other level's stairs (down lands on the stairs up, and back), and the room
it arrives in is entered: its air, light and noise act (HOUSE §1.9-§1.14).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from expedition.rules.core.actions import Action
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.events import Event
from expedition.rules.exploration.expedition import arrive_on_level
from expedition.rules.exploration.exploration_turn import turns_pass
from expedition.rules.exploration.hazards.air import room_entered
from expedition.rules.exploration.hazards.noise import noise_hazards_entered
from expedition.rules.exploration.surroundings import current_expedition, exploring

if TYPE_CHECKING:
    from expedition.rules.core.context import Context
    from expedition.rules.core.decisions import Resolution
    from expedition.rules.engine.campaign import CampaignState

__all__ = ["Ascend", "Descend", "LevelChanged", "ascend", "descend", "verify_ascend", "verify_descend"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Descend(Action):
    """Take the stairs down to the next level: 1 ET."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Ascend(Action):
    """Take the stairs up to the level above: 1 ET."""


def verify_descend(state: CampaignState, action: Descend) -> None:
    """Raise unless the party stands on stairs down, above the last level."""
    expedition = exploring(state)
    if expedition.level.stairs_down != expedition.position or expedition.depth >= len(
        expedition.dungeon.levels
    ):
        raise IllegalAction("There are no stairs down here.")


def verify_ascend(state: CampaignState, action: Ascend) -> None:
    """Raise unless the party stands on stairs up, below the first level."""
    expedition = exploring(state)
    if expedition.level.stairs_up != expedition.position or expedition.depth <= 1:
        raise IllegalAction("There are no stairs up here.")


def _change_level(ctx: Context, state: CampaignState, down: bool) -> Resolution[None]:
    pos = arrive_on_level(state, down)
    ctx.emit(LevelChanged(rule="§10.1", depth=current_expedition(state).depth, pos=pos))
    yield from room_entered(ctx, state, "")  # arriving in a room enters it (HOUSE §1.9-§1.14)
    yield from noise_hazards_entered(ctx, state, "")
    yield from turns_pass(ctx, state, 1)


def descend(ctx: Context, state: CampaignState, action: Descend) -> Resolution[None]:
    """Down the stairs to the next level."""
    yield from _change_level(ctx, state, True)


def ascend(ctx: Context, state: CampaignState, action: Ascend) -> Resolution[None]:
    """Up the stairs to the level above."""
    yield from _change_level(ctx, state, False)


@dataclass(frozen=True, slots=True, kw_only=True)
class LevelChanged(Event):
    """The party took the stairs to another level."""

    depth: int
    pos: tuple[int, int]
