"""Provides the verbs of the adventurers' combat actions (§10.2.2): what each does, then what it spends."""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import TYPE_CHECKING, Any

from expedition.rules.character.adventurer import Character
from expedition.rules.character.afflictions import apply_cure
from expedition.rules.character.harm import place_wounds
from expedition.rules.character.recovery import catch_breath, recover_fatigue
from expedition.rules.combat.break_free import recover_frees
from expedition.rules.combat.combat_actions import (
    GUARDS,
    AttackFoe,
    CombatCatchBreath,
    CombatMove,
    CombatUseItem,
    Defend,
    Dodge,
    EndTurn,
    Feint,
    Flee,
    Help,
    Intimidate,
    Recover,
    attack_attrs,
    cost_of,
    held_shield,
    move_routes,
    move_tiles,
    weapon_attack,
    wield_hand,
)
from expedition.rules.combat.combat_events import AdventurerFled, Attacked, CombatMoved, report_tokens
from expedition.rules.combat.combat_harm import wound_foe
from expedition.rules.combat.combat_state import MAX_SHIELD_TOKENS, CombatState, Foe, combat_of
from expedition.rules.combat.enemies.specials import weapon_struck
from expedition.rules.combat.holds import strike_host
from expedition.rules.combat.maneuvers.maneuver_marks import outsmarted, reveal, sneak
from expedition.rules.combat.potions import ashes_wound
from expedition.rules.combat.rounds import begin_turn, end_turn, spend_actions
from expedition.rules.combat.strike import spend_ammo, strike_test, weapon_wounds
from expedition.rules.core.actions import Action
from expedition.rules.core.attributes import Attr
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import Resolution
from expedition.rules.core.distance import manhattan
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.events import Note
from expedition.rules.core.item_defs import Special
from expedition.rules.core.notation import Attack as AttackNotation
from expedition.rules.core.notation import parse_attack
from expedition.rules.core.rolls import attribute_test, available_dice
from expedition.rules.core.skills import Skill, Trait
from expedition.rules.exploration.hazards.air import breath_stolen
from expedition.rules.exploration.hazards.footing import attack_dice as ceiling_dice
from expedition.rules.exploration.hazards.footing import footing_dodge, footing_move
from expedition.rules.exploration.using_items import CURES_BY_ITEM
from expedition.rules.items import handling, usage
from expedition.rules.items.item_uses import use_item
from expedition.rules.magic.prayers.prayer_marks import fury_wound, hostile, on_our_side
from expedition.rules.magic.warding import swings_with_int

if TYPE_CHECKING:
    from expedition.rules.engine.campaign import CampaignState

Verb = Callable[[Context, "CampaignState", Any], Generator[Any, str, None]]
"""A combat verb: resolves one action of the adventurer whose turn it is."""
INTIMIDATION = parse_attack("PRE 1N")
"""The Intimidate skill's attack on every Nearby foe (§6.1)."""


def _start(state: CampaignState, action: Action) -> tuple[CombatState, Character]:
    return combat_of(state), state.character(action.actor)


def _in_turn(verb: Verb) -> Verb:
    """Wrap a verb so the actor's turn begins first; if that leaves them unable to act, stop there.

    The start of the turn can also take away what the action needs: the encumbrance STR test
    drops a random item (§7.1), perhaps the very weapon, shield or item chosen. The action was
    legal when declared; it is checked again once the turn has begun, and if its guard now
    refuses it is not taken: the reason is noted, no action is spent, and the adventurer
    chooses again (there is no unarmed attack in the rules to fall back on).
    """

    def run(ctx: Context, state: CampaignState, action: Any) -> Resolution[None]:
        if not (yield from begin_turn(ctx, state, state.character(action.actor))):
            return
        try:
            GUARDS[type(action)](state, action)
        except IllegalAction as refused:
            ctx.emit(Note(rule="§10.2.2", text=f"{refused} The action is not taken; choose another."))
            return
        yield from verb(ctx, state, action)

    return run


