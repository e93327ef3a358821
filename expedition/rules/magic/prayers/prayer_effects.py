"""Provides what each prayer does (§11.2), or why it cannot be prayed yet.

`PRAYER_EFFECTS` holds the prayers the game models; `MISSING` names, for every other prayer, what
the game lacks to model it honestly. Invoking one of those is refused with that reason.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from expedition.rules.character.adventurer import Character, Status, Tokens
from expedition.rules.character.fainting import Means, stabilise
from expedition.rules.character.harm import place_wounds, take_fatigue
from expedition.rules.character.recovery import heal_chosen_wound, heal_wound
from expedition.rules.combat.combat_events import report_tokens
from expedition.rules.combat.enemies.enemy_defs import EnemyTag
from expedition.rules.core.attributes import Attr
from expedition.rules.core.conditions import Affliction, cure_affliction
from expedition.rules.core.distance import Range
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.events import Event
from expedition.rules.core.reach import CLOSE, Reach
from expedition.rules.exploration.exploration_turn import exploration_turn
from expedition.rules.items.slots import worn_armour
from expedition.rules.magic.fight_magic import foe, foes_in_reach, has_tag, hurt_foe, stun_foe
from expedition.rules.magic.magic_effects import (
    NEARBY,
    Effect,
    ally,
    ally_check,
    in_combat,
    light_room,
    party_in_reach,
)
from expedition.rules.magic.prayers.basic_goshkalon_cador import PRAYER_MORE
from expedition.rules.magic.prayers.yulak_akhzu_kaal import PRAYER_KAAL

if TYPE_CHECKING:
    from expedition.rules.core.context import Context
    from expedition.rules.core.decisions import Resolution
    from expedition.rules.engine.campaign import CampaignState

MERCY_LIMIT = 4
"""Mercy kills a creature that this many more wounds would finish (§11.2)."""
KEPT = frozenset({Affliction.CURSED, Affliction.DOOMED, Affliction.PLAGUED})
"""Afflictions Cleansing Flames cannot burn away (§11.2)."""
MARTYR_CURES = (Affliction.BLEEDING, Affliction.TERRIFIED, Affliction.SHAKEN, Affliction.SLEEPY)
"""What Martyr lifts from the cleric's allies (§11.2)."""


def _heal(ctx: Context, member: Character, count: int, rule: str) -> Resolution[int]:
    healed = 0
    for _ in range(count):
        if (yield from heal_chosen_wound(ctx, member, rule=rule)) is not None:
            healed += 1
    return healed


def _cure_light(ctx: Context, state: CampaignState, cleric: Character, target: str) -> Resolution[None]:
    member = ally(state, cleric, target, NEARBY)
    yield from _heal(ctx, member, 2, "§11.2")
    cure_affliction(ctx, member, Affliction.BLEEDING, rule="§11.2")
    if member.status is Status.MORTALLY_WOUNDED or not in_combat(state):
        # A healing spell stabilises the mortally wounded, and outside a fight wakes the fainted (§4.3, §4.4).
        stabilise(ctx, member, means=Means.HEALING_SPELL, rule="§4.4")


def _numbness(ctx: Context, state: CampaignState, cleric: Character, target: str) -> Resolution[None]:
    member = ally(state, cleric, target, NEARBY)
    while heal_wound(ctx, member, Attr.PRE, rule="§11.2"):
        pass
    take_fatigue(ctx, member, Attr.STR, 1, rule="§11.2")
    take_fatigue(ctx, member, Attr.DEX, 1, rule="§11.2")
    return
    yield


def _mercy_check(state: CampaignState, cleric: Character, target: str) -> None:
    enemy = foe(state, cleric.id, target, CLOSE)
    if enemy.defn.wounds + 1 - enemy.wounds > MERCY_LIMIT:
        raise IllegalAction(f"The {enemy.name} is not close enough to death for Mercy.")


def _mercy(ctx: Context, state: CampaignState, cleric: Character, target: str) -> Resolution[None]:
    enemy = foe(state, cleric.id, target, CLOSE)
    hurt_foe(ctx, state, enemy, enemy.defn.wounds + 1 - enemy.wounds, cleric.id, "§11.2")
    return
    yield


def _judgment(ctx: Context, state: CampaignState, cleric: Character, target: str) -> Resolution[None]:
    for enemy in foes_in_reach(state, cleric.id, NEARBY):
        if has_tag(enemy, EnemyTag.UNDEAD):
            stun_foe(ctx, enemy, 1, "Judgment", "§11.2")
            hurt_foe(ctx, state, enemy, 1, cleric.id, "§11.2")
    return
    yield


def _flames_check(state: CampaignState, cleric: Character, target: str) -> None:
    if not target or not any(m.id == target for m in state.party):
        raise IllegalAction("Cleansing Flames on an enemy needs the combat attack rules; lay it on an ally.")
    ally(state, cleric, target, CLOSE)


