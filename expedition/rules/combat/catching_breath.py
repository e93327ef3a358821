"""Provides `CombatCatchBreath` (§10.2.2): 1 fatigue off every attribute in a fight; not while Shaken."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from expedition.rules.character.recovery import catch_breath, verify_catch_breath
from expedition.rules.combat.fighter_turn import done, fighter, start
from expedition.rules.core.actions import Action
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import Resolution
from expedition.rules.exploration.hazards.air import breath_stolen

if TYPE_CHECKING:
    from expedition.rules.engine.campaign import CampaignState


@dataclass(frozen=True, slots=True, kw_only=True)
class CombatCatchBreath(Action):
    """Catch breath in a fight: 1 fatigue off every attribute; not while Shaken (§10.2.2)."""


def verify_breath(state: CampaignState, action: CombatCatchBreath) -> None:
    _, member = fighter(state, action)
    verify_catch_breath(member)


def breathe(ctx: Context, state: CampaignState, action: CombatCatchBreath) -> Resolution[None]:
    _, member = start(state, action)

    if not breath_stolen(ctx, state, member.id):  # void chill, miasma (HOUSE §1.13, §1.14)
        catch_breath(ctx, member, rule="§10.2.2")
    yield from done(ctx, state, member, action)
