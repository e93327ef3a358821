"""Provides the reading of `assets/magic.toml`: spells, prayers, the spell mishap and miracle tables."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from expedition.content.problems import Problem
from expedition.content.reader import Entry, entries, load_toml
from expedition.rules.core.conditions import Affliction
from expedition.rules.core.distance import Range
from expedition.rules.core.errors import NotationError
from expedition.rules.core.reach import Reach
from expedition.rules.magic.magic_defs import MiracleRow, MishapRow, PrayerDef, SpellDef

FILE = "magic.toml"
MISHAP_DICE = (3, 18)
"""Lowest and highest natural totals of the 3d6 mishap roll (§11.1)."""
MIRACLE_DICE = (1, 6)
"""Faces of the 1d6 miracle roll (§11.2)."""
SELF = "self"
"""The `range` word for an effect on the caster alone."""


@dataclass(frozen=True, slots=True)
class MagicTables:
    """Everything `magic.toml` holds, keyed as in the file.

    Attributes:
        spells: Spells by key.
        prayers: Prayers by key (basic prayers have no god).
        mishaps: Mishap rows in roll order.
        miracles: Miracle rows in roll order.
    """

    spells: dict[str, SpellDef]
    prayers: dict[str, PrayerDef]
    mishaps: tuple[MishapRow, ...]
    miracles: tuple[MiracleRow, ...]


def parse_reach(text: str) -> Reach | None:
    """Parse a `range` field: `self` (None), a range word, or `N tiles`.

    Raises:
        NotationError: When the text is none of these.
    """
    word = text.strip().lower()
    if word == SELF:
        return None
    for rng in Range:
        if word == rng.value:
            return Reach(rng)
    number, _, unit = word.partition(" ")
    if number.isdigit() and unit.strip() in ("tile", "tiles") and int(number) >= 1:
        return Reach(int(number))
    raise NotationError(text, 0, "expected self, close, nearby, far, distant or a number of tiles")


def read_house(entry: Entry) -> bool:
    """Read `house` and, when it is set, require a `why`."""
    house: bool = entry.flag("house", False)
    why: str = entry.text("why", "")
    if house and not why:
        entry.problem("why", "house content needs a short reason")
    return house


def actions(entry: Entry) -> int:
    """Read the `actions` field: 1 unless the entry says otherwise (§11.1, §5.7)."""
    value: int = entry.integer("actions", 1, minimum=0)
    return value


def _spell(entry: Entry) -> SpellDef:
    spell = SpellDef(
        key=entry.text("key"),
        name=entry.text("name"),
        school=entry.text("school"),
        actions=actions(entry),
        attack=entry.attack("attack", None),
        reach=entry.parsed("range", parse_reach),
        summons=entry.text("summons", ""),
        text=entry.text("text"),
        house=read_house(entry),
    )
    entry.done()
    return spell


def _prayer(entry: Entry) -> PrayerDef:
    prayer = PrayerDef(
        key=entry.text("key"),
        name=entry.text("name"),
        god=entry.text("god", ""),
        actions=actions(entry),
        attack=entry.attack("attack", None),
        reach=entry.parsed("range", parse_reach),
        summons=entry.text("summons", ""),
        text=entry.text("text"),
        house=read_house(entry),
    )
    entry.done()
    return prayer


def _mishap(entry: Entry) -> MishapRow:
    entry.name = f"roll {entry.data.get('roll', entry.name)}"
    row = MishapRow(
        roll=entry.integer("roll"),
        name=entry.text("name"),
        open_ended=entry.flag("open_ended", False),
        afflictions=entry.enums("afflictions", Affliction, []),
        doom=entry.integer("doom", 0, minimum=0),
        summons=entry.text("summons", ""),
        text=entry.text("text"),
        house=read_house(entry),
    )
    entry.done()
    return row


def _miracle(entry: Entry) -> MiracleRow:
    entry.name = f"roll {entry.data.get('roll', entry.name)}"
    row = MiracleRow(
        roll=entry.integer("roll"),
        name=entry.text("name"),
        text=entry.text("text"),
        house=read_house(entry),
    )
    entry.done()
    return row


def keyed(items: list[tuple[Entry, str]], table: str, problems: list[Problem]) -> set[str]:
    """Report keys that are empty or repeated; return the keys seen."""
    seen: set[str] = set()
    for entry, key in items:
        if key and key in seen:
            problems.append(Problem(entry.file, table, key, "key", "the key is used twice"))
        seen.add(key)
    return seen


def check_coverage(
    rolls: list[int], low: int, high: int, file: str, table: str, problems: list[Problem]
) -> None:
    """Report a roll table that misses or repeats a result between `low` and `high`."""
    for roll in sorted(set(rolls)):
        if rolls.count(roll) > 1:
            problems.append(Problem(file, table, f"roll {roll}", "roll", "the result appears twice"))
        if not low <= roll <= high:
            problems.append(Problem(file, table, f"roll {roll}", "roll", f"outside {low}–{high}"))
    missing = [roll for roll in range(low, high + 1) if roll not in rolls]
    if missing:
        listed = ", ".join(str(roll) for roll in missing)
        problems.append(Problem(file, table, message=f"no row for {listed}"))


def load_magic(assets: Path, problems: list[Problem]) -> MagicTables:
    """Read spells, prayers, mishaps and miracles from `magic.toml`, checking each table on its own.

    Cross-references to schools and gods are checked by `load_classes`.
    """
    data = load_toml(assets / FILE, problems)
    spell_entries = entries(data, "spell", FILE, problems)
    prayer_entries = entries(data, "prayer", FILE, problems)
    spells = [(entry, _spell(entry)) for entry in spell_entries]
    prayers = [(entry, _prayer(entry)) for entry in prayer_entries]
    keyed([(entry, spell.key) for entry, spell in spells], "spell", problems)
    keyed([(entry, prayer.key) for entry, prayer in prayers], "prayer", problems)
    mishaps = sorted((_mishap(entry) for entry in entries(data, "mishap", FILE, problems)), key=_roll)
    miracles = sorted((_miracle(entry) for entry in entries(data, "miracle", FILE, problems)), key=_roll)
    if "mishap" in data:
        check_coverage([row.roll for row in mishaps], *MISHAP_DICE, FILE, "mishap", problems)
        _check_open_end(mishaps, problems)
    if "miracle" in data:
        check_coverage([row.roll for row in miracles], *MIRACLE_DICE, FILE, "miracle", problems)
    for table in sorted(set(data) - {"spell", "prayer", "mishap", "miracle"}):
        problems.append(Problem(FILE, table, message="unknown table"))
    return MagicTables(
        spells={spell.key: spell for _, spell in spells},
        prayers={prayer.key: prayer for _, prayer in prayers},
        mishaps=tuple(mishaps),
        miracles=tuple(miracles),
    )


def _roll(row: MishapRow | MiracleRow) -> int:
    return row.roll


def _check_open_end(rows: list[MishapRow], problems: list[Problem]) -> None:
    # Earlier mishaps push the total past 18, so the top row must answer every higher total (§11.1).
    for row in rows:
        if row.open_ended and row.roll != MISHAP_DICE[1]:
            problems.append(
                Problem(FILE, "mishap", f"roll {row.roll}", "open_ended", "only the top row is open")
            )
    if rows and not rows[-1].open_ended:
        problems.append(
            Problem(FILE, "mishap", f"roll {rows[-1].roll}", "open_ended", "the top row must be open")
        )


def mishap_for(rows: tuple[MishapRow, ...], total: int) -> MishapRow:
    """The mishap row a total lands on; totals past the table use the open-ended top row."""
    for row in rows:
        if row.roll == total or (row.open_ended and total >= row.roll):
            return row
    raise KeyError(total)