def _done(ctx: Context, state: CampaignState, member: Character, action: Action) -> Resolution[None]:
    combat = state.expedition.combat if state.expedition else None
    if combat is not None:
        combat.last_action = type(action).__name__
    yield from spend_actions(ctx, state, member, cost_of(member, action))


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


def _attack(ctx: Context, state: CampaignState, action: AttackFoe) -> Resolution[None]:
    combat, member = _start(state, action)
    yield from attack_foe(ctx, state, member, combat.foe(action.target), action.weapon_uid, action.attr)
    yield from _done(ctx, state, member, action)


def _recover(ctx: Context, state: CampaignState, action: Recover) -> Resolution[None]:
    _, member = _start(state, action)
    tokens = member.tokens
    token = action.token or ("dodge" if tokens.dodge else "shield" if tokens.shield else "")
    if token:
        setattr(tokens, token, getattr(tokens, token) - 1)
        attr = Attr(action.attr) if action.attr else max(Attr, key=lambda a: member[a].fatigue)
        recover_fatigue(ctx, member, attr, 1, rule="§16 #15")
    if tokens.stun:
        tokens.stun -= 1
    ctx.emit(report_tokens(member.id, tokens, "recover", "§16 #15"))

    recover_frees(ctx, state, member)  # shakes off a Void whip's binding (§12.1)
    yield from _done(ctx, state, member, action)


def _move(ctx: Context, state: CampaignState, action: CombatMove | Flee) -> Resolution[None]:
    """Move (or flee) along the route verified when the action was taken.

    The route is fixed before the turn begins: Bleeding's fatigue at the start of the turn may
    shorten the reach of a move, but a move that was legal when declared goes where it was aimed.
    """
    to = (int(action.to[0]), int(action.to[1]))
    path = move_routes(state, combat_of(state), state.character(action.actor))[to]  # as verified
    if not (yield from begin_turn(ctx, state, state.character(action.actor))):
        return
    combat, member = _start(state, action)
    if isinstance(action, CombatMove):  # deep water, slick stone, mud (HOUSE §1.10, §1.11, §1.14)
        path = yield from footing_move(ctx, state, combat, member, path)
        to = path[-1] if path else combat.positions[member.id]
    combat.positions[member.id] = to
    ctx.emit(CombatMoved(rule="§10.2.2", who=member.id, path=path))
    if member.tokens.shield and not member.has(Skill.SHIELD_MASTER):
        member.tokens.shield = 0
        ctx.emit(report_tokens(member.id, member.tokens, "moved", "§10.2.2"))

    yield from sneak(ctx, state, member)  # a hidden moon-curser tests DEX (§5.7.2)
    if isinstance(action, Flee):
        pursued = any(foe.defn.movement >= move_tiles(member) for foe in hostile(state, combat))
        (combat.pursued if pursued else combat.fled).add(member.id)
        ctx.emit(AdventurerFled(rule="§16 #25", character=member.id, pursued=pursued))
        yield from end_turn(ctx, state, member.id)
        return
    yield from _done(ctx, state, member, action)


def _breath(ctx: Context, state: CampaignState, action: CombatCatchBreath) -> Resolution[None]:
    _, member = _start(state, action)

    if not breath_stolen(ctx, state, member.id):  # void chill, miasma (HOUSE §1.13, §1.14)
        catch_breath(ctx, member, rule="§10.2.2")
    yield from _done(ctx, state, member, action)


def _defend(ctx: Context, state: CampaignState, action: Defend) -> Resolution[None]:
    _, member = _start(state, action)
    shield = held_shield(member)
    assert shield is not None
    bonus = 2 if member.has(Skill.SHIELD_MASTER) else 1 if member.has(Skill.SHIELD_EXPERT) else 0
    member.tokens.shield = min(MAX_SHIELD_TOKENS, member.tokens.shield + shield.defn.shield_tokens + bonus)
    ctx.emit(report_tokens(member.id, member.tokens, "defend", "§10.2.2"))
    yield from _done(ctx, state, member, action)


