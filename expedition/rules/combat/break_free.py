"""Provides `BreakFree`, the adventurer's way out of a hold (§16 #26, HOUSE §6.2): 1 action and a STR test.

The held adventurer, or an ally Close to a host with a creature attached, spends 1 action and
tests STR; a success ends the hold. An attached rotworm comes off with the action alone (the
book's "someone spends 1 action removing it"). Recover also shakes off a Void whip's binding
(`recover_frees`), with no test. An ally Close cuts a bagged adventurer out of the Sack Man's
sack with the action alone (house, HOUSE §3.3).
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from expedition.rules.character.adventurer import Character
from expedition.rules.combat.combat_state import combat_of
from expedition.rules.combat.holds import ATTACHED, BAGGED, BOUND, PINNING, holds_on, kind_of, release
from expedition.rules.combat.rounds import begin_turn, check_actions, pay_actions
from expedition.rules.core.actions import Action
from expedition.rules.core.attributes import Attr
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import Resolution
from expedition.rules.core.distance import manhattan
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.lasting import Lasting
from expedition.rules.core.phase import Phase
from expedition.rules.core.rolls import attribute_test

if TYPE_CHECKING:
    from expedition.rules.engine.campaign import CampaignState


@dataclass(frozen=True, slots=True, kw_only=True)
class BreakFree(Action):
    """Spend 1 action and test STR to end a hold (§16 #26, HOUSE §6.2).

    Attributes:
        victim: Who is held: "" for the actor, or an ally Close to the actor with a creature attached.
        kind: Which hold ("grabbed", "hooked", "bound", "attached"), "" for the one that pins, else any.
    """

    victim: str = ""
    kind: str = ""


def _hold(state: CampaignState, action: BreakFree) -> tuple[Character, Lasting]:

    if state.phase is not Phase.COMBAT:
        raise IllegalAction("Holds are broken in a fight.")

    combat = combat_of(state)
    actor = state.character(action.actor)
    victim_id = action.victim or action.actor
    victim = next((m for m in state.party if m.id == victim_id), None)
    if victim is None or victim.id not in combat.positions:
        raise IllegalAction(f"{victim_id} is not in this fight.")
    holds = holds_on(state, victim.id)
    if action.kind:
        holds = [e for e in holds if kind_of(e) == action.kind]
    if victim.id != actor.id:
        if manhattan(combat.positions[actor.id], combat.positions[victim.id]) > 1:
            raise IllegalAction(f"{victim.name} must be Close to {actor.name}.")
        holds = [e for e in holds if kind_of(e) in (ATTACHED, BAGGED)]  # a rider, or a sack to cut open
    if not holds:
        raise IllegalAction(f"Nothing holds {victim.name}.")
    holds.sort(key=lambda e: kind_of(e) not in PINNING)
    return victim, holds[0]


def verify_break_free(state: CampaignState, action: BreakFree) -> None:
    """Raise unless `action` may be taken now.

    Raises:
        IllegalAction: Outside a fight, not the actor's turn, stunned, no action left, or nothing to break.
    """
    _hold(state, action)
    check_actions(state, action.actor, 1)


def break_free(ctx: Context, state: CampaignState, action: BreakFree) -> Resolution[None]:
    """Resolve `BreakFree`: a STR test (none for a rotworm); a success ends the hold (§16 #26)."""
    member = state.character(action.actor)
    _victim, effect = _hold(state, action)
    if not (yield from begin_turn(ctx, state, member)):
        return
    if effect.text == "rotworm_swarm" and kind_of(effect) == ATTACHED:
        release(ctx, state, effect, "pulled off")
    elif kind_of(effect) == BAGGED and action.victim:  # house: an ally cuts the sack open, no test
        release(ctx, state, effect, "cut open")
    else:
        result = yield from attribute_test(ctx, member, Attr.STR, combat=True, rule="§16 #26")
        if result.succeeded:
            release(ctx, state, effect, "broke free" if not action.victim else "pulled off")
    yield from pay_actions(ctx, state, member, 1, "BreakFree")


def recover_frees(ctx: Context, state: CampaignState, member: Character) -> None:
    """A Recover action also shakes off a Void whip's binding, with no test (§12.1, HOUSE §6.2)."""
    for effect in holds_on(state, member.id):
        if kind_of(effect) == BOUND:
            release(ctx, state, effect, "recovered")


def break_free_options(state: CampaignState, actor: str) -> list[tuple[BreakFree, str]]:
    """The holds `actor` could try to break now (their own, or a creature on an ally Close), with labels."""
    combat = combat_of(state)
    if actor not in combat.positions:
        return []
    here = combat.positions[actor]
    found: list[tuple[BreakFree, str]] = []
    for member in state.party:
        if member.id not in combat.positions:
            continue
        own = member.id == actor
        if not own and manhattan(combat.positions[member.id], here) > 1:
            continue
        for effect in holds_on(state, member.id):
            kind = kind_of(effect)
            if own or kind in (ATTACHED, BAGGED):
                name = next((f.name for f in combat.foes if f.uid == effect.source), effect.source)
                who = "" if own else member.id
                label = f"Break free of the {name} ({kind})" if own else f"Pull the {name} off {member.name}"
                if not own and kind == BAGGED:
                    label = f"Cut {member.name} out of the {name}'s sack"
                found.append((BreakFree(actor=actor, victim=who, kind=kind), label))
    return found


GUARDS: dict[type[Action], Callable[[CampaignState, Any], None]] = {BreakFree: verify_break_free}
"""The hold action's guard, merged into `turns`."""
VERBS: dict[type[Action], Callable[[Context, CampaignState, Any], Generator[Any, str, None]]] = {
    BreakFree: break_free
}
"""The hold action's verb, merged into `turns`."""
