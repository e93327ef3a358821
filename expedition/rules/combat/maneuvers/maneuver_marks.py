"""Provides what maneuvers leave in a fight and the hooks the combat rules call (§5.7, §10.2, HOUSE §6).

Everything a maneuver leaves behind is a `Lasting` (rules/core/lasting.py): a hold on a foe
("held:immobilised"), a dropped weapon, a hidden moon-curser, Turtle, a reckless barbarian's next
defence, an action owed for a reaction. The reactions (Aegis, Payback, Going somewhere?) are
offered here as decisions owned by the reacting adventurer, default "pass". This module imports
no combat verb, so `combat_harm`, `combat_enemies`, `combat_rounds` and the combat actions may call it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from expedition.rules.character.adventurer import Character
from expedition.rules.combat.combat_events import report_tokens
from expedition.rules.combat.combat_state import CombatPhase, CombatState, Foe, on_map
from expedition.rules.core.attributes import Attr
from expedition.rules.core.decisions import Choice, Decision, Resolution
from expedition.rules.core.distance import Range, chebyshev, manhattan
from expedition.rules.core.errors import InvalidAction
from expedition.rules.core.events import Event
from expedition.rules.core.judging import outcome_of
from expedition.rules.core.lasting import Span, add_lasting, end_lasting, has_lasting, lasting_on
from expedition.rules.core.notation import Attack
from expedition.rules.core.rolls import attribute_test

if TYPE_CHECKING:
    from expedition.rules.core.context import Context
    from expedition.rules.engine.campaign import CampaignState

HOLD = "held:immobilised"
"""An immobilised foe cannot move until it frees itself with an action and a STR test (§16 #26, HOUSE §6.2).

Not "hold:…": `holds` keeps that prefix for a foe's hold on an adventurer (and lets go of any
whose holder is not on the map), while this one sits on a foe and has no holding creature.
"""
DISARMED = "maneuver:disarm"
HIDDEN = "maneuver:fade_into_darkness"
TURTLE = "maneuver:turtle"
RECKLESS = "maneuver:reckless_attack"
OUTSMART = "maneuver:outsmart"
DIRTY_TRICKS = "maneuver:dirty_tricks"
KNIFE = "maneuver:knife_in_the_back"
OWED = "maneuver:owed_action"
"""An action a reaction took from its user's next turn (house: reactions with no cost named cost 1 action)."""
PASS = "pass"
"""The answer that declines a reaction."""

WEAPON_ACTIONS = frozenset(
    {
        "void_axe",
        "void_whip",
        "knife_in_the_gut",
        "short_bow",
        "serrated_blade",
        "black_crossbow",
        "crude_falchion",
        "death_dealer",
        "hook_pole",
        "rusty_sword",
        "throw_shiv",
        "short_sword",
        "barbed_lash",
    }
)
"""Enemy actions made with a weapon it holds, which Disarm knocks away (house)."""


def through_next_enemy_phase(combat: CombatState) -> int:
    """Rounds (counted at cleanup) that cover the foes' next turn: 1 before the enemy phase, else 2."""
    return 1 if combat.phase is CombatPhase.FAST else 2


def foe_held(state: CampaignState, uid: str) -> bool:
    """True while the foe (or adventurer) `uid` is immobilised by a maneuver or a trap."""
    return has_lasting(state, uid, HOLD)


def weapon_usable(state: CampaignState, foe: Foe, action_key: str) -> bool:
    """False for a weapon action of a disarmed foe (house reading of Disarm, §5.7.1)."""
    return action_key not in WEAPON_ACTIONS or not has_lasting(state, foe.uid, DISARMED)


def hidden(state: CampaignState, who: str) -> bool:
    """True while an adventurer hides with Fade into darkness (§5.7.2, HOUSE §6.1)."""
    return has_lasting(state, who, HIDDEN)


def reveal(ctx: Context, state: CampaignState, who: str, why: str) -> None:
    """End the hiding of `who` (it attacked, failed to sneak, or lit a light)."""
    for effect in lasting_on(state, who, HIDDEN):
        end_lasting(ctx, state, effect, why, rule="HOUSE §6.1")