def _dodge(ctx: Context, state: CampaignState, action: Dodge) -> Resolution[None]:
    combat, member = _start(state, action)
    helper_id = combat.helped.get(member.id, "")
    helper = state.character(helper_id) if helper_id else None
    result = yield from attribute_test(
        ctx,
        member,
        Attr.DEX,
        helper=helper if helper and helper.can_act else None,
        combat=True,
        rule="§10.2.2",
    )
    if result.succeeded:
        member.tokens.dodge += 3 if result.outcome.value == "great_success" else 2
        ctx.emit(report_tokens(member.id, member.tokens, "dodge", "§10.2.2"))

    yield from footing_dodge(ctx, state, member)  # a mud sump (HOUSE §1.10)
    yield from _done(ctx, state, member, action)


def _use(ctx: Context, state: CampaignState, action: CombatUseItem) -> Resolution[None]:

    _, member = _start(state, action)
    item = next(i for i in member.items if i.uid == action.item)
    if (item.defn.attack or item.defn.is_shield) and not item.wielded:
        handling.wield(ctx, member, item, wield_hand(member, item, action.hand), rule="§10.2.2")
    elif item.defn.light is not None:
        (usage.extinguish if item.lit else usage.light)(ctx, member, item, rule="§10.2.2")
    elif item.defn.key not in CURES_BY_ITEM:
        yield from use_item(ctx, state, member, item, action.target)  # §7.4 (item_uses)
    else:
        apply_cure(ctx, member, CURES_BY_ITEM[item.defn.key], rule="§4.6")
        if item.defn.usage:
            usage.roll_usage(ctx, member, item, rule="§2")
        else:
            usage.use_one(ctx, member, item, rule="§10.2.2")
    yield from _done(ctx, state, member, action)


def _help(ctx: Context, state: CampaignState, action: Help) -> Resolution[None]:
    combat, member = _start(state, action)
    combat.helped[action.ally] = member.id
    ctx.emit(Note(rule="§10.2.2", text=f"{member.name} helps {state.character(action.ally).name}."))
    yield from _done(ctx, state, member, action)


def _feint(ctx: Context, state: CampaignState, action: Feint) -> Resolution[None]:
    combat, member = _start(state, action)
    foe = combat.foe(action.target)
    shields = foe.tokens.shield
    foe.tokens.shield = foe.tokens.dodge = 0
    if shields and member.has(Skill.SWASHBUCKLER):
        foe.feinted = True
    ctx.emit(report_tokens(foe.uid, foe.tokens, "feint", "§6.1"))
    yield from _done(ctx, state, member, action)


def _intimidate(ctx: Context, state: CampaignState, action: Intimidate) -> Resolution[None]:
    combat, member = _start(state, action)
    combat.intimidated.add(member.id)
    here = combat.positions[member.id]
    targets = [f for f in combat.conscious_foes if manhattan(f.pos, here) <= 6 and not f.defn.immune_to_pre]
    result = yield from attribute_test(ctx, member, Attr.PRE, combat=True, rule="§6.1")
    critical = result.outcome.value == "great_success"
    for foe in targets:
        ctx.emit(
            Attacked(
                rule="§6.1",
                attacker=member.id,
                defender=foe.uid,
                attack="Intimidate",
                outcome=result.outcome.value,
                hit=result.succeeded,
                critical=critical,
                damage=INTIMIDATION.damage(critical) if result.succeeded else 0,
            )
        )
        if result.succeeded:
            wound_foe(ctx, state, combat, foe, INTIMIDATION.damage(critical), by=member.id, rule="§6.1")
    yield from _done(ctx, state, member, action)


def _end(ctx: Context, state: CampaignState, action: EndTurn) -> Resolution[None]:
    yield from end_turn(ctx, state, action.actor)


VERBS: dict[type[Action], Verb] = {
    AttackFoe: _in_turn(_attack),
    Recover: _in_turn(_recover),
    CombatMove: _move,
    CombatCatchBreath: _in_turn(_breath),
    Defend: _in_turn(_defend),
    Dodge: _in_turn(_dodge),
    CombatUseItem: _in_turn(_use),
    Help: _in_turn(_help),
    Feint: _in_turn(_feint),
    Intimidate: _in_turn(_intimidate),
    Flee: _move,
    EndTurn: _end,
}
"""Verbs of the combat actions, merged into `turns`."""
