"""Provides the prompts of a dungeon's decisions: a test's rerolls, a fight's defence, and harm notices.

The decision router (`ui.decision_router`) asks every decision; while an expedition screen is in
the stack it asks them with these: a reroll prompt showing the test's dice as tracked from the
events (`prompts.track_roll`), a defence prompt with the exact odds of each answer against the
enemy attack the events announced (`track_defence`), and a notice for each mortal wound or
fainting, read before any question (`harm_notices`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from textual.screen import ModalScreen

from expedition.rules.combat.combat_events import EnemyActed
from expedition.rules.combat.combat_state import CombatState
from expedition.rules.core.decisions import Decision
from expedition.rules.core.events import Event
from expedition.rules.core.notation import Attack as AttackNotation
from expedition.session.seat_view import SeatView
from expedition.ui.screens.dungeon.combat_odds import defence_odds
from expedition.ui.screens.dungeon.combat_prompts import DefendPrompt
from expedition.ui.screens.dungeon.combat_view import tokens_text
from expedition.ui.screens.dungeon.harm_info import fainting_info, mortal_info
from expedition.ui.screens.dungeon.harm_odds import armour_prompt, dauntless_prompt, hardened_prompt
from expedition.ui.screens.prompts import (
    DecisionPrompt,
    FaintingPrompt,
    MortalWoundPrompt,
    RollInfo,
    TestPrompt,
)

__all__ = ["Defending", "dungeon_prompt", "harm_notices", "track_defence"]

Defending = tuple[str, str, AttackNotation]
"""The adventurer an enemy attack targets now, the attack's name and its notation."""


def track_defence(defending: Defending | None, event: Event, combat: CombatState | None) -> Defending | None:
    """Which enemy attack a defence test is against, after `event` (an attack made ends it)."""
    if isinstance(event, EnemyActed) and combat is not None and event.target:
        foe = next((f for f in combat.foes if f.uid == event.foe), None)
        action = next((a for a in foe.defn.actions if a.key == event.action), None) if foe else None
        if action is not None and action.attack is not None:
            return (event.target, action.name, action.attack)
    elif type(event).__name__ == "Attacked":
        return None
    return defending


def dungeon_prompt(
    view: SeatView, decision: Decision, who: str, test: RollInfo | None, defending: Defending | None
) -> DecisionPrompt:
    """The prompt for `decision` in a dungeon: the fight's own, a test's rerolls, or the plain one."""
    expedition = view.state.expedition
    combat = expedition.combat if expedition is not None else None
    if combat is not None and defending is not None and defending[0] == decision.owner:
        member = view.state.character(decision.owner)
        name, attack = defending[1], defending[2]
        if decision.kind == "defend":
            odds = defence_odds(member, attack, decision.owner in combat.helped)
            return DefendPrompt(decision, odds, tokens_text(member.tokens), who)
        if decision.kind == "reroll" and test is not None:
            # The thrown pool already carries the tokens, advantage and disadvantage of this defence.
            return TestPrompt(decision, replace(test, why=f"{test.why} against {name} ({attack})"), who)
    if decision.kind == "reroll" and test is not None:
        return TestPrompt(decision, test, who)
    offer = _odds_prompt(view, decision, who, test)
    return offer if offer is not None else DecisionPrompt(decision, who)


def _odds_prompt(
    view: SeatView, decision: Decision, who: str, test: RollInfo | None
) -> DecisionPrompt | None:
    """The armour, Hardened or Dauntless offer with its exact odds; None for any other decision."""
    if decision.kind == "dauntless":
        return dauntless_prompt(decision, test, who)
    if decision.kind not in ("armour", "armour_dice", "hardened"):
        return None
    member = next((m for m in view.state.party if m.id == decision.owner), None)
    if member is None:
        return None
    if decision.kind == "hardened":
        return hardened_prompt(member, decision, who)
    return armour_prompt(member, decision, who)


def harm_notices(events: Sequence[Event], names: Mapping[str, str]) -> list[ModalScreen[None]]:
    """A notice for each mortal wound, and for each fainting when no mortal wound came with it."""
    notices: list[ModalScreen[None]] = []
    mortal = any(type(e).__name__ == "MortalWoundRolled" for e in events)
    for event in events:
        kind = type(event).__name__
        if kind == "MortalWoundRolled":
            notices.append(MortalWoundPrompt(mortal_info(event, events, names)))
        elif kind == "Fainted" and not mortal:
            notices.append(FaintingPrompt(fainting_info(event, events, names)))
    return notices
