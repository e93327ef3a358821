"""Provides `Policy`, what a bot is: it picks one of its seat view's options, and answers decisions.

A policy sees only what a player sees: its `SeatView` (the filtered state, the options the rules
offer with their costs, odds and reasons, the decision pending). It never works out for itself
what the rules would allow; it chooses among what it is offered. `playable` gathers the options a
bot may pick from now: the enabled ones of the characters who may act, and the table's.
"""

from __future__ import annotations

from typing import Protocol

from expedition.rules.core.decisions import Decision
from expedition.session.seat_view import SeatOption, SeatView

__all__ = ["TABLE", "UNPLAYED", "Policy", "acting", "playable", "playable_of"]

TABLE = ""
"""The key of the table's own options in a seat view's `choices`."""
UNPLAYED = ("RenamePlayer", "ReassignCharacter")
"""Option kinds a bot never takes: they change who plays, not the game."""


class Policy(Protocol):
    """A way to play (see the module docstring)."""

    name: str
    """The policy's name, as `expedition simulate --policy` takes it."""

    def choose(self, view: SeatView) -> SeatOption | None:
        """The option to submit now, None when the bot sees nothing it may do."""
        ...

    def decide(self, view: SeatView, decision: Decision) -> str:
        """The key answering `decision` (one of `decision.keys`)."""
        ...


def playable(view: SeatView) -> list[SeatOption]:
    """The enabled options of the characters who may act now and of the table, each once, in order.

    Only the actors in `view.ready` are read: a view builds each character's options on first use,
    and in a fight the others may do nothing anyway. When nobody is ready (the whole party is
    down), every character's are: letting a turn pass is still offered.
    """
    return _gathered({actor: view.choices.get(actor, ()) for actor in acting(view)})


def playable_of(
    view: SeatView, kinds: frozenset[str], actors: tuple[str, ...] | None = None
) -> list[SeatOption]:
    """The options of `playable` whose kind is one of `kinds` (of `actors` only, when given), in its order.

    Only those kinds are worked out where the rules can (`SeatView.options_of`).
    """
    wanted = [actor for actor in acting(view) if actors is None or actor in actors]
    return _gathered({actor: view.options_of(actor, kinds) for actor in wanted})


def acting(view: SeatView) -> tuple[str, ...]:
    """Whose options a bot reads, in order: the characters who may act and the table, else everyone's."""
    return (*view.ready, TABLE) if view.ready else tuple(view.choices)


def _gathered(offered: dict[str, tuple[SeatOption, ...]]) -> list[SeatOption]:
    found: list[SeatOption] = []
    seen: set[object] = set()
    for options in offered.values():
        for option in options:
            if option.enabled and option.kind not in UNPLAYED and option.action not in seen:
                seen.add(option.action)
                found.append(option)
    return found
