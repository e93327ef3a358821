"""Tests for the equipment content: items, weapons, armour and shields (§7, §2.1, §16 #6 #7 #20)."""

from __future__ import annotations

import shutil
from collections.abc import Mapping
from pathlib import Path

import pytest

from expedition.content.equipment import (
    PRICE_DICE,
    Equipment,
    compendium_equipment,
    load_equipment,
    price_text,
)
from expedition.content.problems import Problem
from expedition.rules.character.armour import PADDED, SOLDIER_HELMET
from expedition.rules.core.item_defs import ArmourSlot, ArmourType, Category, ItemDef, Light, Special, Tag
from expedition.rules.core.notation import parse_attack
from expedition.rules.items.slots import BOX_OF

ASSETS = Path(__file__).resolve().parents[2] / "assets"
FILES = ("items.toml", "weapons.toml", "armour.toml", "shields.toml")


@pytest.fixture(scope="module")
def eq() -> Equipment:
    problems: list[Problem] = []
    loaded = load_equipment(ASSETS, problems)
    assert [str(problem) for problem in problems] == []
    return loaded


def book(defs: Mapping[str, ItemDef]) -> int:
    """How many definitions come from the book's tables (neither kit-only nor house)."""
    return sum(1 for defn in defs.values() if not defn.house and not defn.kit)


def test_book_counts_match_the_data_tables(eq: Equipment) -> None:
    """§7.4-§7.7: 45 items, 19 weapons, 13 armour and 8 shields from the book's tables."""
    assert book(eq.items) == 45
    assert book(eq.weapons) == 19
    assert book(eq.armour) == 13
    assert book(eq.shields) == 8


def test_all_maps_every_key_once(eq: Equipment) -> None:
    """Keys are unique across the four files and `all` holds each definition."""
    kinds = (eq.items, eq.weapons, eq.armour, eq.shields)
    assert sum(len(kind) for kind in kinds) == len(eq.all)
    for kind in kinds:
        for key, defn in kind.items():
            assert eq.all[key] is defn and defn.key == key


@pytest.mark.parametrize(
    ("category", "text", "low", "high"),
    [
        (Category.COMMON, "1d6", 1, 6),
        (Category.UNCOMMON, "2 + 2d6", 4, 14),
        (Category.VALUABLE, "3 x 2d6", 6, 36),
        (Category.RARE, "5 x 3d6", 15, 90),
        (Category.EXOTIC, "10 x 4d6", 40, 240),
    ],
)
def test_price_dice_per_category(category: Category, text: str, low: int, high: int) -> None:
    """§7.2: each price category rolls its own dice."""
    dice = PRICE_DICE[category]
    assert str(dice) == text
    assert (dice.minimum, dice.maximum) == (low, high)
    assert price_text(category) == f"{text} silver"


def test_every_category_in_use_has_a_price(eq: Equipment) -> None:
    """§7.2: every priced category has dice; free items show no price."""
    assert set(PRICE_DICE) == set(Category) - {Category.FREE}
    assert price_text(Category.FREE) == "—"
    assert eq.items["water"].category is Category.FREE
    assert eq.weapons["driftwood_club"].category is Category.FREE


def test_keys_other_modules_expect_exist(eq: Equipment) -> None:
    """Keys used by rules modules (places, armour, omens, fainting, afflictions) are all defined."""
    for key in (
        "torch", "ration", "water", "belt", "bag", "backpack", "canteen", "waterskin", "small_bag",
        "small_pouch", "lantern", "candle", "first_aid_kit", "medical_supply", "bandages",
        "camping_supplies", "special_ration", "oil",
    ):  # fmt: skip
        assert key in eq.items, key
    assert PADDED & set(eq.armour) == {"padded_armor"}
    assert SOLDIER_HELMET & set(eq.armour) == {"soldier_helmet"}
    for key in BOX_OF:
        assert eq.all[key].capacity or eq.all[key].liquid_capacity, key


def test_containers_hold_what_the_sheet_says(eq: Equipment) -> None:
    """§7.1: belt 1, small pouch 2, small bag 3, bag 4, backpack 7; canteen 1 and waterskin 2 liquids."""
    holds = {key: eq.items[key].capacity for key in ("belt", "small_pouch", "small_bag", "bag", "backpack")}
    assert holds == {"belt": 1, "small_pouch": 2, "small_bag": 3, "bag": 4, "backpack": 7}
    assert eq.items["canteen"].liquid_capacity == 1
    assert eq.items["waterskin"].liquid_capacity == 2
    water = eq.items["water"]
    assert water.per_slot == 2 and Tag.LIQUID in water.tags and Tag.QUICK in water.tags


