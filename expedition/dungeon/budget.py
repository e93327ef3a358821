"""Provides the threat table (HOUSE §2.1), the budget as stocking rounds it, and the generation roller."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import TypeVar

from expedition.rules.combat.encounter_budget import encounter_budget, step_down
from expedition.rules.core.dice import Dice, parse_dice
from expedition.rules.core.errors import NotationError
from expedition.rules.exploration.features import EncounterRow

T = TypeVar("T")
_SIMPLE = re.compile(r"(\d*)d(\d+)")

THREAT: dict[str, int] = {
    **dict.fromkeys(("gremlin", "goblin_scrapper", "reanimated_husk", "spiderling"), 1),
    **dict.fromkeys(("goblin_hunter", "plagued_rat", "rotworm_swarm", "giant_leech"), 2),
    **dict.fromkeys(
        (
            "boggart",
            "boggart_sniper",
            "ectoplasmic_worm",
            "giant_frog",
            "slumbering_corpse",
            "freshly_risen_corpse",
        ),
        3,
    ),
    **dict.fromkeys(
        (
            "hobgoblin",
            "goblin_matriarch",
            "rat_king",
            "giant_rat",
            "bloated_plague_rat",
            "swarm_of_insects",
            "shrunken_corpse",
            "dire_spider",
        ),
        4,
    ),
    **dict.fromkeys(("bloodshot_goblin", "sack_man", "head_spider", "starved_cadaver"), 5),
    **dict.fromkeys(("lesser_demon", "unsatiable_dead", "rotting_sailor", "shadow", "bounty_hunter"), 6),
    **dict.fromkeys(("bugbear", "giant_crab", "golden_ridge_maneater", "bloated_screamer"), 7),
    "void_demon": 8,
    "giant_spider": 9,
    "vault_weaver": 10,
    "red_weaver": 11,
}
"""Threat T per enemy key, HOUSE §2.1; the bestiary's `house_threat` gives the same numbers."""


class Roller:
    """Generation dice: every number comes from a `Dice`, so a seed fixes the whole dungeon.

    Args:
        dice: The dice to roll (`SeededDice(seed)` for generation).
    """

    __slots__ = ("dice",)

    def __init__(self, dice: Dice) -> None:
        self.dice = dice

    def d(self, sides: int) -> int:
        """One die."""
        return self.dice.roll(sides)

    def nd(self, count: int, sides: int) -> int:
        """The sum of `count` dice."""
        return sum(self.dice.roll(sides) for _ in range(count))

    def between(self, low: int, high: int) -> int:
        """A whole number from `low` to `high` inclusive."""
        return low + self.dice.roll(high - low + 1) - 1 if high > low else low

    def risk(self, count: int) -> bool:
        """Risk dice `count`d! (RULES §2): True if any die shows a 1."""
        return any(self.dice.roll(6) == 1 for _ in range(count))

    def pick(self, options: Sequence[T]) -> T:
        """One of `options`, evenly."""
        return options[self.dice.roll(len(options)) - 1]

    def expr(self, text: str) -> int:
        """Roll dice notation such as `3d6`, `2 + 2d6` or a bare number."""
        text = text.strip()
        if text.isdigit():
            return int(text)
        simple = _SIMPLE.fullmatch(text)
        if simple:
            return self.nd(int(simple.group(1) or 1), int(simple.group(2)))
        expr = parse_dice(text)
        faces = [self.dice.roll(expr.sides) for _ in range(expr.count)] if expr.count else []
        return expr.total(faces)


def count_ok(text: str) -> bool:
    """True if `text` is a count `Roller.expr` reads: a number, `NdM` (d2 and d3 too) or dice notation."""
    text = text.strip()
    if text.isdigit() or _SIMPLE.fullmatch(text):
        return True
    try:
        parse_dice(text)
    except NotationError:
        return False
    return True


def budget(party_size: int, effective_depth: int, multiplier: float = 1.0) -> int:
    """The encounter budget B for a stocked room, rounded down (`encounter_budget`, HOUSE §2.2)."""
    return int(encounter_budget(party_size, effective_depth, multiplier))


def first_fits(
    rows: Sequence[EncounterRow], roll: int, limit: int, threats: Mapping[str, int] = THREAT
) -> EncounterRow:
    """The row for `roll` (1 for the first), stepped down as HOUSE §2.3 says (`step_down`)."""
    return rows[step_down(rows, max(1, min(roll, len(rows))) - 1, limit, threats)]
