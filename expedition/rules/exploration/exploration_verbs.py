"""Provides the verbs of the exploration actions (§10.1, HOUSE §1.4): they change the dungeon, spend turns."""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import TYPE_CHECKING, Any

from expedition.rules.character.adventurer import Character
from expedition.rules.character.afflictions import Cure, apply_cure
from expedition.rules.combat.fight_setup import fight_here, wandering_arrives
from expedition.rules.core.actions import Action
from expedition.rules.core.attributes import Attr
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import Resolution
from expedition.rules.core.events import Note
from expedition.rules.core.item_defs import Category, Item, ItemDef, Tag
from expedition.rules.core.judging import Outcome
from expedition.rules.core.lasting import Span, end_spans
from expedition.rules.core.phase import Phase
from expedition.rules.core.skills import Skill
from expedition.rules.exploration.dead_vigil import expedition_over
from expedition.rules.exploration.expedition import ExpeditionState, area_of, arrive_on_level, reveal
from expedition.rules.exploration.exploration_actions import (
    CURES_BY_ITEM,
    LOCK_TEST_DEPTH,
    LOCKPICKS,
    Ascend,
    Descend,
    DisarmTrap,
    ForceDoor,
    ListenAtDoor,
    LookForTraps,
    Loot,
    PickLock,
    Search,
    Step,
    UseItem,
)
from expedition.rules.exploration.exploration_events import (
    CacheLooted,
    DoorListenedAt,
    DoorOpened,
    DungeonExited,
    HiddenCacheFound,
    ItemUsed,
    LevelChanged,
    LockPicked,
    LootStashed,
    PartyStepped,
    RoomSearched,
    SecretDoorFound,
    TrapsLookedFor,
)
from expedition.rules.exploration.exploration_guards import exploration_cost
from expedition.rules.exploration.exploration_turn import exploration_turn, make_noise
from expedition.rules.exploration.exploring_skills import occult_disarm_advantage, occult_find_advantage
from expedition.rules.exploration.features import Door, Treasure
from expedition.rules.exploration.gear import disarm_advantage
from expedition.rules.exploration.hazards.air import room_entered
from expedition.rules.exploration.hazards.floors import enter_room
from expedition.rules.exploration.hazards.noise import flame_lit, noise_hazards_entered
from expedition.rules.exploration.kept_dungeon import keep_dungeon
from expedition.rules.exploration.surroundings import area_after, lootable, step_target
from expedition.rules.exploration.tiles import DoorState
from expedition.rules.exploration.traps import (
    disarm_attr,
    disarm_trap,
    find,
    find_modifier,
    run_test,
    spring,
    traps_here,
)
from expedition.rules.items import handling, slots, usage
from expedition.rules.items.item_uses import use_item
from expedition.rules.magic.spells.lasting_spells import close_pockets
from expedition.rules.trackers.doom import advance_doom

if TYPE_CHECKING:
    from expedition.rules.engine.campaign import CampaignState


def _turns(ctx: Context, state: CampaignState, count: int) -> Resolution[None]:
    for _ in range(count):
        yield from exploration_turn(ctx, state)


def _exp(state: CampaignState) -> ExpeditionState:
    assert state.expedition is not None  # verify ran first
    return state.expedition


def _leader(state: CampaignState) -> Character:
    return next(member for member in state.party if member.can_act)


