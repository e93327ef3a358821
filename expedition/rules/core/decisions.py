"""Provides decisions: the choices a rule needs from a player (or the GM) while it resolves.

A rule that may need a choice is written as a generator: it yields a `Decision` and receives
the chosen key back, so the rule reads top to bottom (see DESIGN.md, "Actions, decisions,
events"). `resolve` drives such a generator with any answering function.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import TypeVar

from expedition.rules.core.errors import InvalidAction

T = TypeVar("T")

GM = "gm"
"""The owner of decisions the game master makes (disadvantage rerolls, enemy choices)."""


@dataclass(frozen=True, slots=True)
class Choice:
    """One option of a decision: a stable key and the words shown to the player."""

    key: str
    label: str


@dataclass(frozen=True, slots=True)
class Decision:
    """A request for a choice, routed to the seat that owns `owner`.

    Attributes:
        kind: What is being decided ("reroll", "place_wound", "trauma" …).
        owner: A character id, or `GM`.
        prompt: The question, in the player's words.
        choices: The options; answers must be one of their keys.
        default: The key used when nobody answers (a bot, a timeout, a replay default).
        rule: The RULES.md section that asks.
        advised: True when `default` is the game's advice, the best answer (a screen marks it
            suggested); False when no answer is best for everyone, and it is only what happens
            when nobody chooses.
    """

    kind: str
    owner: str
    prompt: str
    choices: tuple[Choice, ...]
    default: str
    rule: str = ""
    advised: bool = True

    def __post_init__(self) -> None:
        if self.default not in self.keys:
            raise ValueError(f"default {self.default!r} is not one of {self.keys}")

    @property
    def keys(self) -> tuple[str, ...]:
        """The valid answers."""
        return tuple(choice.key for choice in self.choices)


Resolution = Generator[Decision, str, T]
"""A rule in progress: yields decisions, receives answer keys, returns its result."""


def resolve(resolution: Resolution[T], answer: Callable[[Decision], str]) -> T:
    """Run a resolution to the end, asking `answer` for each decision.

    Raises:
        InvalidAction: If `answer` returns a key the decision does not offer.
    """
    try:
        decision = next(resolution)
        while True:
            key = answer(decision)
            if key not in decision.keys:
                raise InvalidAction(f"{key!r} is not a choice here; choose one of {', '.join(decision.keys)}")
            decision = resolution.send(key)
    except StopIteration as stop:
        result: T = stop.value
        return result


def resolve_default(resolution: Resolution[T]) -> T:
    """Run a resolution taking every decision's default."""
    return resolve(resolution, lambda decision: decision.default)


def answers(*keys: str) -> Callable[[Decision], str]:
    """Answer decisions with `keys` in order, then with defaults (handy in tests)."""
    queue = list(keys)

    def answer(decision: Decision) -> str:
        return queue.pop(0) if queue else decision.default

    return answer
