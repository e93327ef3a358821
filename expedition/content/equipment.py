"""Provides the equipment catalogue: items, weapons, armour and shields read from assets/*.toml (§7)."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from expedition.content.compendium_pages import CompendiumEntry
from expedition.content.problems import Problem
from expedition.content.reader import Entry, entries, load_toml
from expedition.rules.core.dice import DiceExpr, parse_dice
from expedition.rules.core.item_defs import ArmourSlot, ArmourType, Category, ItemDef, Light, Special, Tag

PRICE_DICE: dict[Category, DiceExpr] = {
    Category.COMMON: parse_dice("1d6"),
    Category.UNCOMMON: parse_dice("2 + 2d6"),
    Category.VALUABLE: parse_dice("3 x 2d6"),
    Category.RARE: parse_dice("5 x 3d6"),
    Category.EXOTIC: parse_dice("10 x 4d6"),
}
"""Silver paid when buying or selling an item of each category (§7.2); free items have no price."""

ALIASES: dict[str, str] = {
    "climbing_tools": "climbing_gear",
    "lock_picking_tools": "lockpicking_tools",
    "alchemic_tools": "alchemic_kit",
    "alchemic_toolkit": "alchemic_kit",
    "flasks_of_holy_water": "holy_water",
    "torches": "torch",
    "candles": "candle",
    "padded_armour": "padded_armor",
    "leather_armour": "leather_armor",
}
"""Other names the book uses for the same item (§7.4 "≈"), and spellings, → the item's key."""

_KEY = re.compile(r"[a-z][a-z0-9_]*")
_KINDS = (
    ("items.toml", "item", "item"),
    ("weapons.toml", "weapon", "weapon"),
    ("armour.toml", "armour", "armour"),
    ("shields.toml", "shield", "shield"),
)
"""(file, TOML table, compendium kind) for each kind of equipment."""


@dataclass(frozen=True, slots=True)
class Equipment:
    """Every item definition of the game, by kind and all together.

    Attributes:
        items: Items (items.toml) by key.
        weapons: Weapons (weapons.toml) by key.
        armour: Armour and helmets (armour.toml) by key.
        shields: Shields (shields.toml) by key.
        all: Every definition of the four kinds by key (keys are unique across them).
    """

    items: Mapping[str, ItemDef]
    weapons: Mapping[str, ItemDef]
    armour: Mapping[str, ItemDef]
    shields: Mapping[str, ItemDef]
    all: Mapping[str, ItemDef]

    def get(self, key: str) -> ItemDef | None:
        """The definition with this key, or another name for it (`ALIASES`); None if unknown."""
        return self.all.get(ALIASES.get(key, key))


def load_equipment(assets: Path, problems: list[Problem]) -> Equipment:
    """Read items, weapons, armour and shields, recording every fault in `problems`.

    Checks each field's type, categories, tags, armour types and specials, that every attack
    and usage die parses, that slots are at least 0 and AP parts at least 1, that keys are
    unique across all four files, that house entries say why, and that ammunition and fuel
    name existing items.

    Args:
        assets: The assets folder.
        problems: Where problems are appended; nothing is raised.

    Returns:
        Whatever could be read; faulty entries are left out or read with fallbacks.
    """
    readers: dict[str, Callable[[Entry], dict[str, Any]]] = {
        "item": _item_fields,
        "weapon": _weapon_fields,
        "armour": _armour_fields,
        "shield": _shield_fields,
    }
    found: dict[str, dict[str, ItemDef]] = {}
    every: dict[str, ItemDef] = {}
    where: dict[str, str] = {}
    pending: list[tuple[Entry, ItemDef]] = []
    for file, table, _kind in _KINDS:
        found[table] = {}
        before = len(problems)
        data = load_toml(assets / file, problems)
        if len(problems) > before:
            continue  # a missing or unreadable file is one problem, not one per table
        for entry in entries(data, table, file, problems):
            defn = _read(entry, readers[table])
            entry.done()
            if defn is None:
                continue
            if defn.key in every:
                entry.problem("key", f"{defn.key!r} is already used in {where[defn.key]}")
                continue
            every[defn.key] = defn
            where[defn.key] = file
            found[table][defn.key] = defn
            pending.append((entry, defn))
    for entry, defn in pending:
        for field, target in (("ammo", defn.ammo), ("fuel", defn.fuel)):
            if target and target not in every:
                entry.problem(field, f"names {target!r}, which is not an item key")
    return Equipment(found["item"], found["weapon"], found["armour"], found["shield"], every)


def _read(entry: Entry, kind_fields: Callable[[Entry], dict[str, Any]]) -> ItemDef | None:
    key = entry.text("key")
    if key and not _KEY.fullmatch(key):
        entry.problem("key", f"{key!r} must be snake_case (a-z, 0-9, _)")
    fields: dict[str, Any] = {
        "name": entry.text("name"),
        "text": entry.text("text"),
        "category": entry.enum("category", Category) or Category.COMMON,
        "tags": entry.enums("tags", Tag, []),
        "slots": entry.integer("slots", 1, minimum=0),
        "specials": entry.enums("specials", Special, []),
        "house": entry.flag("house", False),
        "kit": entry.flag("kit", False),
        "why": entry.text("why", ""),
    }
    usage = entry.usage("usage", None)
    fields["usage"] = usage.sides if usage is not None else 0
    fields.update(kind_fields(entry))
    if fields["house"] and not fields["why"].strip():
        entry.problem("why", "house content must say why it was invented")
    if fields["why"] and not fields["house"]:
        entry.problem("why", "only house content carries a why (add house = true or remove it)")
    if fields["house"] and fields["kit"]:
        entry.problem("kit", "an entry is either from a kit (book) or house, not both")
    if not fields["text"].strip() and "text" in entry.data:
        entry.problem("text", "must not be empty")
    if not key or not fields["name"]:
        return None
    try:
        return ItemDef(key=key, **fields)
    except (TypeError, ValueError) as error:  # a fallback slipped through; report, do not stop
        entry.problem("", f"cannot be built: {error}")
        return None


