"""Provides dice: the `Dice` protocol, seeded and scripted dice, and dice expressions (§2).

Randomness enters the rules only through a `Dice` object. `SeededDice` derives every roll
from `(seed, index)`, so its whole state is two integers and a loaded game rolls exactly what
it would have rolled. `ScriptedDice` hands out a fixed list of faces for exact rule tests.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Protocol

from expedition.rules.core.errors import NotationError, RuleError

SIDES = (4, 6, 8, 10, 12, 20)
"""The die sizes the game uses."""


class Dice(Protocol):
    """A source of die faces."""

    def roll(self, sides: int) -> int:
        """Roll one die with `sides` faces and return a face from 1 to `sides`."""
        ...


class SeededDice:
    """Deterministic dice: face number `index` is derived from `(seed, index)` alone.

    Args:
        seed: Any integer; the same seed gives the same faces in the same order.
        index: How many dice were already rolled (restores a saved state).
    """

    __slots__ = ("index", "seed")

    def __init__(self, seed: int, index: int = 0) -> None:
        self.seed = seed
        """The campaign seed."""
        self.index = index
        """How many dice were rolled so far; the next roll uses this index."""

    def roll(self, sides: int) -> int:
        """Roll one die; see `Dice.roll`."""
        if sides < 1:
            raise RuleError(f"a die needs at least one side, not {sides}")
        digest = hashlib.blake2b(
            f"{self.seed}:{self.index}".encode(), digest_size=8, person=b"expedition"
        ).digest()
        self.index += 1
        # 64 random bits modulo a small number: the bias is below 1e-17, far under any test.
        return int.from_bytes(digest, "big") % sides + 1

    def state(self) -> dict[str, int]:
        """Return the plain-type state that `from_state` restores."""
        return {"seed": self.seed, "index": self.index}

    @classmethod
    def from_state(cls, state: dict[str, int]) -> SeededDice:
        """Rebuild dice from `state()` output."""
        return cls(int(state["seed"]), int(state["index"]))


class ScriptExhausted(RuleError):
    """A `ScriptedDice` was asked for more faces than it was given."""


class ScriptedDice:
    """Dice that return the given faces in order, for exact rule tests.

    Args:
        faces: The faces to hand out, first to last.

    Raises:
        ScriptExhausted: When a roll is asked for after the last face.
        RuleError: When a scripted face cannot appear on the die rolled.
    """

    __slots__ = ("_faces", "used")

    def __init__(self, faces: Iterable[int]) -> None:
        self._faces = list(faces)
        self.used = 0
        """How many faces were handed out."""

    def roll(self, sides: int) -> int:
        """Return the next scripted face; see `Dice.roll`."""
        if self.used >= len(self._faces):
            raise ScriptExhausted(f"scripted dice ran out after {self.used} rolls")
        face = self._faces[self.used]
        if not 1 <= face <= sides:
            raise RuleError(f"scripted face {face} cannot appear on a d{sides}")
        self.used += 1
        return face

    @property
    def remaining(self) -> int:
        """How many scripted faces are left."""
        return len(self._faces) - self.used


@dataclass(frozen=True, slots=True)
class DiceExpr:
    """A dice expression: `multiplier × (count d sides) + bonus` (§2: `3d6`, `2 + 2d6`, `5 x 3d6`).

    Attributes:
        count: Number of dice.
        sides: Faces per die.
        multiplier: Multiplies the sum of the dice.
        bonus: Added after multiplying.
    """

    count: int
    sides: int
    multiplier: int = 1
    bonus: int = 0

    @property
    def minimum(self) -> int:
        """The lowest total this expression can give."""
        return self.multiplier * self.count + self.bonus

    @property
    def maximum(self) -> int:
        """The highest total this expression can give."""
        return self.multiplier * self.count * self.sides + self.bonus

    def total(self, faces: Iterable[int]) -> int:
        """Combine rolled faces into the expression's total."""
        return self.multiplier * sum(faces) + self.bonus

    def __str__(self) -> str:
        text = f"{self.count}d{self.sides}"
        if self.multiplier != 1:
            text = f"{self.multiplier} x {text}"
        if self.bonus:
            text = f"{self.bonus} + {text}"
        return text


