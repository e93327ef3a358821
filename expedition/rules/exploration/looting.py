"""Provides `Loot` (§10.1): emptying the caches of this area, 1 ET; its guard, verb and events.

The silver goes to the party; each item goes where the looter has room (tiny things to the notes,
then worn containers, then the hands), else to the party's stash. A treasure becomes an item of its
own; an item key the catalog does not know is left behind with a note. An object trap on a cache
springs on the looter.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from expedition.rules.character.blindness import refuse_blind
from expedition.rules.core.actions import Action
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.events import Event, Note
from expedition.rules.core.item_defs import Category, Item, ItemDef, Tag
from expedition.rules.exploration.exploration_turn import turns_pass
from expedition.rules.exploration.surroundings import (
    acting,
    current_expedition,
    enemies_here,
    exploring,
    lootable,
)
from expedition.rules.exploration.traps import known_armed, spring, traps_here
from expedition.rules.items import handling, slots

if TYPE_CHECKING:
    from expedition.rules.character.adventurer import Character
    from expedition.rules.core.context import Context
    from expedition.rules.core.decisions import Resolution
    from expedition.rules.engine.campaign import CampaignState
    from expedition.rules.exploration.features import Treasure

__all__ = ["CacheLooted", "Loot", "LootStashed", "loot", "verify_loot"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Loot(Action):
    """Take what the caches of this area hold (§10.1): 1 ET."""


def verify_loot(state: CampaignState, action: Loot) -> None:
    """Raise unless an unlocked cache is here, with no enemy and no known armed trap beside it."""
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


def loot(ctx: Context, state: CampaignState, action: Loot) -> Resolution[None]:
    """Empty every unlocked cache here; see the module docstring for where things go."""
    expedition = current_expedition(state)
    looter = state.character(action.actor)
    for cache in [c for c in lootable(expedition) if not c.locked]:
        trap = expedition.level.trap_at(cache.pos)
        if trap is not None and trap.armed and trap.object_trap:
            yield from spring(ctx, state, trap, looter, rule="HOUSE §1.8")
        cache.looted = True
        state.silver += cache.silver
        ctx.emit(CacheLooted(rule="§10.1", pos=cache.pos, silver=cache.silver, looter=looter.id))
        defs = [expedition.item_defs[k] for k in cache.items if k in expedition.item_defs]
        for key in (k for k in cache.items if k not in expedition.item_defs):
            ctx.emit(Note(rule="§10.1", text=f"Nothing is known of the item {key!r}; it is left behind."))
        defs += [_treasure_def(t) for t in cache.treasures]
        for defn in defs:
            _take(ctx, state, looter, Item.new(state.next_uid, defn))
            state.next_uid += 1
    yield from turns_pass(ctx, state, 1)


def _treasure_def(treasure: Treasure) -> ItemDef:
    tags = {Tag.TREASURE} | ({Tag.FRAGILE} if treasure.fragile else set())
    if treasure.slots == 0:
        tags.add(Tag.TINY)
    category = (
        Category(treasure.category)
        if treasure.category in Category.__members__.values()
        else Category.VALUABLE
    )
    key = "treasure_" + treasure.name.lower().replace(" ", "_")
    return ItemDef(
        key=key, name=treasure.name, category=category, tags=frozenset(tags), slots=max(1, treasure.slots)
    )


def _take(ctx: Context, state: CampaignState, looter: Character, item: Item) -> None:
    places = [slots.NOTES] if Tag.TINY in item.defn.tags else []
    places += [slots.inside(c) for c in slots.worn_containers(looter)] + list(slots.HANDS)
    for place in places:
        if slots.can_put(looter, item, place):
            handling.put(ctx, looter, item, place, rule="§10.1")
            return
    state.stash.append(item)
    ctx.emit(LootStashed(rule="§10.1", item=item.uid, name=item.name))


@dataclass(frozen=True, slots=True, kw_only=True)
class CacheLooted(Event):
    """A cache was emptied; its silver went to the party."""

    pos: tuple[int, int]
    silver: int
    looter: str


@dataclass(frozen=True, slots=True, kw_only=True)
class LootStashed(Event):
    """A looted item nobody had room for was added to the party's stash."""

    item: int
    name: str
