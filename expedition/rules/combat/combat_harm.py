"""Provides harm in a fight: defending an enemy attack (§10.2.3) and wounding a foe (§10.2.5).

The defender owns the defence: a "defend" decision (roll an attribute, or decline and be hit),
then the test with their shield and dodge tokens as rerolls, then armour, Hardened and where
the wounds land (`harm.receive_wounds`). Wounds on a foe go through its armour and resistance
(`armour.enemy_damage`), its damage cap, and knock it out when they exceed its W (§16 #21).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from expedition.rules.character.adventurer import Character
from expedition.rules.character.afflictions import Cure, apply_cure
from expedition.rules.character.armour import enemy_damage
from expedition.rules.character.harm import receive_wounds
from expedition.rules.character.traumas import fearful_reaction
from expedition.rules.combat.combat_events import (
    Attacked,
    CombatMoved,
    FoeFleeing,
    FoeKnockedOut,
    FoeWounded,
    report_tokens,
)
from expedition.rules.combat.combat_state import CombatState, Foe, helper_of
from expedition.rules.combat.enemies.targeting import mothered
from expedition.rules.combat.fight_map import floor
from expedition.rules.combat.maneuvers.maneuver_marks import after_defence, before_defence
from expedition.rules.combat.slippery import slip_away
from expedition.rules.core.attributes import Attr
from expedition.rules.core.conditions import Affliction, Trauma, gain_affliction
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import Choice, Decision, Resolution
from expedition.rules.core.dice import risk_triggered
from expedition.rules.core.distance import chebyshev, manhattan, orthogonal_neighbours
from expedition.rules.core.errors import InvalidAction
from expedition.rules.core.hooks import Hook
from expedition.rules.core.judging import Outcome
from expedition.rules.core.lasting import Span, add_lasting, lasting_on
from expedition.rules.core.notation import Attack
from expedition.rules.core.rerolls import DieRerolled
from expedition.rules.core.rolls import attribute_test, available_dice
from expedition.rules.core.wording import plural
from expedition.rules.exploration import dead_vigil
from expedition.rules.items.slots import worn_armour
from expedition.rules.items.usage import break_item
from expedition.rules.magic.prayers.prayer_marks import foe_fell
from expedition.rules.magic.warding import foe_blinded, unharmable

if TYPE_CHECKING:
    from expedition.rules.engine.campaign import CampaignState

DECLINE = "decline"
"""Answer to a "defend" decision: roll no dice and take the hit (§10.2.3)."""

FOE_HIT: Hook[Callable[[Context, CampaignState, CombatState, Foe, int, int], None]] = Hook("a foe was hit")
"""Asked by `wound_foe` with the wounds the foe took and the raw damage: the passives of its stat block
(Will to live, Toxic spores, Jumpy, Scatter…: `enemies.specials.foe_hit`, §12)."""
FOE_FELL: Hook[Callable[[Context, CampaignState, CombatState, Foe], None]] = Hook("a foe dropped")
"""Asked by `knock_out` after the body and Dirge: bursts, a brood or a warren breaking
(`enemies.specials.foe_fell`, §12, HOUSE §3.1)."""


def defend(
    ctx: Context,
    state: CampaignState,
    combat: CombatState,
    foe: Foe,
    name: str,
    attack: Attack,
    member: Character,
    *,
    disadvantage: int = 0,
) -> Resolution[bool]:
    """`member` defends against `foe`'s attack `name` (§10.2.3); return True if it hit.

    A downed adventurer cannot defend: the attack hits as if declined (HOUSE §3.1). Otherwise
    a "defend" decision owned by the adventurer offers "roll:<ATTR>" for each attribute the
    attack names (default: the one with most available dice) or "decline" (an automatic plain
    hit, no dice, no fatigue). The test uses the attack's `+`/`-` for advantage/disadvantage
    and the defender's tokens as rerolls; shield tokens not against X (§16 #7). A failure
    takes BASE wounds, a critical failure BASE + CRIT with the critical flags (§2.1).
    Reactions hook in around the test (`maneuver_hooks`): Aegis may put an ally in the
    defender's place, Turtle spares the defence's fatigue, a Reckless attack gives it
    disadvantage, and Payback may answer a shield that stopped a melee attack (§5.7.1).
    """
    if unharmable(state, member.id):  # smoke form or an arcane prison (§11.1)
        ctx.emit(
            Attacked(
                rule="§11.1",
                attacker=foe.uid,
                defender=member.id,
                attack=name,
                outcome="unharmed",
                hit=False,
                critical=False,
                damage=0,
            )
        )
        return False
    guard = yield from before_defence(ctx, state, combat, foe, name, member)  # Aegis, Turtle, Reckless
    member, disadvantage = guard.defender, disadvantage + guard.disadvantage

    if (yield from slip_away(ctx, state, combat, foe, name, attack, member)):  # Slippery (§6.1, house)
        return False
    shields_spent = False
    helper = helper_of(state, combat, member.id)
    if not member.can_act:
        outcome = Outcome.FAILURE
    else:
        choices = [
            Choice(f"roll:{attr}", f"Roll {attr} ({plural(available_dice(member, attr), 'die')})")
            for attr in attack.attrs
        ]
        choices.append(Choice(DECLINE, "Roll nothing and take the hit"))
        best = max(attack.attrs, key=lambda a: available_dice(member, a, combat=True))
        key = yield Decision(
            kind="defend",
            owner=member.id,
            prompt=f"{foe.name} attacks {member.name} with {name} ({attack}). Defend?",
            choices=tuple(choices),
            default=f"roll:{best}",
            rule="§10.2.3",
        )
        if key not in {c.key for c in choices}:
            raise InvalidAction(f"{key!r} is not a choice here")
        if key == DECLINE:
            outcome = Outcome.FAILURE
        else:
            attr = Attr(key.partition(":")[2])
            start = len(ctx.events)
            result = yield from attribute_test(
                ctx,
                member,
                attr,
                advantage=(1 if attack.defence > 0 else 0) + int(foe_blinded(state, foe.uid, foe.pos)),
                disadvantage=disadvantage + (1 if attack.defence < 0 else 0),
                helper=helper if helper is not None and helper.can_act else None,
                combat=True,
                tokens=True,
                shields=not attack.ignores_shields,
                tiring=guard.tiring,
                rule="§10.2.3",
            )
            outcome = result.outcome
            shields_spent = any(
                isinstance(e, DieRerolled) and e.resource == "shield" for e in ctx.events[start:]
            )
            if shields_spent:
                _shield_may_break(ctx, member)
    critical = outcome is Outcome.CRITICAL_FAILURE
    hit = not outcome.succeeded
    raw = attack.damage(critical) if hit else 0
    ctx.emit(
        Attacked(
            rule="§10.2.3",
            attacker=foe.uid,
            defender=member.id,
            attack=name,
            outcome=outcome.value,
            hit=hit,
            critical=critical,
            damage=raw,
        )
    )
    yield from after_defence(ctx, state, combat, foe, attack, member, shields_spent=shields_spent, hit=hit)
    fearful_flinch(ctx, state, combat, foe, member)
    if not hit:
        return False
    flags = attack.flags(critical)
    placed = yield from receive_wounds(
        ctx,
        member,
        raw,
        armour=worn_armour(member),
        pierce=attack.pierce or (critical and "P" in flags),
        unreducible="R" in flags,
        nonlethal="N" in flags,
        rule="§10.2.3",
    )
    if attack.bleeds(critical) and member.status.value != "dead":
        gain_affliction(ctx, member, Affliction.BLEEDING, rule="§2.1")
    if placed > 0:
        apply_cure(ctx, member, Cure.WOUNDED_IN_COMBAT, rule="§4.6")
    return True


FEARFUL_MARK = "trauma:fearful"
"""Lasting mark counting (in `value`) how often a Fearful adventurer was attacked this round."""


def fearful_flinch(
    ctx: Context, state: CampaignState, combat: CombatState, foe: Foe, member: Character
) -> None:
    """The Fearful trauma after an attack on `member` (§4.5, `traumas.fearful_reaction`).

    A Fearful adventurer who can act steps back 1 tile away from the attacker, onto a free floor
    tile (staying put when none is free); the second attack in the same round also gives 1 stun
    token, later ones none. The count is a lasting mark that ends at the round's cleanup.
    """
    if Trauma.FEARFUL not in member.traumas or not member.can_act or member.id not in combat.positions:
        return

    marks = lasting_on(state, member.id, FEARFUL_MARK)
    if marks:
        marks[0].value += 1
        count = marks[0].value
    else:
        add_lasting(ctx, state, FEARFUL_MARK, member.id, Span.ROUND, 1, value=1, rule="§4.5")
        count = 1
    reaction = fearful_reaction(member, count)
    if reaction.step_back and state.expedition is not None:
        here = combat.positions[member.id]
        away = [
            tile
            for tile in orthogonal_neighbours(here)
            if manhattan(tile, foe.pos) > manhattan(here, foe.pos)
            and floor(state.expedition.level, tile)
            and tile not in combat.occupied()
        ]
        if away:
            # Straight back first: the farthest tile, counting diagonal distance on a tie.
            tile = max(away, key=lambda t: (manhattan(t, foe.pos), chebyshev(t, foe.pos)))
            combat.positions[member.id] = tile
            ctx.emit(CombatMoved(rule="§4.5", who=member.id, path=(tile,)))
    if reaction.stun:
        member.tokens.stun += reaction.stun
        ctx.emit(report_tokens(member.id, member.tokens, "Fearful: attacked twice this round", "§4.5"))


def _shield_may_break(ctx: Context, member: Character) -> None:
    """A held shield with a break risk rolls it when its tokens are spent (§7.7)."""
    shield = next((i for i in member.items if i.defn.is_shield and i.place.endswith("hand")), None)
    if shield is None or shield.defn.break_risk <= 0:
        return
    faces = ctx.roll(
        shield.defn.break_risk, who=member.id, why=f"the {shield.name}'s break risk", rule="§7.7"
    )
    if risk_triggered(faces):
        break_item(ctx, member, shield, rule="§7.7")


def wound_foe(
    ctx: Context,
    state: CampaignState,
    combat: CombatState,
    foe: Foe,
    raw: int,
    *,
    by: str,
    pierce: bool = False,
    unreducible: bool = False,
    cold_blood: bool = False,
    bleeds: bool = False,
    rule: str = "§10.2.5",
) -> int:
    """Deal `raw` damage to `foe`: armour, resistance, its cap, then wounds (§4.2, §10.2.5, §16 #21).

    Returns:
        Wounds it took.
    """
    if raw <= 0 or not foe.conscious or unharmable(state, foe.uid):  # arcane prison (§11.1)
        return 0
    result = enemy_damage(
        ctx,
        raw,
        ap=foe.working_ap,
        resist=foe.defn.resist,
        pierce=pierce,
        unreducible=unreducible,
        cold_blood=cold_blood,
        who=foe.uid,
        rule=rule,
    )
    wounds = result.wounds
    if foe.defn.damage_cap:
        wounds = min(wounds, foe.defn.damage_cap)
    foe.broken += result.broken
    if bleeds and foe.defn.living:
        foe.bleeding = True
    if wounds <= 0 and not result.broken:
        FOE_HIT.each(ctx, state, combat, foe, 0, raw)  # its passives when hit (§12)
        return 0
    foe.wounds += wounds
    if by:
        foe.hurt_by[by] = foe.hurt_by.get(by, 0) + wounds
    ctx.emit(FoeWounded(rule=rule, foe=foe.uid, wounds=wounds, total=foe.wounds, broken=result.broken))
    if foe.knocked_out:
        knock_out(ctx, state, combat, foe, by=by)
    FOE_HIT.each(ctx, state, combat, foe, wounds, raw)  # Will to live, spores, Jumpy, Scatter, … (§12)
    return wounds


def knock_out(ctx: Context, state: CampaignState, combat: CombatState, foe: Foe, *, by: str) -> None:
    """`foe` is out (§16 #21); its living allies may break and run (HOUSE §3.1).

    They test 1d! to flee when it led them, or when half their group or more is now down or
    fled (broken ranks, house).
    """
    foe.out = True
    foe.tokens.shield = foe.tokens.dodge = foe.tokens.stun = 0
    ctx.emit(FoeKnockedOut(rule="§16 #21", foe=foe.uid, by=by))

    dead_vigil.foe_fell(ctx, combat, foe)  # the body it leaves (HOUSE §1.7)

    foe_fell(ctx, state, foe)  # Dirge (§11.2)
    FOE_FELL.each(ctx, state, combat, foe)  # bursts, a brood or warren breaking (§12, HOUSE §3.1)
    # A fallen leader, or a group with half its number down or gone (house), shakes the rest.
    broken = 2 * sum(1 for f in combat.foes if f.out or f.fled) >= len(combat.foes)
    if foe.defn.behaviour.leader or broken:
        for ally in combat.conscious_foes:
            if ally.defn.living and not ally.defn.ignores_morale and not ally.fleeing:
                morale_test(ctx, ally, dice=1, reason=f"{foe.name} fell", combat=combat)


def morale_test(ctx: Context, foe: Foe, *, dice: int, reason: str, combat: CombatState | None = None) -> bool:
    """Roll `dice` risk dice for `foe`; a trigger makes it flee (§16 #25). Return True if it breaks.

    Given the fight, a goblin skips the test while its Matriarch stands ("Mother!", HOUSE §3.3).
    """
    if foe.defn.ignores_morale or foe.fleeing or mothered(combat, foe):
        return False
    faces = ctx.roll(dice, who=foe.uid, why=f"a nerve test ({reason})", rule="§16 #25")
    if not risk_triggered(faces):
        return False
    foe.fleeing = True
    ctx.emit(FoeFleeing(rule="§16 #25", foe=foe.uid, reason=reason))
    return True