def _step(ctx: Context, state: CampaignState, action: Step) -> Resolution[None]:
    expedition = _exp(state)
    cost = exploration_cost(state, action)
    level = expedition.level
    target = step_target(expedition, action.direction)
    door = level.doors.get(target)
    if door is not None and door.state is not DoorState.OPEN:
        _open(ctx, door, "lifted the bar" if door.state is DoorState.BARRED else "opened")
    area = area_after(expedition, target)
    before = expedition.area
    expedition.position = target
    if area != expedition.area:
        expedition.area, expedition.turns_in_area = area, 0
    ctx.emit(PartyStepped(rule="§10.1", pos=target, area=area, cost=cost))
    reveal(state)
    trap = level.trap_at(target)
    if trap is not None and trap.armed and not trap.known and not trap.object_trap:
        victim = state.character(action.actor) if action.actor else _leader(state)
        yield from spring(ctx, state, trap, victim, rule="HOUSE §1.8")
    yield from room_entered(ctx, state, before)  # HOUSE §1.9-§1.14: the room's air and light act

    yield from enter_room(ctx, state, before, action.actor)  # water, floors that give way (HOUSE §1.9-§1.14)
    announced = list(expedition.coming)
    yield from noise_hazards_entered(ctx, state, before)  # fallen ceiling, marsh gas, drag marks
    yield from _turns(ctx, state, cost)

    if not (yield from fight_here(ctx, state)):  # an undefeated encounter in the room fights (§10.1)
        yield from wandering_arrives(ctx, state, announced)


def _open(ctx: Context, door: Door, how: str) -> None:
    door.state = DoorState.OPEN
    ctx.emit(DoorOpened(rule="HOUSE §1.4", pos=door.pos, how=how))


def _loot(ctx: Context, state: CampaignState, action: Loot) -> Resolution[None]:
    expedition = _exp(state)
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
    yield from _turns(ctx, state, 1)


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


def _look(ctx: Context, state: CampaignState, action: LookForTraps) -> Resolution[None]:
    expedition = _exp(state)
    member = state.character(action.actor)
    here = traps_here(expedition)
    advantage, disadvantage = find_modifier(here)
    advantage += occult_find_advantage(member, here)  # HOUSE §1.13: Occult Studies finds the glyph
    result = yield from run_test(
        ctx,
        state,
        member,
        Attr.INT,
        advantage=advantage,
        disadvantage=disadvantage,
        purpose="to find traps",
        rule="§10.1",
    )
    ctx.emit(TrapsLookedFor(rule="§10.1", character=member.id, outcome=result.outcome))
    if result.succeeded:
        found = find(ctx, here, disarm=result.outcome is Outcome.GREAT_SUCCESS, rule="§10.1")
        if not found:  # a success finds every trap there is, so the party now knows there is none left
            ctx.emit(Note(rule="§10.1", text=f"{member.name} finds no hidden trap here."))
    elif result.outcome is Outcome.CRITICAL_FAILURE:
        for trap in [t for t in here if t.armed]:
            yield from spring(ctx, state, trap, member, rule="§10.1")
    yield from _turns(ctx, state, 1)


def _disarm(ctx: Context, state: CampaignState, action: DisarmTrap) -> Resolution[None]:
    expedition = _exp(state)
    member = state.character(action.actor)
    trap = expedition.level.trap_at(tuple(action.at))  # type: ignore[arg-type]
    assert trap is not None

    result = yield from run_test(
        ctx,
        state,
        member,
        disarm_attr(trap),
        # a tool the trap's text names (HOUSE §1.8); Occult Studies on an occult trap (house, §6.1)
        advantage=disarm_advantage(member, trap) + occult_disarm_advantage(member, trap),
        purpose=f"to disarm the {trap.name}",
        rule="§10.1",
    )
    if result.succeeded:
        disarm_trap(ctx, trap, rule="§10.1")
    else:
        yield from spring(ctx, state, trap, member, rule="§10.1")
    yield from _turns(ctx, state, 1)


