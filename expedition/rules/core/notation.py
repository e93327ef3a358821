"""Provides attack notation `[+|-]ATTR BASE[flags][+CRIT[flags]]` and its parser (§2.1, §16 #7, #24).

The same notation describes player weapons and spells (the attribute the attacker tests) and
enemy attacks (the attribute the adventurer tests to defend). Parsing is a small hand-written
scanner so that a malformed string is reported at the exact first character it cannot read.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import TypeVar

from expedition.rules.core.attributes import Attr
from expedition.rules.core.distance import Range
from expedition.rules.core.errors import NotationError
from expedition.rules.core.reach import CLOSE, Reach

T = TypeVar("T")


class Flag(StrEnum):
    """A damage flag written after BASE (every hit) or after CRIT (critical hits only) (§2.1)."""

    BLEEDING = "B"
    """Inflicts the Bleeding affliction."""
    PIERCE = "P"
    """No armour roll is allowed."""
    UNREDUCIBLE = "R"
    """Only armour can reduce it; resistance, Hardened and the like do not apply."""
    NONLETHAL = "N"
    """Damage that would kill or mortally wound makes the target faint instead."""
    IGNORES_SHIELDS = "X"
    """The defender may not spend shield tokens against it (§16 #7)."""


@dataclass(frozen=True, slots=True)
class Attack:
    """One attack in notation form: who tests what, and what a hit and a critical hit deal.

    Attributes:
        attrs: The attribute tested; several mean the defender picks one (`STR/DEX 3`).
        defence: +1 when the defender tests with advantage (`+ATTR`), -1 with disadvantage
            (`-ATTR`), 0 otherwise.
        base: Wounds on a hit (0 for attacks with no damage number, §16 #24).
        base_flags: Flags that apply on every hit.
        crit: Extra wounds on a critical hit.
        crit_flags: Flags that apply only on a critical hit.
        reach: How far it reaches; Close when no range is written.
    """

    attrs: tuple[Attr, ...]
    defence: int = 0
    base: int = 0
    base_flags: frozenset[Flag] = frozenset()
    crit: int = 0
    crit_flags: frozenset[Flag] = frozenset()
    reach: Reach = field(default=CLOSE)

    def __post_init__(self) -> None:
        if not self.attrs or len(set(self.attrs)) != len(self.attrs):
            raise ValueError(f"an attack needs one or more distinct attributes, not {self.attrs!r}")
        if self.defence not in (-1, 0, 1):
            raise ValueError(f"defence must be -1, 0 or +1, not {self.defence!r}")
        if self.base < 0 or self.crit < 0:
            raise ValueError("damage cannot be negative")

    def damage(self, critical: bool) -> int:
        """Wounds dealt by a hit: BASE, or BASE + CRIT on a critical hit."""
        return self.base + self.crit if critical else self.base

    def flags(self, critical: bool) -> frozenset[Flag]:
        """Flags in force: the BASE flags always, the CRIT flags only on a critical hit."""
        return self.base_flags | self.crit_flags if critical else self.base_flags

    def bleeds(self, critical: bool) -> bool:
        """True when this hit inflicts Bleeding."""
        return Flag.BLEEDING in self.flags(critical)

    @property
    def pierce(self) -> bool:
        """True when every hit pierces armour (use `flags(True)` for critical-only piercing)."""
        return Flag.PIERCE in self.base_flags

    @property
    def unreducible(self) -> bool:
        """True when every hit can be reduced only by armour."""
        return Flag.UNREDUCIBLE in self.base_flags

    @property
    def nonlethal(self) -> bool:
        """True when every hit is non-lethal."""
        return Flag.NONLETHAL in self.base_flags

    @property
    def ignores_shields(self) -> bool:
        """True when shield tokens cannot be spent against it (shields are spent before the roll)."""
        return Flag.IGNORES_SHIELDS in self.base_flags

    def __str__(self) -> str:
        sign = {1: "+", -1: "-", 0: ""}[self.defence]
        text = sign + "/".join(attr.value for attr in self.attrs)
        if self.base or self.base_flags or self.crit or self.crit_flags:
            text += f" {self.base}{_flag_text(self.base_flags)}"
            if self.crit or self.crit_flags:
                text += f"+{self.crit}{_flag_text(self.crit_flags)}"
        if self.reach != CLOSE:
            text += f", {self.reach}"
        return text


def _flag_text(flags: frozenset[Flag]) -> str:
    return "".join(flag.value for flag in Flag if flag in flags)


def parse_attack(text: str) -> Attack:
    """Parse bare attack notation such as `STR 3+1B`, `-STR/DEX 2P, Nearby` or `DEX Nearby 1`.

    Args:
        text: The notation, optionally followed by a range (`Nearby`, `Far`, `Distant`,
            `Close`, `2 tiles`) after a space, comma or colon.

    Returns:
        The attack; Close reach when no range is written.

    Raises:
        NotationError: Naming the string and the first character that could not be read.
    """
    scan = _Scanner(text, 0, len(text))
    attack = scan.attack()
    scan.finish()
    return attack


def parse_named_attack(text: str) -> tuple[str, Attack]:
    """Parse `Name (notation)` and an optional range after it: `Throwing hatchet (DEX 1+1): Nearby`.

    Returns:
        The name and the attack.

    Raises:
        NotationError: Naming the string and the first character that could not be read.
    """
    opening = text.find("(")
    if opening < 0:
        raise NotationError(text, len(text.rstrip()), "expected the notation in parentheses after the name")
    name = text[:opening].strip()
    if not name:
        raise NotationError(text, opening, "expected a name before the parentheses")
    closing = text.find(")", opening)
    inner = _Scanner(text, opening + 1, len(text) if closing < 0 else closing)
    attack = inner.attack()
    inner.finish()
    if closing < 0:
        raise NotationError(text, len(text), "expected ) to close the notation")
    outer = _Scanner(text, closing + 1, len(text))
    reach = outer.trailing_reach()
    if reach is not None:
        if attack.reach != CLOSE:
            raise NotationError(text, outer.last_start, "the range is already given")
        attack = replace(attack, reach=reach)
    return name, attack


_ATTRS = {"STR": Attr.STR, "DEX": Attr.DEX, "INT": Attr.INT, "PRE": Attr.PRE, "PER": Attr.PRE}
"""Attribute codes; `PER` is the Rat King's typo for PRE (§2.1)."""
_RANGES = {rng.value.upper(): rng for rng in Range}
_FLAGS = {flag.value: flag for flag in Flag}
_IGNORED_FLAGS = frozenset("E")
"""`E` is undefined in every source and dropped (§16 #7)."""
_SIGNS = {"+": 1, "-": -1, "−": -1, "–": -1}
_SEPARATORS = ",:"
_DIGITS = frozenset("0123456789")


class _Scanner:
    """Reads `text[pos:end]` one character at a time; errors name the position in the whole text."""

    def __init__(self, text: str, pos: int, end: int) -> None:
        self.text = text
        self.pos = pos
        self.end = end
        self.last_start = pos

    def fail(self, reason: str, position: int | None = None) -> NotationError:
        return NotationError(self.text, self.pos if position is None else position, reason)

    def peek(self, offset: int = 0) -> str:
        at = self.pos + offset
        return self.text[at] if at < self.end else ""

    def skip_spaces(self) -> None:
        while self.pos < self.end and self.text[self.pos].isspace():
            self.pos += 1

    def separator(self) -> bool:
        """Skip spaces and at most one comma or colon; return False if nothing was skipped."""
        start = self.pos
        self.skip_spaces()
        if self.peek() and self.peek() in _SEPARATORS:
            self.pos += 1
            self.skip_spaces()
            if self.pos == self.end:
                raise self.fail("expected a range after the separator")
        return self.pos > start

    def word(self, words: Mapping[str, T], reason: str) -> T:
        """Read one of `words` (case-insensitive) ending at a non-letter."""
        # Only ASCII letters are folded: str.upper() can change a string's length ("ß" → "SS").
        rest = "".join(c.upper() if c.isascii() else c for c in self.text[self.pos : self.end])
        for key in sorted(words, key=len, reverse=True):
            if rest.startswith(key) and not rest[len(key) : len(key) + 1].isalpha():
                self.pos += len(key)
                return words[key]
        # The first unreadable character is where the text parts from every word.
        best = max(_common_prefix(rest, key) for key in words)
        raise self.fail(reason, self.pos + best)

    def number(self) -> int:
        start = self.pos
        while self.peek() in _DIGITS:
            self.pos += 1
        if self.pos == start:
            raise self.fail("expected a number")
        return int(self.text[start : self.pos])

    def flags(self) -> frozenset[Flag]:
        found: set[Flag] = set()
        while self.peek().isalpha():
            letter = self.peek().upper()
            if letter in _FLAGS:
                if _FLAGS[letter] in found:
                    raise self.fail(f"flag {letter} is given twice")
                found.add(_FLAGS[letter])
            elif letter not in _IGNORED_FLAGS:
                raise self.fail("expected a flag: B, P, R, N or X")
            self.pos += 1
        return frozenset(found)

    def starts_tiles(self) -> bool:
        """True when the digits here are followed by a word in T, so they can only be a range (`2 tiles`).

        No flag and no named range begins with T, so a misspelt `tiles` is still read as a range
        and its error points at the stray character, not at the word's first letter.
        """
        at = self.pos
        while at < self.end and self.text[at] in _DIGITS:
            at += 1
        digits_end = at
        while at < self.end and self.text[at].isspace():
            at += 1
        return digits_end > self.pos and self.text[at : at + 1].upper() == "T"

    def reach(self) -> Reach:
        if self.peek() in _DIGITS:
            start = self.pos
            tiles = self.number()
            if tiles < 1:
                raise self.fail("a range needs at least 1 tile", start)
            self.skip_spaces()
            self.word({"TILES": None, "TILE": None}, "expected 'tiles'")
            return Reach(tiles)
        return Reach(self.word(_RANGES, "expected a range: Close, Nearby, Far, Distant or a number of tiles"))

    def attack(self) -> Attack:
        self.skip_spaces()
        defence = 0
        if self.peek() and self.peek() in _SIGNS:
            defence = _SIGNS[self.peek()]
            self.pos += 1
        attrs: list[Attr] = []
        while True:
            start = self.pos
            attr = self.word(_ATTRS, "expected an attribute: STR, DEX, INT or PRE")
            if attr in attrs:
                raise self.fail(f"{attr} is listed twice", start)
            attrs.append(attr)
            if self.peek() != "/":
                break
            self.pos += 1
        base = crit = 0
        base_flags: frozenset[Flag] = frozenset()
        crit_flags: frozenset[Flag] = frozenset()
        reach: Reach | None = None
        damage_read = False
        while self.pos < self.end:
            if not self.separator():
                raise self.fail("expected a space, a damage number, a range or the end")
            if self.pos == self.end:
                break
            self.last_start = self.pos
            if self.peek() in _DIGITS and not damage_read and not self.starts_tiles():
                damage_read = True
                base = self.number()
                base_flags = self.flags()
                mark = self.pos
                self.skip_spaces()
                if self.peek() == "+":
                    self.pos += 1
                    self.skip_spaces()
                    crit = self.number()
                    crit_flags = self.flags()
                else:
                    self.pos = mark
            elif reach is None and (self.peek().isalpha() or self.peek() in _DIGITS):
                reach = self.reach()
            else:
                raise self.fail("expected the end of the notation")
        return Attack(tuple(attrs), defence, base, base_flags, crit, crit_flags, reach or CLOSE)

    def trailing_reach(self) -> Reach | None:
        if self.pos == self.end:
            return None
        if not self.separator():
            raise self.fail("expected a range after the parentheses")
        if self.pos == self.end:
            return None
        self.last_start = self.pos
        reach = self.reach()
        self.finish()
        return reach

    def finish(self) -> None:
        self.skip_spaces()
        if self.pos < self.end:
            raise self.fail("expected the end of the notation")


def _common_prefix(a: str, b: str) -> int:
    length = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        length += 1
    return length
