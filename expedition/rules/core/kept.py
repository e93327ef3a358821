"""Provides `Kept`: answers to a pure question kept by the key that names everything they depend on.

Sight, fight routes, a view's walled-up map rows, a market's options: each is worked out again and
again for the same terrain and the same question (every option judged, every seat's view of a
step). A `Kept` holds the last answers by their key, at most `size` of them; when full it forgets
them all and starts afresh, which keeps it small without any order to track. The key must hold
everything the answer depends on, so an answer kept is the answer the work would give now.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

__all__ = ["Kept"]

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class Kept(Generic[K, V]):
    """Answers by key, at most `size` of them (see the module docstring).

    Args:
        size: How many answers it holds before it starts afresh.
    """

    __slots__ = ("_answers", "_size")

    def __init__(self, size: int) -> None:
        self._size = max(1, size)
        self._answers: dict[K, V] = {}

    def get(self, key: K, make: Callable[[], V]) -> V:
        """The answer kept for `key`, else `make()`'s, kept from now on."""
        answers = self._answers
        if key in answers:
            return answers[key]
        if len(answers) >= self._size:
            answers.clear()
        answer = answers[key] = make()
        return answer

    def __len__(self) -> int:
        return len(self._answers)
