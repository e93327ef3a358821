"""Provides readers for the entries of `assets/classes.toml`: classes, backgrounds, schools, gods, kits."""

from __future__ import annotations

from expedition.content.magic_entries import actions, parse_reach, read_house
from expedition.content.reader import Entry
from expedition.rules.core.attributes import Attr
from expedition.rules.core.dice import SIDES
from expedition.rules.core.item_defs import ArmourType
from expedition.rules.core.skills import Skill, Trait
from expedition.rules.magic.magic_defs import (
    BackgroundDef,
    Choice,
    ClassDef,
    GodDef,
    Kit,
    KitItem,
    KitRole,
    Limit,
    ManeuverDef,
    SchoolDef,
)


def read_kit(entry: Entry) -> Kit:
    lines: list[KitItem] = []
    for line in entry.table_list("kit", []):
        usage: int = line.integer("usage", 0, minimum=0)
        if usage and usage not in SIDES:
            line.problem("usage", f"no d{usage} usage die (d4 to d20)")
        lines.append(
            KitItem(
                item=line.text("item"),
                quantity=line.integer("quantity", 1, minimum=1),
                usage=usage,
                roles=line.enums("roles", KitRole, []),
                note=line.text("note", ""),
            )
        )
        line.done()
    return Kit(tuple(lines), entry.dice("silver", None), entry.dice("counterfeit", None))


def read_class(entry: Entry) -> ClassDef:
    value = ClassDef(
        key=entry.text("key"),
        name=entry.text("name"),
        proficiency=entry.enum("proficiency", Attr) or Attr.STR,
        traits=entry.enums("traits", Trait, []),
        skills=entry.enums("skills", Skill, []),
        armour=entry.enum("armour", ArmourType, None),
        gear=entry.text("gear"),
        choice=entry.enum("choice", Choice) or Choice.BACKGROUND,
        maneuvers=entry.integer("maneuvers", 0, minimum=0),
        text=entry.text("text"),
    )
    entry.done()
    return value


def read_maneuver(entry: Entry, background: str) -> ManeuverDef:
    value = ManeuverDef(
        key=entry.text("key"),
        name=entry.text("name"),
        background=background,
        actions=actions(entry),
        attack=entry.attack("attack", None),
        tests=tuple(sorted(entry.enums("tests", Attr, []), key=list(Attr).index)),
        reach=entry.parsed("range", parse_reach, "close"),
        reaction=entry.flag("reaction", False),
        limit=entry.enum("limit", Limit, "none") or Limit.NONE,
        text=entry.text("text"),
        house=read_house(entry),
    )
    entry.done()
    return value


def read_background(entry: Entry) -> tuple[BackgroundDef, list[Entry]]:
    key: str = entry.text("key")
    maneuver_entries = entry.table_list("maneuver", [])
    value = BackgroundDef(
        key=key,
        name=entry.text("name"),
        class_key=entry.text("class"),
        traits=entry.enums("traits", Trait, []),
        skills=entry.enums("skills", Skill, []),
        kit=read_kit(entry),
        maneuvers=tuple(read_maneuver(item, key) for item in maneuver_entries),
        text=entry.text("text"),
        house=read_house(entry),
    )
    entry.done()
    return value, maneuver_entries


def read_school(entry: Entry) -> SchoolDef:
    value = SchoolDef(
        key=entry.text("key"),
        name=entry.text("name"),
        kit=read_kit(entry),
        spells=entry.strs("spells"),
        grimoire=entry.flag("grimoire", True),
        text=entry.text("text"),
    )
    entry.done()
    return value


def read_god(entry: Entry) -> GodDef:
    value = GodDef(
        key=entry.text("key"),
        name=entry.text("name"),
        domains=entry.strs("domains"),
        sacrifice=entry.text("sacrifice"),
        kit=read_kit(entry),
        prayers=entry.strs("prayers"),
        skills=entry.enums("skills", Skill, []),
        text=entry.text("text"),
    )
    entry.done()
    return value