def _flames(ctx: Context, state: CampaignState, cleric: Character, target: str) -> Resolution[None]:
    member = ally(state, cleric, target, CLOSE)
    for affliction in sorted(member.afflictions - KEPT):
        cure_affliction(ctx, member, affliction, rule="§11.2")
    return
    yield


def _martyr(ctx: Context, state: CampaignState, cleric: Character, target: str) -> Resolution[None]:
    yield from place_wounds(ctx, cleric, 1, rule="§11.2")
    for member in party_in_reach(state, cleric, NEARBY):
        if member is not cleric:
            for affliction in MARTYR_CURES:
                cure_affliction(ctx, member, affliction, rule="§11.2")


def _purge(ctx: Context, state: CampaignState, cleric: Character, target: str) -> Resolution[None]:
    member = ally(state, cleric, target, NEARBY)
    yield from exploration_turn(ctx, state)  # the target retches for 1 ET: the party waits
    yield from _heal(ctx, member, 3, "§11.2")


def _summer(ctx: Context, state: CampaignState, cleric: Character, target: str) -> Resolution[None]:
    for member in party_in_reach(state, cleric, NEARBY):
        for item in worn_armour(member):
            if any(item.broken):
                index = next(i for i, points in enumerate(item.broken) if points)
                item.broken[index] -= 1
                ctx.emit(ArmourPointMended(rule="§11.2", who=member.id, item=item.uid))
                break
    if in_combat(state):
        for enemy in foes_in_reach(state, cleric.id, NEARBY):
            if enemy.broken:
                enemy.broken -= 1
                ctx.emit(ArmourPointMended(rule="§11.2", who=enemy.uid, item=0))
    return
    yield


def _spring(ctx: Context, state: CampaignState, cleric: Character, target: str) -> Resolution[None]:
    for member in party_in_reach(state, cleric, NEARBY):
        yield from _heal(ctx, member, 1, "§11.2")
    if in_combat(state):
        for enemy in foes_in_reach(state, cleric.id, NEARBY):
            if enemy.wounds:
                enemy.wounds -= 1
                ctx.emit(FoeHealedByPrayer(rule="§11.2", foe=enemy.uid, wounds=1))


def _winter(ctx: Context, state: CampaignState, cleric: Character, target: str) -> Resolution[None]:
    for member in party_in_reach(state, cleric, NEARBY):
        yield from place_wounds(ctx, member, 1, rule="§11.2")
    if in_combat(state):
        for enemy in foes_in_reach(state, cleric.id, NEARBY):
            hurt_foe(ctx, state, enemy, 2, cleric.id, "§11.2")


def _autumn(ctx: Context, state: CampaignState, cleric: Character, target: str) -> Resolution[None]:
    holders: list[tuple[str, object]] = [(m.id, m.tokens) for m in party_in_reach(state, cleric, NEARBY)]
    if in_combat(state):
        holders += [(f.uid, f.tokens) for f in foes_in_reach(state, cleric.id, NEARBY)]
    for who, tokens in holders:
        assert isinstance(tokens, Tokens)
        if tokens.shield or tokens.dodge:
            tokens.shield = tokens.dodge = 0
            ctx.emit(report_tokens(who, tokens, "Prayer of Autumn", "§11.2"))
    return
    yield


PRAYER_EFFECTS: dict[str, Effect] = {
    "cure_light_wounds": Effect(_cure_light, ally_check(NEARBY)),
    "light": Effect(light_room),
    "numbness": Effect(_numbness, ally_check(NEARBY)),
    "mercy": Effect(_mercy, _mercy_check, combat=True),
    "judgment": Effect(_judgment, combat=True),
    "cleansing_flames": Effect(_flames, _flames_check),
    "martyr": Effect(_martyr),
    "purge_the_filth": Effect(_purge, ally_check(NEARBY), combat=False),
    "prayer_of_summer": Effect(_summer),
    "prayer_of_spring": Effect(_spring),
    "prayer_of_winter": Effect(_winter),
    "prayer_of_autumn": Effect(_autumn),
    **PRAYER_MORE,
    **PRAYER_KAAL,
}
"""The prayers the game models, by key."""

MISSING: dict[str, str] = {}
"""Why each prayer without an effect cannot be invoked yet."""

_ = (Range, Reach)


@dataclass(frozen=True, slots=True, kw_only=True)
class ArmourPointMended(Event):
    """A prayer mended one broken armour point (`item` 0 for an enemy's armour)."""

    who: str
    item: int


@dataclass(frozen=True, slots=True, kw_only=True)
class FoeHealedByPrayer(Event):
    """A prayer healed an enemy's wounds."""

    foe: str
    wounds: int
