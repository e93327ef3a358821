"""Provides `AttackFoe` (§10.2.2): an attack with a wielded weapon; its guard, its verb, the weapon helpers.

`attack_foe` resolves any attack on a foe (maneuvers attack through its keywords); `weapons`,
`weapon_attack`, `in_reach` and `attack_attrs` say what a wielded weapon can do, for the guard, the
action bar and the attack odds.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from expedition.rules.character.adventurer import Character
from expedition.rules.character.harm import place_wounds
from expedition.rules.combat.combat_events import Attacked, report_tokens
from expedition.rules.combat.combat_state import CombatState, Foe, combat_of
from expedition.rules.combat.enemies.specials import weapon_struck
from expedition.rules.combat.fight_map import sees
from expedition.rules.combat.fighter_turn import done, fighter, start
from expedition.rules.combat.holds import strike_host
from expedition.rules.combat.maneuvers.maneuver_marks import outsmarted, reveal
from expedition.rules.combat.potions import ashes_wound
from expedition.rules.combat.strike import spend_ammo, strike_test, weapon_wounds
from expedition.rules.core.actions import Action
from expedition.rules.core.attributes import Attr
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import Resolution
from expedition.rules.core.distance import Range, chebyshev, manhattan
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.item_defs import Item, Special
from expedition.rules.core.notation import Attack as AttackNotation
from expedition.rules.core.notation import parse_attack
from expedition.rules.core.rolls import available_dice
from expedition.rules.core.skills import Trait
from expedition.rules.exploration.hazards.footing import attack_dice as ceiling_dice
from expedition.rules.magic.prayers.prayer_marks import fury_wound, on_our_side
from expedition.rules.magic.warding import swings_with_int

if TYPE_CHECKING:
    from expedition.rules.engine.campaign import CampaignState


@dataclass(frozen=True, slots=True, kw_only=True)
class AttackFoe(Action):
    """Attack a foe in range with a wielded weapon (§10.2.2).

    Attributes:
        target: The foe's uid.
        weapon_uid: The wielded weapon's item uid.
        attr: The attribute to test, "" for the best the weapon allows (Cold blood: DEX for STR).
    """

    target: str
    weapon_uid: int
    attr: str = ""


def weapon_attack(item: Item, distance: int) -> AttackNotation:
    """The weapon's attack at `distance` tiles: its Close form next to the target when it has one."""
    text = item.defn.close_attack if distance == 1 and item.defn.close_attack else item.defn.attack
    assert text is not None
    return parse_attack(text)


def in_reach(state: CampaignState, combat: CombatState, member: Character, item: Item, foe: Foe) -> bool:
    """True if the weapon reaches the foe: Close is orthogonal unless it reaches diagonally (§16 #2)."""
    assert state.expedition is not None
    here = combat.positions[member.id]
    attack = weapon_attack(item, manhattan(here, foe.pos))
    if attack.reach.band is Range.CLOSE and attack.reach.tiles == 1:
        if Special.DIAGONAL in item.defn.specials:
            return chebyshev(here, foe.pos) == 1
        return manhattan(here, foe.pos) == 1
    return attack.reach.reaches(manhattan(here, foe.pos)) and sees(state.expedition.level, here, foe.pos)


def weapons(member: Character) -> list[Item]:
    """Wielded items with an attack."""
    return [i for i in member.items if i.wielded and i.defn.attack]


def attack_attrs(member: Character, attack: AttackNotation) -> tuple[Attr, ...]:
    """Attributes the attacker may test: the weapon's, plus DEX for a STR weapon with Cold blood (§6.2)."""
    attrs = attack.attrs
    if member.has(Trait.COLD_BLOOD) and Attr.STR in attrs and Attr.DEX not in attrs:
        attrs = (*attrs, Attr.DEX)
    return attrs


def verify_attack(state: CampaignState, action: AttackFoe) -> None:
    combat, member = fighter(state, action)
    foe = combat.foe(action.target)
    if not foe.conscious:
        raise IllegalAction(f"The {foe.name} is out of the fight.")
    item = next((i for i in weapons(member) if i.uid == action.weapon_uid), None)
    if item is None:
        raise IllegalAction(f"{member.name} wields no such weapon.")
    if not in_reach(state, combat, member, item, foe):
        raise IllegalAction(f"The {foe.name} is out of the {item.name}'s reach.")
    attack = weapon_attack(item, manhattan(combat.positions[member.id], foe.pos))
    if action.attr and action.attr not in attack_attrs(member, attack):
        raise IllegalAction(f"The {item.name} does not attack with {action.attr}.")
    if item.defn.ammo and not any(i.defn.key == item.defn.ammo for i in member.items):
        raise IllegalAction(f"The {item.name} needs ammunition.")


def distracted(combat: CombatState, foe: Foe, attacker: str) -> bool:
    """Engaged with someone else, flanked, or stunned (HOUSE §6.1, §16 #5)."""
    around = [
        who
        for who, pos in combat.positions.items()
        if who not in combat.fled and manhattan(pos, foe.pos) == 1
    ]
    return bool(foe.tokens.stun) or len(around) >= 2 or any(who != attacker for who in around)


