"""Provides what an enemy attack does besides wounds (§12): stuns, holds, afflictions, chewed armour.

`strike` runs one enemy attack through `combat_harm.defend` and then the attack's rider from
`RIDERS` (keyed "<enemy>.<action>" first, then "<action>"). `PLAIN` names the attacks whose whole
effect is their wounds and flags, so that a test can prove every attack in the content is handled.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from expedition.rules.character.adventurer import Character
from expedition.rules.character.armour import ArmourPointsBroken
from expedition.rules.combat.combat_events import Attacked, CombatMoved, EnemyActed, report_tokens
from expedition.rules.combat.combat_harm import defend
from expedition.rules.combat.combat_state import CombatState, Foe
from expedition.rules.combat.enemies.enemy_defs import EnemyAction
from expedition.rules.combat.fight_map import floor
from expedition.rules.combat.holds import ATTACHED, BOUND, GRABBED, HOOKED, holds_by, take_hold
from expedition.rules.core.conditions import Affliction, gain_affliction
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import Resolution
from expedition.rules.core.dice import risk_triggered
from expedition.rules.core.distance import chebyshev, manhattan
from expedition.rules.core.events import Event
from expedition.rules.items.handling import drop
from expedition.rules.items.slots import worn_armour

if TYPE_CHECKING:
    from expedition.rules.engine.campaign import CampaignState


@dataclass(frozen=True, slots=True, kw_only=True)
class FoeHealed(Event):
    """A foe healed wounds (Unnatural regeneration, Nibble, Feast; §12)."""

    foe: str
    healed: int
    total: int


@dataclass(frozen=True, slots=True)
class Hit:
    """One enemy attack that hit, for a rider to act on."""

    state: CampaignState
    combat: CombatState
    foe: Foe
    victim: Character
    critical: bool
    wounded: bool


Rider = Callable[[Context, Hit], Resolution[None]]


def wounds_of(member: Character) -> int:
    """Wounds an adventurer carries, plus 1 once downed: a rise means the attack wounded."""
    return sum(a.wounds for a in member.attrs.values()) + (member.status.value != "active")


def strike(
    ctx: Context,
    state: CampaignState,
    combat: CombatState,
    foe: Foe,
    action: EnemyAction,
    victim: Character,
    *,
    disadvantage: int = 0,
) -> Resolution[bool]:
    """`foe` uses the attack `action` on `victim`: the defence (§10.2.3), then its rider (§12)."""
    assert action.attack is not None
    ctx.emit(EnemyActed(rule="§10.2.5", foe=foe.uid, action=action.key, target=victim.id))
    start, before = len(ctx.events), wounds_of(victim)
    hit = yield from defend(
        ctx, state, combat, foe, action.name, action.attack, victim, disadvantage=disadvantage
    )
    if hit:
        yield from after_hit(ctx, state, combat, foe, action, victim, start, before)
    return hit


def after_hit(
    ctx: Context,
    state: CampaignState,
    combat: CombatState,
    foe: Foe,
    action: EnemyAction,
    victim: Character,
    start: int,
    before: int,
) -> Resolution[None]:
    """Apply the rider of an attack that hit; `start`/`before`: event count and victim's wounds before it."""
    critical = any(
        isinstance(e, Attacked) and e.attacker == foe.uid and e.defender == victim.id and e.critical
        for e in ctx.events[start:]
    )
    rider = RIDERS.get(f"{foe.key}.{action.key}") or RIDERS.get(action.key)
    if rider is not None:
        yield from rider(ctx, Hit(state, combat, foe, victim, critical, wounds_of(victim) > before))


def stun(ctx: Context, member: Character, count: int, why: str) -> None:
    """Give an adventurer `count` stun tokens (§10.2.4); the downed take none (fainting clears them)."""
    if count > 0 and member.can_act:
        member.tokens.stun += count
        ctx.emit(report_tokens(member.id, member.tokens, why, "§10.2.4"))


def heal(ctx: Context, foe: Foe, wounds: int, rule: str) -> int:
    """Heal up to `wounds` of a foe's wounds (§12)."""
    healed = min(wounds, foe.wounds)
    foe.wounds -= healed
    ctx.emit(FoeHealed(rule=rule, foe=foe.uid, healed=healed, total=foe.wounds))
    return healed


def _stuns(count: int, why: str) -> Rider:
    def rider(ctx: Context, hit: Hit) -> Resolution[None]:
        stun(ctx, hit.victim, count, why)
        return
        yield

    return rider


def _afflicts(affliction: Affliction, *, wounding: bool = False, risk: int = 0) -> Rider:
    """A hit (or only one that wounds) gives `affliction`, or only on a triggered `risk`d! (§12)."""

    def rider(ctx: Context, hit: Hit) -> Resolution[None]:
        if wounding and not hit.wounded:
            return
        if risk and not risk_triggered(ctx.roll(risk, who=hit.victim.id, why=affliction.value, rule="§12")):
            return
        gain_affliction(ctx, hit.victim, affliction, rule="§12")
        return
        yield

    return rider


def _holds(kind: str, *, wounding: bool = False, critical: bool = False) -> Rider:
    """A hit takes hold of the victim (HOUSE §6.2); a grappler keeps one victim at a time."""

    def rider(ctx: Context, hit: Hit) -> Resolution[None]:
        if (wounding and not hit.wounded) or (critical and not hit.critical) or not hit.victim.can_act:
            return
        if kind != ATTACHED and holds_by(hit.state, hit.foe.uid):
            return
        take_hold(ctx, hit.state, hit.combat, hit.foe, hit.victim, kind)
        return
        yield

    return rider


