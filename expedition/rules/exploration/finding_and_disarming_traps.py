"""Provides `LookForTraps` and `DisarmTrap` (§10.1): each 1 ET and a test; their guards, verbs and event.

Looking: Infiltration (or Occult Studies, for an occult trap) lets anyone look; otherwise a 3 meter
pole and a plan are needed. An INT test: a success finds every trap there, a great success disarms
them too, a critical failure springs the armed ones on the looker.

Disarming a found trap: the test's attribute is the trap's (`traps.disarm_attr`); a tool its text
names and Occult Studies on an occult trap give advantage; a failure springs it on the disarmer.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from expedition.rules.character.blindness import refuse_blind
from expedition.rules.core.actions import Action
from expedition.rules.core.attributes import Attr
from expedition.rules.core.distance import Pos
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.events import Event, Note
from expedition.rules.core.judging import Outcome
from expedition.rules.core.skills import Skill
from expedition.rules.exploration.exploration_turn import turns_pass
from expedition.rules.exploration.exploring_skills import (
    occult_disarm_advantage,
    occult_find_advantage,
    occult_look,
)
from expedition.rules.exploration.gear import disarm_advantage
from expedition.rules.exploration.surroundings import acting, carried_tool, current_expedition, exploring
from expedition.rules.exploration.traps import (
    can_disarm,
    disarm_attr,
    disarm_trap,
    find,
    find_modifier,
    run_test,
    spring,
    traps_here,
)

if TYPE_CHECKING:
    from expedition.rules.core.context import Context
    from expedition.rules.core.decisions import Resolution
    from expedition.rules.engine.campaign import CampaignState

__all__ = [
    "POLE",
    "DisarmTrap",
    "LookForTraps",
    "TrapsLookedFor",
    "disarm",
    "look_for_traps",
    "verify_disarm",
    "verify_look",
]

POLE = "three_meter_pole"
"""The tool that lets anyone look for traps with a plan (§10.1)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class LookForTraps(Action):
    """Look for traps in this area (§10.1): 1 ET, an INT test.

    Attributes:
        plan: Without Infiltration, how the character uses their pole (a clear plan is required).
    """

    plan: str = ""


def verify_look(state: CampaignState, action: LookForTraps) -> None:
    """Raise unless a sighted actor has Infiltration, Occult Studies for the trap, or a pole and a plan."""
    exploring(state)
    member = acting(state, action)
    refuse_blind(member, "look for traps")  # mishap 5 (house)
    if Skill.INFILTRATION in member.skills or occult_look(state, member):  # (house) Occult Studies, §6.1
        return
    if carried_tool(member, (POLE,)) is None:
        raise IllegalAction(f"{member.name} needs Infiltration, or a 3 meter pole and a plan.")
    if not action.plan.strip():
        raise IllegalAction("Without Infiltration, say how the pole is used (a clear plan).")


def look_for_traps(ctx: Context, state: CampaignState, action: LookForTraps) -> Resolution[None]:
    """The looker tests INT; see the module docstring for what each outcome does."""
    expedition = current_expedition(state)
    member = state.character(action.actor)
    here = traps_here(expedition)
    advantage, disadvantage = find_modifier(here)
    advantage += occult_find_advantage(member, here)  # HOUSE §1.13: Occult Studies finds the glyph
    result = yield from run_test(
        ctx,
        state,
        member,
        Attr.INT,
        advantage=advantage,
        disadvantage=disadvantage,
        purpose="to find traps",
        rule="§10.1",
    )
    ctx.emit(TrapsLookedFor(rule="§10.1", character=member.id, outcome=result.outcome))
    if result.succeeded:
        found = find(ctx, here, disarm=result.outcome is Outcome.GREAT_SUCCESS, rule="§10.1")
        if not found:  # a success finds every trap there is, so the party now knows there is none left
            ctx.emit(Note(rule="§10.1", text=f"{member.name} finds no hidden trap here."))
    elif result.outcome is Outcome.CRITICAL_FAILURE:
        for trap in [t for t in here if t.armed]:
            yield from spring(ctx, state, trap, member, rule="§10.1")
    yield from turns_pass(ctx, state, 1)


@dataclass(frozen=True, slots=True, kw_only=True)
class TrapsLookedFor(Event):
    """A character looked for traps."""

    character: str
    outcome: Outcome


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
