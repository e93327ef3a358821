"""Provides what every adventurer's combat action shares (§10.2.1, §10.2.2), with `Recover` and `EndTurn`.

The acting-fighter check (`fighter`, every combat guard's first step): a fight is on, the actor is
in it, can act and has the turn; a stunned adventurer may only Recover or end the turn; the action
costs no more than the actions left; under Hyperfocus every action of the turn is the same. The
costs (`COSTS`, `cost_of`): every action takes 1 unless its module enters another here (Dodge, Help
and Intimidate take 2, EndTurn none, a move what `traumas.combat_move_action_cost` says). The
verbs' frame: `in_turn` begins the actor's turn first, `done` records the action and spends its cost.

`Recover` (§10.2.2, §16 #15) lives here because the check names it: it is all a stunned adventurer
may do.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from expedition.rules.character.adventurer import Character
from expedition.rules.character.recovery import recover_fatigue
from expedition.rules.character.traumas import combat_move_action_cost
from expedition.rules.combat.break_free import recover_frees
from expedition.rules.combat.combat_events import report_tokens
from expedition.rules.combat.combat_state import CombatState, combat_of
from expedition.rules.combat.rounds import actions_for, begin_turn, end_turn, spend_actions, verify_turn
from expedition.rules.core.actions import Action
from expedition.rules.core.attributes import Attr
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import Resolution
from expedition.rules.core.errors import IllegalAction, InvalidAction
from expedition.rules.core.events import Note
from expedition.rules.core.phase import Phase

if TYPE_CHECKING:
    from expedition.rules.engine.campaign import CampaignState


@dataclass(frozen=True, slots=True, kw_only=True)
class EndTurn(Action):
    """End this adventurer's turn, giving up the actions left."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Recover(Action):
    """Give up a shield or dodge token to recover 1 fatigue, and/or remove a stun token (§10.2.2, §16 #15).

    Attributes:
        token: "dodge", "shield" or "" (dodge first, then shield, when there is one).
        attr: Where the fatigue comes off, "" for the most tired attribute.
    """

    token: str = ""
    attr: str = ""


COSTS: dict[type[Action], int] = {EndTurn: 0}
"""Actions each combat action takes; those not listed take 1. Each action's module enters its own here."""


MOVES: list[type[Action]] = []
"""Actions that take what a move takes (`combat_move_action_cost`); `moving_and_fleeing` enters its own."""


def cost_of(member: Character, action: Action) -> int:
    """Actions `action` takes (a Broken leg makes a move take 2, §4.5)."""
    if isinstance(action, tuple(MOVES)):
        return combat_move_action_cost(member)
    return COSTS.get(type(action), 1)


def fighter(state: CampaignState, action: Action) -> tuple[CombatState, Character]:

    if state.phase is not Phase.COMBAT:
        raise IllegalAction("That is done in a fight.")
    combat = combat_of(state)
    if not action.actor:
        raise InvalidAction(f"{type(action).__name__} needs the acting character")
    member = next((c for c in state.party if c.id == action.actor), None)
    if member is None or member.id not in combat.positions or member.id in combat.fled:
        raise IllegalAction(f"{action.actor} is not in this fight.")
    if not member.can_act:
        raise IllegalAction(f"{member.name} cannot act.")
    verify_turn(state, combat, member)
    if isinstance(action, EndTurn):
        return combat, member
    if member.tokens.stun and not isinstance(action, Recover):
        raise IllegalAction(f"{member.name} is stunned: only Recover until the stun tokens are gone.")
    left = combat.actions_left if combat.active == member.id else actions_for(combat, member)
    cost = cost_of(member, action)
    if cost > left:
        raise IllegalAction(f"{type(action).__name__} takes {cost} actions; {member.name} has {left}.")
    if (
        member.id in combat.hyperfocus
        and combat.active == member.id
        and combat.last_action not in ("", type(action).__name__)
    ):
        raise IllegalAction("Under Hyperfocus every action of the turn is the same.")
    return combat, member


Verb = Callable[[Context, "CampaignState", Any], Generator[Any, str, None]]
Guard = Callable[["CampaignState", Any], None]
"""A guard: raises when the action may not be taken now."""
"""A combat verb: resolves one action of the adventurer whose turn it is."""


def start(state: CampaignState, action: Action) -> tuple[CombatState, Character]:
    return combat_of(state), state.character(action.actor)


def in_turn(verb: Verb, guard: Guard) -> Verb:
    """Wrap a verb so the actor's turn begins first; if that leaves them unable to act, stop there.

    The start of the turn can also take away what the action needs: the encumbrance STR test
    drops a random item (§7.1), perhaps the very weapon, shield or item chosen. The action was
    legal when declared; `guard` checks it again once the turn has begun, and if it now refuses
    the action is not taken: the reason is noted, no action is spent, and the adventurer chooses
    again (there is no unarmed attack in the rules to fall back on).
    """

    def run(ctx: Context, state: CampaignState, action: Any) -> Resolution[None]:
        if not (yield from begin_turn(ctx, state, state.character(action.actor))):
            return
        try:
            guard(state, action)
        except IllegalAction as refused:
            ctx.emit(Note(rule="§10.2.2", text=f"{refused} The action is not taken; choose another."))
            return
        yield from verb(ctx, state, action)

    return run


def done(ctx: Context, state: CampaignState, member: Character, action: Action) -> Resolution[None]:
    combat = state.expedition.combat if state.expedition else None
    if combat is not None:
        combat.last_action = type(action).__name__
    yield from spend_actions(ctx, state, member, cost_of(member, action))


def verify_recover(state: CampaignState, action: Recover) -> None:
    _, member = fighter(state, action)
    if action.token not in ("", "dodge", "shield") or (action.attr and action.attr not in Attr.__members__):
        raise InvalidAction("Recover gives up a 'dodge' or 'shield' token and names an attribute.")
    tokens = member.tokens
    if action.token and getattr(tokens, action.token) <= 0:
        raise IllegalAction(f"{member.name} has no {action.token} token.")
    if not (tokens.shield or tokens.dodge or tokens.stun):
        raise IllegalAction(f"{member.name} has no token to give up and no stun token.")


def recover(ctx: Context, state: CampaignState, action: Recover) -> Resolution[None]:
    _, member = start(state, action)
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
    yield from done(ctx, state, member, action)


def verify_end(state: CampaignState, action: EndTurn) -> None:
    fighter(state, action)


def end(ctx: Context, state: CampaignState, action: EndTurn) -> Resolution[None]:
    yield from end_turn(ctx, state, action.actor)
