"""Shared fixtures for the UI tests: a fixed terminal size, no blinking cursor, sample content."""

from __future__ import annotations

import io

import pytest
from rich.console import Console
from textual.widgets import Input, Static

from expedition.content.compendium_pages import CompendiumEntry
from expedition.rules.character.adventurer import Character, Insight
from expedition.rules.core.attributes import Attr
from expedition.rules.core.conditions import Affliction, Trauma
from expedition.rules.core.item_defs import ArmourSlot, ArmourType, Item, ItemDef, Light, Tag
from expedition.rules.core.skills import Skill, Trait
from expedition.ui.widgets.sheet_text import SheetLines

EXPEDITION_SIZE = (100, 34)
"""Terminal size for Pilot and snapshot tests: a little above the 80×24 minimum, so every
screen is laid out as a player with an ordinary window sees it, and small enough that the
snapshots stay readable."""

SMALL_ENTRIES = (
    CompendiumEntry(
        "item",
        "torch",
        "Torch",
        "Burns for a while, lighting what is close.",
        details=(("Price", "1"), ("Usage", "Ud6"), ("Light", "close")),
    ),
    CompendiumEntry("item", "rope", "Rope", "Ten metres of it.", details=(("Price", "2"),)),
    CompendiumEntry(
        "weapon",
        "battle_axe",
        "Battle axe",
        "Heavy and slow, it bites deep.",
        details=(("Attack", "STR d8"), ("Hands", "2")),
    ),
    CompendiumEntry("enemy", "rat_swarm", "Rat swarm", "A carpet of teeth.", details=(("Wounds", "3"),)),
    CompendiumEntry("affliction", "bleeding", "Bleeding", "Losing blood: every turn costs fatigue."),
    CompendiumEntry("skill", "cooking", "Cooking", "Turns raw food into meals."),
    CompendiumEntry(
        "table",
        "trap_room",
        "Trapped rooms",
        "Our own table of room traps.",
        house=True,
        details=(("Roll", "d6"),),
    ),
)
"""A small fixed compendium: a few kinds, one house entry, details and no details."""


def plain(static: Static, width: int = 100) -> str:
    """What a Static shows, as plain text (Rich tables and groups rendered at `width` columns)."""
    console = Console(width=width, record=True, color_system=None, file=io.StringIO())
    console.print(static.content)
    return "\n".join(line.rstrip() for line in console.export_text().splitlines())


@pytest.fixture(autouse=True)
def no_cursor_blink(monkeypatch: pytest.MonkeyPatch) -> None:
    """Text boxes show a steady cursor, so a snapshot never catches it mid-blink."""
    monkeypatch.setattr(Input.__dict__["cursor_blink"], "_default", False)


def _item(uid: int, defn: ItemDef, place: str, **changes: object) -> Item:
    item = Item.new(uid, defn)
    item.place = place
    for name, value in changes.items():
        setattr(item, name, value)
    return item


def sample_character() -> Character:
    """A hand-built adventurer with something in every box of the sheet."""
    hero = Character(id="c1", name="Mara Quell", burden="debt")
    hero.attrs[Attr.STR].score, hero.attrs[Attr.STR].proficiency = 3, 1
    hero.attrs[Attr.STR].fatigue, hero.attrs[Attr.STR].wounds = 1, 1
    hero.attrs[Attr.DEX].score, hero.attrs[Attr.DEX].fatigue = 2, 1
    hero.attrs[Attr.INT].score = 1
    hero.attrs[Attr.PRE].score, hero.attrs[Attr.PRE].proficiency, hero.attrs[Attr.PRE].wounds = 2, 2, 2
    hero.skills = {Skill.COOKING, Skill.SURVIVALIST}
    hero.traits = {Trait.HARDENED}
    hero.traumas = {Trauma.BROKEN_ARM}
    hero.afflictions = {Affliction.BLEEDING, Affliction.HUNGRY}
    hero.insight = Insight(earned=5, spent=2)
    bag = ItemDef("bag", "Bag", capacity=4)
    belt = ItemDef("belt", "Belt", capacity=1)
    canteen = ItemDef("canteen", "Canteen", liquid_capacity=1)
    water = ItemDef("water", "Water", tags=frozenset({Tag.LIQUID}), per_slot=2)
    torch = ItemDef("torch", "Torch", usage=6, light=Light.CLOSE)
    leather = ItemDef(
        "leather", "Leather armour", armour=(2,), armour_type=ArmourType.MEDIUM, armour_slot=ArmourSlot.BODY
    )
    axe = ItemDef("hand_axe", "Hand axe", attack="STR d6")
    rations = ItemDef("rations", "Rations", pack=3)
    rope = ItemDef("rope", "Rope")
    chalk = ItemDef("chalk", "Chalk", tags=frozenset({Tag.TINY}))
    hero.items = [
        _item(1, bag, "back"),
        _item(2, belt, "waist"),
        _item(3, canteen, "flask"),
        _item(4, leather, "torso", broken=[1]),
        _item(5, axe, "right_hand", wielded=True),
        _item(6, torch, "left_hand", lit=True, usage=4),
        _item(7, rations, "bag:1"),
        _item(8, rope, "bag:1"),
        _item(9, water, "canteen:3", quantity=2),
        _item(10, chalk, "notes"),
        _item(11, rope, "belt:2"),
    ]
    return hero


SAMPLE_LINES = SheetLines(
    class_name="Warrior",
    background="Mercenary",
    infancy="Raised by smugglers",
    career="Grave digger",
    tragedy="Lost a sibling to the sea",
)
"""Creation lines for the sample character (burden comes from the character)."""
