"""Provides `Hook`: a typed point where a low-level rule lets higher rules add their special cases.

A low-level rule (a death, a test, light, a step into a room) must not name the prayer, spell or
hazard that changes it, or the rules would import in a circle. Instead it declares a hook beside
itself and asks it; the special case registers into the hook when its own module is imported:

    # character/mortal_wounds.py
    DEATH_DEFERRED: Hook[Callable[[CampaignState, Character], bool]] = Hook("a death is put off")
    ...
    if DEATH_DEFERRED.any(state, member): ...

    # magic/prayers/prayer_marks.py
    @DEATH_DEFERRED.register
    def _sworn_to_live(state: CampaignState, member: Character) -> bool: ...

`engine/rulebook.py` imports every module that registers, so a game (or a test that imports the
engine) always runs with the whole rulebook. Registration order is import order, which is fixed by
the code, never by hashing, so hooks keep replays deterministic.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, Generic, TypeVar

F = TypeVar("F", bound=Callable[..., Any])


class Hook(Generic[F]):
    """A named list of functions that higher rules register; the rule that owns it calls them.

    Args:
        name: What the hook is for, in words (for messages and debugging).
    """

    __slots__ = ("_functions", "name")

    def __init__(self, name: str) -> None:
        self.name = name
        """What the hook is for."""
        self._functions: list[F] = []

    def register(self, function: F) -> F:
        """Add `function` to the hook (usable as a decorator); registering twice is a no-op."""
        if function not in self._functions:
            self._functions.append(function)
        return function

    def __iter__(self) -> Iterator[F]:
        return iter(tuple(self._functions))

    def __len__(self) -> int:
        return len(self._functions)

    def any(self, *args: Any, **kwargs: Any) -> bool:
        """True when some registered function answers true (for yes/no questions)."""
        return any(function(*args, **kwargs) for function in self._functions)

    def total(self, *args: Any, **kwargs: Any) -> int:
        """The sum of every registered function's answer (for modifiers that add up)."""
        return sum(int(function(*args, **kwargs)) for function in self._functions)

    def first(self, *args: Any, **kwargs: Any) -> Any:
        """The first answer that is not None, or None when no function has one."""
        for function in self._functions:
            answer = function(*args, **kwargs)
            if answer is not None:
                return answer
        return None

    def each(self, *args: Any, **kwargs: Any) -> None:
        """Call every registered function in order (for plain notifications)."""
        for function in self._functions:
            function(*args, **kwargs)

    def __repr__(self) -> str:
        return f"Hook({self.name!r}, {len(self._functions)} registered)"
