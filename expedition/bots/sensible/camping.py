"""Provides how the sensible bot camps: eat, sleep or rest as needed, study, keep watch, break camp."""

from __future__ import annotations

from expedition.bots.sensible.memory import Memory, option_key
from expedition.bots.sensible.party_condition import first, hurt, tired
from expedition.rules.core.conditions import Affliction
from expedition.session.seat_view import SeatOption, SeatView

__all__ = ["in_camp"]

ONCE_EACH = ("UseCampItem", "Memorise")
"""Camp actions each adventurer takes once per camp."""
FOOD = ("ration", "wine")
"""Words naming food: eaten at camp only by the hungry or parched, not as a camp action for its own sake."""
STARVING = (Affliction.HUNGRY, Affliction.PARCHED)


def in_camp(view: SeatView, options: list[SeatOption], memory: Memory) -> SeatOption | None:
    """The camper's choice: what the party needs most, then break camp."""
    return (
        _once_per_camp(options, memory, "Sleep" if hurt(view, limit=1) else "", "KeepLookout")
        or _once_per_camp(options, memory, "WellDeservedRest" if tired(view, limit=2) else "", "Cook")
        or _each(view, options, memory)
        or first(options, "BreakCamp")
    )


def _once_per_camp(options: list[SeatOption], memory: Memory, *kinds: str) -> SeatOption | None:
    for kind in kinds:
        key = option_key("camp", kind)
        option = first(options, kind) if kind else None
        if option is not None and key not in memory.done:
            memory.done.add(key)
            return option
    return None


def _each(view: SeatView, options: list[SeatOption], memory: Memory) -> SeatOption | None:
    starving = {m.id for m in view.state.party if any(a in m.afflictions for a in STARVING)}
    for option in options:
        key = option_key("camp", option.kind, option.actor)
        food = option.kind == "UseCampItem" and any(word in option.label.lower() for word in FOOD)
        if food and option.actor not in starving:
            continue  # a ration eaten by the fed is a ration the nights in town will miss
        if option.kind in ONCE_EACH and key not in memory.done:
            memory.done.add(key)
            return option
    return None