def _use(ctx: Context, state: CampaignState, action: UseItem) -> Resolution[None]:
    expedition = _exp(state)
    member = state.character(action.actor)
    item = next(i for i in member.items if i.uid == action.item)
    cost = exploration_cost(state, action)
    ctx.emit(ItemUsed(rule="§10.1", character=member.id, item=item.uid, name=item.name, cost=cost))
    if item.defn.light is not None:
        if item.lit:
            usage.extinguish(ctx, member, item, rule="§10.1")
        else:
            usage.light(ctx, member, item, rule="§7.8")
            yield from flame_lit(ctx, state, member, item)  # marsh gas (HOUSE §1.14)
    elif item.defn.key not in CURES_BY_ITEM:
        yield from use_item(ctx, state, member, item, action.target)  # §7.4 (item_uses)
    else:
        apply_cure(ctx, member, CURES_BY_ITEM[item.defn.key], rule="§4.6")
        if item.defn.usage:
            usage.roll_usage(ctx, member, item, rule="§2")
        else:
            usage.use_one(ctx, member, item, rule="§10.1")
    if cost:
        yield from _turns(ctx, state, cost)
        expedition.slow_turn, expedition.slow_users = state.turn, {member.id}
    elif Tag.SLOW in item.defn.tags and Tag.QUICK not in item.defn.tags:
        expedition.slow_users.add(member.id)
    reveal(state)


def _search(ctx: Context, state: CampaignState, action: Search) -> Resolution[None]:
    expedition = _exp(state)
    member = state.character(action.actor)
    room = expedition.room
    assert room is not None
    level = expedition.level
    advantage = int(
        Skill.INFILTRATION in member.skills or (Skill.LOREMASTER in member.skills and "ruin" in level.theme)
    )
    result = yield from run_test(
        ctx, state, member, Attr.INT, advantage=advantage, purpose="to search the room", rule="HOUSE §1.4"
    )
    expedition.searched.add(f"{expedition.depth}:{room.id}")
    ctx.emit(RoomSearched(rule="HOUSE §1.4", character=member.id, room=room.id, outcome=result.outcome))
    here = traps_here(expedition)
    if result.succeeded:
        for door in level.doors.values():
            if door.secret and not door.found and room.id in door.rooms:
                door.found = True
                ctx.emit(SecretDoorFound(rule="HOUSE §1.4", pos=door.pos))
        for cache in level.caches:
            if cache.hidden and cache.room == room.id and not cache.looted:
                cache.hidden = False
                ctx.emit(HiddenCacheFound(rule="HOUSE §1.4", pos=cache.pos, description=cache.description))
        if result.outcome is Outcome.GREAT_SUCCESS:
            find(ctx, here, disarm=False, rule="HOUSE §1.4")
    elif result.outcome is Outcome.CRITICAL_FAILURE:
        for trap in [t for t in here if t.armed and t.object_trap]:
            yield from spring(ctx, state, trap, member, rule="HOUSE §1.4")
    reveal(state)
    yield from _turns(ctx, state, 1)


def _listen(ctx: Context, state: CampaignState, action: ListenAtDoor) -> Resolution[None]:
    expedition = _exp(state)
    member = state.character(action.actor)
    door = expedition.level.doors[tuple(action.at)]  # type: ignore[index]
    result = yield from run_test(ctx, state, member, Attr.INT, check=True, rule="HOUSE §1.4")
    expedition.listened.add(f"{expedition.depth}:{door.pos[0]},{door.pos[1]}")
    here = area_of(expedition.level, expedition.position)
    beyond = [r for r in door.rooms if f"room:{r}" != here]
    count = sum(len(e.enemies) for e in expedition.level.encounters if e.room in beyond and not e.defeated)
    ctx.emit(
        DoorListenedAt(
            rule="HOUSE §1.4",
            character=member.id,
            pos=door.pos,
            learned=result.succeeded,
            heard=count if result.succeeded else -1,
        )
    )
    yield from _turns(ctx, state, 1)


def _force(ctx: Context, state: CampaignState, action: ForceDoor) -> Resolution[None]:
    expedition = _exp(state)
    member = state.character(action.actor)
    door = expedition.level.doors[tuple(action.at)]  # type: ignore[index]
    if door.state is DoorState.BARRED:
        _open(ctx, door, "broke through")
        yield from make_noise(ctx, state, what="a barred door broken")
        yield from _turns(ctx, state, 2)
        return
    locked = door.state is DoorState.LOCKED
    result = yield from run_test(
        ctx, state, member, Attr.STR, disadvantage=int(locked), purpose="to force the door", rule="HOUSE §1.4"
    )
    if result.succeeded:
        _open(ctx, door, "forced")
    if result.outcome is not Outcome.GREAT_SUCCESS:
        yield from make_noise(ctx, state, what="forcing a door")
    yield from _turns(ctx, state, 1)