def trick_advantage(state: CampaignState, foe: Foe, attacker: str) -> int:
    """1 when another adventurer's Dirty tricks distract `foe` (§5.7.2)."""
    return int(any(e.source != attacker for e in lasting_on(state, foe.uid, DIRTY_TRICKS)))


def outsmarted(ctx: Context, state: CampaignState, member: Character, tested: Attr) -> Attr:
    """The attribute tested in place of STR or DEX under Outsmart; the effect is then used (§5.7.2)."""
    effect = next(iter(lasting_on(state, member.id, OUTSMART)), None)
    if effect is None or tested not in (Attr.STR, Attr.DEX):
        return tested
    end_lasting(ctx, state, effect, "used", rule="§5.7.2")
    return Attr(effect.text)


# --- the defence hooks (combat_harm.defend) ----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Guard:
    """How an adventurer meets an enemy attack after the reactions before it.

    Attributes:
        defender: Who takes the attack (an Aegis ally may have stepped in).
        disadvantage: Extra disadvantage on the defence (a reckless barbarian).
        tiring: False under Turtle: the defence dice cause no fatigue.
    """

    defender: Character
    disadvantage: int = 0
    tiring: bool = True


def _ask(kind: str, owner: Character, prompt: str, yes: str, label: str) -> Decision:
    return Decision(kind, owner.id, prompt, (Choice(yes, label), Choice(PASS, "Let it be")), PASS, "§5.7")


def _answer(decision: Decision, key: str) -> str:
    if key not in decision.keys:
        raise InvalidAction(f"{key!r} is not a choice here; choose one of {', '.join(decision.keys)}")
    return key


def _ready(state: CampaignState, combat: CombatState, member: Character, maneuver: str) -> bool:
    """Knows `maneuver`, is on the map, awake and not stunned: it may react."""
    return (
        maneuver in member.magic.maneuvers
        and member in on_map(state, combat)
        and member.can_act
        and not member.tokens.stun
    )


def before_defence(
    ctx: Context, state: CampaignState, combat: CombatState, foe: Foe, name: str, member: Character
) -> Resolution[Guard]:
    """Aegis may swap an ally in (§5.7.1); then the defender's Reckless and Turtle effects apply."""
    defender = member
    if member.id in combat.positions:
        for ally in on_map(state, combat):
            if ally is member or not ally.tokens.shield or not _ready(state, combat, ally, "aegis"):
                continue
            if chebyshev(combat.positions[ally.id], combat.positions[member.id]) != 1:
                continue
            prompt = f"Aegis: pay a shield token to take the {foe.name}'s {name} in {member.name}'s place?"
            decision = _ask("aegis", ally, prompt, "aegis", "Step in")
            if _answer(decision, (yield decision)) == PASS:
                continue
            ally.tokens.shield -= 1
            ctx.emit(report_tokens(ally.id, ally.tokens, "Aegis", "§5.7.1"))
            here, there = combat.positions[ally.id], combat.positions[member.id]
            combat.positions[ally.id], combat.positions[member.id] = there, here
            ctx.emit(
                ReactionUsed(rule="§5.7.1", character=ally.id, maneuver="aegis", foe=foe.uid, ally=member.id)
            )
            defender = ally
            break
    disadvantage = 0
    for effect in lasting_on(state, defender.id, RECKLESS):
        end_lasting(ctx, state, effect, "used", rule="§5.7.1")
        disadvantage = 1
    return Guard(defender, disadvantage, not has_lasting(state, defender.id, TURTLE))


