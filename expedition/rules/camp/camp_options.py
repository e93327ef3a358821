"""Provides the camp's action list (§10.3): what each character could do, its cost, what it does, why not.

Every action on the list is a camp action, so each is checked by its own guard from
`camp_actions.GUARDS`, the very function the campaign's dispatch calls for it; the list needs
nothing from the engine.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from expedition.rules.camp.breaking_camp import BreakCamp
from expedition.rules.camp.camp_actions import GUARDS, camp_cost
from expedition.rules.camp.camp_items import SETUP_ONLY
from expedition.rules.camp.camp_memorising import Memorise
from expedition.rules.camp.camp_sacrifices import BurnTeeth, PrayForFavour, sacrifice_options
from expedition.rules.camp.camp_setup import camp_of
from expedition.rules.camp.cooking import Cook, feeds
from expedition.rules.camp.crafting import RepairGear
from expedition.rules.camp.lookout import KeepLookout
from expedition.rules.camp.rest_and_sleep import Sleep, WellDeservedRest
from expedition.rules.camp.ritual import PerformRitual
from expedition.rules.camp.surgery import PerformSurgery
from expedition.rules.camp.using_camp_items import UseCampItem
from expedition.rules.core.actions import ActionOption
from expedition.rules.core.errors import IllegalAction, InvalidAction
from expedition.rules.core.item_defs import Tag
from expedition.rules.core.skills import Skill, Trait

if TYPE_CHECKING:
    from expedition.rules.core.actions import Action
    from expedition.rules.engine.campaign import CampaignState

__all__ = ["DOES", "camp_options", "describe"]

DOES: dict[type[Action], str] = {
    KeepLookout: "One ambush die fewer.",
    WellDeservedRest: "Everyone recovers all fatigue; Shaken and Sleepy go; prayers return.",
    UseCampItem: "Each adventurer may use one camp item for the one action.",
    Memorise: "Study: memorise spells or prayers again (forgotten spells come back).",
    Cook: "Cook rations on the fire: each feeds 2 (3 Cooking, 4 Master Chef); removes Hungry and Parched.",
    Sleep: "All fatigue, Sleepy and Shaken go, everyone heals 1 wound, prayers return; +1 ambush die.",
    PerformRitual: "Lower doom or bad omens by 1.",
    PerformSurgery: "An INT test: on a success everyone heals 1 wound.",
    RepairGear: "Repair 2 armour points, free.",
    BreakCamp: "Roll the ambush dice, then pack up: doom +1 (+2 after a long rest).",
    BurnTeeth: "Burn a handful of teeth for Goshkalon: 1d!, and a trigger pleases him.",
    PrayForFavour: "Pray to Kaal Rafir: his favour returns.",
}
"""What each camp action does, in a line (§10.3, §6.1, §5.7.4)."""


def _option(state: CampaignState, action: Action, label: str) -> ActionOption:
    try:
        cost = camp_cost(state, action)
    except (IllegalAction, InvalidAction):
        cost = 0
    try:
        GUARDS[type(action)](state, action)
    except (IllegalAction, InvalidAction) as error:
        return ActionOption(action, label, cost, False, str(error))
    return ActionOption(action, label, cost, True)


def camp_options(state: CampaignState, actor: str) -> list[ActionOption]:
    """Every camp action `actor` could take now, enabled or with the reason; `cost` is in camp actions.

    Skill actions appear only for those who know the skill, and each camp item the actor
    carries gets its own entry (used on the actor). Empty when the party is not camping.
    """
    member = next((c for c in state.party if c.id == actor), None)
    if camp_of(state) is None or member is None:
        return []
    options = [
        _option(state, KeepLookout(actor=actor), "Keep a lookout"),
        _option(state, WellDeservedRest(actor=actor), "A well deserved rest"),
        _option(state, Cook(actor=actor), f"Cook some food (feeds {feeds(member)} a ration)"),
        _option(state, Sleep(actor=actor), "Sleep"),
    ]
    alike: set[tuple[str, int]] = set()
    for item in member.items:
        if (item.defn.key, item.usage) in alike:
            continue  # two rations alike are one line
        alike.add((item.defn.key, item.usage))
        if Tag.CAMP in item.defn.tags and item.defn.key not in SETUP_ONLY:
            options.append(_option(state, UseCampItem(actor=actor, item=item.uid), f"Use the {item.name}"))
    if member.traits & {Trait.MAGIC_USER, Trait.DIVINE_MANDATE}:
        magic = member.magic
        keys = magic.memorised_spells if Trait.MAGIC_USER in member.traits else magic.memorised_prayers
        options.append(_option(state, Memorise(actor=actor, keys=tuple(keys)), "Memorise (study again)"))
    for action, label in sacrifice_options(member):  # an angry god at camp (§5.7.4)
        options.append(_option(state, action, label))
    if Skill.RITUALIST in member.skills:
        options.append(_option(state, PerformRitual(actor=actor), "Ritual (doom or omens −1)"))
    if Skill.SURGEON in member.skills:
        options.append(_option(state, PerformSurgery(actor=actor), "Surgery (INT test)"))
    if Skill.CRAFTING in member.skills:
        options.append(_option(state, RepairGear(actor=actor), "Mend armour (2 AP)"))
    options.append(_option(state, BreakCamp(actor=actor), "Break camp"))
    return options


def describe(action: Action) -> str:
    """What a camp action does, in a line."""
    return DOES.get(type(action), "")
