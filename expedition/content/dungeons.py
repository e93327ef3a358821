"""Provides the dungeon book: themes from `assets/dungeons/themes.toml` and the authored dungeons."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from expedition.content.authored import AuthoredDungeon, load_authored
from expedition.content.problems import Problem
from expedition.content.reader import Entry, entries, load_toml
from expedition.dungeon.budget import count_ok
from expedition.dungeon.themes import (
    DoomStep,
    FeatureDef,
    HazardDef,
    RoomTypeDef,
    ThemeDef,
    TrapDef,
    TreasureCell,
    TreasureRow,
)
from expedition.rules.core.dice import parse_dice
from expedition.rules.core.errors import NotationError
from expedition.rules.core.notation import parse_attack
from expedition.rules.exploration.features import EncounterRow

__all__ = [
    "DungeonBook",
    "load_dungeons",
    "references",
]

FOLDER = "dungeons"
THEMES = "themes.toml"
CATEGORIES = ("uncommon", "valuable", "rare", "exotic")


@dataclass(frozen=True, slots=True)
class DungeonBook:
    """Every dungeon theme and authored dungeon.

    Attributes:
        themes: Themes by key.
        authored: Authored dungeons by key.
    """

    themes: dict[str, ThemeDef]
    authored: dict[str, AuthoredDungeon]


def load_dungeons(assets: Path, problems: list[Problem]) -> DungeonBook:
    """Read the themes and every other `.toml` file of `assets/dungeons` as an authored dungeon."""
    folder = assets / FOLDER
    data = load_toml(folder / THEMES, problems)
    themes: dict[str, ThemeDef] = {}
    for entry in entries(data, "theme", THEMES, problems):
        theme = _theme(entry)
        if theme.key in themes:
            entry.problem("key", f"duplicate theme {theme.key!r}")
        themes[theme.key] = theme
    for theme in themes.values():
        if theme.deeper not in themes:
            problems.append(
                Problem(
                    THEMES, "theme", theme.key, "deeper", f"names the theme {theme.deeper!r}, not defined"
                )
            )
    authored: dict[str, AuthoredDungeon] = {}
    for path in sorted(folder.glob("*.toml")) if folder.is_dir() else []:
        if path.name == THEMES:
            continue
        dungeon = load_authored(path, themes, problems)
        if dungeon is not None:
            authored[dungeon.key] = dungeon
    return DungeonBook(themes=themes, authored=authored)


def references(book: DungeonBook) -> list[tuple[str, str, str]]:
    """Keys the dungeon files name in other files, as (where, kind, key): enemies and items."""
    found: list[tuple[str, str, str]] = []
    for theme in book.themes.values():
        where = f"{THEMES} [theme] {theme.key!r}"
        for key in theme.denizens:
            found.append((where, "enemy", key))
        for row in (*theme.wandering, *theme.lairs):
            for key in (*row.core, *row.filler):
                found.append((f"{where} row {row.roll} {row.name!r}", "enemy", key))
        for treasure in theme.treasure:
            for cell in (treasure.shallow, treasure.middle, treasure.deep):
                for item in cell.items:
                    found.append((f"{where} treasure {treasure.roll}", "item", item.split()[-1]))
    for dungeon in book.authored.values():
        found.extend(dungeon.references)
    return found


def _row(entry: Entry) -> EncounterRow:
    row = EncounterRow(
        roll=entry.integer("roll", minimum=1),
        name=entry.text("name"),
        core=entry.strs("core"),
        filler=entry.strs("filler", ()),
        note=entry.text("note", ""),
    )
    if not row.core:
        entry.problem("core", "needs at least one enemy")
    entry.done()
    return row


def _numbered(rows: list[Entry], first: int, count: int, owner: Entry, field: str) -> None:
    rolls = [row.data.get("roll") for row in rows]
    if rolls != list(range(first, first + count)):
        owner.problem(field, f"needs rows {first}..{first + count - 1} in order, got {rolls}")


def _room(entry: Entry) -> RoomTypeDef:
    room = RoomTypeDef(
        roll=entry.integer("roll"),
        key=entry.text("key"),
        name=entry.text("name"),
        notes=entry.text("notes"),
        filthy=entry.flag("filthy", False),
        wet=entry.flag("wet", False),
        refuge=entry.flag("refuge", False),
        exposed=entry.flag("exposed", False),
        exit=entry.flag("exit", False),
        treasure_rolls=entry.integer("treasure_rolls", 0, minimum=0),
        secret=entry.flag("secret", False),
    )
    entry.done()
    return room


def _hazard(entry: Entry) -> HazardDef:
    hazard = HazardDef(
        roll=entry.integer("roll"),
        key=entry.text("key"),
        name=entry.text("name"),
        text=entry.text("text"),
        filthy=entry.flag("filthy", False),
        wet=entry.flag("wet", False),
        collapse=entry.flag("collapse", False),
        darkness=entry.flag("darkness", False),
    )
    entry.done()
    return hazard


def _trap(entry: Entry) -> TrapDef:
    attack = entry.text("attack", "")
    if attack:
        try:
            parse_attack(attack)
        except NotationError as error:
            entry.problem("attack", f"{attack!r} does not parse at position {error.position}: {error.reason}")
    test = entry.text("test", "")
    if test not in ("", "STR", "DEX", "INT", "PRE"):
        entry.problem("test", f"{test!r} is not one of STR, DEX, INT, PRE or empty")
    avoid = entry.text("avoid", "")
    trap = TrapDef(
        roll=entry.integer("roll"),
        key=entry.text("key"),
        name=entry.text("name"),
        tell=entry.text("tell"),
        find=entry.text("find"),
        disarm=entry.text("disarm") or (f"cannot be disarmed; {avoid}" if avoid else ""),
        test=test,
        attack=attack,
        effect=entry.text("effect"),
        impact=entry.flag("impact", False),
        object_trap=entry.flag("object", False),
    )
    entry.done()
    return trap


def _cell(owner: Entry, field: str) -> TreasureCell:
    owner._seen.add(field)
    raw = owner.data.get(field)
    if not isinstance(raw, dict):
        owner.problem(field, "expected an inline table { text = ..., silver = ..., treasures = [...] }")
        return TreasureCell(text="")
    sub = Entry(raw, owner.file, f"{owner.table}.{owner.name}", 0, owner.problems)
    sub.name = field
    silver = sub.text("silver", "")
    if silver:
        sub.parsed("silver", parse_dice)
    treasures = sub.strs("treasures", ())
    for word in treasures:
        if word not in CATEGORIES:
            sub.problem("treasures", f"{word!r} is not one of {', '.join(CATEGORIES)}")
    items = sub.strs("items", ())
    for item in items:
        count = item.split()[0] if len(item.split()) == 2 else ""
        if len(item.split()) > 2 or (count and not count_ok(count)):
            sub.problem("items", f"{item!r} should be an item key, optionally after a count ('2 oil')")
    cell = TreasureCell(text=sub.text("text"), silver=silver, treasures=treasures, items=items)
    sub.done()
    return cell


def _treasure(entry: Entry) -> TreasureRow:
    row = TreasureRow(
        roll=entry.integer("roll"),
        name=entry.text("name"),
        shallow=_cell(entry, "shallow"),
        middle=_cell(entry, "middle"),
        deep=_cell(entry, "deep"),
        locked=entry.flag("locked", False),
    )
    entry.done()
    return row


def _theme(entry: Entry) -> ThemeDef:
    wandering = entry.table_list("wandering")
    lairs = entry.table_list("lair")
    rooms = entry.table_list("room")
    features = entry.table_list("feature")
    hazards = entry.table_list("hazard")
    traps = entry.table_list("trap")
    doom = entry.table_list("doom")
    treasure = entry.table_list("treasure")
    _numbered(wandering, 1, 8, entry, "wandering")
    _numbered(lairs, 1, 6, entry, "lair")
    _numbered(rooms, 2, 11, entry, "room")
    for rows, field in ((features, "feature"), (hazards, "hazard"), (traps, "trap"), (treasure, "treasure")):
        _numbered(rows, 1, 6, entry, field)
    if not 5 <= len(doom) <= 8:
        entry.problem("doom", f"needs 5 to 8 thresholds, got {len(doom)}")
    theme = ThemeDef(
        key=entry.text("key"),
        name=entry.text("name"),
        roll=entry.integer("roll", minimum=1),
        deeper=entry.text("deeper"),
        blurb=entry.text("blurb"),
        found_near=entry.text("found_near"),
        cities_only=entry.flag("cities_only", False),
        denizens=entry.strs("denizens"),
        wandering=tuple(_row(row) for row in wandering),
        lairs=tuple(_row(row) for row in lairs),
        rooms=tuple(_room(row) for row in rooms),
        features=tuple(_feature(row) for row in features),
        hazards=tuple(_hazard(row) for row in hazards),
        traps=tuple(_trap(row) for row in traps),
        doom=tuple(_doom(row) for row in doom),
        treasure=tuple(_treasure(row) for row in treasure),
        phrases=entry.strs("phrases", ()),
        notes=entry.strs("notes", ()),
        house=entry.flag("house"),
        why=entry.text("why"),
    )
    if not theme.house:
        entry.problem("house", "themes are house content and must say house = true")
    entry.done()
    return theme


def _feature(entry: Entry) -> FeatureDef:
    feature = FeatureDef(
        roll=entry.integer("roll"), text=entry.text("text"), filthy=entry.flag("filthy", False)
    )
    entry.done()
    return feature


def _doom(entry: Entry) -> DoomStep:
    step = DoomStep(
        ticks=entry.integer("ticks", minimum=1),
        key=entry.text("key"),
        text=entry.text("text"),
        final=entry.flag("final", False),
    )
    entry.done()
    return step
