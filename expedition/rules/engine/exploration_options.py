"""Provides the exploration action bar: each action a character could take here, its cost, and why not.

Each entry is checked by the campaign's own `dispatch.verify`, so the bar lives with the dispatch.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from expedition.rules.core.actions import Action, ActionOption
from expedition.rules.core.distance import manhattan
from expedition.rules.core.errors import IllegalAction, InvalidAction
from expedition.rules.core.item_defs import Tag
from expedition.rules.engine.dispatch import CatchBreath, PassTurn, verify
from expedition.rules.engine.magic_options import magic_options
from expedition.rules.exploration.doors_and_locks import ForceDoor, ListenAtDoor, PickLock
from expedition.rules.exploration.exploration_actions import exploration_cost
from expedition.rules.exploration.exploring_skills import skill_offers
from expedition.rules.exploration.finding_and_disarming_traps import POLE, DisarmTrap, LookForTraps
from expedition.rules.exploration.hazards.floors import silk_offers
from expedition.rules.exploration.hazards.hazard_actions import hazard_offers
from expedition.rules.exploration.leaving_the_dungeon import ExitDungeon
from expedition.rules.exploration.looting import Loot
from expedition.rules.exploration.searching import Search
from expedition.rules.exploration.setting_up_camp import SetUpCamp
from expedition.rules.exploration.stairs import Ascend, Descend
from expedition.rules.exploration.stepping import DIRECTIONS, Step
from expedition.rules.exploration.surroundings import lootable
from expedition.rules.exploration.tiles import DoorState
from expedition.rules.exploration.traps import traps_here
from expedition.rules.exploration.using_items import CURES_BY_ITEM, UseItem
from expedition.rules.items.item_uses import USES, offered
from expedition.rules.items.medicine import STABILISERS, fallen

if TYPE_CHECKING:
    from expedition.rules.engine.campaign import CampaignState

POLE_PLAN = "Prod the floor and walls ahead with the pole."
"""The plan offered with a 3 meter pole when looking for traps without Infiltration."""


def _option(state: CampaignState, action: Action, label: str) -> ActionOption:
    try:
        verify(state, action)
    except (IllegalAction, InvalidAction) as error:
        return ActionOption(action, label, _cost(state, action), False, str(error))
    return ActionOption(action, label, _cost(state, action), True)


def _cost(state: CampaignState, action: Action) -> int:
    try:
        return exploration_cost(state, action)
    except (IllegalAction, InvalidAction):
        return 1


def available_actions(state: CampaignState, actor: str) -> list[ActionOption]:
    """Every exploration action `actor` could take where the party stands, enabled or with a reason.

    Steps, loot, traps, items, doors, camp, stairs and the exit are listed for the party's tile;
    catching breath and letting a turn pass come first. Empty outside a dungeon expedition.
    """
    expedition = state.expedition
    member = next((c for c in state.party if c.id == actor), None)
    if expedition is None or member is None:
        return []
    level = expedition.level
    options = [_option(state, Step(actor=actor, direction=name), f"Step {name}") for name in DIRECTIONS]
    options.append(_option(state, PassTurn(), "Let a turn pass"))
    options.append(_option(state, CatchBreath(actor=actor), "Catch your breath"))
    if lootable(expedition):
        options.append(_option(state, Loot(actor=actor), "Loot"))
    plan = POLE_PLAN if any(i.defn.key == POLE for i in member.items) else ""
    options.append(_option(state, LookForTraps(actor=actor, plan=plan), "Look for traps"))
    for trap in traps_here(expedition):
        if trap.known and trap.armed:
            options.append(_option(state, DisarmTrap(actor=actor, at=trap.pos), f"Disarm the {trap.name}"))
    options.append(_option(state, Search(actor=actor), "Search the room"))

    for item in member.items:  # medicine for whoever is down (§4.4), one option each
        if item.defn.key in STABILISERS:
            for who in fallen(state, member):
                name = state.character(who).name
                use = UseItem(actor=actor, item=item.uid, target=who)
                options.append(_option(state, use, f"Stabilise {name} with the {item.name}"))
            break
    alike: set[tuple[str, int, bool]] = set()
    for item in member.items:
        if (item.defn.key, item.usage, item.lit) in alike:
            continue  # two bundles of torches alike: one line is enough, the first is used
        if item.defn.tags & {Tag.QUICK, Tag.SLOW} and Tag.CAMP not in item.defn.tags:
            alike.add((item.defn.key, item.usage, item.lit))
            if item.defn.key in USES and not offered(item, combat=False):
                continue  # used in a fight only (§7.4, item_uses)
            if item.defn.light is None and item.defn.key not in CURES_BY_ITEM and item.defn.key not in USES:
                continue  # used through another action (Pick the lock, …), or not at all
            verb = "Put out" if item.lit else ("Light" if item.defn.light is not None else "Use")
            verb = USES[item.defn.key].verb if item.defn.key in USES else verb
            label = f"{verb} the {item.name}"
            if any(o.defn.key == item.defn.key and o.lit == item.lit and o.usage != item.usage
                   for o in member.items):  # fmt: skip
                label += f" (Ud{item.usage})"  # two bundles of torches burnt down unlike: which is which
            options.append(_option(state, UseItem(actor=actor, item=item.uid), label))
    for door in level.doors.values():
        if manhattan(door.pos, expedition.position) > 1 or (door.secret and not door.found):
            continue
        if door.state is not DoorState.OPEN:
            options.append(_option(state, ListenAtDoor(actor=actor, at=door.pos), "Listen at the door"))
        if door.state in (DoorState.STUCK, DoorState.LOCKED, DoorState.BARRED):
            options.append(_option(state, ForceDoor(actor=actor, at=door.pos), "Force the door"))
        if door.state is DoorState.LOCKED:
            options.append(_option(state, PickLock(actor=actor, at=door.pos), "Pick the lock"))
    for cache in lootable(expedition):
        if cache.locked:
            options.append(_option(state, PickLock(actor=actor, at=cache.pos), "Pick the chest's lock"))
    options.append(_option(state, SetUpCamp(actor=actor), "Set up camp"))
    if level.stairs_down == expedition.position:
        options.append(_option(state, Descend(actor=actor), "Go down the stairs"))
    if level.stairs_up == expedition.position:
        options.append(_option(state, Ascend(actor=actor), "Go up the stairs"))
    if level.exit is not None:  # listed on the whole level, refused with the distance when away
        options.append(_option(state, ExitDungeon(actor=actor), "Leave the dungeon (doom +2)"))

    options += [_option(state, action, label) for action, label in skill_offers(state, actor)]  # §6.1

    options += [_option(state, action, label) for action, label in hazard_offers(state, actor)]  # HOUSE §1.9

    options += [_option(state, action, label) for action, label in silk_offers(state, actor)]  # HOUSE §1.12

    options += magic_options(state, actor)
    return options
