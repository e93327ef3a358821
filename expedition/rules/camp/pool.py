"""Provides the pool of camp actions (§10.3): what it is made of, whether it holds a cost, and paying from it.

Setup builds the pool from the parts `pool_parts` lists (`camp_setup.start_camp`); each camp
action's guard ends with `afford` (its own reason comes first), and its verb starts with `spend`,
which reports `CampActionTaken`. Each action's module says what it costs.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.events import Event
from expedition.rules.core.wording import plural

if TYPE_CHECKING:
    from expedition.rules.core.actions import Action
    from expedition.rules.core.context import Context
    from expedition.rules.exploration.camp_state import CampPlace, CampState

__all__ = ["RULE", "CampActionTaken", "Part", "afford", "pool_parts", "pool_size", "spend"]

RULE = "§10.3"
"""The section camp actions apply unless a skill's own (§6.1) does."""


@dataclass(frozen=True, slots=True)
class Part:
    """One line of a sum shown to the players: what it is and what it adds (negative to take away)."""

    label: str
    amount: int


def pool_parts(
    place: CampPlace, *, supplies: int, survivalists: int, fire: bool, long_rest: bool
) -> tuple[Part, ...]:
    """What the pool of camp actions is made of (§10.3, §16 #16: nothing by default)."""
    parts: list[Part] = []
    if place.dry:
        parts.append(Part("dry, stable place", 1))
    if supplies:
        parts.append(Part(f"{plural(supplies, 'camping supply')} used", supplies))
    if survivalists:
        parts.append(Part(plural(survivalists, "Survivalist"), survivalists))
    if fire:
        parts.append(Part("a fire", 1))
    if long_rest:
        parts.append(Part("long rest", 2))
    if place.filthy:
        parts.append(Part("filthy place", -1))
    return tuple(parts)


def pool_size(parts: Sequence[Part]) -> int:
    """The total the parts give, never fewer than 0."""
    return max(0, sum(part.amount for part in parts))


def afford(camp: CampState, cost: int) -> None:
    """Raise unless the camp's pool holds `cost` camp actions.

    Raises:
        IllegalAction: Saying what it takes and what is left.
    """
    if cost > camp.pool:
        raise IllegalAction(f"That takes {plural(cost, 'camp action')}; {camp.pool} left.")


def spend(ctx: Context, camp: CampState, action: Action, cost: int) -> CampState:
    """Take `cost` camp actions out of the pool for `action`, and report what is left.

    Returns:
        The camp, for the verb to go on with.
    """
    camp.pool -= cost
    ctx.emit(
        CampActionTaken(
            rule=RULE, action=type(action).__name__, character=action.actor, cost=cost, left=camp.pool
        )
    )
    return camp


@dataclass(frozen=True, slots=True, kw_only=True)
class CampActionTaken(Event):
    """A camp action was taken: `cost` came out of the pool, `left` remain."""

    action: str
    character: str
    cost: int
    left: int
