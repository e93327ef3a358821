"""Provides `RandomPolicy`: a bot that takes any enabled option and any decision's choice, at random.

It is the engine's fuzzer: whatever a player could do, it will one day do. Its dice are its own
seeded `random.Random`, never the game's, so a run is the same for the same seed.
"""

from __future__ import annotations

import random

from expedition.bots.policy import playable
from expedition.rules.core.decisions import Decision
from expedition.session.seat_view import SeatOption, SeatView

__all__ = ["RandomPolicy"]


class RandomPolicy:
    """Uniformly random among the enabled options and among a decision's choices.

    Args:
        seed: The seed of the bot's own choices.
    """

    name = "random"

    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: SeatView) -> SeatOption | None:
        """Any enabled option (see `playable`), None when there is none."""
        options = playable(view)
        return self._rng.choice(options) if options else None

    def decide(self, view: SeatView, decision: Decision) -> str:
        """Any of the decision's choices."""
        return self._rng.choice(decision.keys)