def attack_foe(
    ctx: Context,
    state: CampaignState,
    member: Character,
    foe: Foe,
    weapon_uid: int,
    attr: str = "",
    *,
    notation: AttackNotation | None = None,
    bonus_dice: int = 0,
    damage: Callable[[int], int] | None = None,
    name: str = "",
    rule: str = "§10.2.2",
) -> Resolution[bool]:
    """Resolve an attack on a foe (§10.2.2); return True on a hit.

    The foe's dodge tokens, then shield tokens (not against X), are offered to the GM as
    rerolls of the attacker's dice, on top of any disadvantage (hard to hit, shooting while
    engaged); the GM's default spends them only while the attack would still hit (HOUSE §3.1).

    Maneuvers (§5.7) attack through the keywords: `notation` replaces the weapon's attack
    (its `-`/`+` then gives the attacker disadvantage/advantage, and the weapon's specials and
    ammunition play no part), `bonus_dice` adds dice, `damage` maps the damage of a hit, `name`
    names the attack. Outsmart may swap the tested STR or DEX; attacking ends hiding.
    """
    combat = combat_of(state)
    item = next(i for i in member.items if i.uid == weapon_uid)
    here = combat.positions[member.id]
    attack = notation if notation is not None else weapon_attack(item, manhattan(here, foe.pos))
    allowed = attack_attrs(member, attack)

    if Attr.STR in allowed and swings_with_int(state, member.id):  # §11.1 Telekinesis
        allowed = (*allowed, Attr.INT)
    tested = Attr(attr) if attr else max(allowed, key=lambda a: available_dice(member, a, combat=True))
    tested = outsmarted(ctx, state, member, tested)
    ranged = manhattan(here, foe.pos) > 1

    engaged = any(not on_our_side(state, f) for f in combat.foes_next_to(here))  # a pet does not engage
    disadvantage = int(foe.defn.hard_to_hit) + int(ranged and engaged)
    advantage = 0
    if notation is not None:
        advantage, disadvantage = int(attack.defence > 0), disadvantage + int(attack.defence < 0)
    cold = member.has(Trait.COLD_BLOOD) and distracted(combat, foe, member.id)
    result = yield from strike_test(
        ctx,
        state,
        member,
        foe,
        tested,
        disadvantage=disadvantage,
        ignores_shields=attack.ignores_shields,
        advantage=advantage,
        bonus_dice=bonus_dice + ceiling_dice(state, member, item),  # a low ceiling (HOUSE §1.10)
        rule=rule,
    )
    reveal(ctx, state, member.id, "attacked")
    hit, critical = result.succeeded, result.outcome.value == "great_success"

    raw = attack.damage(critical) + (1 if cold and hit else 0) + fury_wound(member)  # Righteous Fury

    raw += ashes_wound(state, member, item) if notation is None else 0  # Living ashes (§7.4)
    raw = damage(raw) if damage is not None else raw
    specials = item.defn.specials if notation is None else frozenset()
    ctx.emit(
        Attacked(
            rule=rule,
            attacker=member.id,
            defender=foe.uid,
            attack=name or item.name,
            outcome=result.outcome.value,
            hit=hit,
            critical=critical,
            damage=raw if hit else 0,
        )
    )
    if notation is None:
        spend_ammo(ctx, member, item)
    if not hit:
        yield from strike_host(ctx, state, foe, member, result.outcome.value, attack, rule)  # HOUSE §6.2
        if Special.SELF_HIT_ON_MISS in specials:
            (face,) = ctx.roll(1, who=member.id, why=f"the {item.name} swings back", rule="§7.5")
            if face == 1:
                yield from place_wounds(ctx, member, 1, rule="§7.5")
        return False
    if not weapon_wounds(
        ctx, state, combat, member, foe, item, attack, raw, critical=critical, cold=cold, rule=rule
    ):
        return True
    _on_hit(ctx, member, foe, specials, critical)

    weapon_struck(ctx, state, foe, member.id, item.uid, melee=not ranged)  # Acid blood (§12.6)
    if foe.out and member.has(Trait.BATTLE_TRANCE) and combat.active == member.id:
        combat.actions_left += 1
    return True


def _on_hit(ctx: Context, member: Character, foe: Foe, specials: frozenset[Special], critical: bool) -> None:
    stun = 0
    if Special.DODGE_ON_HIT in specials:
        member.tokens.dodge += 1
        ctx.emit(report_tokens(member.id, member.tokens, "quarterstaff hit", "§7.5"))
    if Special.STUN_UNARMOURED in specials and foe.working_ap == 0:
        stun += 1
    if Special.STUN_ON_SIX in specials and ctx.roll(1, who=member.id, why="stun?", rule="§7.5")[0] == 6:
        stun += 1
    if Special.STUN_ON_HIT in specials and foe.defn.living:
        stun += 2 if critical else 1
    if stun and foe.conscious:
        foe.tokens.stun += stun
        ctx.emit(report_tokens(foe.uid, foe.tokens, "stunned", "§10.2.4"))


def make_attack(ctx: Context, state: CampaignState, action: AttackFoe) -> Resolution[None]:
    combat, member = start(state, action)
    yield from attack_foe(ctx, state, member, combat.foe(action.target), action.weapon_uid, action.attr)
    yield from done(ctx, state, member, action)
