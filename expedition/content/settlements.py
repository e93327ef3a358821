"""Provides `assets/settlements.toml`: settlement sizes and shop stock, named places, beds.

The settlement doom steps (§9.4) are not in the file: every settlement's doom tracker is built
from the rules' own `SETTLEMENT_DOOM`, and the compendium page shows those very values.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from expedition.content.compendium_pages import CompendiumEntry
from expedition.content.problems import Problem
from expedition.content.reader import Entry, entries, load_toml
from expedition.rules.core.item_defs import Category
from expedition.rules.interlude.settlement_defs import (
    SOLD_CATEGORIES,
    Availability,
    SettlementDef,
    SettlementSize,
    SleepingPlace,
    parse_availability,
)
from expedition.rules.trackers.doom import SETTLEMENT_DOOM

FILE = "settlements.toml"
"""The file, inside the assets folder, that holds the settlements."""

SIZES = range(1, 6)
"""Settlement sizes run from 1 (Small Camp) to 5 (City)."""


@dataclass(frozen=True, slots=True)
class Settlements:
    """Everything in `settlements.toml`.

    Attributes:
        sizes: The five sizes, smallest first.
        settlements: The named settlements.
        sleeping_places: Where a night can be spent.
    """

    sizes: tuple[SettlementSize, ...]
    settlements: tuple[SettlementDef, ...]
    sleeping_places: tuple[SleepingPlace, ...]

    def size(self, size: int) -> SettlementSize:
        """The definition of a size, 1 to 5.

        Raises:
            KeyError: No such size.
        """
        for entry in self.sizes:
            if entry.size == size:
                return entry
        raise KeyError(size)


def load_settlements(assets: Path, problems: list[Problem]) -> Settlements:
    """Read `settlements.toml`, recording every fault in `problems`.

    Checks that sizes 1–5 each appear exactly once, that keys are unique in
    their table, and that every size is within 1–5. Which roll table each sleeping place uses,
    and the item it needs, are other files' keys: see `references`.
    """
    data = load_toml(assets / FILE, problems)
    sizes = [_size(entry) for entry in entries(data, "size", FILE, problems)]
    settlements = [_settlement(entry) for entry in entries(data, "settlement", FILE, problems)]
    places = [_place(entry) for entry in entries(data, "sleeping_place", FILE, problems)]
    _exactly_once(problems, "size", [s.size for s in sizes], SIZES)
    for table, keys in (
        ("size", [s.key for s in sizes]),
        ("settlement", [s.key for s in settlements]),
        ("sleeping_place", [p.key for p in places]),
    ):
        for key in sorted({k for k in keys if keys.count(k) > 1}):
            problems.append(Problem(FILE, table, key, "key", "used by more than one entry"))
    return Settlements(
        tuple(sorted(sizes, key=lambda s: s.size)),
        tuple(settlements),
        tuple(places),
    )


def _exactly_once(problems: list[Problem], table: str, found: list[int], wanted: range) -> None:
    for value in wanted:
        if found.count(value) != 1:
            how = "is missing" if value not in found else f"appears {found.count(value)} times"
            problems.append(
                Problem(FILE, table, message=f"{value} {how}; each of {wanted.start}–{wanted.stop - 1} once")
            )


def _size_field(entry: Entry, field: str) -> int:
    value: int = entry.integer(field)
    if value not in SIZES:
        entry.problem(field, f"a settlement size is 1 to 5, got {value}")
    return value


def _size(entry: Entry) -> SettlementSize:
    size = _size_field(entry, "size")
    key, name, text = entry.text("key"), entry.text("name"), entry.text("text")
    stock: list[tuple[Category, Availability]] = []
    for category in SOLD_CATEGORIES:
        availability = entry.parsed(category.value, parse_availability)
        stock.append((category, availability or Availability()))
    entry.done()
    return SettlementSize(size, key, name, text, tuple(stock))


def _settlement(entry: Entry) -> SettlementDef:
    key, name = entry.text("key"), entry.text("name")
    size = _size_field(entry, "size")
    text = entry.text("text")
    entry.done()
    return SettlementDef(key, name, size, text)


def _place(entry: Entry) -> SleepingPlace:
    key, name, table = entry.text("key"), entry.text("name"), entry.text("table")
    sizes = entry.ints("sizes")
    for size in sizes:
        if size not in SIZES:
            entry.problem("sizes", f"a settlement size is 1 to 5, got {size}")
    if not sizes:
        entry.problem("sizes", "name at least one settlement size")
    cost = entry.integer("cost", minimum=0)
    needs = entry.text("needs", "")
    text = entry.text("text")
    entry.done()
    return SleepingPlace(key, name, table, tuple(sorted(sizes)), cost, needs, text)


def references(settlements: Settlements) -> list[tuple[str, str, str]]:
    """Keys this file names in other files, as (where, kind, key): roll tables and items."""
    found: list[tuple[str, str, str]] = []
    for place in settlements.sleeping_places:
        where = f"{FILE} [sleeping_place] {place.key!r}"
        found.append((f"{where} field 'table'", "table", place.table))
        if place.needs:
            found.append((f"{where} field 'needs'", "item", place.needs))
    return found


def compendium_settlements(settlements: Settlements) -> list[CompendiumEntry]:
    """Pages of kind "settlement": each size with its shop stock, then each named settlement."""
    pages = [
        CompendiumEntry(
            kind="settlement",
            key=size.key,
            name=f"{size.name} (size {size.size})",
            text=size.text,
            details=tuple(
                (category.value.capitalize(), str(availability)) for category, availability in size.stock
            )
            + tuple(
                (place.name, place.text) for place in settlements.sleeping_places if size.size in place.sizes
            ),
        )
        for size in settlements.sizes
    ]
    names = {size.size: size.name for size in settlements.sizes}
    pages += [
        CompendiumEntry(
            kind="settlement",
            key=place.key,
            name=place.name,
            text=place.text,
            details=(("Size", f"{names.get(place.size, '?')} ({place.size})"),),
        )
        for place in settlements.settlements
    ]
    pages.append(
        CompendiumEntry(
            kind="settlement",
            key="settlement_doom",
            name="Settlement doom",
            text="Trouble in town piles up; each step below adds to the ones before it.",
            details=tuple((str(step.step), f"{step.name}: {step.text}") for step in SETTLEMENT_DOOM),
        )
    )
    return pages
