"""Provides how the sensible bot spends an interlude: heal, sleep where it can pay, shop, set out again."""

from __future__ import annotations

from expedition.bots.sensible.memory import Memory, option_key
from expedition.bots.sensible.party import carried, first, hurt, wounds
from expedition.session.seat_view import SeatOption, SeatView

__all__ = ["MAX_DAYS", "in_town"]

MAX_DAYS = 6
"""Days the party spends healing before it sets out whatever its state."""
SUPPLIES = (("ration", 2), ("torch", 1))
"""What the party buys before setting out: (a word of the item's name, how many per adventurer)."""
NEW = "new"
"""The target of the SetOut option for a new dungeon."""


def in_town(view: SeatView, options: list[SeatOption], memory: Memory) -> SeatOption | None:
    """The townsfolk's choice: stay and heal, or spend insight, shop and set out."""
    interlude = view.state.interlude
    staying = interlude is not None and (
        interlude.arrival or (hurt(view, limit=1) and memory.town_days < MAX_DAYS)
    )
    if staying:
        return _plan(view, options, memory) or _bed(view, options, memory) or _end_day(options, memory)
    return (
        _insight(options, memory)
        or _shop(view, options, memory)
        or _set_out(options)
        or _end_day(options, memory)
    )


def _today(view: SeatView, what: str, actor: str) -> str:
    interlude = view.state.interlude
    return option_key("town", what, interlude.day if interlude is not None else 0, actor)


def _plan(view: SeatView, options: list[SeatOption], memory: Memory) -> SeatOption | None:
    members = {m.id: m for m in view.state.party}
    for option in options:
        key = _today(view, "plan", option.actor)
        if option.kind != "PlanDay" or key in memory.done or option.actor not in members:
            continue
        wanted = "tend" if wounds(members[option.actor]) else "rest"
        if option.label.lower().startswith(wanted):
            memory.done.add(key)
            return option
    return None


def _bed(view: SeatView, options: list[SeatOption], memory: Memory) -> SeatOption | None:
    beds = [o for o in options if o.kind == "ChooseBed" and _today(view, "bed", o.actor) not in memory.done]
    if not beds:
        return None
    actor = beds[0].actor
    mine = [o for o in beds if o.actor == actor]
    can_pay = view.state.silver >= 2 * len(view.state.party)
    # The dearest bed it can afford (2 silver a night at most), else the cheapest.
    bed = max(mine, key=lambda o: (o.cost <= 2, o.cost)) if can_pay else min(mine, key=lambda o: o.cost)
    memory.done.add(_today(view, "bed", actor))
    return bed


def _end_day(options: list[SeatOption], memory: Memory) -> SeatOption | None:
    option = first(options, "EndDay")
    if option is not None:
        memory.town_days += 1
    return option


def _insight(options: list[SeatOption], memory: Memory) -> SeatOption | None:
    spends = [o for o in options if o.kind == "SpendInsight" and not o.target.startswith("move_score")]
    return memory.rng.choice(spends) if spends else None


def _shop(view: SeatView, options: list[SeatOption], memory: Memory) -> SeatOption | None:
    party = len(view.state.party)
    for word, each in SUPPLIES:
        if carried(view, word) >= each * party:
            continue
        for kind in ("Buy", "AskPrice"):
            for option in options:
                key = _today(view, kind, option.label)
                if option.kind == kind and word in option.label.lower() and key not in memory.done:
                    memory.done.add(key)
                    return option
    return None


def _set_out(options: list[SeatOption]) -> SeatOption | None:
    return next((o for o in options if o.kind == "SetOut" and o.target == NEW), None) or first(
        options, "SetOut"
    )
