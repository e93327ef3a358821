"""Provides warrior and thief maneuvers in a fight (§5.7.1, §5.7.2, §10.2.2): 1 action and Close unless said.

`MANEUVER_EFFECTS` holds every maneuver: the attacks (`maneuver_attacks`), the set-ups and
reactions (`maneuver_stances`, `maneuver_hooks`) and the three here. `MISSING` would name what
the game lacks for a maneuver with no effect; it is empty.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from expedition.rules.character.adventurer import Character
from expedition.rules.combat.combat_events import report_tokens
from expedition.rules.combat.combat_state import combat_of
from expedition.rules.combat.enemies.enemy_defs import EnemyTag
from expedition.rules.combat.maneuvers.attack_maneuvers import ATTACK_MANEUVERS
from expedition.rules.combat.maneuvers.stances import STANCE_MANEUVERS
from expedition.rules.combat.rounds import begin_turn, check_actions, pay_actions
from expedition.rules.core.actions import Action
from expedition.rules.core.attributes import Attr
from expedition.rules.core.decisions import Choice, Decision
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.events import Event
from expedition.rules.core.rolls import attribute_test
from expedition.rules.exploration.surroundings import acting
from expedition.rules.magic.fight_magic import foes_in_reach, has_tag, stun_foe
from expedition.rules.magic.magic_effects import NEARBY, Effect, effect_for

if TYPE_CHECKING:
    from expedition.rules.core.context import Context
    from expedition.rules.core.decisions import Resolution
    from expedition.rules.engine.campaign import CampaignState


@dataclass(frozen=True, slots=True, kw_only=True)
class UseManeuver(Action):
    """Use a maneuver the character knows, in a fight (§5.7).

    Attributes:
        maneuver: The maneuver's key.
        target: A foe's uid, a party member's id, or "".
    """

    maneuver: str
    target: str = ""


def _quick_thinking(ctx: Context, state: CampaignState, user: Character, target: str) -> Resolution[None]:
    default = max((Attr.PRE, Attr.INT), key=lambda a: user[a].available)
    key = yield Decision(
        kind="quick_thinking",
        owner=user.id,
        prompt=f"{user.name}: test PRE or INT?",
        choices=(Choice("PRE", "PRE"), Choice("INT", "INT")),
        default=default.value,
        rule="§5.7.2",
    )
    result = yield from attribute_test(ctx, user, Attr(key), combat=True, rule="§5.7.2")
    if result.succeeded:
        user.tokens.dodge += 1
        ctx.emit(report_tokens(user.id, user.tokens, "Quick thinking", "§5.7.2"))


def _roar_check(state: CampaignState, user: Character, target: str) -> None:
    if "roar" in user.magic.spent:
        raise IllegalAction("Roar is once per fight.")


def _roar(ctx: Context, state: CampaignState, user: Character, target: str) -> Resolution[None]:
    user.magic.spent.append("roar")
    for enemy in foes_in_reach(state, user.id, NEARBY):
        if not has_tag(enemy, EnemyTag.LIVING) or enemy.defn.immune_to_pre:
            continue
        result = yield from attribute_test(ctx, user, Attr.PRE, combat=True, rule="§5.7.1")
        if result.succeeded:
            stun_foe(ctx, enemy, 1, "Roar", "§5.7.1")


def _shadows_check(state: CampaignState, user: Character, target: str) -> None:
    if not user.tokens.dodge:
        raise IllegalAction("Moving Shadows needs a dodge token to spend.")


def _shadows(ctx: Context, state: CampaignState, user: Character, target: str) -> Resolution[None]:
    user.tokens.dodge -= 1
    ctx.emit(report_tokens(user.id, user.tokens, "Moving Shadows", "§5.7.2"))
    combat_of(state).actions_left += 1
    return
    yield


MANEUVER_EFFECTS: dict[str, Effect] = {
    "quick_thinking": Effect(_quick_thinking, combat=True),
    "roar": Effect(_roar, _roar_check, combat=True),
    "moving_shadows": Effect(_shadows, _shadows_check, combat=True, actions=0),
    **ATTACK_MANEUVERS,
    **STANCE_MANEUVERS,
}
"""The maneuvers the game models, by key."""

MISSING: dict[str, str] = {}
"""Why each maneuver without an effect cannot be used yet (none is left)."""


def verify_maneuver(state: CampaignState, action: UseManeuver) -> None:
    """Raise unless the character may use `action.maneuver` now (§5.7, §10.2.2)."""
    combat_of(state)
    user = acting(state, action)
    if action.maneuver not in user.magic.maneuvers:
        raise IllegalAction(f"{user.name} has not learned that maneuver.")
    effect = effect_for("maneuver", action.maneuver, MANEUVER_EFFECTS, MISSING, state)
    check_actions(state, user.id, effect.actions)
    effect.check(state, user, action.target)


def use_maneuver(ctx: Context, state: CampaignState, action: UseManeuver) -> Resolution[None]:
    """Use the maneuver: its effect, then its actions are paid."""
    user = state.character(action.actor)
    effect = effect_for("maneuver", action.maneuver, MANEUVER_EFFECTS, MISSING, state)
    if not (yield from begin_turn(ctx, state, user)):
        return
    ctx.emit(ManeuverUsed(rule="§5.7", character=user.id, maneuver=action.maneuver, target=action.target))
    yield from effect.apply(ctx, state, user, action.target)
    yield from pay_actions(ctx, state, user, effect.actions, "UseManeuver")


@dataclass(frozen=True, slots=True, kw_only=True)
class ManeuverUsed(Event):
    """A warrior or thief used a maneuver."""

    character: str
    maneuver: str
    target: str
