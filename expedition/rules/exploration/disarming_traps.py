"""Provides `DisarmTrap` (§10.1): 1 ET and a test to disarm a found trap, which springs on a failure.

The test's attribute is the trap's (`traps.disarm_attr`); a tool its text names and Occult Studies
on an occult trap give advantage.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from expedition.rules.core.actions import Action
from expedition.rules.core.distance import Pos
from expedition.rules.core.errors import IllegalAction
from expedition.rules.exploration.exploration_turn import turns_pass
from expedition.rules.exploration.exploring_skills import occult_disarm_advantage
from expedition.rules.exploration.gear import disarm_advantage
from expedition.rules.exploration.surroundings import acting, current_expedition, exploring
from expedition.rules.exploration.traps import (
    can_disarm,
    disarm_attr,
    disarm_trap,
    run_test,
    spring,
    traps_here,
)

if TYPE_CHECKING:
    from expedition.rules.core.context import Context
    from expedition.rules.core.decisions import Resolution
    from expedition.rules.engine.campaign import CampaignState

__all__ = ["DisarmTrap", "disarm", "verify_disarm"]


@dataclass(frozen=True, slots=True, kw_only=True)
class DisarmTrap(Action):
    """Disarm a found trap (§10.1): 1 ET, a DEX test; failure sets it off.

    Attributes:
        at: The trap's tile.
    """

    at: Pos


def verify_disarm(state: CampaignState, action: DisarmTrap) -> None:
    """Raise unless the party knows of an armed trap there that can be disarmed."""
    expedition = exploring(state)
    acting(state, action)
    trap = expedition.level.trap_at(tuple(action.at))  # type: ignore[arg-type]
    if trap is None or not trap.known or trap not in traps_here(expedition):
        raise IllegalAction("The party knows of no trap there.")
    if not trap.armed:
        raise IllegalAction(f"The {trap.name} is already spent.")
    if not can_disarm(trap):
        raise IllegalAction(f"The {trap.name} cannot be disarmed, only avoided or set off.")


def disarm(ctx: Context, state: CampaignState, action: DisarmTrap) -> Resolution[None]:
    """The disarmer tests; the trap is disarmed on a success and springs on them otherwise."""
    expedition = current_expedition(state)
    member = state.character(action.actor)
    trap = expedition.level.trap_at(tuple(action.at))  # type: ignore[arg-type]
    assert trap is not None

    result = yield from run_test(
        ctx,
        state,
        member,
        disarm_attr(trap),
        # a tool the trap's text names (HOUSE §1.8); Occult Studies on an occult trap (house, §6.1)
        advantage=disarm_advantage(member, trap) + occult_disarm_advantage(member, trap),
        purpose=f"to disarm the {trap.name}",
        rule="§10.1",
    )
    if result.succeeded:
        disarm_trap(ctx, trap, rule="§10.1")
    else:
        yield from spring(ctx, state, trap, member, rule="§10.1")
    yield from turns_pass(ctx, state, 1)
