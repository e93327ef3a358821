"""Provides the drag marks of the goblin warren (HOUSE §1.10): the trail that may bring the level's maneater.

House reading: each time the party enters a room with drag marks (`hazards_noise`), if the
level's stocked encounters still hold a Golden Ridge Maneater, the GM rolls 2d!. A trigger takes
the maneater (and a Hobgoblin, its keeper, when its group has one) out of its lair, and the two
come as a wandering group: a sign now, and they arrive like any other (`combat_setup`
`wandering_arrives`, which finds their enemies with `hazard_group`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from expedition.rules.core.context import Context
from expedition.rules.core.decisions import GM
from expedition.rules.core.dice import risk_triggered
from expedition.rules.core.events import Event
from expedition.rules.exploration.exploration_turn import WanderingMonstersComing

if TYPE_CHECKING:
    from expedition.rules.engine.campaign import CampaignState

MANEATER = "golden_ridge_maneater"
"""The enemy the drag marks lead to."""
KEEPER = "hobgoblin"
"""The maneater's keeper."""
DRAG_GROUP = "The maneater and its keeper"
"""The name of the group the drag marks bring (not a row of any wandering table)."""
DRAG_DICE = 2
"""The drag marks' wandering check: 2d!."""


def follow_drag_marks(ctx: Context, state: CampaignState) -> str | None:
    """The drag marks' 2d! check: a trigger sends the level's maneater and a keeper (HOUSE §1.10).

    Returns:
        The group's name when it comes, else None.
    """
    expedition = state.expedition
    if expedition is None or expedition.combat is not None:
        return None
    lair = next((e for e in expedition.level.encounters if not e.defeated and MANEATER in e.enemies), None)
    if lair is None:
        return None
    faces = ctx.roll(DRAG_DICE, 6, who=GM, why="wandering check (drag marks)", rule="HOUSE §1.10")
    if not risk_triggered(faces):
        return None
    left = list(lair.enemies)
    left.remove(MANEATER)
    if KEEPER in left:
        left.remove(KEEPER)
    lair.enemies = tuple(left)
    lair.defeated = not left
    ctx.emit(LairStirred(rule="HOUSE §1.10", room=lair.room, left=lair.enemies))

    expedition.coming.append(DRAG_GROUP)
    ctx.emit(
        WanderingMonstersComing(
            rule="HOUSE §1.10",
            reason="drag marks",
            row=0,
            group=DRAG_GROUP,
            enemies=hazard_group(DRAG_GROUP),
            depth=expedition.depth,
        )
    )
    return DRAG_GROUP


def hazard_group(name: str) -> tuple[str, ...]:
    """The enemy keys of a group a hazard sent (no wandering row holds it); () for any other name."""
    return (MANEATER, KEEPER) if name == DRAG_GROUP else ()


@dataclass(frozen=True, slots=True, kw_only=True)
class LairStirred(Event):
    """The drag marks' check triggered: the maneater (and its keeper) left their lair.

    Attributes:
        room: The lair's room id.
        left: The enemy keys still in the lair.
    """

    room: int
    left: tuple[str, ...]
