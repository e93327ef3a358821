"""Provides the exploration actions (§10.1, HOUSE §1.4) and their guards: what the party may do in a dungeon.

Each action is a frozen `Action` defined in `exploration_actions`; here `GUARDS` holds each one's
guard, which raises `IllegalAction` with a reason, and `exploration_cost` says how many exploration
turns (ET) it takes. The checks the guards share (who acts, where the party is, what is here) live
in `exploration_checks`, the verbs in `exploration_verbs`; `expedition.rules.engine.dispatch` dispatches to
guards and verbs. The actions, constants and checks are re-exported here.

Time (§10.1): the party moves as one marker, and every action is taken by one character (or
by the party as a whole). Each action that costs time is its own turn, so two characters acting
apart (one searches while another listens at a door) are two actions and cost two turns. The one
shared turn is the slow item: in the turn one character spends using a slow item, each other
character may use one slow item too, for no further turn (`ExpeditionState.slow_turn`).

House rule for moving: stepping within a room or a corridor is free; stepping into a different
room or corridor area costs 1 ET; a doorway belongs to the area the party came from.
Concentrate (wizards) is not here: it is a spellcasting action (`spellcasting`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from expedition.rules.character.blindness import refuse_blind
from expedition.rules.character.traumas import exploration_move_supported
from expedition.rules.core.actions import Action
from expedition.rules.core.distance import manhattan
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.item_defs import Tag
from expedition.rules.core.skills import Skill
from expedition.rules.exploration.exploration_actions import (
    BREAKERS,
    CURES_BY_ITEM,
    LOCKPICKS,
    POLE,
    Ascend,
    Descend,
    DisarmTrap,
    ExitDungeon,
    ForceDoor,
    ListenAtDoor,
    LookForTraps,
    Loot,
    PickLock,
    Search,
    SetUpCamp,
    Step,
    UseItem,
)
from expedition.rules.exploration.exploring_skills import occult_look
from expedition.rules.exploration.hazards.hazard_actions import COSTS as HAZARD_COSTS
from expedition.rules.exploration.surroundings import (
    acting,
    adjacent_door,
    area_after,
    carried_tool,
    enemies_here,
    exploring,
    lootable,
    safe_here,
    slow_cost,
    step_target,
)
from expedition.rules.exploration.tiles import DoorState, Tile
from expedition.rules.exploration.traps import can_disarm, known_armed, traps_here
from expedition.rules.items.item_uses import verify_item_use
from expedition.rules.items.medicine import STABILISERS

if TYPE_CHECKING:
    from expedition.rules.engine.campaign import CampaignState

__all__ = [
    "GUARDS",
    "exploration_cost",
]


def _verify_step(state: CampaignState, action: Step) -> None:
    expedition = exploring(state)
    target = step_target(expedition, action.direction)
    level = expedition.level
    tile = level.tile(target)
    door = level.doors.get(target)
    if tile is Tile.DOOR and door is not None:
        if door.secret and not door.found:
            raise IllegalAction("A wall blocks the way.")
        if door.state in (DoorState.STUCK, DoorState.LOCKED):
            raise IllegalAction(f"The door is {door.state.value}: force it or pick the lock.")
        if door.state is DoorState.BARRED and door.barred_from != expedition.position:
            raise IllegalAction("The door is barred from the other side.")
    elif not level.in_bounds(target) or not tile.passable:
        raise IllegalAction(f"The {tile.label} blocks the way.")
    trap = level.trap_at(target)
    if trap is not None and trap.known and trap.armed and not trap.object_trap:
        raise IllegalAction(f"The {trap.name} is there: step around it, or disarm it.")
    for member in state.party:
        if member.can_act and not exploration_move_supported(member, state.party):
            raise IllegalAction(f"{member.name}'s leg is broken: they need a cane or a helping hand (§4.5).")


def _verify_loot(state: CampaignState, action: Loot) -> None:
    expedition = exploring(state)
    refuse_blind(acting(state, action), "loot")  # mishap 5 (house)
    if enemies_here(expedition):
        raise IllegalAction("Not with enemies here.")
    if known_armed(traps_here(expedition)):
        raise IllegalAction("Not while a known trap here is armed: disarm it first.")
    caches = lootable(expedition)
    if not caches:
        raise IllegalAction("There is nothing here to loot.")
    if all(cache.locked for cache in caches):
        raise IllegalAction("What is here is locked: pick the lock first.")


def _verify_look(state: CampaignState, action: LookForTraps) -> None:
    exploring(state)
    member = acting(state, action)
    refuse_blind(member, "look for traps")  # mishap 5 (house)
    if Skill.INFILTRATION in member.skills or occult_look(state, member):  # (house) Occult Studies, §6.1
        return
    if carried_tool(member, (POLE,)) is None:
        raise IllegalAction(f"{member.name} needs Infiltration, or a 3 meter pole and a plan.")
    if not action.plan.strip():
        raise IllegalAction("Without Infiltration, say how the pole is used (a clear plan).")


def _verify_disarm(state: CampaignState, action: DisarmTrap) -> None:
    expedition = exploring(state)
    acting(state, action)
    trap = expedition.level.trap_at(tuple(action.at))  # type: ignore[arg-type]
    if trap is None or not trap.known or trap not in traps_here(expedition):
        raise IllegalAction("The party knows of no trap there.")
    if not trap.armed:
        raise IllegalAction(f"The {trap.name} is already spent.")
    if not can_disarm(trap):
        raise IllegalAction(f"The {trap.name} cannot be disarmed, only avoided or set off.")


def _verify_use(state: CampaignState, action: UseItem) -> None:
    exploring(state)
    member = acting(state, action)
    item = next((i for i in member.items if i.uid == action.item), None)
    if item is None:
        raise IllegalAction(f"{member.name} does not carry that item.")
    tags = item.defn.tags

    if item.defn.key in STABILISERS:  # medicine on someone down (§4.4, item_uses_medicine)
        verify_item_use(state, member, item, action.target, combat=False)
        return
    if Tag.CAMP in tags:
        raise IllegalAction(f"The {item.name} is used in camp, not while exploring.")
    if Tag.QUICK not in tags and Tag.SLOW not in tags:
        raise IllegalAction(f"The {item.name} is not something to use.")
    if item.defn.light is None and item.defn.key not in CURES_BY_ITEM:
        verify_item_use(state, member, item, action.target, combat=False)  # §7.4 (item_uses)
        return
    if item.defn.light is not None and not item.lit and item.defn.usage and not item.usage:
        raise IllegalAction(f"The {item.name} is spent.")


def _verify_search(state: CampaignState, action: Search) -> None:
    expedition = exploring(state)
    refuse_blind(acting(state, action), "search")  # mishap 5 (house)
    if expedition.room is None:
        raise IllegalAction("There is no room here to search.")


def _verify_listen(state: CampaignState, action: ListenAtDoor) -> None:
    expedition = exploring(state)
    acting(state, action)
    door = adjacent_door(expedition, action.at)
    if door.state is DoorState.OPEN:
        raise IllegalAction("The door stands open: there is nothing to listen through.")


def _verify_force(state: CampaignState, action: ForceDoor) -> None:
    expedition = exploring(state)
    member = acting(state, action)
    door = adjacent_door(expedition, action.at)
    if door.state in (DoorState.OPEN, DoorState.CLOSED):
        raise IllegalAction("The door is not stuck: just go through.")
    if door.state is DoorState.BARRED:
        if door.barred_from == expedition.position:
            raise IllegalAction("The bar is on this side: lift it and go through.")
        if carried_tool(member, BREAKERS) is None:
            raise IllegalAction("A door barred from the other side needs an axe, pickaxe or sledgehammer.")


def _verify_pick(state: CampaignState, action: PickLock) -> None:
    expedition = exploring(state)
    member = acting(state, action)
    if carried_tool(member, (LOCKPICKS,)) is None:
        raise IllegalAction(f"{member.name} has no lockpicking tools.")
    cache = expedition.level.cache_at(tuple(action.at))  # type: ignore[arg-type]
    if cache is not None and cache in lootable(expedition):
        if not cache.locked:
            raise IllegalAction("It is not locked.")
        return
    door = adjacent_door(expedition, action.at)
    if door.state is not DoorState.LOCKED:
        raise IllegalAction("The door is not locked.")


def _verify_camp(state: CampaignState, action: SetUpCamp) -> None:
    exploring(state)
    reason = safe_here(state)
    if reason:
        raise IllegalAction(reason)


def _verify_exit(state: CampaignState, action: ExitDungeon) -> None:
    expedition = exploring(state)
    exit_tile = expedition.level.exit
    if exit_tile is None or manhattan(exit_tile, expedition.position) > 1:
        raise IllegalAction("The way out is not here.")


def _verify_descend(state: CampaignState, action: Descend) -> None:
    expedition = exploring(state)
    if expedition.level.stairs_down != expedition.position or expedition.depth >= len(
        expedition.dungeon.levels
    ):
        raise IllegalAction("There are no stairs down here.")


def _verify_ascend(state: CampaignState, action: Ascend) -> None:
    expedition = exploring(state)
    if expedition.level.stairs_up != expedition.position or expedition.depth <= 1:
        raise IllegalAction("There are no stairs up here.")


GUARDS: dict[type[Action], Callable[[CampaignState, Any], None]] = {
    Step: _verify_step,
    Loot: _verify_loot,
    LookForTraps: _verify_look,
    DisarmTrap: _verify_disarm,
    UseItem: _verify_use,
    Search: _verify_search,
    ListenAtDoor: _verify_listen,
    ForceDoor: _verify_force,
    PickLock: _verify_pick,
    SetUpCamp: _verify_camp,
    ExitDungeon: _verify_exit,
    Descend: _verify_descend,
    Ascend: _verify_ascend,
}
"""Each exploration action's guard."""