def _void_whip(ctx: Context, hit: Hit) -> Resolution[None]:
    """Dreadful: a hit makes the victim Terrified; the whip binds (§12.1, HOUSE §6.2)."""
    gain_affliction(ctx, hit.victim, Affliction.TERRIFIED, rule="§12.1")
    yield from _holds(BOUND)(ctx, hit)


def _venomous_spit(ctx: Context, hit: Hit) -> Resolution[None]:
    """Nauseated, and a stun token on a triggered 1d! (§12.3)."""
    gain_affliction(ctx, hit.victim, Affliction.NAUSEATED, rule="§12.3")
    if risk_triggered(ctx.roll(1, who=hit.victim.id, why="stunned by the spit?", rule="§12.3")):
        stun(ctx, hit.victim, 1, "Venomous Spit")
    return
    yield


def _chew_armour(ctx: Context, hit: Hit) -> Resolution[None]:
    """Chew Armor: 1 AP of the worn piece breaks, whatever the armour roll (house reading, §12.2)."""
    pieces = [
        (i, p) for i in worn_armour(hit.victim) for p in range(len(i.defn.armour)) if i.working_ap(p) > 0
    ]
    if pieces:
        item, part = max(pieces, key=lambda ip: ip[0].working_ap(ip[1]))
        item.broken[part] += 1
        ctx.emit(
            ArmourPointsBroken(
                rule="§12.2",
                who=hit.victim.id,
                item=item.uid,
                part=part,
                points=1,
                working=item.working_ap(part),
            )
        )
    return
    yield


def _sticky_tongue(ctx: Context, hit: Hit) -> Resolution[None]:
    """On a triggered 2d! the tongue tears away the weapon or light in hand; it falls (§12.4)."""
    held = [i for i in hit.victim.items if i.wielded or i.lit]
    if held and risk_triggered(ctx.roll(2, who=hit.victim.id, why="disarmed?", rule="§12.4")):
        drop(ctx, hit.victim, held[0], rule="§12.4")
    return
    yield


def _bash(ctx: Context, hit: Hit) -> Resolution[None]:
    """Bash knocks the target 1 tile away from the crab, onto a free floor tile (§12.4)."""
    assert hit.state.expedition is not None
    here = hit.combat.positions[hit.victim.id]
    away = (2 * here[0] - hit.foe.pos[0], 2 * here[1] - hit.foe.pos[1])
    sides = [(here[0] + dx, here[1] + dy) for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))]
    for tile in [away, *sorted(sides, key=lambda p: -manhattan(p, hit.foe.pos))]:
        if floor(hit.state.expedition.level, tile) and tile not in hit.combat.occupied():
            hit.combat.positions[hit.victim.id] = tile
            ctx.emit(CombatMoved(rule="§12.4", who=hit.victim.id, path=(tile,)))
            return
    yield from ()


def _nibble(ctx: Context, hit: Hit) -> Resolution[None]:
    """Nibble heals the cadaver 1 wound per hit (§12.5)."""
    heal(ctx, hit.foe, 1, "§12.5")
    return
    yield


def _red_light(ctx: Context, hit: Hit) -> Resolution[None]:
    """Piercing red light: a victim Close to the weaver also takes 1 stun token (§12.1)."""
    if chebyshev(hit.combat.positions[hit.victim.id], hit.foe.pos) <= 1:
        stun(ctx, hit.victim, 1, "Piercing red light")
    return
    yield


RIDERS: dict[str, Rider] = {
    "void_axe": _stuns(1, "Void Axe"),
    "void_whip": _void_whip,
    "unblinking_gaze": _stuns(2, "Unblinking Gaze"),
    "piercing_red_light": _red_light,
    "chew_armour": _chew_armour,
    "hook_pole": _holds(HOOKED),
    "controlling_gaze": _stuns(1, "Controlling Gaze"),
    "venomous_spit": _venomous_spit,
    "giant_leech.bite": _holds(ATTACHED, wounding=True),
    "infest": _holds(ATTACHED, critical=True),
    "soul_nibble": _stuns(1, "Soul nibble"),
    "sticky_tongue": _sticky_tongue,
    "toxic_spit": _afflicts(Affliction.NAUSEATED, wounding=True),
    "grab": _holds(GRABBED),
    "bash": _bash,
    "infectious_bite": _afflicts(Affliction.PLAGUED, risk=1),
    "head_spider.lunge": _holds(ATTACHED),
    "nibble": _nibble,
    "poisonous_bite": _afflicts(Affliction.NAUSEATED),
    "silken_bola": _stuns(1, "Silken bola"),
    "giant_claw": _stuns(1, "Giant claw"),
}
"""Riders of attacks that do more than wound (§12, HOUSE §3.3, §6.2)."""

PLAIN = frozenset(
    {
        "bite", "cry_of_hunger", "piercing_light", "silver_tentacles", "knife_in_the_gut", "short_bow",
        "serrated_blade", "black_crossbow", "serrated_teeth", "crude_falchion", "death_dealer", "rend",
        "small_bite", "many_bites", "cries_of_many", "drain", "tongue_whip", "eat", "massive_bite",
        "lunge", "throw_shiv", "overgrown_claws", "rusty_sword", "agony", "rotting_touch", "short_sword",
        "barbed_lash", "gloat", "engulf", "thousand_voices",
    }
)  # fmt: skip
"""Attacks whose whole effect is their wounds and notation flags (B bleeds, P pierces, …)."""
