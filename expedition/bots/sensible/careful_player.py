"""Provides `SensiblePolicy`: a bot that plays as a careful player would, through its seat view only.

It explores toward what it has not seen, loots and searches each room once, fights the foe its
attack odds say it can hurt (wounded ones first) and flees a fight it cannot win, camps when hurt
or tired, goes home when hurt, rich, late or in the dark, and in town rests, tends wounds, sleeps
somewhere it can pay for, buys rations and light, spends insight, and sets out again. Each
situation is one small function in the module named for it (`fighting`, `exploring`, `camping`,
`town`, `deciding`); they share what the bot remembers in `Memory`.
"""

from __future__ import annotations

import random

from expedition.bots.policy import playable
from expedition.bots.sensible.camping import in_camp
from expedition.bots.sensible.deciding import decide
from expedition.bots.sensible.exploring import explore
from expedition.bots.sensible.fighting import fight
from expedition.bots.sensible.memory import Memory
from expedition.bots.sensible.town import in_town
from expedition.rules.core.decisions import Decision
from expedition.rules.core.phase import Phase
from expedition.session.seat_view import SeatOption, SeatView

__all__ = ["SensiblePolicy"]


class SensiblePolicy:
    """Plays sensibly (see the module docstring).

    Args:
        seed: The seed of the bot's own tie-breaks.
    """

    name = "sensible"

    def __init__(self, seed: int) -> None:
        self.memory = Memory(random.Random(seed))

    def choose(self, view: SeatView) -> SeatOption | None:
        """The option a careful player would take now, None when nothing is offered."""
        state = view.state
        if state.phase is Phase.INTERLUDE:  # the town reads only the kinds of options it weighs
            self.memory.notice(state)
            chosen = in_town(view, self.memory)
            options = playable(view) if chosen is None else []
            return chosen or (self.memory.rng.choice(options) if options else None)
        options = playable(view)
        if not options:
            return None
        self.memory.notice(state)
        if state.phase is Phase.COMBAT:
            chosen = fight(view, options, self.memory)
        elif state.phase is Phase.CAMP or view.camp is not None:
            chosen = in_camp(view, options, self.memory)
        else:
            chosen = explore(view, options, self.memory)
        return chosen if chosen is not None else self.memory.rng.choice(options)

    def decide(self, view: SeatView, decision: Decision) -> str:
        """The answer a careful player would give."""
        return decide(view, decision, self.memory)
