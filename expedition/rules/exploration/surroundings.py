"""Provides the checks and queries the exploration guards share: who acts, where the party is, what is here.

`exploring` and `acting` refuse an action outside exploration or by someone who cannot act;
the rest answer questions about the party's place (the adjacent door, the caches to loot, whether
enemies are here, whether it is safe to camp); `current_expedition` is the verbs' running expedition.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from expedition.rules.character.adventurer import Character, Status
from expedition.rules.core.actions import Action
from expedition.rules.core.distance import Pos, manhattan
from expedition.rules.core.errors import IllegalAction, InvalidAction
from expedition.rules.core.item_defs import Item, Tag
from expedition.rules.core.phase import Phase
from expedition.rules.exploration.expedition import ExpeditionState, expedition_of
from expedition.rules.exploration.features import Cache, Door
from expedition.rules.exploration.tiles import Tile
from expedition.rules.exploration.traps import known_armed, traps_here

if TYPE_CHECKING:
    from expedition.rules.engine.campaign import CampaignState

__all__ = [
    "acting",
    "adjacent_door",
    "carried_tool",
    "current_expedition",
    "enemies_here",
    "exploring",
    "living_members",
    "lootable",
    "safe_here",
    "slow_cost",
]


def exploring(state: CampaignState) -> ExpeditionState:
    """The expedition, when the party is exploring it.

    Raises:
        IllegalAction: Outside exploration or outside a dungeon.
    """
    if state.phase is not Phase.EXPLORATION:
        raise IllegalAction(f"That is done while exploring, not during {state.phase.value}.")
    expedition = expedition_of(state)
    if not any(member.can_act for member in state.party):
        raise IllegalAction("Nobody in the party can act.")
    return expedition


def acting(state: CampaignState, action: Action) -> Character:
    """The character taking `action`, who must be able to act.

    Raises:
        InvalidAction: Without an actor.
        IllegalAction: When they are not in the party or cannot act.
    """
    if not action.actor:
        raise InvalidAction(f"{type(action).__name__} needs the acting character")
    member = next((c for c in state.party if c.id == action.actor), None)
    if member is None:
        raise IllegalAction(f"{action.actor} is not with the party.")
    if not member.can_act:
        raise IllegalAction(f"{member.name} cannot act ({member.status.value.replace('_', ' ')}).")
    return member


def carried_tool(member: Character, keys: tuple[str, ...]) -> Item | None:
    return next((item for item in member.items if item.defn.key in keys), None)


def adjacent_door(expedition: ExpeditionState, at: Pos) -> Door:
    level = expedition.level
    door = level.doors.get(tuple(at))  # type: ignore[arg-type]  # a journal list decodes as a tuple
    if door is None or level.tile(door.pos) is not Tile.DOOR or (door.secret and not door.found):
        raise IllegalAction("There is no door there.")
    if manhattan(door.pos, expedition.position) > 1:
        raise IllegalAction("The party must stand at the door.")
    return door


def enemies_here(expedition: ExpeditionState) -> bool:
    room = expedition.room
    return room is not None and any(e.room == room.id and not e.defeated for e in expedition.level.encounters)


def current_expedition(state: CampaignState) -> ExpeditionState:
    """The running expedition, for a verb whose guard has already checked there is one."""
    assert state.expedition is not None  # verify ran first
    return state.expedition


def lootable(expedition: ExpeditionState) -> list[Cache]:
    """The caches the party can see in its area and has not emptied yet."""
    level = expedition.level
    room = expedition.room
    return [
        cache
        for cache in level.caches
        if not cache.looted
        and not cache.hidden
        and (cache.room == room.id if room is not None else cache.pos == expedition.position)
    ]


def slow_cost(state: CampaignState, item: Item) -> bool:
    """True when using the item takes a slow action (it is slow and not also quick)."""
    return Tag.SLOW in item.defn.tags and Tag.QUICK not in item.defn.tags


def safe_here(state: CampaignState) -> str:
    """Why this is not a safe place to camp (§10.1), or "" when it is."""
    expedition = expedition_of(state)
    if expedition.room is None:
        return "Camp is made in a room, not in a corridor."
    if enemies_here(expedition):
        return "Not with enemies here."
    if known_armed(traps_here(expedition)):
        return "Not beside an armed trap."
    if expedition.coming:
        return "Something is coming: this is no place to rest."
    return ""


def living_members(state: CampaignState) -> list[Character]:
    """Party members not dead."""
    return [member for member in state.party if member.status is not Status.DEAD]
