"""Provides how the sensible bot answers decisions: as a careful player, mostly as the table suggests.

Each decision's default is the rules' own sensible answer (the best die to reroll, the freest
attribute for a wound, the best armour, the attribute to defend with). The bot overrides it where
a careful player would: it makes the extra effort when it can spare the fatigue, takes a long rest
and lights a fire when hurt, and remembers the dark.
"""

from __future__ import annotations

from collections.abc import Callable

from expedition.bots.sensible.memory import Memory
from expedition.bots.sensible.party_condition import hurt
from expedition.rules.core.decisions import Decision
from expedition.session.seat_view import SeatView

__all__ = ["decide"]


def decide(view: SeatView, decision: Decision, memory: Memory) -> str:
    """The answer to `decision` (see the module docstring)."""
    answer = _ANSWERS.get(decision.kind)
    key = answer(view, decision, memory) if answer is not None else decision.default
    return key if key in decision.keys else decision.default


def _darkness(view: SeatView, decision: Decision, memory: Memory) -> str:
    memory.dark = True  # no light left: time to go home
    return decision.default


def _long_rest(view: SeatView, decision: Decision, memory: Memory) -> str:
    return "yes" if hurt(view, limit=2) else "no"


def _approach(view: SeatView, decision: Decision, memory: Memory) -> str:
    member = next((m for m in view.state.party if m.id == decision.owner), None)
    fresh = member is not None and sum(a.fatigue for a in member.attrs.values()) == 0
    return "effort" if fresh and "effort" in decision.keys else decision.default


def _yes(view: SeatView, decision: Decision, memory: Memory) -> str:
    return "yes"


def _reroll(view: SeatView, decision: Decision, memory: Memory) -> str:
    return decision.default  # the rules' default rerolls the die that most helps a failing roll


_ANSWERS: dict[str, Callable[[SeatView, Decision, Memory], str]] = {
    "darkness": _darkness,
    "long_rest": _long_rest,
    "approach": _approach,
    "camp_fire": _yes,
    "reroll": _reroll,
}
