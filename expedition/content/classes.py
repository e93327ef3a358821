"""Provides `load_classes`: classes, backgrounds, schools, gods and their magic, cross-checked."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from expedition.content.class_entries import read_background, read_class, read_god, read_school
from expedition.content.compendium_pages import CompendiumEntry
from expedition.content.magic_entries import MagicTables, keyed, load_magic
from expedition.content.problems import Problem
from expedition.content.reader import Entry, entries, load_toml
from expedition.rules.core.wording import plural
from expedition.rules.creation.class_choice import ClassOptions
from expedition.rules.magic.magic_defs import (
    BackgroundDef,
    Choice,
    ClassDef,
    GodDef,
    Kit,
    MiracleRow,
    MishapRow,
    PrayerDef,
    SchoolDef,
    SpellDef,
)

FILE = "classes.toml"
MANEUVERS_PER_BACKGROUND = 3
"""Every warrior and thief background offers three maneuvers (§5.7.1, §5.7.2)."""


@dataclass(frozen=True, slots=True)
class ClassBook:
    """Classes and everything a class chooses from, keyed as in the files.

    Attributes:
        classes: The four classes.
        backgrounds: Warrior and thief backgrounds, each with its maneuvers.
        schools: Wizard schools.
        gods: Cleric gods.
        spells: Every spell.
        prayers: Every prayer, basic ones included.
        mishaps: The spell mishap table in roll order (3d6 + earlier mishaps, §11.1).
        miracles: The miracle table in roll order (1d6, §11.2).
    """

    classes: dict[str, ClassDef]
    backgrounds: dict[str, BackgroundDef]
    schools: dict[str, SchoolDef]
    gods: dict[str, GodDef]
    spells: dict[str, SpellDef]
    prayers: dict[str, PrayerDef]
    mishaps: tuple[MishapRow, ...]
    miracles: tuple[MiracleRow, ...]

    def class_options(self) -> ClassOptions:
        """What character creation chooses from: classes, their choices, spells and prayers (§5.7)."""
        book = (self.classes, self.backgrounds, self.schools, self.gods)
        return ClassOptions(*book, spells=self.spells, prayers=self.prayers)

    @property
    def basic_prayers(self) -> tuple[PrayerDef, ...]:
        """The prayers open to every cleric (§11.2)."""
        return tuple(prayer for prayer in self.prayers.values() if prayer.basic)

    def backgrounds_of(self, class_key: str) -> tuple[BackgroundDef, ...]:
        """The backgrounds a class may pick."""
        return tuple(bg for bg in self.backgrounds.values() if bg.class_key == class_key)


def load_classes(assets: Path, problems: list[Problem]) -> ClassBook:
    """Read `classes.toml` and `magic.toml` and check every reference between them.

    Args:
        assets: The assets directory.
        problems: Where every fault found is appended; nothing is raised.

    Returns:
        The book, built from whatever could be read.
    """
    magic = load_magic(assets, problems)
    data = load_toml(assets / FILE, problems)
    class_entries = entries(data, "class", FILE, problems)
    classes = [(entry, read_class(entry)) for entry in class_entries]
    backgrounds = [(entry, *read_background(entry)) for entry in entries(data, "background", FILE, problems)]
    schools = [(entry, read_school(entry)) for entry in entries(data, "school", FILE, problems)]
    gods = [(entry, read_god(entry)) for entry in entries(data, "god", FILE, problems)]
    for table in sorted(set(data) - {"class", "background", "school", "god"}):
        problems.append(Problem(FILE, table, message="unknown table"))
    keyed([(entry, value.key) for entry, value in classes], "class", problems)
    keyed([(entry, value.key) for entry, value, _ in backgrounds], "background", problems)
    keyed([(entry, value.key) for entry, value in schools], "school", problems)
    keyed([(entry, value.key) for entry, value in gods], "god", problems)
    book = ClassBook(
        classes={value.key: value for _, value in classes},
        backgrounds={value.key: value for _, value, _ in backgrounds},
        schools={value.key: value for _, value in schools},
        gods={value.key: value for _, value in gods},
        spells=magic.spells,
        prayers=magic.prayers,
        mishaps=magic.mishaps,
        miracles=magic.miracles,
    )
    _check_backgrounds(book, backgrounds, problems)
    _check_lists(book, magic, schools, gods, problems)
    return book


def _check_backgrounds(
    book: ClassBook, backgrounds: list[tuple[Entry, BackgroundDef, list[Entry]]], problems: list[Problem]
) -> None:
    maneuvers = [
        (item, maneuver.key)
        for _, background, items in backgrounds
        for item, maneuver in zip(items, background.maneuvers, strict=True)
    ]
    keyed(maneuvers, "background.maneuver", problems)
    for entry, background, _ in backgrounds:
        owner = book.classes.get(background.class_key)
        if owner is None:
            entry.problem("class", f"no class {background.class_key!r}")
        elif owner.choice is not Choice.BACKGROUND:
            entry.problem("class", f"the {owner.name} class does not choose a background")
        if len(background.maneuvers) != MANEUVERS_PER_BACKGROUND:
            count = len(background.maneuvers)
            entry.problem("maneuver", f"needs {MANEUVERS_PER_BACKGROUND} maneuvers, has {count}")
    for value in book.classes.values():
        if value.choice is Choice.BACKGROUND and not book.backgrounds_of(value.key):
            problems.append(Problem(FILE, "class", value.key, "choice", "no background belongs to it"))


def _check_lists(
    book: ClassBook,
    magic: MagicTables,
    schools: list[tuple[Entry, SchoolDef]],
    gods: list[tuple[Entry, GodDef]],
    problems: list[Problem],
) -> None:
    for entry, school in schools:
        for key in school.spells:
            spell = magic.spells.get(key)
            if spell is None:
                entry.problem("spells", f"no spell {key!r}")
            elif spell.school != school.key:
                entry.problem("spells", f"spell {key!r} belongs to {spell.school!r}")
    for entry, god in gods:
        for key in god.prayers:
            prayer = magic.prayers.get(key)
            if prayer is None:
                entry.problem("prayers", f"no prayer {key!r}")
            elif prayer.god != god.key:
                entry.problem("prayers", f"prayer {key!r} belongs to {prayer.god or 'the basic list'!r}")
    for spell in magic.spells.values():
        school_of = book.schools.get(spell.school)
        if school_of is None:
            problems.append(
                Problem("magic.toml", "spell", spell.key, "school", f"no school {spell.school!r}")
            )
        elif spell.key not in school_of.spells:
            problems.append(
                Problem("magic.toml", "spell", spell.key, "school", "missing from the school's list")
            )
    for prayer in magic.prayers.values():
        god_of = book.gods.get(prayer.god) if prayer.god else None
        if prayer.god and god_of is None:
            problems.append(Problem("magic.toml", "prayer", prayer.key, "god", f"no god {prayer.god!r}"))
        elif god_of is not None and prayer.key not in god_of.prayers:
            problems.append(Problem("magic.toml", "prayer", prayer.key, "god", "missing from the god's list"))
    for value in book.classes.values():
        if value.choice is Choice.SCHOOL and not book.schools:
            problems.append(Problem(FILE, "school", message=f"the {value.name} class has no school to join"))
        if value.choice is Choice.GOD and not book.gods:
            problems.append(Problem(FILE, "god", message=f"the {value.name} class has no god to serve"))


def references(book: ClassBook) -> list[tuple[str, str, str]]:
    """Keys this book names in other domains, for the catalog to check.

    Returns:
        (where, kind, key) triples: kind "item" for kit lines (an item, weapon, armour or shield
        key) and "enemy" for creatures that spells, prayers and mishaps call up.
    """
    found: list[tuple[str, str, str]] = []
    owners: list[tuple[str, Kit]] = [
        *((f"{FILE} [background] {key!r} field 'kit'", bg.kit) for key, bg in book.backgrounds.items()),
        *((f"{FILE} [school] {key!r} field 'kit'", school.kit) for key, school in book.schools.items()),
        *((f"{FILE} [god] {key!r} field 'kit'", god.kit) for key, god in book.gods.items()),
    ]
    for where, kit in owners:
        found.extend((where, "item", line.item) for line in kit.items)
    summoners: list[tuple[str, str]] = [
        *(
            (f"magic.toml [spell] {spell.key!r} field 'summons'", spell.summons)
            for spell in book.spells.values()
        ),
        *(
            (f"magic.toml [prayer] {prayer.key!r} field 'summons'", prayer.summons)
            for prayer in book.prayers.values()
        ),
        *((f"magic.toml [mishap] 'roll {row.roll}' field 'summons'", row.summons) for row in book.mishaps),
    ]
    found.extend((where, "enemy", key) for where, key in summoners if key)
    return found


def _kit_text(kit: Kit) -> str:
    parts = []
    for line in kit.items:
        text = line.item.replace("_", " ")
        if line.quantity > 1:
            text = f"{line.quantity} × {text}"
        if line.usage:
            text = f"Ud{line.usage} {text}"
        extra = [role.value.replace("_", " ") for role in sorted(line.roles)] + (
            [line.note] if line.note else []
        )
        if extra:
            text += f" ({', '.join(extra)})"
        parts.append(text)
    if kit.silver is not None:
        parts.append(f"{kit.silver} silver")
    if kit.counterfeit is not None:
        parts.append(f"{kit.counterfeit} counterfeit coins")
    return ", ".join(parts)


def _reach_text(reach: object) -> str:
    return "Self" if reach is None else str(reach)


def _spell_details(spell: SpellDef | PrayerDef) -> tuple[tuple[str, str], ...]:
    details = [
        ("Actions", str(spell.actions)),
        ("Test", spell.attr.value),
        ("Range", _reach_text(spell.reach)),
    ]
    if spell.attack is not None:
        details.append(("Attack", str(spell.attack)))
    return tuple(details)


def _class_page(value: ClassDef) -> CompendiumEntry:
    granted = [trait.value.replace("_", " ") for trait in sorted(value.traits)]
    granted += [skill.value.replace("_", " ") for skill in sorted(value.skills)]
    details = [
        ("Proficiency", f"+1 {value.proficiency.value}"),
        ("Gear", value.gear),
        ("Chooses", value.choice.value),
    ]
    if granted:
        details.append(("Gains", ", ".join(granted)))
    return CompendiumEntry("class", value.key, value.name, value.text, details=tuple(details))


def _background_page(bg: BackgroundDef) -> CompendiumEntry:
    lines = [bg.text, ""]
    for move in bg.maneuvers:
        cost = plural(move.actions, "action")
        attack = f", {move.attack}" if move.attack is not None else ""
        lines.append(f"{move.name} ({cost}{attack}): {move.text}")
    granted = [t.value.replace("_", " ") for t in sorted(bg.traits)]
    granted += [s.value.replace("_", " ") for s in sorted(bg.skills)]
    details = (("Class", bg.class_key), ("Gains", ", ".join(granted)), ("Kit", _kit_text(bg.kit)))
    return CompendiumEntry("background", bg.key, bg.name, "\n".join(lines), bg.house, details)


def _school_page(book: ClassBook, school: SchoolDef) -> CompendiumEntry:
    spells = ", ".join(book.spells[key].name for key in school.spells if key in book.spells)
    details = (
        ("Kit", _kit_text(school.kit)),
        ("Spells", spells),
        ("Grimoire", "yes" if school.grimoire else "no"),
    )
    return CompendiumEntry("school", school.key, school.name, school.text, details=details)


def _god_page(book: ClassBook, god: GodDef) -> CompendiumEntry:
    prayers = ", ".join(book.prayers[key].name for key in god.prayers if key in book.prayers)
    details = (
        ("Domains", ", ".join(god.domains)),
        ("Sacrifice", god.sacrifice),
        ("Kit", _kit_text(god.kit)),
        ("Prayers", prayers),
    )
    return CompendiumEntry("god", god.key, god.name, god.text, details=details)


def _magic_page(kind: str, owner: str, value: SpellDef | PrayerDef) -> CompendiumEntry:
    details = [("School" if kind == "spell" else "God", owner)]
    details += [
        ("Actions", str(value.actions)),
        ("Test", value.attr.value),
        ("Range", _reach_text(value.reach)),
    ]
    if value.attack is not None:
        details.append(("Attack", str(value.attack)))
    return CompendiumEntry(kind, value.key, value.name, value.text, value.house, tuple(details))


MISHAP_TEXT = (
    "On a critical failure of a spell's INT test, roll 3d6 plus the mishaps already suffered this expedition."
)
MIRACLE_TEXT = (
    "On a great success of a prayer's PRE test, the prayer works and the cleric also rolls 1d6 here."
)


def compendium_classes(book: ClassBook) -> list[CompendiumEntry]:
    """Compendium pages: classes, backgrounds (with maneuvers), schools, gods, spells, prayers, and tables.

    The spell mishap and miracle tables are pages of kind "table" ("spell_mishaps", "miracles").
    """
    pages = [_class_page(value) for value in book.classes.values()]
    pages += [_background_page(bg) for bg in book.backgrounds.values()]
    pages += [_school_page(book, school) for school in book.schools.values()]
    pages += [_god_page(book, god) for god in book.gods.values()]
    for spell in book.spells.values():
        school_of = book.schools.get(spell.school)
        pages.append(_magic_page("spell", school_of.name if school_of else spell.school, spell))
    for prayer in book.prayers.values():
        god_of = book.gods.get(prayer.god)
        pages.append(_magic_page("prayer", god_of.name if god_of else "Basic prayer", prayer))
    mishaps = tuple((f"{row.roll}+" if row.open_ended else str(row.roll), row.text) for row in book.mishaps)
    miracles = tuple((str(row.roll), row.text) for row in book.miracles)
    pages.append(CompendiumEntry("table", "spell_mishaps", "Spell mishaps", MISHAP_TEXT, details=mishaps))
    pages.append(CompendiumEntry("table", "miracles", "Miracles", MIRACLE_TEXT, details=miracles))
    return pages
