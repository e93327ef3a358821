"""Provides loading the life-path tables (§5.2–§5.6) from `assets/lifepath.toml`, checked and complete.

The effect syntax is documented at the top of the TOML file: each effect is an inline table
whose head key (`score`, `skill`, `choose_proficiency`, `silver` …) says what it does.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from expedition.content.compendium_pages import CompendiumEntry
from expedition.content.problems import Problem
from expedition.content.reader import Entry, entries, load_toml
from expedition.rules.core.attributes import Attr
from expedition.rules.core.conditions import Affliction, Trauma
from expedition.rules.core.dice import DiceExpr
from expedition.rules.core.skills import BASIC, Skill, Trait
from expedition.rules.creation.life_path import LifePathRow, LifePathTable
from expedition.rules.creation.life_path_effects import (
    AttrKind,
    AttrPick,
    ChooseAttribute,
    ChooseSkill,
    Effect,
    GainAffliction,
    GainItem,
    GainSkill,
    GainTrait,
    GainTrauma,
    Insight,
    ProficiencyChange,
    ScoreChange,
    Silver,
    describe,
)

FILE = "lifepath.toml"
"""The asset file read."""

TABLES = ("infancy", "career", "tragedy", "burden", "features")
"""The five tables in the order they are rolled (§5.1 step 4)."""

EXPECTED_DICE = {"infancy": "3d6", "career": "3d6", "tragedy": "3d6", "burden": "2d6", "features": "4d6"}
"""What each table is rolled with (§5.2–§5.6)."""

HEADS = (
    "score",
    "proficiency",
    "choose_score",
    "choose_proficiency",
    "skill",
    "choose_skill",
    "trait",
    "trauma",
    "affliction",
    "insight",
    "silver",
    "item",
)
"""The keys that name an effect's kind; exactly one per effect."""


@dataclass(frozen=True, slots=True)
class LifePath:
    """The five life-path tables."""

    infancy: LifePathTable
    career: LifePathTable
    tragedy: LifePathTable
    burden: LifePathTable
    features: LifePathTable

    @property
    def tables(self) -> tuple[LifePathTable, ...]:
        """The tables in rolling order."""
        return (self.infancy, self.career, self.tragedy, self.burden, self.features)


def load_lifepath(assets: Path, problems: list[Problem]) -> LifePath:
    """Read `lifepath.toml`, appending every fault found to `problems`.

    Checks each table's dice, that its rows cover every total from the dice's minimum to
    maximum exactly once (a row outside them must say `choose_only = true`), that row keys are
    unique, and that every attribute, skill, trait, trauma and affliction named exists.

    Returns:
        The tables; a faulty table still loads with whatever rows could be read.
    """
    data = load_toml(assets / FILE, problems)
    heads: dict[str, tuple[DiceExpr, str, str]] = {}
    for entry in entries(data, "table", FILE, problems, required=bool(data)):
        key = entry.text("key")
        dice = entry.dice("dice")
        name = entry.text("name")
        text = entry.text("text")
        entry.done()
        if key not in TABLES:
            entry.problem("key", f"{key!r} is not one of: {', '.join(TABLES)}")
            continue
        if key in heads:
            entry.problem("key", "this table is described twice")
            continue
        if dice is not None and str(dice) != EXPECTED_DICE[key]:
            entry.problem("dice", f"the {key} table is rolled with {EXPECTED_DICE[key]}, not {dice}")
            dice = None  # check its rows against the right dice, so one fault is one problem
        heads[key] = (dice or _parse_expected(key), name, text)
    for key in TABLES:
        if data and key not in heads:
            problems.append(Problem(FILE, "table", key, message="no [[table]] entry describes this table"))
    tables = [_table(data, key, heads.get(key), problems) for key in TABLES]
    return LifePath(*tables)


def _parse_expected(key: str) -> DiceExpr:
    count, sides = EXPECTED_DICE[key].split("d")
    return DiceExpr(int(count), int(sides))


def _table(
    data: dict[str, object], key: str, head: tuple[DiceExpr, str, str] | None, problems: list[Problem]
) -> LifePathTable:
    dice, name, text = head or (_parse_expected(key), key.capitalize(), "")
    rows: list[LifePathRow] = []
    keys: Counter[str] = Counter()
    for entry in entries(data, key, FILE, problems, required=bool(data)):
        row = _row(entry)
        keys[row.key] += 1
        if keys[row.key] == 2:
            entry.problem("key", "the same key is used by another row of this table")
        reachable = dice.minimum <= row.roll <= dice.maximum
        if not reachable and not row.choose_only:
            entry.problem("roll", f"{row.roll} cannot be rolled on {dice}; mark it choose_only = true")
        if reachable and row.choose_only:
            entry.problem("choose_only", f"{row.roll} can be rolled on {dice}, so it is not choose-only")
        rows.append(row)
    rolled = Counter(row.roll for row in rows if not row.choose_only)
    if rows:
        for total in range(dice.minimum, dice.maximum + 1):
            if rolled[total] == 0:
                problems.append(Problem(FILE, key, message=f"no row for a roll of {total} on {dice}"))
            elif rolled[total] > 1:
                problems.append(Problem(FILE, key, message=f"{rolled[total]} rows for a roll of {total}"))
    rows.sort(key=lambda row: row.roll)
    return LifePathTable(key=key, dice=dice, rows=tuple(rows), name=name, text=text)