def _pick(ctx: Context, state: CampaignState, action: PickLock) -> Resolution[None]:
    expedition = _exp(state)
    member = state.character(action.actor)
    tools = next(i for i in member.items if i.defn.key == LOCKPICKS)
    at = tuple(action.at)
    cache = expedition.level.cache_at(at)  # type: ignore[arg-type]
    if tools.usage:
        usage.roll_usage(ctx, member, tools, rule="HOUSE §1.4")
    opened = True
    if cache is not None or expedition.effective_depth >= LOCK_TEST_DEPTH:
        result = yield from run_test(
            ctx, state, member, Attr.DEX, purpose="to pick the lock", rule="HOUSE §1.4"
        )
        opened = result.succeeded
    if opened and cache is not None:
        cache.locked = False
        ctx.emit(LockPicked(rule="HOUSE §1.4", pos=cache.pos, character=member.id))
    elif opened:
        door = expedition.level.doors[at]  # type: ignore[index]
        door.state = DoorState.CLOSED
        ctx.emit(LockPicked(rule="HOUSE §1.4", pos=door.pos, character=member.id))
    yield from _turns(ctx, state, 1)


def leave_dungeon(ctx: Context, state: CampaignState) -> Resolution[None]:
    """Leave by the exit: doom +2, the expedition ends and the party is back in the interlude (§10.1).

    The interlude's own arrival (`interlude.homecoming`, the verb of `ExitDungeon`) follows.
    """
    here = state.here
    yield from advance_doom(ctx, here.doom, state.omens, state.party, 2, rule="§10.1")
    for member in state.living:
        apply_cure(ctx, member, Cure.LEFT_DUNGEON_ALIVE, rule="§4.6")
    ctx.emit(DungeonExited(rule="§10.1", dungeon=here.name, turns=state.turn))

    close_pockets(ctx, state)  # §11.1 Pocket reality ends with the expedition
    end_spans(ctx, state, tuple(Span), "left the dungeon", rule="§10.1")

    keep_dungeon(state)  # the dungeon stays as the party leaves it, for its return (§10.1)
    expedition_over(ctx, state)  # the bodies are kept and the expedition's day counts (HOUSE §1.7)
    state.expedition = None
    state.location = state.settlement
    state.phase = Phase.INTERLUDE


def _change_level(ctx: Context, state: CampaignState, down: bool) -> Resolution[None]:
    pos = arrive_on_level(state, down)
    ctx.emit(LevelChanged(rule="§10.1", depth=_exp(state).depth, pos=pos))
    yield from room_entered(ctx, state, "")  # arriving in a room enters it (HOUSE §1.9-§1.14)
    yield from noise_hazards_entered(ctx, state, "")
    yield from _turns(ctx, state, 1)


def _descend(ctx: Context, state: CampaignState, action: Descend) -> Resolution[None]:
    yield from _change_level(ctx, state, True)


def _ascend(ctx: Context, state: CampaignState, action: Ascend) -> Resolution[None]:
    yield from _change_level(ctx, state, False)


VERBS: dict[type[Action], Callable[[Context, CampaignState, Any], Generator[Any, str, None]]] = {
    Step: _step,
    Loot: _loot,
    LookForTraps: _look,
    DisarmTrap: _disarm,
    UseItem: _use,
    Search: _search,
    ListenAtDoor: _listen,
    ForceDoor: _force,
    PickLock: _pick,
    Descend: _descend,
    Ascend: _ascend,
}
"""Each exploration action's verb; setting up camp and leaving by the exit end exploring, so their verbs
are the camp's (`camp_setup.VERBS`) and the interlude's (`homecoming.VERBS`)."""


__all__ = [
    "VERBS",
    "leave_dungeon",
]
