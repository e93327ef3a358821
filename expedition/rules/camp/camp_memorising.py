"""Provides the camp action Memorise (§10.3, §11.1, §11.2): a wizard or cleric swaps what they hold in memory.

A wizard chooses among their known spells, a cleric among their known prayers, up to the memory
limit (`magic.spells.memorising`). The pool is paid only once the memorising went through: getting
a forgotten spell back without a grimoire is refused before anything is spent.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from expedition.rules.camp.camp_party import camper
from expedition.rules.camp.camp_setup import current_camp
from expedition.rules.camp.pool import RULE, afford, spend
from expedition.rules.core.actions import Action
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.skills import Trait
from expedition.rules.magic.spells.memorising import memorise, memory_limit, relearn_refusal

if TYPE_CHECKING:
    from expedition.rules.core.context import Context
    from expedition.rules.core.decisions import Resolution
    from expedition.rules.engine.campaign import CampaignState

__all__ = ["COST", "Memorise", "memorise_at_camp", "verify_memorise"]

COST = 1
"""Camp actions memorising takes (§10.3)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Memorise(Action):
    """Memorise spells or prayers (§10.3, §11.1, §11.2): 1 camp action; a wizard or cleric swaps them.

    Attributes:
        keys: What to hold in memory from now on (spells for a wizard, prayers for a cleric).
    """

    keys: tuple[str, ...]


def verify_memorise(state: CampaignState, action: Memorise) -> None:
    """Raise unless the actor is a wizard or cleric who knows every key and can hold them all."""
    camp, member = camper(state, action)
    wizard = Trait.MAGIC_USER in member.traits
    if not wizard and Trait.DIVINE_MANDATE not in member.traits:
        raise IllegalAction(f"{member.name} has no spells or prayers to memorise.")
    known = member.magic.known_spells if wizard else member.magic.known_prayers
    unknown = [key for key in action.keys if key not in known]
    if unknown:
        raise IllegalAction(f"{member.name} does not know {', '.join(unknown)}.")
    if len(set(action.keys)) > memory_limit(member):
        raise IllegalAction(f"{member.name} can hold only {memory_limit(member)} in memory.")
    refusal = relearn_refusal(member, action.keys, needs_grimoire=not member.magic.grimoire_free)
    if refusal:
        raise IllegalAction(refusal)
    afford(camp, COST)


def memorise_at_camp(ctx: Context, state: CampaignState, action: Memorise) -> Resolution[None]:
    """Memorise the keys, then pay (a refusal, such as no grimoire, spends nothing)."""
    memorise(ctx, state.character(action.actor), action.keys, rule=RULE)
    spend(ctx, current_camp(state), action, COST)
    return
    yield
