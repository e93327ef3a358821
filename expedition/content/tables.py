"""Provides the roll tables of `assets/tables.toml` (Blacksalt events, sleep) and the table pages.

The decay, omens and mortal-wound tables are not in the file: their rows are branches of the
rules that roll on them, so the rules define them (`RULES_TABLES`) and the compendium shows
those very values. A file table may not take one of their keys.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from expedition.content.compendium_pages import CompendiumEntry
from expedition.content.problems import Problem
from expedition.content.reader import Entry, entries, load_toml
from expedition.rules.character.mortal_wounds import MORTAL_WOUND_TABLE
from expedition.rules.core.dice import DiceExpr
from expedition.rules.core.roll_tables import Effect, RollTable, TableRow, coverage_faults, parse_effect
from expedition.rules.trackers.decay import DECAY_TABLE
from expedition.rules.trackers.omens import OMENS_TABLE

__all__ = [
    "FILE",
    "RULES_TABLES",
    "Tables",
    "compendium_tables",
    "load_tables",
]

FILE = "tables.toml"
"""The file, inside the assets folder, that holds the roll tables."""

_ROLL_FIELDS = ("roll", "range", "at_most", "at_least")

RULES_TABLES: tuple[RollTable, ...] = (DECAY_TABLE, OMENS_TABLE, MORTAL_WOUND_TABLE)
"""The tables the rules define and roll on themselves (§9.1, §9.3, §4.4), shown in the compendium."""


@dataclass(frozen=True, slots=True)
class Tables:
    """Every roll table of the file, by key.

    Attributes:
        tables: The tables in file order.
    """

    tables: tuple[RollTable, ...]

    def __getitem__(self, key: str) -> RollTable:
        """The table with a key.

        Raises:
            KeyError: No table has that key.
        """
        for table in self.tables:
            if table.key == key:
                return table
        raise KeyError(key)

    def __iter__(self) -> Iterator[RollTable]:
        return iter(self.tables)

    def __len__(self) -> int:
        return len(self.tables)

    def keys(self) -> tuple[str, ...]:
        """Every table's key, in file order."""
        return tuple(table.key for table in self.tables)


def load_tables(assets: Path, problems: list[Problem]) -> Tables:
    """Read `tables.toml`, recording every fault in `problems`.

    Each table must give every total of its dice exactly one row (a table whose totals take
    modifiers is open at both ends instead), keys must be unique (and not one of `RULES_TABLES`),
    and each `roll_table` effect must name a table in the file.

    Args:
        assets: The assets folder.
        problems: Where faults are appended.

    Returns:
        The tables that could be read; a faulty row is left out.
    """
    data = load_toml(assets / FILE, problems)
    tables: list[RollTable] = []
    seen: set[str] = set()
    rules_keys = {table.key for table in RULES_TABLES}
    for entry in entries(data, "table", FILE, problems):
        table = _table(entry, problems)
        if table is None:
            continue
        if table.key in rules_keys:
            entry.problem(
                "key", f"the rules define the {table.key!r} table themselves; give this one another key"
            )
            continue
        if table.key in seen:
            entry.problem("key", f"another table already uses the key {table.key!r}")
            continue
        seen.add(table.key)
        tables.append(table)
    for table in tables:
        for row in table.rows:
            for step in row.effect.steps:
                if step.verb == "roll_table" and step.args[0] not in seen:
                    where = f"table.{table.key}.row"
                    problems.append(
                        Problem(FILE, where, row.key, "effect", f"no table {step.args[0]!r} to roll on")
                    )
    return Tables(tuple(tables))


def _table(entry: Entry, problems: list[Problem]) -> RollTable | None:
    key = entry.text("key")
    name = entry.text("name")
    dice = entry.dice("dice")
    rule = entry.text("rule")
    text = entry.text("text")
    modified = entry.flag("modified", False)
    rows: list[TableRow] = []
    keys: set[str] = set()
    unreadable = 0
    for row_entry in entry.table_list("row"):
        row = _row(row_entry)
        if row is None:
            unreadable += 1
            continue
        if row.key in keys:
            row_entry.problem("key", f"another row of this table already uses the key {row.key!r}")
        keys.add(row.key)
        rows.append(row)
    entry.done()
    if not key or dice is None:
        return None
    ordered = tuple(sorted(rows, key=_order))
    table = RollTable(key, name, dice, ordered, rule, text, modified)
    # A row that could not be read already has its problem; a "gap" where it stood would be noise.
    if not unreadable:
        for fault in coverage_faults(table):
            problems.append(Problem(FILE, "table", key, "row", fault))
    return table


def _order(row: TableRow) -> tuple[int, int]:
    if row.low is None:
        return (0, 0)
    return (1, row.low)


def _row(entry: Entry) -> TableRow | None:
    given = [field for field in _ROLL_FIELDS if field in entry.data]
    bounds = {field: _bounds(entry, field) for field in given}
    if len(given) != 1:
        found = f" (found {' and '.join(given)})" if given else ""
        entry.problem(
            given[-1] if given else "roll", f"give exactly one of roll, range, at_most or at_least{found}"
        )
    key = entry.text("key")
    name = entry.text("name")
    text = entry.text("text")
    effect: Effect | None = entry.parsed("effect", parse_effect)
    entry.done()
    if len(given) != 1 or bounds[given[0]] is None or effect is None or not key:
        return None
    low, high = bounds[given[0]] or (None, None)
    return TableRow(low, high, key, name, text, effect)


def _bounds(entry: Entry, field: str) -> tuple[int | None, int | None] | None:
    """Read one way of giving a row's roll as (low, high); None after a problem."""
    if field == "range":
        pair = entry.ints("range")
        if len(pair) != 2 or pair[0] >= pair[1]:
            entry.problem("range", f"expected [low, high] with low below high, got {list(pair)}")
            return None
        return pair[0], pair[1]
    before = len(entry.problems)
    value: int = entry.integer(field)
    if len(entry.problems) > before:
        return None
    if field == "roll":
        return value, value
    return (None, value) if field == "at_most" else (value, None)


def compendium_tables(tables: Tables) -> list[CompendiumEntry]:
    """One "table" page per roll table, the rules' own and the file's, its rows listed as details."""
    return [
        CompendiumEntry(
            kind="table",
            key=table.key,
            name=table.name,
            text=table.text,
            details=(
                ("Roll", _roll_label(table.dice, table.modified)),
                ("Rule", table.rule),
                *((row.label, f"{row.name}: {row.text}") for row in table.rows),
            ),
        )
        for table in (*RULES_TABLES, *tables)
    ]


def _roll_label(dice: DiceExpr, modified: bool) -> str:
    return f"{dice} + modifiers" if modified else str(dice)