def exploration_cost(state: CampaignState, action: Action) -> int:
    """Exploration turns `action` takes now (§10.1, HOUSE §1.4), assuming it is allowed."""
    expedition = state.expedition
    if isinstance(action, Step):
        if expedition is None:
            return 1
        target = step_target(expedition, action.direction)
        return 0 if area_after(expedition, target) == expedition.area else 1
    if isinstance(action, ExitDungeon):
        return 0
    if isinstance(action, UseItem):
        member = next((c for c in state.party if c.id == action.actor), None)
        item = None if member is None else next((i for i in member.items if i.uid == action.item), None)

        if item is not None and item.defn.key in STABILISERS:
            return 1  # tending someone down takes a turn (house)
        if item is None or not slow_cost(state, item) or expedition is None:
            return 0
        shared = expedition.slow_turn == state.turn and state.turn > 0
        return 0 if shared and action.actor not in expedition.slow_users else 1
    if isinstance(action, ForceDoor) and expedition is not None:
        door = expedition.level.doors.get(tuple(action.at))  # type: ignore[arg-type]
        return 2 if door is not None and door.state is DoorState.BARRED else 1

    if type(action) in HAZARD_COSTS:  # clearing rubble, drinking from a spring (HOUSE §1.9, §1.11)
        return HAZARD_COSTS[type(action)]
    return 1