def after_defence(
    ctx: Context,
    state: CampaignState,
    combat: CombatState,
    foe: Foe,
    attack: Attack,
    member: Character,
    *,
    shields_spent: bool,
    hit: bool,
) -> Resolution[None]:
    """Payback: a spent shield token stopped a melee attack; the attacker may get a stun token (§5.7.1).

    House: Payback names no cost, so like any maneuver it costs 1 action, taken from the
    footman's next turn; it is offered only while no such action is already owed.
    """
    melee = attack.reach.band is Range.CLOSE and attack.reach.tiles == 1
    if hit or not shields_spent or not melee or not foe.conscious:
        return
    if not _ready(state, combat, member, "payback") or has_lasting(state, member.id, OWED):
        return
    prompt = f"Payback: stun the {foe.name} at the cost of 1 action of your next turn?"
    decision = _ask("payback", member, prompt, "payback", "Stun it")
    if _answer(decision, (yield decision)) == PASS:
        return
    foe.tokens.stun += 1
    ctx.emit(report_tokens(foe.uid, foe.tokens, "Payback", "§5.7.1"))
    add_lasting(ctx, state, OWED, member.id, Span.FIGHT, source=member.id, value=1, rule="§5.7.1")
    ctx.emit(ReactionUsed(rule="§5.7.1", character=member.id, maneuver="payback", foe=foe.uid, ally=""))


def pay_owed(ctx: Context, state: CampaignState, combat: CombatState, member: Character) -> None:
    """At the start of a turn, actions owed for reactions are taken off (never the turn's last one)."""
    for effect in lasting_on(state, member.id, OWED):
        combat.actions_left = max(combat.actions_left - effect.value, min(combat.actions_left, 1))
        end_lasting(ctx, state, effect, "paid", rule="§5.7")


# --- the enemy-turn hooks (combat_enemies) ----------------------------------------------------------


def foe_would_move(
    ctx: Context, state: CampaignState, combat: CombatState, foe: Foe, *, can_move: bool
) -> Resolution[bool]:
    """Before a foe's Move: return True when the action goes elsewhere (the caller counts it spent).

    A disarmed foe picks its weapon up (house); a held foe spends the action on the STR test of
    §16 #26 (LVL dice, any 4+ frees it); otherwise a hoodlum Close to it may stop the move with
    Going somewhere?, taking a stun token (§5.7.2).
    """
    for effect in lasting_on(state, foe.uid, DISARMED):
        end_lasting(ctx, state, effect, "picked up", rule="§5.7.1")
        return True
    if foe_held(state, foe.uid):
        faces = ctx.roll(max(1, foe.defn.level), who=foe.uid, why="to struggle free", rule="§16 #26")
        freed = outcome_of(faces).succeeded
        if freed:
            for effect in lasting_on(state, foe.uid, HOLD):
                end_lasting(ctx, state, effect, "broke free", rule="§16 #26")
        ctx.emit(FoeStruggled(rule="§16 #26", foe=foe.uid, freed=freed))
        return True
    if not can_move:
        return False
    for member in on_map(state, combat):
        if not _ready(state, combat, member, "going_somewhere"):
            continue
        if manhattan(combat.positions[member.id], foe.pos) != 1:
            continue
        prompt = f"Going somewhere? Stop the {foe.name}'s move and take a stun token?"
        decision = _ask("going_somewhere", member, prompt, "stop", "Stop it")
        if _answer(decision, (yield decision)) == PASS:
            continue
        member.tokens.stun += 1
        ctx.emit(report_tokens(member.id, member.tokens, "Going somewhere?", "§5.7.2"))
        ctx.emit(
            ReactionUsed(rule="§5.7.2", character=member.id, maneuver="going_somewhere", foe=foe.uid, ally="")
        )
        return True
    return False


def sneak(ctx: Context, state: CampaignState, member: Character) -> Resolution[None]:
    """A hidden adventurer who moved tests DEX; a failure ends the hiding (§5.7.2)."""
    if not hidden(state, member.id):
        return
    result = yield from attribute_test(ctx, member, Attr.DEX, combat=True, rule="§5.7.2")
    if not result.succeeded:
        reveal(ctx, state, member.id, "seen moving")


@dataclass(frozen=True, slots=True, kw_only=True)
class ReactionUsed(Event):
    """An adventurer reacted in the enemy turn (Aegis, Payback, Going somewhere?).

    Attributes:
        character: Who reacted.
        maneuver: The reaction's key.
        foe: The enemy whose attack or move it answered.
        ally: The ally Aegis stepped in for, "" otherwise.
    """

    character: str
    maneuver: str
    foe: str
    ally: str


@dataclass(frozen=True, slots=True, kw_only=True)
class FoeStruggled(Event):
    """A held foe spent an action on the STR test to get free (§16 #26)."""

    foe: str
    freed: bool
