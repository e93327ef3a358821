"""Provides the campaign actions' dispatch: catch breath, spend insight, pass a turn, rename, and exploration.

Each action has a reason-giving guard `verify(state, action)`, a boolean `can(state, action)`
and the verb `apply(ctx, state, action)`, a resolution that yields the decisions the rules need.
`legal_actions` (its own module) lists what the party could do now. The exploration
actions (`exploration.exploration_actions`) join the same dispatch; `exploration_turn` lives in
`expedition_turn` and is re-exported here.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import Any

import expedition.rules.engine.rulebook  # noqa: F401  # every special case registers before an action runs
from expedition.rules.camp.camp_actions import GUARDS as CAMP_GUARDS
from expedition.rules.camp.camp_actions import VERBS as CAMP_VERBS
from expedition.rules.camp.camp_setup import VERBS as SET_UP_CAMP_VERBS
from expedition.rules.character.adventurer import Character
from expedition.rules.character.insight import InsightSpend, spend_insight, verify_spend
from expedition.rules.character.mortal_wounds import Died
from expedition.rules.character.recovery import can_catch_breath, catch_breath, verify_catch_breath
from expedition.rules.combat.break_free import GUARDS as HOLD_GUARDS
from expedition.rules.combat.break_free import VERBS as HOLD_VERBS
from expedition.rules.combat.combat_actions import GUARDS as COMBAT_GUARDS
from expedition.rules.combat.combat_actions import VERBS as COMBAT_VERBS
from expedition.rules.combat.fight_setup import wandering_arrives
from expedition.rules.combat.fighting_skills import GUARDS as SKILL_FIGHT_GUARDS
from expedition.rules.combat.fighting_skills import VERBS as SKILL_FIGHT_VERBS
from expedition.rules.combat.parley import GUARDS as PARLEY_GUARDS
from expedition.rules.combat.parley import VERBS as PARLEY_VERBS
from expedition.rules.core.actions import Action
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import Resolution
from expedition.rules.core.dice import SeededDice
from expedition.rules.core.errors import IllegalAction, InvalidAction
from expedition.rules.core.events import Event
from expedition.rules.core.phase import Phase
from expedition.rules.engine.campaign import CampaignState, retire_the_fallen
from expedition.rules.engine.hand_over import GUARDS as OWNER_GUARDS
from expedition.rules.engine.hand_over import VERBS as OWNER_VERBS
from expedition.rules.engine.play_sessions import GUARDS as PLAY_SESSION_GUARDS
from expedition.rules.engine.play_sessions import VERBS as PLAY_SESSION_VERBS
from expedition.rules.exploration.exploration_actions import GUARDS as EXPLORATION_GUARDS
from expedition.rules.exploration.exploration_actions import VERBS as EXPLORATION_VERBS
from expedition.rules.exploration.exploration_turn import ExplorationTurnPassed, exploration_turn  # noqa: F401  # re-exported
from expedition.rules.exploration.exploring_skills import GUARDS as SKILL_GUARDS
from expedition.rules.exploration.exploring_skills import VERBS as SKILL_VERBS
from expedition.rules.exploration.hazards.air import breath_stolen
from expedition.rules.exploration.hazards.floors import GUARDS as SILK_GUARDS
from expedition.rules.exploration.hazards.floors import VERBS as SILK_VERBS
from expedition.rules.exploration.hazards.hazard_actions import GUARDS as HAZARD_GUARDS
from expedition.rules.exploration.hazards.hazard_actions import VERBS as HAZARD_VERBS
from expedition.rules.interlude.homecoming import VERBS as HOMECOMING_VERBS
from expedition.rules.interlude.interlude_actions import GUARDS as INTERLUDE_GUARDS
from expedition.rules.interlude.interlude_actions import VERBS as INTERLUDE_VERBS
from expedition.rules.interlude.setting_out import SetOut, set_out, verify_set_out
from expedition.rules.magic.magic_dispatch import GUARDS as MAGIC_GUARDS
from expedition.rules.magic.magic_dispatch import VERBS as MAGIC_VERBS

MAX_PLAYER_NAME = 32
"""Longest player name, in characters."""


@dataclass(frozen=True, slots=True, kw_only=True)
class CatchBreath(Action):
    """Catch your breath: one exploration turn in which the party recovers fatigue (§10.1)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class SpendInsight(Action):
    """Spend insight on an improvement, in the interlude (§10.5.2, §10.5.4).

    Attributes:
        spend: What to buy.
    """

    spend: InsightSpend