def _row(entry: Entry) -> LifePathRow:
    roll = entry.integer("roll")
    key = entry.text("key")
    name = entry.text("name")
    text = entry.text("text")
    choose_only = entry.flag("choose_only", False)
    effects = tuple(
        effect for item in entry.table_list("effects", []) if (effect := _effect(item)) is not None
    )
    entry.done()
    return LifePathRow(roll=roll, key=key, name=name, text=text, effects=effects, choose_only=choose_only)


def _effect(entry: Entry) -> Effect | None:
    present = [head for head in HEADS if head in entry.data]
    if len(present) != 1:
        found = ", ".join(present) or "none"
        entry.problem("", f"an effect needs exactly one of {', '.join(HEADS)} (found: {found})")
        return None
    head = present[0]
    effect = _read(entry, head)
    entry.done()
    return effect


def _read(entry: Entry, head: str) -> Effect | None:
    if head in ("score", "proficiency"):
        attr = entry.enum(head, Attr)
        delta = entry.integer("delta")
        if attr is None:
            return None
        return ScoreChange(attr, delta) if head == "score" else ProficiencyChange(attr, delta)
    if head in ("choose_score", "choose_proficiency"):
        kind = AttrKind.SCORE if head == "choose_score" else AttrKind.PROFICIENCY
        delta = entry.integer("delta")
        if isinstance(entry.data[head], list):
            options = entry.enums(head, Attr)
            if not options:
                entry.problem(head, "name at least one attribute")
                return None
            return ChooseAttribute(delta, kind, tuple(attr for attr in Attr if attr in options))
        pick = entry.enum(head, AttrPick)
        return None if pick is None else ChooseAttribute(delta, kind, tuple(Attr), pick)
    if head == "skill":
        skill = entry.enum("skill", Skill)
        direct = entry.flag("direct", False)
        if skill is not None and skill in BASIC and not direct:
            entry.problem("skill", f"{skill} needs {BASIC[skill]} first; add direct = true to grant it alone")
        return None if skill is None else GainSkill(skill, direct)
    if head == "choose_skill":
        skills = entry.strs("choose_skill")
        chosen = entry.enums("choose_skill", Skill)
        if not chosen:
            entry.problem("choose_skill", "name at least one skill")
            return None
        return ChooseSkill(tuple(Skill(name) for name in skills if name in chosen))
    if head == "trait":
        trait = entry.enum("trait", Trait)
        return None if trait is None else GainTrait(trait)
    if head == "trauma":
        trauma = entry.enum("trauma", Trauma)
        return None if trauma is None else GainTrauma(trauma)
    if head == "affliction":
        affliction = entry.enum("affliction", Affliction)
        return None if affliction is None else GainAffliction(affliction)
    if head == "insight":
        return Insight(entry.integer("insight", minimum=1))
    if head == "silver":
        if isinstance(entry.data["silver"], str):
            dice = entry.dice("silver")
            return None if dice is None else Silver(dice=dice)
        return Silver(amount=entry.integer("silver", minimum=0))
    item = entry.text("item")
    quantity = entry.integer("quantity", 1, minimum=1)
    return GainItem(item, quantity) if item else None


def compendium_lifepath(lifepath: LifePath) -> list[CompendiumEntry]:
    """One "table" entry per life-path table, its rows listed as details (roll → name: effects)."""
    result = []
    for table in lifepath.tables:
        details = tuple(
            (
                f"{row.roll} (choose only)" if row.choose_only else str(row.roll),
                f"{row.name}: " + (", ".join(describe(effect) for effect in row.effects) or row.text),
            )
            for row in table.rows
        )
        text = f"{table.text} Roll {table.dice}."
        result.append(CompendiumEntry("table", table.key, table.name, text, details=details))
    return result


def references(lifepath: LifePath) -> list[tuple[str, str, str]]:
    """Keys this domain names in other domains, as (where, kind, key): the items rows give."""
    return [
        (f"{FILE} [{table.key}] {row.key!r} field 'effects'", "item", effect.item_key)
        for table in lifepath.tables
        for row in table.rows
        for effect in row.effects
        if isinstance(effect, GainItem)
    ]
