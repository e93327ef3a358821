"""Provides roll tables as values: rows by total, open-ended rows, and a small effect notation.

An effect is written `verb[:arg,arg…]`; steps that all happen are joined by ` + `, and
alternatives the player picks between are joined by ` | ` (so `pay_silver:2d6 | wound:2`
means "pay 2d6 silver, or take 2 wounds"). The rules dispatch on each step's verb. Dice
arguments are plain (`2d6`, `3 x 2d6`), never with a `+` bonus, which would read as a new step.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import pairwise

from expedition.rules.core.conditions import Affliction, Trauma
from expedition.rules.core.dice import DiceExpr, parse_dice
from expedition.rules.core.errors import InvalidAction, NotationError


def _int(text: str) -> None:
    int(text)


def _positive(text: str) -> None:
    if int(text) < 1:
        raise ValueError("must be at least 1")


def _dice(text: str) -> None:
    parse_dice(text)


def _amount(text: str) -> None:
    if not text.isdigit():
        parse_dice(text)


def _word(text: str) -> None:
    if not text or not all(ch.islower() or ch.isdigit() or ch == "_" for ch in text):
        raise ValueError("expected a snake_case key")


def _affliction(text: str) -> None:
    Affliction(text)


def _trauma(text: str) -> None:
    Trauma(text)


_ARG_KINDS: dict[str, tuple[Callable[[str], None], str]] = {
    "int": (_int, "a whole number"),
    "count": (_positive, "a number of at least 1"),
    "dice": (_dice, "a dice expression like 2d6"),
    "amount": (_amount, "a number or a dice expression"),
    "key": (_word, "a snake_case key"),
    "affliction": (_affliction, "an affliction (" + ", ".join(a.value for a in Affliction) + ")"),
    "trauma": (_trauma, "a trauma (" + ", ".join(t.value for t in Trauma) + ")"),
}

EFFECT_VERBS: dict[str, tuple[str, ...]] = {
    "none": (),
    "fatigue": ("count",),
    "recover_fatigue": ("count",),
    "recover_all_fatigue": (),
    "wound": ("count",),
    "heal_wound": ("count",),
    "party_wounds": ("count",),
    "gain": ("affliction",),
    "gain_one_of": ("affliction", "affliction", "..."),
    "remove": ("affliction", "..."),
    "remove_one_of": ("affliction", "affliction", "..."),
    "doom": ("int",),
    "settlement_doom": ("int",),
    "omens": ("count",),
    "lose_item": (),
    "break_equipped": ("amount",),
    "discard": ("key", "amount"),
    "pay_silver": ("amount",),
    "lose_silver": ("amount",),
    "roll_decay": ("count",),
    "roll_table": ("key",),
    "scratch": (),
    "faint": (),
    "trauma": ("trauma",),
    "trauma_choice": (),
    "near_death": (),
    "die": (),
    "bad_harvest": ("amount",),
    "good_harvest": (),
    "overcrowding": ("amount",),
    "empty_streets": (),
    "naive_investor": (),
}
"""Every effect verb and its arguments' kinds; a trailing "..." repeats the kind before it."""


@dataclass(frozen=True, slots=True)
class EffectStep:
    """One thing an effect does.

    Attributes:
        verb: What kind of thing (a key of `EFFECT_VERBS`).
        args: Its arguments, as written (numbers, dice, affliction or item keys).
    """

    verb: str
    args: tuple[str, ...] = ()

    def __str__(self) -> str:
        return self.verb + (":" + ",".join(self.args) if self.args else "")


@dataclass(frozen=True, slots=True)
class Effect:
    """A row's effect: one or more alternatives, each a sequence of steps that all happen.

    Attributes:
        options: The alternatives; a single one when there is nothing to choose.
    """

    options: tuple[tuple[EffectStep, ...], ...]

    def __str__(self) -> str:
        return " | ".join(" + ".join(str(step) for step in option) for option in self.options)

    @property
    def steps(self) -> tuple[EffectStep, ...]:
        """Every step of every alternative, in order."""
        return tuple(step for option in self.options for step in option)

    def verbs(self) -> frozenset[str]:
        """The verbs this effect uses."""
        return frozenset(step.verb for step in self.steps)


def parse_effect(text: str) -> Effect:
    """Parse the effect notation (see the module docstring).

    Raises:
        NotationError: Naming the first position that is wrong and what was expected there.
    """
    options: list[tuple[EffectStep, ...]] = []
    position = 0
    for option_text in text.split("|"):
        steps: list[EffectStep] = []
        for step_text in option_text.split("+"):
            steps.append(_parse_step(text, step_text, position))
            position += len(step_text) + 1
        options.append(tuple(steps))
    return Effect(tuple(options))


