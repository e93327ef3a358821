"""Provides the invariants a simulation checks after every step: what no rule may ever leave broken.

Attributes and their tracks, tokens, insight, trackers and silver stay within their bounds. These
read the campaign the session holds, as the referee of a simulation does; the bot never sees it.
"""

from __future__ import annotations

from expedition.rules.character.adventurer import Character
from expedition.rules.engine.campaign import CampaignState

__all__ = ["broken_invariants"]


def broken_invariants(state: CampaignState) -> list[str]:
    """Every invariant `state` breaks, one line each (none when all hold)."""
    broken: list[str] = []
    if state.silver < 0:
        broken.append(f"silver is {state.silver}")
    for tracker in state.trackers():
        if not 0 <= tracker.filled <= tracker.size:
            broken.append(f"tracker {tracker.name} has {tracker.filled} of {tracker.size} filled")
    for member in state.party:
        broken += _character(member)
    return broken


def _character(member: Character) -> list[str]:
    broken: list[str] = []
    name = member.name
    for attr, attribute in member.attrs.items():
        if attribute.score < 0 or attribute.fatigue < 0 or attribute.wounds < 0 or attribute.proficiency < 0:
            broken.append(f"{name}'s {attr} has a negative mark: {attribute}")
        if attribute.fatigue + attribute.wounds > attribute.score:
            broken.append(f"{name}'s {attr} holds more fatigue and wounds than its score: {attribute}")
    tokens = member.tokens
    if min(tokens.shield, tokens.dodge, tokens.stun) < 0:
        broken.append(f"{name} has negative tokens: {tokens}")
    if member.insight.spent > member.insight.earned or member.insight.spent < 0:
        broken.append(f"{name} spent {member.insight.spent} insight of {member.insight.earned} earned")
    if member.mortal_wounds < 0 or member.faint_turns < 0:
        broken.append(f"{name} has {member.mortal_wounds} mortal wounds, {member.faint_turns} faint turns")
    return broken
