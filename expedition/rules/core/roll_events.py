"""Provides the events of attribute tests and checks (§3): the pool thrown, the roll judged, a burden used."""

from __future__ import annotations

from dataclasses import dataclass

from expedition.rules.core.attributes import Attr
from expedition.rules.core.events import Event
from expedition.rules.core.judging import Outcome

__all__ = ["BurdenInvoked", "PoolThrown", "RollJudged"]


@dataclass(frozen=True, slots=True, kw_only=True)
class PoolThrown(Event):
    """The dice of a test or check are about to be thrown: everything that decides its odds (§3.2–§3.5).

    Attributes:
        character: The main roller.
        attr: The attribute rolled.
        check: True for a check (no fatigue), False for a test.
        dice: The dice before keeping it safe, extra effort and help (`odds.outcome_odds`'s `dice`).
        count: Dice thrown, the helper's included.
        keep_lowest: A zero-dice roll: only the lowest die counts.
        proficiency: The roller's proficiency rerolls.
        advantage: Net advantage rerolls (the roller's).
        disadvantage: Net disadvantage rerolls (the GM's).
        tokens: Shield and dodge tokens the roller may spend as rerolls.
        safe: Keeping it safe.
        effort: Extra effort.
        helper: The helper's id, "" without help.
        terrified: The roller is Terrified (5+ succeeds).
        hopeless: The roller is Hopeless (a 5 tires too).
    """

    character: str
    attr: Attr
    check: bool
    dice: int
    count: int
    keep_lowest: bool
    proficiency: int
    advantage: int
    disadvantage: int
    tokens: int
    safe: bool
    effort: bool
    helper: str
    terrified: bool
    hopeless: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class RollJudged(Event):
    """A test or check was judged on its final dice.

    Attributes:
        character: The main roller.
        attr: The attribute rolled.
        check: True for a check, False for a test.
        outcome: How it went.
        faces: The judged faces (see `RollResult.faces`).
        fatigue: The dice tire the main roller (a `FatigueTaken` or wound event follows).
        helper: The helper's id, or "" without help.
        helper_fatigue: The helper's die tires the helper.
        omens: 1 when Bad omens turns this critical failure into an omens advance.
    """

    character: str
    attr: Attr
    check: bool
    outcome: Outcome
    faces: tuple[int, ...]
    fatigue: bool
    helper: str
    helper_fatigue: bool
    omens: int


@dataclass(frozen=True, slots=True, kw_only=True)
class BurdenInvoked(Event):
    """A character used their burden for this test (§3.5): disadvantage, no proficiency, +1 insight."""

    character: str
    burden: str
