"""Provides the camp action Cook some food (§10.3, §6.1): rations cooked on the fire feed the party.

Cooking needs a fire and a camping supply used up for this camp. Each cooked ration feeds 2, 3
with Cooking, 4 with Master Chef; the hungry and parched eat first, and the cook's own rations go
into the pot first. Who ate is noted in the camp (`FED`): camping out, it is their day's ration.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from expedition.rules.camp.camp_party import camper, living
from expedition.rules.camp.camp_setup import current_camp
from expedition.rules.camp.pool import RULE, afford, spend
from expedition.rules.character.afflictions import Cure, apply_cure
from expedition.rules.core.actions import Action
from expedition.rules.core.conditions import Affliction
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.events import Event
from expedition.rules.core.skills import Skill
from expedition.rules.items.usage import use_one

if TYPE_CHECKING:
    from expedition.rules.character.adventurer import Character
    from expedition.rules.core.context import Context
    from expedition.rules.core.decisions import Resolution
    from expedition.rules.engine.campaign import CampaignState

__all__ = ["COST", "FED", "Cook", "FoodCooked", "cook", "feeds", "rations", "verify_cook"]

COST = 1
"""Camp actions cooking takes (§10.3)."""
FED = "fed:"
"""Prefix of `CampState.done` entries naming who ate a cooked meal at this camp."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Cook(Action):
    """Cook some food (§10.3): 1 camp action; needs a fire, a supply used this camp and rations."""


def rations(state: CampaignState) -> int:
    """Rations the party carries."""
    return sum(i.quantity for m in state.party for i in m.items if i.defn.key == "ration")


def feeds(cook: Character) -> int:
    """Eaters one cooked ration feeds: 2, 3 with Cooking, 4 with Master Chef (§10.3, §6.1)."""
    return 4 if Skill.MASTER_CHEF in cook.skills else 3 if Skill.COOKING in cook.skills else 2


def verify_cook(state: CampaignState, action: Cook) -> None:
    """Raise unless the actor may cook now: a fire, a supply used this camp, a ration, the pool."""
    camp, _ = camper(state, action)
    if not camp.fire:
        raise IllegalAction("Cooking needs a fire.")
    if not camp.supplies_used:
        raise IllegalAction("Cooking needs a camping supply used up for this camp.")
    if not rations(state):
        raise IllegalAction("Nobody has a ration to cook.")
    afford(camp, COST)


def cook(ctx: Context, state: CampaignState, action: Cook) -> Resolution[None]:
    """Cook as many rations as the eaters need (or the party has); each eater loses Hungry and Parched."""
    spend(ctx, current_camp(state), action, COST)
    chef = state.character(action.actor)
    needy = {Affliction.HUNGRY, Affliction.PARCHED}
    eaters = sorted(living(state), key=lambda m: not needy & m.afflictions)
    per = feeds(chef)
    wanted = -(-len(eaters) // per)
    givers = [chef, *(m for m in state.party if m is not chef)]
    cooked = 0
    for giver in givers:
        for item in [i for i in giver.items if i.defn.key == "ration"]:
            while cooked < wanted and item in giver.items:
                use_one(ctx, giver, item, rule=RULE)
                cooked += 1
    fed = eaters[: cooked * per]
    ctx.emit(FoodCooked(rule=RULE, cook=chef.id, rations=cooked, fed=tuple(m.id for m in fed)))
    for eater in fed:
        apply_cure(ctx, eater, Cure.RATION, rule=RULE)
        current_camp(state).done.append(f"{FED}{eater.id}")  # camping out: the day's ration (house)
    return
    yield


@dataclass(frozen=True, slots=True, kw_only=True)
class FoodCooked(Event):
    """A meal was cooked: `rations` used, `fed` the characters who ate."""

    cook: str
    rations: int
    fed: tuple[str, ...]