@dataclass(frozen=True, slots=True, kw_only=True)
class PassTurn(Action):
    """Let one exploration turn go by, doing nothing else (§10.1, §9.1)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class RenamePlayer(Action):
    """Change a player's display name (not a game action: it costs no time).

    Attributes:
        player: The player's id.
        name: The new name.
    """

    player: str
    name: str


# --- guards ------------------------------------------------------------------------------------


def _member(state: CampaignState, action: Action) -> Character:
    if not action.actor:
        raise InvalidAction(f"{type(action).__name__} needs the acting character")
    for member in state.party:
        if member.id == action.actor:
            return member
    raise IllegalAction(f"{action.actor} is not with the party.")


def _exploring(state: CampaignState, what: str) -> None:
    if state.phase is not Phase.EXPLORATION:
        raise IllegalAction(f"{what} only while exploring, not during {state.phase.value}.")


def _verify_catch_breath(state: CampaignState, action: CatchBreath) -> None:
    _exploring(state, "The party can catch its breath")
    verify_catch_breath(_member(state, action))


def _verify_spend(state: CampaignState, action: SpendInsight) -> None:
    if state.phase is not Phase.INTERLUDE:
        raise IllegalAction("Insight is spent in the interlude, not during an expedition.")
    verify_spend(_member(state, action), action.spend)


def _verify_pass(state: CampaignState, action: PassTurn) -> None:
    _exploring(state, "Turns pass")
    if not state.living:
        raise IllegalAction("Nobody is left alive to wait.")


def _verify_rename(state: CampaignState, action: RenamePlayer) -> None:
    state.player(action.player)
    name = action.name.strip()
    if not name:
        raise InvalidAction("A name needs at least one visible character.")
    if len(name) > MAX_PLAYER_NAME or not name.isprintable():
        raise InvalidAction(f"A name is at most {MAX_PLAYER_NAME} printable characters.")
    if any(p.name == name and p.id != action.player for p in state.players):
        raise IllegalAction(f"Another player is already called {name}.")


_GUARDS: dict[type[Action], Callable[[CampaignState, Any], None]] = {
    CatchBreath: _verify_catch_breath,
    SpendInsight: _verify_spend,
    PassTurn: _verify_pass,
    RenamePlayer: _verify_rename,
    SetOut: verify_set_out,
    **EXPLORATION_GUARDS,
    **HAZARD_GUARDS,
    **SKILL_GUARDS,
    **COMBAT_GUARDS,
    **MAGIC_GUARDS,
    **INTERLUDE_GUARDS,
    **CAMP_GUARDS,
    **HOLD_GUARDS,
    **SILK_GUARDS,
    **PARLEY_GUARDS,
    **SKILL_FIGHT_GUARDS,
    **OWNER_GUARDS,
    **PLAY_SESSION_GUARDS,
}


def verify(state: CampaignState, action: Action) -> None:
    """Raise unless `action` may be applied to `state` now.

    Raises:
        InvalidAction: For an unknown or malformed action.
        IllegalAction: With the reason it is not allowed now.
    """
    guard = _GUARDS.get(type(action))
    if guard is None:
        raise InvalidAction(f"{type(action).__name__} is not something the party can do yet.")
    guard(state, action)


def can(state: CampaignState, action: Action) -> bool:
    """True if `verify` would allow `action`."""
    try:
        verify(state, action)
    except (IllegalAction, InvalidAction):
        return False
    return True


# --- the verbs ---------------------------------------------------------------------------------


def _catch_breath(ctx: Context, state: CampaignState, action: CatchBreath) -> Resolution[None]:
    # The whole party rests for the turn; whoever is Shaken or down recovers nothing (§10.1, §4.6).
    stolen = breath_stolen(ctx, state)  # void chill, miasma (HOUSE §1.13, §1.14)
    for member in state.party:
        if can_catch_breath(member) and not stolen:
            catch_breath(ctx, member, rule="§10.1")
    yield from exploration_turn(ctx, state)


def _spend(ctx: Context, state: CampaignState, action: SpendInsight) -> Resolution[None]:
    spend_insight(ctx, state.character(action.actor), action.spend, rule="§10.5.4")
    return
    yield  # a generator, like every verb


def _pass(ctx: Context, state: CampaignState, action: PassTurn) -> Resolution[None]:

    announced = list(state.expedition.coming) if state.expedition is not None else []
    yield from exploration_turn(ctx, state)
    yield from wandering_arrives(ctx, state, announced)  # a group that gave its sign arrives (HOUSE §1.5)


def _rename(ctx: Context, state: CampaignState, action: RenamePlayer) -> Resolution[None]:
    player = state.player(action.player)
    old, player.name = player.name, action.name.strip()
    ctx.emit(PlayerRenamed(rule="", player=player.id, old=old, new=player.name))
    return
    yield


_VERBS: dict[type[Action], Callable[[Context, CampaignState, Any], Generator[Any, str, None]]] = {
    CatchBreath: _catch_breath,
    SpendInsight: _spend,
    PassTurn: _pass,
    RenamePlayer: _rename,
    SetOut: set_out,
    **EXPLORATION_VERBS,
    **SET_UP_CAMP_VERBS,
    **HOMECOMING_VERBS,
    **HAZARD_VERBS,
    **SKILL_VERBS,
    **COMBAT_VERBS,
    **MAGIC_VERBS,
    **INTERLUDE_VERBS,
    **CAMP_VERBS,
    **HOLD_VERBS,
    **SILK_VERBS,
    **PARLEY_VERBS,
    **SKILL_FIGHT_VERBS,
    **OWNER_VERBS,
    **PLAY_SESSION_VERBS,
}


def apply(ctx: Context, state: CampaignState, action: Action) -> Resolution[None]:
    """Check and apply `action`, yielding the decisions it needs; the dead then leave the party.

    Afterwards the state's dice position is updated from `ctx.dice` (when seeded) and its action
    count goes up by one.

    Raises:
        InvalidAction: For an unknown or malformed action.
        IllegalAction: When it is not allowed now (nothing has changed then).
    """
    verify(state, action)
    yield from carry_out(ctx, state, action)


def carry_out(ctx: Context, state: CampaignState, action: Action) -> Resolution[None]:
    """Apply `action` that `verify` has just allowed, without checking it again (see `apply`).

    For a caller that verified the action itself a moment before, on this very state: the
    session checks each submitted action once, before it keeps a copy to roll back to.
    """
    start = len(ctx.events)
    yield from _VERBS[type(action)](ctx, state, action)
    causes = {e.character: e.cause for e in ctx.events[start:] if isinstance(e, Died)}
    retire_the_fallen(ctx, state, causes)
    if isinstance(ctx.dice, SeededDice):
        state.dice = ctx.dice.state()
    state.actions += 1


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerRenamed(Event):
    """A player changed their display name."""

    player: str
    old: str
    new: str
