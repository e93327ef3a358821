"""Provides judging of final dice (§3.2, §3.5, §3.6): the four outcomes, fatigue, and `RollResult`."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum


class Outcome(StrEnum):
    """How a test or check went (§3.2)."""

    CRITICAL_FAILURE = "critical_failure"
    FAILURE = "failure"
    SUCCESS = "success"
    GREAT_SUCCESS = "great_success"

    @property
    def succeeded(self) -> bool:
        """True for a success or a great success."""
        return self in (Outcome.SUCCESS, Outcome.GREAT_SUCCESS)

    @property
    def rank(self) -> int:
        """0 for a critical failure up to 3 for a great success."""
        return list(Outcome).index(self)


@dataclass(frozen=True, slots=True)
class Judgement:
    """The verdict on a set of final dice.

    Attributes:
        outcome: Critical failure, failure, success or great success.
        fatigue: True if the dice tire the roller (always exactly one point).
    """

    outcome: Outcome
    fatigue: bool


def outcome_of(faces: Iterable[int], *, terrified: bool = False) -> Outcome:
    """Judge final dice (§3.2, §3.6): the outcome alone, without fatigue.

    A 4+ succeeds (5+ when Terrified), two or more 6s make a success great, and a failure
    showing a 1 is critical (a 6 always overrides 1s). No dice at all is a plain failure.
    """
    faces = tuple(faces)
    if any(face >= (5 if terrified else 4) for face in faces):
        return Outcome.GREAT_SUCCESS if faces.count(6) >= 2 else Outcome.SUCCESS
    return Outcome.CRITICAL_FAILURE if 1 in faces else Outcome.FAILURE


def tires(
    faces: Iterable[int],
    outcome: Outcome,
    *,
    hopeless: bool = False,
    check: bool = False,
    safe: bool = False,
    effort: bool = False,
) -> bool:
    """Whether these dice give their roller one fatigue point (§3.2 step 6, §3.5, §3.6).

    A 1 or a 4 tires (a 5 too when Hopeless), but never on a check, never after extra effort
    was paid, and when keeping it safe only if the test failed.
    """
    if check or effort or (safe and outcome.succeeded):
        return False
    tiring = (1, 4, 5) if hopeless else (1, 4)
    return any(face in tiring for face in faces)


def judge(
    faces: Iterable[int],
    *,
    terrified: bool = False,
    hopeless: bool = False,
    check: bool = False,
    safe: bool = False,
    effort: bool = False,
) -> Judgement:
    """Judge the final dice of one roller: the outcome and whether they take a fatigue point.

    Args:
        faces: The dice that count (after rerolls; for a zero-dice roll, only the lowest).
        terrified: Only 5 and 6 succeed (§3.6).
        hopeless: A 5 also tires (§3.6).
        check: A check: the dice never tire (§3.5).
        safe: Keeping it safe: the dice tire only if the test fails (§3.5).
        effort: Extra effort was paid: the dice tire no further (§3.5).

    Returns:
        The outcome, and True in `fatigue` when one fatigue point is due.
    """
    faces = tuple(faces)
    outcome = outcome_of(faces, terrified=terrified)
    return Judgement(outcome, tires(faces, outcome, hopeless=hopeless, check=check, safe=safe, effort=effort))


@dataclass(frozen=True, slots=True)
class RollResult:
    """The result of an attribute test or check.

    Attributes:
        outcome: How it went.
        faces: The judged faces: the roller's kept dice (plus Dauntless dice), then the helper's.
        fatigue: True if the dice gave the main roller a fatigue point (extra effort's paid point
            is not counted here).
        helper_fatigue: True if the helper's die gave the helper a fatigue point.
        omens: 1 when the Bad omens trait turns this critical failure into an omens advance
            (the caller advances the tracker), else 0.
    """

    outcome: Outcome
    faces: tuple[int, ...]
    fatigue: bool = False
    helper_fatigue: bool = False
    omens: int = 0

    @property
    def succeeded(self) -> bool:
        """True for a success or a great success."""
        return self.outcome.succeeded