def test_light_sources(eq: Equipment) -> None:
    """§7.8: torch pack 2 Ud4 Nearby, candle pack 6 Ud6 Close, lantern Ud8 Nearby fuelled by oil."""
    torch, candle, lantern = eq.items["torch"], eq.items["candle"], eq.items["lantern"]
    assert (torch.pack, torch.usage, torch.light) == (2, 4, Light.NEARBY)
    assert (candle.pack, candle.usage, candle.light) == (6, 6, Light.CLOSE)
    assert (lantern.pack, lantern.usage, lantern.light, lantern.fuel) == (1, 8, Light.NEARBY, "oil")
    assert {Tag.QUICK, Tag.SLOW} <= lantern.tags
    lights = {key for key, defn in eq.all.items() if defn.light is not None}
    assert lights == {"torch", "candle", "lantern"}


def test_item_facts_from_the_tables(eq: Equipment) -> None:
    """§7.3-§7.4: tags, packs and usage dice as the data gives them (Equipment is display only, §16 #20)."""
    items = eq.items
    assert items["bandages"].pack == 3 and items["medical_supply"].pack == 2
    assert items["lockpicking_tools"].usage == 20 and items["healing_tonic"].usage == 4
    assert items["ration"].tags == {Tag.SLOW, Tag.CAMP}
    assert items["canteen"].tags == {Tag.QUICK, Tag.EQUIPMENT}
    assert items["three_meter_pole"].slot_cost == 2  # Big
    assert items["common_clothes"].slot_cost == 0
    assert items["holy_water"].attack == "DEX 2PR" and Special.UNDEAD_ONLY in items["holy_water"].specials
    assert items["pack_mule"].capacity == 10
    assert Tag.HOLY_SYMBOL in items["holy_symbol"].tags and Tag.GRIMOIRE in items["spell_book"].tags


def test_every_attack_parses_and_x_means_ignores_shields(eq: Equipment) -> None:
    """§2.1, §16 #7: every attack string parses; weapons that ignore shield tokens carry X."""
    for defn in eq.all.values():
        for notation in (defn.attack, defn.close_attack, defn.dual_attack):
            if notation is not None:
                parse_attack(notation)
    for key in eq.weapons:
        assert eq.weapons[key].attack is not None
    ignoring = {key for key, defn in eq.weapons.items() if parse_attack(str(defn.attack)).ignores_shields}
    assert ignoring == {
        "flail", "scythe", "throwing_hatchet", "throwing_hatchets", "kit_scythe", "kit_flail",
        "diseased_staff",
    }  # fmt: skip


def test_weapon_facts(eq: Equipment) -> None:
    """§7.5: hands, reach, reload, ammunition and special rules."""
    w = eq.weapons
    assert {key for key, defn in w.items() if defn.hands == 2} == {
        "battle_axe", "short_spear", "long_spear", "short_bow", "crossbow", "spear",
    }  # fmt: skip
    long_spear = parse_attack(str(w["long_spear"].attack))
    assert long_spear.reach.tiles == 2 and parse_attack(str(w["long_spear"].close_attack)).defence == -1
    assert parse_attack(str(w["crossbow"].attack)).reach.tiles == 6
    assert w["crossbow"].reload_actions == 2 and w["crossbow"].ammo == "crossbow_bolts"
    assert w["short_bow"].ammo == "arrows" and eq.all["arrows"].usage == 10
    assert w["short_sword"].dual_attack == "STR 3+1"
    assert Tag.CONDUCTOR in w["conductor_cane"].tags and Tag.CONDUCTOR not in w["cane"].tags
    assert Special.STUN_ON_SIX in w["war_hammer"].specials


def test_kit_weapons_have_their_own_keys_and_kit_stats(eq: Equipment) -> None:
    """§7.5, §16 #7: kit and sample-dungeon weapons are separate entries with the kit's stats."""
    expected = {
        "spear": "STR 3+1B",
        "throwing_hatchets": "DEX 1X+1",
        "kit_scythe": "STR 2X+2",
        "kit_flail": "STR 2X+2",
        "kit_war_hammer": "STR 1P+3",
        "diseased_staff": "STR 2X+2",
        "cursed_hand": "STR 2+1P",
        "pickaxe": "STR 2P",
        "ancient_sacrificial_dagger": "STR 2B+2",
    }
    for key, stats in expected.items():
        defn = eq.weapons[key]
        assert defn.kit and not defn.house, key
        assert str(defn.attack).split(",")[0] == stats, key
    assert eq.weapons["throwing_hatchets"].usage == 10
    assert eq.weapons["ancient_sacrificial_dagger"].category is Category.RARE