_EXPR = re.compile(
    r"\s*(?:(?P<bonus>\d+)\s*\+\s*)?(?:(?P<mult>\d+)\s*[x×*]\s*)?(?P<count>\d*)\s*[dD]\s*(?P<sides>\d+)"
    r"(?:\s*\+\s*(?P<tail>\d+))?\s*"
)


def parse_dice(text: str) -> DiceExpr:
    """Parse `XdY`, `dY`, `N x XdY`, `B + XdY` or `XdY + B` into a `DiceExpr`.

    Raises:
        NotationError: Naming the string and the first position that could not be read.
    """
    match = _EXPR.fullmatch(text)
    if match is None:
        raise NotationError(text, _first_bad(text), "expected a dice expression like 3d6, 2 + 2d6 or 5 x 3d6")
    sides = int(match["sides"])
    if sides not in SIDES:
        raise NotationError(text, match.start("sides"), f"no d{sides} in this game (d4 to d20)")
    count = int(match["count"]) if match["count"] else 1
    if count < 1:
        raise NotationError(text, match.start("count"), "roll at least one die")
    bonus = int(match["bonus"] or 0) + int(match["tail"] or 0)
    return DiceExpr(count, sides, int(match["mult"] or 1), bonus)


def _first_bad(text: str) -> int:
    """Walk `_EXPR`'s grammar by hand and return the first position it cannot read."""
    end = len(text)

    def spaces(at: int) -> int:
        while at < end and text[at].isspace():
            at += 1
        return at

    def digits(at: int) -> int:
        while at < end and text[at].isdecimal():  # the same digits as the regex's \d
            at += 1
        return at

    at = spaces(0)
    operators = "+x×*"  # a leading `B +` may come before `N x`, and each at most once
    while at < end and text[at] not in "dD":
        number_end = digits(at)
        if number_end == at:
            return at
        at = spaces(number_end)
        if at < end and text[at] in "dD":
            break
        if at == end or text[at] not in operators:
            return at
        operators = "" if text[at] != "+" else "x×*"
        at = spaces(at + 1)
    if at == end:
        return at
    at = spaces(at + 1)
    sides_end = digits(at)
    if sides_end == at:
        return at
    at = spaces(sides_end)
    if at < end and text[at] == "+":
        at = spaces(at + 1)
        tail_end = digits(at)
        if tail_end == at:
            return at
        at = spaces(tail_end)
    return at


@dataclass(frozen=True, slots=True)
class UsageDie:
    """A usage die `UdX` (§2): rolled on each use, it steps down d20→d12→d10→d8→d6→d4 on a 1 or 2.

    A 1 or 2 on a d4 means that use was the last: the die is gone (`sides == 0`).
    """

    sides: int

    @property
    def gone(self) -> bool:
        """True once the item is used up."""
        return self.sides == 0

    def after(self, face: int) -> UsageDie:
        """Return the die after a use that rolled `face`."""
        if self.gone:
            raise RuleError("a spent usage die cannot be rolled")
        if face > 2:
            return self
        ladder = (20, 12, 10, 8, 6, 4)
        position = ladder.index(self.sides)
        return UsageDie(ladder[position + 1] if position + 1 < len(ladder) else 0)

    def __str__(self) -> str:
        return f"Ud{self.sides}" if self.sides else "spent"

    @classmethod
    def parse(cls, text: str) -> UsageDie:
        """Parse `Ud8` (or `d8`) into a usage die."""
        match = re.fullmatch(r"\s*[uU]?[dD](\d+)\s*", text)
        if match is None or int(match[1]) not in SIDES:
            raise NotationError(text, 0, "expected a usage die like Ud8")
        return cls(int(match[1]))


def risk_triggered(faces: Iterable[int]) -> bool:
    """Risk dice `Nd!` (§2): the event triggers if any die shows a 1."""
    return any(face == 1 for face in faces)


def parse_risk(text: str) -> int:
    """Parse risk-dice notation `2d!` / `1D!` and return the number of dice."""
    match = re.fullmatch(r"\s*(\d+)\s*[dD]!\s*", text)
    if match is None or int(match[1]) < 1:
        raise NotationError(text, 0, "expected risk dice like 2d!")
    return int(match[1])
