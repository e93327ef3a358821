"""Provides `Entry`: typed, checked access to one TOML entry, collecting problems instead of stopping.

Each getter returns a usable fallback after recording a problem, so one pass over a file
reports every fault. Call `done()` last to report keys nobody asked for.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from enum import StrEnum
from pathlib import Path
from typing import Any, TypeVar

from expedition.content.problems import Problem
from expedition.rules.core.dice import DiceExpr, UsageDie, parse_dice
from expedition.rules.core.errors import NotationError
from expedition.rules.core.notation import Attack, parse_attack

E = TypeVar("E", bound=StrEnum)
T = TypeVar("T")
_MISSING: Any = object()


def load_toml(path: Path, problems: list[Problem]) -> dict[str, Any]:
    """Read a TOML file; a missing or malformed file is recorded and gives an empty dict."""
    try:
        with path.open("rb") as handle:
            return tomllib.load(handle)
    except FileNotFoundError:
        problems.append(Problem(path.name, message="the file is missing"))
    except tomllib.TOMLDecodeError as error:
        problems.append(Problem(path.name, message=f"not valid TOML: {error}"))
    except OSError as error:
        problems.append(Problem(path.name, message=f"cannot be read: {error.strerror}"))
    return {}


def entries(
    data: dict[str, Any], table: str, file: str, problems: list[Problem], *, required: bool = True
) -> list[Entry]:
    """Return the entries of an array of tables (`[[table]]`) as `Entry` readers."""
    raw = data.get(table, _MISSING)
    if raw is _MISSING:
        if required:
            problems.append(Problem(file, table, message="the table is missing"))
        return []
    if not isinstance(raw, list) or not all(isinstance(item, dict) for item in raw):
        problems.append(Problem(file, table, message="expected an array of tables ([[" + table + "]])"))
        return []
    return [Entry(item, file, table, index, problems) for index, item in enumerate(raw)]


class Entry:
    """One entry of a content table, read field by field.

    Args:
        data: The entry's TOML table.
        file: File name for problem reports.
        table: Table name for problem reports.
        index: Position in the table, used until the entry's key is known.
        problems: Where problems are collected.
    """

    def __init__(
        self, data: dict[str, Any], file: str, table: str, index: int, problems: list[Problem]
    ) -> None:
        self.data = data
        """The raw TOML table."""
        self.file = file
        self.table = table
        self.problems = problems
        key = data.get("key")
        self.name = key if isinstance(key, str) and key else f"#{index + 1}"
        """How problems name this entry: its key, or its position."""
        self._seen: set[str] = set()

    def problem(self, field: str, message: str) -> None:
        """Record a problem with one field of this entry."""
        self.problems.append(Problem(self.file, self.table, self.name, field, message))

    def _get(self, field: str, kinds: tuple[type, ...], kind_name: str, default: Any) -> Any:
        self._seen.add(field)
        if field not in self.data:
            if default is _MISSING:
                self.problem(field, "is required")
                return None
            return default
        value = self.data[field]
        # bool is an int in Python; a TOML true is never a number here.
        if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds):
            self.problem(field, f"expected {kind_name}, got {type(value).__name__} {value!r}")
            return None if default is _MISSING else default
        return value

    def text(self, field: str, default: Any = _MISSING) -> Any:
        """A string field."""
        value = self._get(field, (str,), "a string", default)
        return "" if value is None else value

    def integer(self, field: str, default: Any = _MISSING, *, minimum: int | None = None) -> Any:
        """An integer field, optionally with a lower bound."""
        value = self._get(field, (int,), "an integer", default)
        if value is None:
            return 0
        if minimum is not None and isinstance(value, int) and value < minimum:
            self.problem(field, f"must be at least {minimum}, got {value}")
            return minimum
        return value

    def flag(self, field: str, default: Any = _MISSING) -> Any:
        """A boolean field."""
        value = self._get(field, (bool,), "true or false", default)
        return bool(value)

    def strs(self, field: str, default: Any = _MISSING) -> tuple[str, ...]:
        """A list of strings."""
        value = self._get(field, (list,), "a list of strings", default)
        if value is None:
            return ()
        if not all(isinstance(item, str) for item in value):
            self.problem(field, "expected a list of strings")
            return ()
        return tuple(value)

    def ints(self, field: str, default: Any = _MISSING) -> tuple[int, ...]:
        """A list of integers."""
        value = self._get(field, (list,), "a list of integers", default)
        if value is None:
            return ()
        if not all(isinstance(item, int) and not isinstance(item, bool) for item in value):
            self.problem(field, "expected a list of integers")
            return ()
        return tuple(value)

    def table_list(self, field: str, default: Any = _MISSING) -> list[Entry]:
        """A nested array of tables, each read as an `Entry` of its own."""
        value = self._get(field, (list,), "an array of tables", default)
        if value is None:
            return []
        if not all(isinstance(item, dict) for item in value):
            self.problem(field, "expected an array of tables")
            return []
        return [
            Entry(item, self.file, f"{self.table}.{self.name}.{field}", index, self.problems)
            for index, item in enumerate(value)
        ]

    def enum(self, field: str, kind: type[E], default: Any = _MISSING) -> Any:
        """A string that must be one of an enum's values."""
        value = self._get(field, (str,), "a string", default)
        if value is None or isinstance(value, kind):
            return value
        try:
            return kind(value)
        except ValueError:
            allowed = ", ".join(member.value for member in kind)
            self.problem(field, f"{value!r} is not one of: {allowed}")
            return None

    def enums(self, field: str, kind: type[E], default: Any = _MISSING) -> frozenset[E]:
        """A list of enum values."""
        result: set[E] = set()
        for value in self.strs(field, default):
            try:
                result.add(kind(value))
            except ValueError:
                allowed = ", ".join(member.value for member in kind)
                self.problem(field, f"{value!r} is not one of: {allowed}")
        return frozenset(result)

    def parsed(self, field: str, parse: Callable[[str], T], default: Any = _MISSING) -> T | None:
        """A string parsed by `parse`; a `NotationError` becomes a problem naming the position."""
        value = self._get(field, (str,), "a string", default)
        if value is None or not isinstance(value, str):
            return None if value is None else value
        try:
            return parse(value)
        except NotationError as error:
            self.problem(field, f"{value!r} does not parse at position {error.position}: {error.reason}")
            return None

    def dice(self, field: str, default: Any = _MISSING) -> DiceExpr | None:
        """A dice expression such as `3d6` or `5 x 3d6`."""
        return self.parsed(field, parse_dice, default)

    def attack(self, field: str, default: Any = _MISSING) -> Attack | None:
        """An attack in the notation of §2.1."""
        return self.parsed(field, parse_attack, default)

    def usage(self, field: str, default: Any = _MISSING) -> UsageDie | None:
        """A usage die such as `Ud8`."""
        return self.parsed(field, UsageDie.parse, default)

    def done(self) -> None:
        """Report every key of the entry that no getter read."""
        for field in sorted(set(self.data) - self._seen):
            self.problem(field, "unknown field")