def _parse_step(whole: str, step_text: str, start: int) -> EffectStep:
    stripped = step_text.strip()
    at = start + (len(step_text) - len(step_text.lstrip()))
    verb, _, rest = stripped.partition(":")
    if verb not in EFFECT_VERBS:
        raise NotationError(whole, at, f"unknown effect {verb!r}; known: {', '.join(sorted(EFFECT_VERBS))}")
    args = tuple(arg.strip() for arg in rest.split(",")) if rest else ()
    kinds = EFFECT_VERBS[verb]
    repeat = bool(kinds) and kinds[-1] == "..."
    fixed = kinds[:-2] if repeat else kinds
    if len(args) < len(fixed) + (1 if repeat else 0) or (not repeat and len(args) > len(kinds)):
        wanted = ", ".join(kinds) if kinds else "no arguments"
        raise NotationError(whole, at, f"{verb!r} takes {wanted}")
    arg_at = at + len(verb) + 1
    for index, arg in enumerate(args):
        kind = kinds[min(index, len(kinds) - 2)] if repeat else kinds[index]
        check, expected = _ARG_KINDS[kind]
        try:
            check(arg)
        except (ValueError, NotationError):
            raise NotationError(whole, arg_at, f"{verb!r} expects {expected}, got {arg!r}") from None
        arg_at += len(arg) + 1
    return EffectStep(verb, args)


@dataclass(frozen=True, slots=True)
class TableRow:
    """One row of a roll table.

    Attributes:
        low: The lowest total it covers; None for "this or less" (an open lower end).
        high: The highest total it covers; None for "this or more" (an open upper end).
        key: Stable identifier, unique in its table.
        name: A short title.
        text: What happens, in our words.
        effect: What the rules do.
        brief: The row in a few words, for a prompt that shows the whole table beside the
            result ("" when nothing shows it so).
    """

    low: int | None
    high: int | None
    key: str
    name: str
    text: str
    effect: Effect
    brief: str = ""

    def covers(self, total: int) -> bool:
        """Whether this row applies to a total."""
        return (self.low is None or total >= self.low) and (self.high is None or total <= self.high)

    @property
    def label(self) -> str:
        """The roll as a reader sees it: "4", "2–3", "0 or less", "7+"."""
        if self.low is None:
            return f"{self.high} or less"
        if self.high is None:
            return f"{self.low}+"
        return str(self.low) if self.low == self.high else f"{self.low}–{self.high}"


def table_row(
    low: int | None, high: int | None, key: str, name: str, text: str, effect: str, *, brief: str = ""
) -> TableRow:
    """A row of a table the rules define themselves, its effect written in the notation.

    Raises:
        NotationError: When `effect` does not parse, so a mistyped row fails on import.
    """
    return TableRow(low, high, key, name, text, parse_effect(effect), brief)


@dataclass(frozen=True, slots=True)
class RollTable:
    """A table rolled on with dice; every possible total finds exactly one row.

    Attributes:
        key: Stable identifier ("decay", "omens", "mortal_wound", …).
        name: Display name.
        dice: What is rolled.
        rows: The rows in increasing order of total.
        rule: The RULES.md section it comes from.
        text: What the table is for, in our words.
        modified: True when modifiers can push the total past the dice (its ends are open).
    """

    key: str
    name: str
    dice: DiceExpr
    rows: tuple[TableRow, ...]
    rule: str = ""
    text: str = ""
    modified: bool = False

    def row_for(self, total: int) -> TableRow:
        """The row for a total.

        Raises:
            InvalidAction: The total is not on the table.
        """
        for row in self.rows:
            if row.covers(total):
                return row
        raise InvalidAction(f"{total} is not a result on the {self.name} table")

    def row(self, key: str) -> TableRow:
        """The row with a key.

        Raises:
            KeyError: No row has that key.
        """
        for row in self.rows:
            if row.key == key:
                return row
        raise KeyError(key)


def coverage_faults(table: RollTable) -> list[str]:
    """Every way a table fails to give each possible total exactly one row, in words.

    A plain table must cover its dice's minimum to maximum exactly, with no open ends. A
    modified table must be open at both ends and cover the dice's range on the way.
    """
    faults: list[str] = []
    rows = table.rows
    if not rows:
        return ["it has no rows"]
    for index, row in enumerate(rows):
        if row.low is not None and row.high is not None and row.low > row.high:
            faults.append(f"row {row.key!r} runs backwards ({row.low} to {row.high})")
        if row.low is None and index != 0:
            faults.append(f"row {row.key!r} is open below but is not the first row")
        if row.high is None and index != len(rows) - 1:
            faults.append(f"row {row.key!r} is open above but is not the last row")
    for before, after in pairwise(rows):
        if before.high is None or after.low is None:
            continue
        if after.low <= before.high:
            faults.append(f"rows {before.key!r} and {after.key!r} both cover {after.low}")
        elif after.low > before.high + 1:
            gap = (
                str(before.high + 1) if after.low == before.high + 2 else f"{before.high + 1}–{after.low - 1}"
            )
            faults.append(f"no row covers {gap}")
    first, last = rows[0], rows[-1]
    lo, hi = table.dice.minimum, table.dice.maximum
    if table.modified:
        if first.low is not None:
            faults.append(
                f"a modified table needs an open first row ('{first.low} or less'), not {first.low}"
            )
        if last.high is not None:
            faults.append(f"a modified table needs an open last row ('{last.high}+'), not {last.high}")
    else:
        if first.low is None or last.high is None:
            faults.append("only a table with modifiers may have open ends")
        if first.low is not None and first.low != lo:
            faults.append(f"the first row starts at {first.low}, but {table.dice} starts at {lo}")
        if last.high is not None and last.high != hi:
            faults.append(f"the last row ends at {last.high}, but {table.dice} reaches {hi}")
    return faults