def _notation(entry: Entry, field: str, required: bool = False) -> str | None:
    """Check an attack field parses (§2.1) and return its text, or None."""
    attack = entry.attack(field) if required else entry.attack(field, None)
    return entry.data[field] if attack is not None else None


def _item_fields(entry: Entry) -> dict[str, Any]:
    return {
        "pack": entry.integer("pack", 1, minimum=1),
        "per_slot": entry.integer("per_slot", 1, minimum=1),
        "capacity": entry.integer("capacity", 0, minimum=0),
        "liquid_capacity": entry.integer("liquid_capacity", 0, minimum=0),
        "light": entry.enum("light", Light, None),
        "attack": _notation(entry, "attack"),
        "fuel": entry.text("fuel", ""),
        "value": entry.integer("value", 0, minimum=0),
    }


def _weapon_fields(entry: Entry) -> dict[str, Any]:
    hands = entry.integer("hands", 1, minimum=1)
    if hands > 2:
        entry.problem("hands", f"must be 1 or 2, got {hands}")
        hands = 2
    return {
        "attack": _notation(entry, "attack", required=True),
        "hands": hands,
        "close_attack": _notation(entry, "close_attack"),
        "dual_attack": _notation(entry, "dual_attack"),
        "ammo": entry.text("ammo", ""),
        "reload_actions": entry.integer("reload_actions", 0, minimum=0),
    }


def _armour_fields(entry: Entry) -> dict[str, Any]:
    ap = entry.ints("ap")
    if "ap" in entry.data and not ap and isinstance(entry.data["ap"], list):
        entry.problem("ap", "needs at least one part")
    for part, points in enumerate(ap, start=1):
        if points < 1:
            entry.problem("ap", f"part {part} has {points} AP; each part needs at least 1")
    return {
        "armour": tuple(max(1, points) for points in ap) or (1,),
        "armour_type": entry.enum("type", ArmourType) or ArmourType.LIGHT,
        "armour_slot": entry.enum("worn", ArmourSlot, "body") or ArmourSlot.BODY,
    }


def _shield_fields(entry: Entry) -> dict[str, Any]:
    return {
        "shield_tokens": entry.integer("tokens", minimum=1) or 1,
        "no_dodge": entry.flag("no_dodge", False),
        "break_risk": entry.integer("break_risk", 0, minimum=0),
    }


def price_text(category: Category) -> str:
    """The price of a category as shown to players: "2 + 2d6 silver", or "—" for free items."""
    dice = PRICE_DICE.get(category)
    return f"{dice} silver" if dice is not None else "—"


def compendium_equipment(eq: Equipment) -> list[CompendiumEntry]:
    """One compendium entry per item, weapon, armour and shield, in file order.

    Args:
        eq: The loaded equipment.

    Returns:
        Entries of kinds "item", "weapon", "armour" and "shield".
    """
    groups = (("item", eq.items), ("weapon", eq.weapons), ("armour", eq.armour), ("shield", eq.shields))
    return [
        CompendiumEntry(kind, defn.key, defn.name, defn.text, defn.house, _details(defn))
        for kind, defs in groups
        for defn in defs.values()
    ]


def _details(defn: ItemDef) -> tuple[tuple[str, str], ...]:
    rows: list[tuple[str, str]] = [
        ("Category", defn.category.value.capitalize()),
        ("Price", price_text(defn.category)),
    ]
    shown_tags = sorted(tag.value.replace("_", " ") for tag in defn.tags)
    if shown_tags:
        rows.append(("Tags", ", ".join(shown_tags)))
    rows.append(("Slots", str(defn.slot_cost)))
    optional: list[tuple[str, object]] = [
        ("Pack", defn.pack if defn.pack > 1 else None),
        ("Usage", f"Ud{defn.usage}" if defn.usage else None),
        ("Holds", f"{defn.capacity} items" if defn.capacity else None),
        ("Holds liquid", f"{defn.liquid_capacity}" if defn.liquid_capacity else None),
        ("Light", defn.light.value.capitalize() if defn.light else None),
        ("Fuel", defn.fuel or None),
        ("Attack", defn.attack),
        ("Against Close", defn.close_attack),
        ("Dual-wielded", defn.dual_attack),
        ("Hands", defn.hands if defn.attack and not defn.armour else None),
        ("Ammunition", defn.ammo or None),
        ("Reload", f"{defn.reload_actions} actions" if defn.reload_actions else None),
        ("AP", ", ".join(str(points) for points in defn.armour) if defn.armour else None),
        ("Type", defn.armour_type.value.capitalize() if defn.armour_type else None),
        ("Worn", defn.armour_slot.value if defn.armour_slot else None),
        ("Tokens", defn.shield_tokens or None),
        ("Breaks on", f"{defn.break_risk}d!" if defn.break_risk else None),
        ("Dodge", "not while equipped" if defn.no_dodge else None),
        ("Worth", f"{defn.value} silver" if defn.value else None),
        ("Source", "starting kit or sample dungeon" if defn.kit else None),
        ("Why (house)", defn.why or None),
    ]
    rows += [(label, str(value)) for label, value in optional if value is not None]
    return tuple(rows)
