"""Provides the camp action Transmute (§10.3, §11.1): a wizard blends a tonic, free in camp."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from expedition.rules.camp.camp_setup import current_camp
from expedition.rules.core.actions import Action
from expedition.rules.core.errors import IllegalAction, InvalidAction
from expedition.rules.magic.magic_effects import the_world
from expedition.rules.magic.spells.alchemy import brew, mixture

if TYPE_CHECKING:
    from expedition.rules.core.context import Context
    from expedition.rules.core.decisions import Resolution
    from expedition.rules.engine.campaign import CampaignState

__all__ = ["COST", "Transmute", "transmute", "verify_transmute"]

COST = 0
"""Camp actions Transmute takes: none, it is free in camp (§10.3)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Transmute(Action):
    """Blend carried extracts into a tonic (§11.1): costs no camp action, needs the memorised spell.

    Attributes:
        tonic: The recipe's key ("healing_tonic").
    """

    tonic: str


def verify_transmute(state: CampaignState, action: Transmute) -> None:
    """Raise unless the actor may blend `action.tonic` in camp now."""
    current_camp(state)
    member = next((c for c in state.party if c.id == action.actor), None)
    if member is None:
        raise InvalidAction("Transmute needs the acting character.")
    if not member.can_act:
        raise IllegalAction(f"{member.name} cannot act now.")
    magic = member.magic
    if "transmute" not in magic.memorised_spells or "transmute" in magic.forgotten_spells:
        raise IllegalAction(f"{member.name} does not hold the Transmute spell in memory.")
    mixture(member, action.tonic)


def transmute(ctx: Context, state: CampaignState, action: Transmute) -> Resolution[None]:
    """Blend the tonic; in camp this costs no time and needs no casting test (house reading of §11.1)."""
    member = state.character(action.actor)
    brew(ctx, member, action.tonic, the_world(ctx.world).items, state.next_uid, rule="§11.1")
    state.next_uid += 1
    return
    yield
