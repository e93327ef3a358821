"""Provides what each spell does (§11.1), or why it cannot be cast yet.

`SPELL_EFFECTS` holds the spells the game models; `MISSING` names, for every other spell, what the
game lacks to model it honestly. Casting one of those is refused with that reason.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from expedition.rules.combat.combat_events import CombatMoved
from expedition.rules.combat.combat_state import combat_of
from expedition.rules.combat.enemies.enemy_defs import EnemyTag
from expedition.rules.core.distance import Pos, Range, manhattan
from expedition.rules.core.errors import IllegalAction, InvalidAction
from expedition.rules.core.events import Event
from expedition.rules.core.item_defs import Tag
from expedition.rules.core.reach import CLOSE, Reach
from expedition.rules.exploration.expedition import expedition_of, reveal
from expedition.rules.exploration.tiles import DoorState
from expedition.rules.magic.fight_magic import check_reach, foe, has_tag, position, stun_foe
from expedition.rules.magic.magic_effects import Effect, ally, light_room

if TYPE_CHECKING:
    from expedition.rules.character.adventurer import Character
    from expedition.rules.core.context import Context
    from expedition.rules.core.decisions import Resolution
    from expedition.rules.engine.campaign import CampaignState

NEARBY = Reach(Range.NEARBY)
"""Nearby: 6 tiles (§16 #3)."""
PAIN_STUN = 3
"""Stun tokens Pain gives before resistance (§11.1)."""


def parse_tile(target: str) -> Pos:
    """A tile written "x,y".

    Raises:
        InvalidAction: For anything else.
    """
    try:
        x, y = (int(part) for part in target.split(","))
    except ValueError:
        raise InvalidAction(f"{target!r} is not a tile (write it as x,y).") from None
    return (x, y)


# --- Pain ----------------------------------------------------------------------------------------


def _pain_check(state: CampaignState, caster: Character, target: str) -> None:
    enemy = foe(state, caster.id, target, NEARBY)
    if not has_tag(enemy, EnemyTag.LIVING, EnemyTag.UNDEAD):
        raise IllegalAction(f"Pain only hurts living or undead creatures; the {enemy.name} is neither.")


def _pain(ctx: Context, state: CampaignState, caster: Character, target: str) -> Resolution[None]:
    enemy = combat_of(state).foe(target)
    stun_foe(ctx, enemy, PAIN_STUN - enemy.defn.resist, "Pain", "§11.1")
    return
    yield


# --- Machine spirit -----------------------------------------------------------------------------------


def _metal_armour_check(state: CampaignState, caster: Character, target: str) -> None:
    member = ally(state, caster, target, CLOSE)
    if not any(Tag.METAL in i.defn.tags and any(i.broken) for i in member.items):
        raise IllegalAction(
            f"{member.name} carries no broken metal armour to mend (machines are not modelled)."
        )


def _machine_spirit(ctx: Context, state: CampaignState, caster: Character, target: str) -> Resolution[None]:
    member = ally(state, caster, target, CLOSE)
    item = next(i for i in member.items if Tag.METAL in i.defn.tags and any(i.broken))
    mended = sum(item.broken)
    item.broken = [0 for _ in item.broken]
    ctx.emit(ArmourMendedByMagic(rule="§11.1", character=member.id, item=item.uid, points=mended))
    return
    yield


# --- Knock/Lock ---------------------------------------------------------------------------------------


def _knock_check(state: CampaignState, caster: Character, target: str) -> None:
    expedition = expedition_of(state)
    pos = parse_tile(target)
    if pos not in expedition.seen.get(expedition.depth, set()) or manhattan(pos, expedition.position) > 6:
        raise IllegalAction("Knock/Lock reaches a door or lock the party has seen, Nearby.")
    door = expedition.level.doors.get(pos)
    cache = expedition.level.cache_at(pos)
    if door is None and (cache is None or not cache.locked):
        raise IllegalAction("There is no door or locked chest there.")
    if door is not None and door.state is DoorState.BARRED:
        raise IllegalAction("A bar is no lock: Knock/Lock cannot lift it.")


def _knock_targets(state: CampaignState, caster: Character) -> list[str]:
    expedition = expedition_of(state)
    level = expedition.level
    spots = [*level.doors, *(cache.pos for cache in level.caches if cache.locked)]
    return [f"{x},{y}" for x, y in spots if manhattan((x, y), expedition.position) <= 6]


def _knock(ctx: Context, state: CampaignState, caster: Character, target: str) -> Resolution[None]:
    expedition = expedition_of(state)
    pos = parse_tile(target)
    door = expedition.level.doors.get(pos)
    if door is not None:
        door.state = DoorState.LOCKED if door.state is DoorState.OPEN else DoorState.OPEN
        ctx.emit(LockWorkedByMagic(rule="§11.1", at=pos, what="door", state=door.state.value))
        reveal(state)
        return
    cache = expedition.level.cache_at(pos)
    assert cache is not None  # checked
    cache.locked = False
    ctx.emit(LockWorkedByMagic(rule="§11.1", at=pos, what="chest", state="open"))
    return
    yield


# --- Nether swap ---------------------------------------------------------------------------------------


def _swap_check(state: CampaignState, caster: Character, target: str) -> None:

    position(state, target)
    if target == caster.id:
        raise IllegalAction("Swap places with someone else.")
    check_reach(state, caster.id, target, NEARBY)


def _swap(ctx: Context, state: CampaignState, caster: Character, target: str) -> Resolution[None]:
    combat = combat_of(state)
    mine, theirs = position(state, caster.id), position(state, target)
    combat.positions[caster.id] = theirs
    if target in combat.positions:
        combat.positions[target] = mine
    else:
        combat.foe(target).pos = mine
    ctx.emit(CombatMoved(rule="§11.1", who=caster.id, path=(theirs,)))
    ctx.emit(CombatMoved(rule="§11.1", who=target, path=(mine,)))
    return
    yield


# --- Magic Shield --------------------------------------------------------------------------------------


def _magic_shield_check(state: CampaignState, caster: Character, target: str) -> None:
    if "magic_shield" in caster.magic.effects:
        raise IllegalAction("Magic Shield already guards the wizard for this fight.")


def _magic_shield(ctx: Context, state: CampaignState, caster: Character, target: str) -> Resolution[None]:
    caster.magic.effects.append("magic_shield")
    ctx.emit(LastingMagicBegan(rule="§11.1", character=caster.id, effect="magic_shield"))
    return
    yield


SPELL_EFFECTS: dict[str, Effect] = {
    "pain": Effect(_pain, _pain_check, combat=True, actions=2),
    "machine_spirit": Effect(_machine_spirit, _metal_armour_check),
    "knock_lock": Effect(_knock, _knock_check, combat=False, targets=_knock_targets),
    "light": Effect(light_room),
    "nether_swap": Effect(_swap, _swap_check, combat=True),
    "magic_shield": Effect(_magic_shield, _magic_shield_check, combat=True),
}
"""The spells the game models, by key."""

MISSING: dict[str, str] = {}
"""Why each spell without an effect cannot be cast yet."""


@dataclass(frozen=True, slots=True, kw_only=True)
class ArmourMendedByMagic(Event):
    """Machine spirit mended a metal armour's broken points."""

    character: str
    item: int
    points: int


@dataclass(frozen=True, slots=True, kw_only=True)
class LockWorkedByMagic(Event):
    """Knock/Lock opened or locked a door, or opened a chest."""

    at: Pos
    what: str
    state: str


@dataclass(frozen=True, slots=True, kw_only=True)
class LastingMagicBegan(Event):
    """A lasting effect began on a character for the rest of the fight."""

    character: str
    effect: str