def test_armour_facts(eq: Equipment) -> None:
    """§7.6: AP per part, weight class, where it is worn, slots."""
    a = eq.armour
    assert a["gladiator_armor"].armour == (1, 1)
    assert a["gothic_plate_armor"].armour == (2, 3) and a["gothic_plate_armor"].slot_cost == 2
    assert a["padded_armor"].armour == (2,) and a["chainmail"].armour == (3,)
    assert a["heavy_cape"].armour_slot is ArmourSlot.OVER
    helmets = {key for key, defn in a.items() if defn.armour_slot is ArmourSlot.HEAD}
    assert helmets == {"soldier_helmet", "cage_helmet", "close_helmet", "frog_mouth_helm"}
    types = [a[key].armour_type for key in ("gambeson", "leather_armor", "scale_armor")]
    assert types == [ArmourType.LIGHT, ArmourType.MEDIUM, ArmourType.HEAVY]
    assert all(part >= 1 for defn in a.values() for part in defn.armour)
    kit = {key for key, defn in a.items() if defn.kit}
    assert "reinforced_clothes" in kit and all(a[key].armour == (1,) for key in kit)


def test_shield_facts(eq: Equipment) -> None:
    """§7.7, §16 #6: tokens, breaking risk dice, no Dodge, the tower shield's extra slot."""
    s = eq.shields
    tokens = {key: defn.shield_tokens for key, defn in s.items()}
    assert tokens == {
        "buckler": 1, "small_metal_shield": 1, "small_wooden_shield": 1, "wooden_shield": 2,
        "leather_shield": 2, "metal_shield": 2, "tower_shield": 3, "spiked_shield": 2,
    }  # fmt: skip
    risks = {key: defn.break_risk for key, defn in s.items() if defn.break_risk}
    assert risks == {"small_wooden_shield": 2, "wooden_shield": 2, "leather_shield": 1}
    no_dodge = {key for key, defn in s.items() if defn.no_dodge}
    assert no_dodge == {"wooden_shield", "leather_shield", "metal_shield", "tower_shield"}
    assert s["tower_shield"].slot_cost == 2
    assert Special.SHARES_HAND in s["buckler"].specials and Special.SPIKED in s["spiked_shield"].specials
    assert all(defn.is_shield and not defn.is_armour for defn in s.values())


def test_house_items_fill_the_gaps(eq: Equipment) -> None:
    """§7.4, §15.8, HOUSE §4.4 and §6.5: undefined things get house entries that say why."""
    for key in (
        "firewood", "arrows", "crossbow_bolts", "sleeping_darts", "chalk", "cloak", "war_paint", "loincloth",
        "crystal_ball", "wand", "torture_equipment", "scroll_of_curse_removal", "scroll_of_detect_evil",
        "scroll_of_flaming_weapon", "scroll_of_purify_food", "gold_coin", "belt", "bag",
    ):  # fmt: skip
        assert eq.all[key].house, key
    for defn in eq.all.values():
        assert bool(defn.why) == defn.house, defn.key
        assert defn.text, defn.key
    assert eq.items["chalk"].slot_cost == 0
    assert eq.items["gold_coin"].value == 10
    assert Tag.CONDUCTOR in eq.items["wand"].tags
    assert eq.weapons["sleeping_darts"].usage == 6
    assert eq.items["crossbow_bolts"].usage == 10


def test_aliases_find_the_same_item(eq: Equipment) -> None:
    """§7.4: the kits' "climbing tools" and "lock-picking tools" are the listed items."""
    assert eq.get("climbing_tools") is eq.items["climbing_gear"]
    assert eq.get("lock_picking_tools") is eq.items["lockpicking_tools"]
    assert eq.get("padded_armour") is eq.armour["padded_armor"]
    assert eq.get("nonsense") is None


def test_compendium_has_one_entry_per_definition(eq: Equipment) -> None:
    """Every definition becomes one compendium entry with its price and kind-specific details."""
    entries = compendium_equipment(eq)
    assert len(entries) == len(eq.all)
    assert {(entry.kind, entry.key) for entry in entries} == (
        {("item", key) for key in eq.items}
        | {("weapon", key) for key in eq.weapons}
        | {("armour", key) for key in eq.armour}
        | {("shield", key) for key in eq.shields}
    )
    by_key = {entry.key: entry for entry in entries}
    axe = dict(by_key["battle_axe"].details)
    assert axe["Attack"] == "STR 4+2B" and axe["Hands"] == "2" and axe["Price"] == "3 x 2d6 silver"
    plate = dict(by_key["gothic_plate_armor"].details)
    assert plate["AP"] == "2, 3" and plate["Type"] == "Heavy" and plate["Slots"] == "2"
    wooden = dict(by_key["wooden_shield"].details)
    assert wooden["Tokens"] == "2" and wooden["Breaks on"] == "2d!"
    torch = dict(by_key["torch"].details)
    assert torch["Usage"] == "Ud4" and torch["Tags"] == "slow" and torch["Category"] == "Common"
    assert by_key["firewood"].source == "house" and by_key["torch"].source == "book"


