"""Provides the maneuvers that set something up (§5.7.1, §5.7.2), and the reactions' refusals.

Turtle, Outsmart, Dirty tricks and Fade into darkness each leave a `Lasting` that the combat
rules read through `maneuver_hooks`. Aegis, Payback and Going somewhere? are reactions: they are
offered as decisions in the enemy turn, so using them as an action is refused with that reason.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from expedition.rules.character.adventurer import Character
from expedition.rules.combat.combat_events import report_tokens
from expedition.rules.combat.combat_state import MAX_SHIELD_TOKENS, combat_of
from expedition.rules.combat.defending import held_shield
from expedition.rules.combat.enemies.enemy_defs import EnemyTag
from expedition.rules.combat.maneuvers.attack_maneuvers import foe_uids
from expedition.rules.combat.maneuvers.maneuver_marks import (
    DIRTY_TRICKS,
    HIDDEN,
    OUTSMART,
    TURTLE,
    hidden,
    through_next_enemy_phase,
)
from expedition.rules.core.attributes import Attr
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.lasting import Span, add_lasting
from expedition.rules.core.reach import Reach
from expedition.rules.core.skills import Skill
from expedition.rules.magic.fight_magic import foe as foe_in_reach
from expedition.rules.magic.fight_magic import has_tag
from expedition.rules.magic.magic_effects import Effect

if TYPE_CHECKING:
    from expedition.rules.core.context import Context
    from expedition.rules.core.decisions import Resolution
    from expedition.rules.engine.campaign import CampaignState


def _nobody(state: CampaignState, user: Character) -> list[str]:
    return [""]


def _turtle_check(state: CampaignState, user: Character, target: str) -> None:
    if held_shield(user) is None:
        raise IllegalAction(f"{user.name} holds no shield.")


def _turtle(ctx: Context, state: CampaignState, user: Character, target: str) -> Resolution[None]:
    """Defend, then no fatigue from defence tests until the foes' next turn is over.

    House: a slow footman's "rest of the turn" would hold no enemy attack, so it reaches the
    next enemy phase.
    """
    shield = held_shield(user)
    assert shield is not None
    bonus = 2 if user.has(Skill.SHIELD_MASTER) else 1 if user.has(Skill.SHIELD_EXPERT) else 0
    user.tokens.shield = min(MAX_SHIELD_TOKENS, user.tokens.shield + shield.defn.shield_tokens + bonus)
    ctx.emit(report_tokens(user.id, user.tokens, "Turtle", "§5.7.1"))
    rounds = through_next_enemy_phase(combat_of(state))
    add_lasting(ctx, state, TURTLE, user.id, Span.ROUND, rounds, source=user.id, rule="§5.7.1")
    return
    yield


def _outsmart_targets(state: CampaignState, user: Character) -> list[str]:
    return ["PRE", "INT"]


def _outsmart_check(state: CampaignState, user: Character, target: str) -> None:
    if "outsmart" in user.magic.spent:
        raise IllegalAction("Outsmart is once per fight.")
    if target not in ("", "PRE", "INT"):
        raise IllegalAction("Outsmart tests PRE or INT.")


def _outsmart(ctx: Context, state: CampaignState, user: Character, target: str) -> Resolution[None]:
    """House: the next attack this fight that would test STR or DEX tests the chosen PRE or INT."""
    attr = target or max((Attr.PRE, Attr.INT), key=lambda a: user[a].available).value
    user.magic.spent.append("outsmart")
    add_lasting(ctx, state, OUTSMART, user.id, Span.FIGHT, source=user.id, text=attr, rule="§5.7.2")
    return
    yield


def _tricks_check(state: CampaignState, user: Character, target: str) -> None:
    found = foe_in_reach(state, user.id, target, Reach(2))
    if not has_tag(found, EnemyTag.LIVING):
        raise IllegalAction(f"The {found.name} is not living: dirty tricks do not distract it.")


def _tricks(ctx: Context, state: CampaignState, user: Character, target: str) -> Resolution[None]:
    """House: the distraction lasts until the end of the round."""
    add_lasting(ctx, state, DIRTY_TRICKS, target, Span.ROUND, 1, source=user.id, rule="§5.7.2")
    return
    yield


def _fade_check(state: CampaignState, user: Character, target: str) -> None:
    if any(item.lit for item in user.items):
        raise IllegalAction(f"{user.name} carries a light and cannot fade into darkness.")
    if hidden(state, user.id):
        raise IllegalAction(f"{user.name} is already hidden.")


def _fade(ctx: Context, state: CampaignState, user: Character, target: str) -> Resolution[None]:
    """HOUSE §6.1: foes pick someone else while another target stands; attacking or a failed sneak reveals."""
    add_lasting(ctx, state, HIDDEN, user.id, Span.FIGHT, source=user.id, rule="§5.7.2")
    user.tokens.dodge += 1
    ctx.emit(report_tokens(user.id, user.tokens, "Fade into darkness", "§5.7.2"))
    return
    yield


def _reaction(when: str) -> Effect:
    def check(state: CampaignState, user: Character, target: str) -> None:
        raise IllegalAction(f"That is a reaction: it is offered in the enemy turn, {when}.")

    def apply(ctx: Context, state: CampaignState, user: Character, target: str) -> Resolution[None]:
        raise IllegalAction("A reaction is not an action.")  # the check always refuses first
        yield

    return Effect(apply, check, combat=True, targets=_nobody)


STANCE_MANEUVERS: dict[str, Effect] = {
    "turtle": Effect(_turtle, _turtle_check, combat=True, actions=2, targets=_nobody),
    "outsmart": Effect(_outsmart, _outsmart_check, combat=True, targets=_outsmart_targets),
    "dirty_tricks": Effect(_tricks, _tricks_check, combat=True, targets=foe_uids),
    "fade_into_darkness": Effect(_fade, _fade_check, combat=True, targets=_nobody),
    "aegis": _reaction("when an ally next to you is attacked, for a shield token"),
    "payback": _reaction("when a shield token you spent stops a melee attack"),
    "going_somewhere": _reaction("when an enemy next to you is about to move, for a stun token"),
}
"""The maneuvers that set something up, and the reactions, by key."""
