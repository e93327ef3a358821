"""Provides the camp actions' guards (§10.3, §6.1): who may take each one now, and whether the pool holds it.

Each guard raises `IllegalAction` with a reason a player can read; `GUARDS` wraps them so the
specific reason comes before the pool's (the cost is `camp_action_types.camp_cost`).

House limits where the book is silent: a character keeps one lookout, and a surgeon operates
once per camp; the party sleeps once per camp; Crafting's free repair is once per crafter.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from expedition.rules.camp.camp_action_types import (
    BreakCamp,
    Cook,
    KeepLookout,
    Memorise,
    PerformRitual,
    PerformSurgery,
    RepairGear,
    Sleep,
    UseCampItem,
    WellDeservedRest,
    camp_cost,
)
from expedition.rules.camp.camp_items import repairable, verify_camp_item
from expedition.rules.camp.camp_setup import current_camp
from expedition.rules.camp.camp_state import CampState
from expedition.rules.camp.transmute import Transmute, verify_transmute
from expedition.rules.character.adventurer import Character
from expedition.rules.core.actions import Action
from expedition.rules.core.errors import IllegalAction, InvalidAction
from expedition.rules.core.item_defs import ArmourType, Item
from expedition.rules.core.skills import Skill, Trait
from expedition.rules.magic.spells.memorising import memory_limit

if TYPE_CHECKING:
    from expedition.rules.engine.campaign import CampaignState

__all__ = ["GUARDS", "carried", "feeds", "party_target", "rations"]


def _camper(state: CampaignState, action: Action) -> tuple[CampState, Character]:
    camp = current_camp(state)
    if not action.actor:
        raise InvalidAction(f"{type(action).__name__} needs the acting character")
    member = next((c for c in state.party if c.id == action.actor), None)
    if member is None:
        raise IllegalAction(f"{action.actor} is not with the party.")
    if not member.can_act:
        raise IllegalAction(f"{member.name} cannot act ({member.status.value.replace('_', ' ')}).")
    return camp, member


def _affordable(guard: Callable[[CampaignState, Any], None]) -> Callable[[CampaignState, Any], None]:
    """Run `guard`, then check the pool holds the action's cost (the specific reason comes first)."""

    def verify(state: CampaignState, action: Action) -> None:
        guard(state, action)
        camp = current_camp(state)
        cost = camp_cost(state, action)
        if cost > camp.pool:
            raise IllegalAction(f"That takes {cost} camp action{'s' if cost > 1 else ''}; {camp.pool} left.")

    return verify


def party_target(state: CampaignState, member: Character, target: str) -> Character:
    """Whom a camp action aims at: `member` for "", else the party member with that id.

    Raises:
        IllegalAction: When nobody with that id is with the party.
    """
    if not target:
        return member
    found = next((c for c in state.party if c.id == target), None)
    if found is None:
        raise IllegalAction(f"{target} is not with the party.")
    return found


def carried(member: Character, uid: int) -> Item:
    """The item with uid `uid` that `member` carries.

    Raises:
        IllegalAction: When `member` does not carry it.
    """
    item = next((i for i in member.items if i.uid == uid), None)
    if item is None:
        raise IllegalAction(f"{member.name} does not carry that item.")
    return item


def _verify_lookout(state: CampaignState, action: KeepLookout) -> None:
    camp, member = _camper(state, action)
    if member.id in camp.lookouts:
        raise IllegalAction(f"{member.name} is already keeping a lookout.")


def _verify_rest(state: CampaignState, action: WellDeservedRest) -> None:
    _camper(state, action)


def _verify_item(state: CampaignState, action: UseCampItem) -> None:
    _, member = _camper(state, action)
    verify_camp_item(member, party_target(state, member, action.target), carried(member, action.item))


def rations(state: CampaignState) -> int:
    """Rations the party carries."""
    return sum(i.quantity for m in state.party for i in m.items if i.defn.key == "ration")


def feeds(cook: Character) -> int:
    """Eaters one cooked ration feeds: 2, 3 with Cooking, 4 with Master Chef (§10.3, §6.1)."""
    return 4 if Skill.MASTER_CHEF in cook.skills else 3 if Skill.COOKING in cook.skills else 2


def _verify_cook(state: CampaignState, action: Cook) -> None:
    camp, _ = _camper(state, action)
    if not camp.fire:
        raise IllegalAction("Cooking needs a fire.")
    if not camp.supplies_used:
        raise IllegalAction("Cooking needs a camping supply used up for this camp.")
    if not rations(state):
        raise IllegalAction("Nobody has a ration to cook.")


def _verify_memorise(state: CampaignState, action: Memorise) -> None:
    _, member = _camper(state, action)
    wizard = Trait.MAGIC_USER in member.traits
    if not wizard and Trait.DIVINE_MANDATE not in member.traits:
        raise IllegalAction(f"{member.name} has no spells or prayers to memorise.")
    known = member.magic.known_spells if wizard else member.magic.known_prayers
    unknown = [key for key in action.keys if key not in known]
    if unknown:
        raise IllegalAction(f"{member.name} does not know {', '.join(unknown)}.")
    if len(set(action.keys)) > memory_limit(member):
        raise IllegalAction(f"{member.name} can hold only {memory_limit(member)} in memory.")


def _verify_sleep(state: CampaignState, action: Sleep) -> None:
    camp, _ = _camper(state, action)
    if camp.slept:
        raise IllegalAction("The party has already slept this camp.")


def _verify_ritual(state: CampaignState, action: PerformRitual) -> None:
    _, member = _camper(state, action)
    if Skill.RITUALIST not in member.skills:
        raise IllegalAction(f"{member.name} does not know the Ritualist skill.")


def _verify_surgery(state: CampaignState, action: PerformSurgery) -> None:
    camp, member = _camper(state, action)
    if Skill.SURGEON not in member.skills:
        raise IllegalAction(f"{member.name} does not know the Surgeon skill.")
    if f"surgery:{member.id}" in camp.done:
        raise IllegalAction(f"{member.name} has already operated this camp.")


def _verify_repair(state: CampaignState, action: RepairGear) -> None:
    camp, member = _camper(state, action)
    if Skill.CRAFTING not in member.skills:
        raise IllegalAction(f"{member.name} does not know the Crafting skill.")
    if f"repair:{member.id}" in camp.done:
        raise IllegalAction(f"{member.name} has already mended gear this camp.")
    target = party_target(state, member, action.target)
    if not repairable(target, frozenset(ArmourType)):
        raise IllegalAction(f"{target.name} wears no broken armour.")


def _verify_break(state: CampaignState, action: BreakCamp) -> None:
    current_camp(state)


GUARDS: dict[type[Action], Callable[[CampaignState, Any], None]] = {
    KeepLookout: _affordable(_verify_lookout),
    WellDeservedRest: _affordable(_verify_rest),
    UseCampItem: _affordable(_verify_item),
    Cook: _affordable(_verify_cook),
    Memorise: _affordable(_verify_memorise),
    Sleep: _affordable(_verify_sleep),
    PerformRitual: _affordable(_verify_ritual),
    PerformSurgery: _affordable(_verify_surgery),
    RepairGear: _affordable(_verify_repair),
    BreakCamp: _verify_break,
    Transmute: verify_transmute,
}
"""Each camp action's guard."""