BROKEN_ITEMS = """
[[item]]
key = "bad_category"
name = "Bad"
text = "x"
category = "priceless"

[[item]]
key = "bad_tag"
name = "Bad"
text = "x"
category = "common"
tags = ["shiny"]

[[item]]
key = "negative_slots"
name = "Bad"
text = "x"
category = "common"
slots = -1

[[item]]
key = "bad_usage"
name = "Bad"
text = "x"
category = "common"
usage = "Ud7"

[[item]]
key = "no_reason"
name = "Bad"
text = "x"
category = "common"
house = true

[[item]]
key = "stray_field"
name = "Bad"
text = "x"
category = "common"
colour = "red"

[[item]]
key = "bad_lamp"
name = "Bad"
text = "x"
category = "common"
fuel = "whale_oil"
"""

BROKEN_WEAPONS = """
[[weapon]]
key = "bad_attack"
name = "Bad"
text = "x"
category = "common"
attack = "STR 2Q+1"

[[weapon]]
key = "no_arrows"
name = "Bad"
text = "x"
category = "common"
attack = "DEX 2, Nearby"
ammo = "pebbles"
"""

BROKEN_ARMOUR = """
[[armour]]
key = "zero_ap"
name = "Bad"
text = "x"
category = "common"
ap = [1, 0]
type = "light"

[[armour]]
key = "bad_type"
name = "Bad"
text = "x"
category = "common"
ap = [1]
type = "mithril"
"""

BROKEN_SHIELDS = """
[[shield]]
key = "torch"
name = "Shield named like a torch"
text = "x"
category = "common"
tokens = 1
"""


def test_broken_copy_lists_every_fault(tmp_path: Path) -> None:
    """Loading reports every fault at once, naming file, entry and field."""
    for name in FILES:
        shutil.copy(ASSETS / name, tmp_path / name)
    for name, extra in zip(FILES, (BROKEN_ITEMS, BROKEN_WEAPONS, BROKEN_ARMOUR, BROKEN_SHIELDS), strict=True):
        with (tmp_path / name).open("a", encoding="utf-8") as handle:
            handle.write(extra)
    problems: list[Problem] = []
    eq = load_equipment(tmp_path, problems)
    found = {(p.file, p.entry, p.field) for p in problems}
    expected = {
        ("items.toml", "bad_category", "category"),
        ("items.toml", "bad_tag", "tags"),
        ("items.toml", "negative_slots", "slots"),
        ("items.toml", "bad_usage", "usage"),
        ("items.toml", "no_reason", "why"),
        ("items.toml", "stray_field", "colour"),
        ("items.toml", "bad_lamp", "fuel"),
        ("weapons.toml", "bad_attack", "attack"),
        ("weapons.toml", "no_arrows", "ammo"),
        ("armour.toml", "zero_ap", "ap"),
        ("armour.toml", "bad_type", "type"),
        ("shields.toml", "torch", "key"),
    }
    assert found == expected
    text = "\n".join(str(problem) for problem in problems)
    assert "'priceless' is not one of" in text
    assert "'STR 2Q+1' does not parse at position 5" in text
    assert "'torch' is already used in items.toml" in text
    assert "part 2 has 0 AP" in text
    # The shipped entries still load beside the faulty ones.
    assert eq.all["torch"].light is Light.NEARBY and "bad_tag" in eq.items


def test_missing_file_is_reported(tmp_path: Path) -> None:
    """A missing file is one problem; the other files still load."""
    for name in FILES[:3]:
        shutil.copy(ASSETS / name, tmp_path / name)
    problems: list[Problem] = []
    eq = load_equipment(tmp_path, problems)
    assert [str(problem) for problem in problems] == ["shields.toml: the file is missing"]
    assert eq.shields == {} and "battle_axe" in eq.weapons


def test_every_definition_survives_a_snapshot_round_trip(eq: Equipment) -> None:
    """Carried items embed their definition, so every loaded ItemDef must encode and decode unchanged."""
    from expedition.persistence import codec
    from expedition.rules.core.item_defs import Item

    for defn in eq.all.values():
        item = Item.new(1, defn)
        assert codec.decode(codec.encode(item, Item), Item) == item, defn.key
