"""Tests for expedition.content.classes: classes, backgrounds, schools, gods, spells, prayers, tables."""

from __future__ import annotations

import shutil
import tomllib
from collections.abc import Mapping
from pathlib import Path

import pytest

from expedition.content.classes import ClassBook, compendium_classes, load_classes, references
from expedition.content.magic_entries import mishap_for
from expedition.content.problems import Problem
from expedition.rules.core.attributes import Attr
from expedition.rules.core.conditions import Affliction
from expedition.rules.core.distance import Range
from expedition.rules.core.notation import Flag, parse_attack
from expedition.rules.core.reach import Reach
from expedition.rules.core.skills import Skill, Trait
from expedition.rules.magic.magic_defs import Choice, KitRole, ManeuverDef, PrayerDef, SpellDef

ASSETS = Path(__file__).resolve().parents[2] / "assets"


def _book() -> ClassBook:
    problems: list[Problem] = []
    book = load_classes(ASSETS, problems)
    assert problems == [], "\n".join(str(problem) for problem in problems)
    return book


def test_shipped_files_load_with_the_book_counts() -> None:
    """§5.7: 4 classes, 7 backgrounds, 5 schools, 5 gods; §11: 32 spells, 3 basic + 28 god prayers."""
    book = _book()
    assert sorted(book.classes) == ["cleric", "thief", "warrior", "wizard"]
    assert len(book.backgrounds) == 7
    assert len(book.backgrounds_of("warrior")) == 3
    assert len(book.backgrounds_of("thief")) == 4
    assert len(book.schools) == 5
    assert len(book.gods) == 5
    assert len(book.spells) == 32
    assert [prayer.name for prayer in book.basic_prayers] == [
        "Cure Light Wounds",
        "Light",
        "Create food and water",
    ]
    assert len(book.prayers) == 31


def test_every_background_offers_exactly_three_maneuvers() -> None:
    """§5.7.1–§5.7.2: each warrior or thief background lists three maneuvers."""
    book = _book()
    for background in book.backgrounds.values():
        assert len(background.maneuvers) == 3, background.key
        assert all(move.background == background.key for move in background.maneuvers)
    keys = [move.key for bg in book.backgrounds.values() for move in bg.maneuvers]
    assert len(keys) == len(set(keys)) == 21


def test_class_gains_follow_the_book() -> None:
    """§5.7: proficiencies, wizard and cleric traits, Loremaster, one maneuver for warriors and thieves."""
    book = _book()
    assert {key: value.proficiency for key, value in book.classes.items()} == {
        "warrior": Attr.STR,
        "thief": Attr.DEX,
        "wizard": Attr.INT,
        "cleric": Attr.PRE,
    }
    assert book.classes["wizard"].traits == {Trait.MAGIC_USER}
    assert book.classes["wizard"].skills == {Skill.LOREMASTER}
    assert book.classes["wizard"].choice is Choice.SCHOOL
    assert book.classes["cleric"].traits == {Trait.DIVINE_MANDATE}
    assert book.classes["cleric"].choice is Choice.GOD
    assert book.classes["warrior"].maneuvers == book.classes["thief"].maneuvers == 1


def test_background_traits_and_the_rulings() -> None:
    """§5.7.1–§5.7.2, §16 #5 #6: Hoodlum takes Cold blood; the Gladiator carries a small wooden shield."""
    book = _book()
    traits = {key: bg.traits for key, bg in book.backgrounds.items()}
    assert traits["footman"] == {Trait.HARDENED}
    assert traits["gladiator"] == {Trait.BATTLE_TRANCE}
    assert traits["barbarian"] == {Trait.BERSERKER}
    assert traits["stalker"] == {Trait.DAUNTLESS}
    assert traits["hoodlum"] == {Trait.COLD_BLOOD}
    assert traits["moon_curser"] == {Trait.NIGHT_STALKER}
    assert book.backgrounds["lone_rogue"].skills == {Skill.SLIPPERY}
    gladiator_kit = [line.item for line in book.backgrounds["gladiator"].kit.items]
    assert "small_wooden_shield" in gladiator_kit and "wooden_shield" not in gladiator_kit


def test_kits_carry_usage_dice_money_and_magic_roles() -> None:
    """§5.7.2–§5.7.4: Ud10 hatchets, counterfeit coins, the skull as grimoire and conductor."""
    book = _book()
    stalker = {line.item: line for line in book.backgrounds["stalker"].kit.items}
    assert stalker["throwing_hatchets"].usage == 10
    assert stalker["trapping_kit"].usage == 4
    moon = book.backgrounds["moon_curser"].kit
    assert moon.silver is None and str(moon.counterfeit) == "3d6"
    necro = book.schools["necromancers_of_yadar"].kit
    assert necro.roles(KitRole.GRIMOIRE) == necro.roles(KitRole.CONDUCTOR) == ("inscribed_skull",)
    assert not book.schools["the_awakened"].grimoire
    for god in book.gods.values():
        assert len(god.kit.roles(KitRole.HOLY_SYMBOL)) == 1, god.key
    assert book.gods["cador"].skills == {Skill.WARD_THE_DEAD}
    assert str(book.gods["goshkalon"].kit.silver) == "3d6"


def test_every_list_reference_resolves() -> None:
    """§11: school lists name spells of that school; god lists name that god's prayers; no orphans."""
    book = _book()
    for school in book.schools.values():
        assert school.spells
        assert all(book.spells[key].school == school.key for key in school.spells)
    for god in book.gods.values():
        assert god.prayers
        assert all(book.prayers[key].god == god.key for key in god.prayers)
    listed_spells = {key for school in book.schools.values() for key in school.spells}
    assert listed_spells == set(book.spells)
    listed_prayers = {key for god in book.gods.values() for key in god.prayers}
    assert listed_prayers | {prayer.key for prayer in book.basic_prayers} == set(book.prayers)
    for background in book.backgrounds.values():
        assert background.class_key in ("warrior", "thief")


def test_spell_costs_ranges_and_attacks() -> None:
    """§11.1, §7.5: Pain costs 2 actions, Silver cannon is INT 3P, Cleansing Flames is STR 1PR+6."""
    book = _book()
    assert book.spells["pain"].actions == 2
    assert book.spells["transmute"].actions == 2
    assert book.spells["silver_cannon"].attack == parse_attack("INT 3P")
    assert book.spells["morbid_touch"].attack == parse_attack("INT 2P, Nearby")
    assert book.spells["magic_mouth"].reach == Reach(Range.FAR)
    assert book.spells["hover"].reach is None
    flames = book.prayers["cleansing_flames"].attack
    assert flames is not None and flames.base == 1 and flames.crit == 6
    assert flames.base_flags == {Flag.PIERCE, Flag.UNREDUCIBLE}
    assert all(spell.attr is Attr.INT for spell in book.spells.values())
    assert all(prayer.attr is Attr.PRE for prayer in book.prayers.values())


def test_every_attack_string_in_the_files_parses() -> None:
    """§2.1: every attack written for a spell, prayer or maneuver is valid notation and was loaded."""
    book = _book()
    magic = tomllib.loads((ASSETS / "magic.toml").read_text(encoding="utf-8"))
    classes = tomllib.loads((ASSETS / "classes.toml").read_text(encoding="utf-8"))
    written = {("spell", entry["key"]): entry["attack"] for entry in magic["spell"] if "attack" in entry}
    written |= {("prayer", entry["key"]): entry["attack"] for entry in magic["prayer"] if "attack" in entry}
    for background in classes["background"]:
        for entry in background["maneuver"]:
            if "attack" in entry:
                written[("maneuver", entry["key"])] = entry["attack"]
    assert len(written) >= 8
    maneuvers = {move.key: move for bg in book.backgrounds.values() for move in bg.maneuvers}
    loaded: dict[str, Mapping[str, SpellDef | PrayerDef | ManeuverDef]] = {
        "spell": book.spells,
        "prayer": book.prayers,
        "maneuver": maneuvers,
    }
    for (kind, key), text in written.items():
        assert loaded[kind][key].attack == parse_attack(text), (kind, key)


def test_mishap_table_covers_3_to_18_and_higher_totals_land_on_the_top_row() -> None:
    """§11.1: one row for each 3d6 total; earlier mishaps push totals past 18 onto the endless horror."""
    book = _book()
    assert [row.roll for row in book.mishaps] == list(range(3, 19))
    assert [row.open_ended for row in book.mishaps].count(True) == 1
    assert mishap_for(book.mishaps, 18).summons == "endless_horror"
    assert mishap_for(book.mishaps, 25).roll == 18
    assert mishap_for(book.mishaps, 4).doom == 1
    assert mishap_for(book.mishaps, 14).afflictions == {Affliction.DOOMED}
    assert mishap_for(book.mishaps, 7).summons == "lesser_demon"
    with pytest.raises(KeyError):
        mishap_for(book.mishaps, 2)


def test_miracle_table_covers_1_to_6() -> None:
    """§11.2: the miracle table has one row per face of 1d6."""
    assert [row.roll for row in _book().miracles] == [1, 2, 3, 4, 5, 6]


def test_references_name_kit_items_and_summoned_enemies() -> None:
    """§5.7: kits name item keys and mishaps name enemies, for the catalog to check across domains."""
    found = references(_book())
    assert ("classes.toml [background] 'gladiator' field 'kit'", "item", "small_wooden_shield") in found
    assert ("classes.toml [god] 'kaal_rafir' field 'kit'", "item", "diseased_staff") in found
    assert ("magic.toml [prayer] 'swarm' field 'summons'", "enemy", "swarm_of_insects") in found
    assert {kind for _, kind, _ in found} == {"item", "enemy"}


def test_compendium_has_a_page_for_everything() -> None:
    """§5.7, §11: one page per class, background, school, god, spell and prayer, plus the two tables."""
    book = _book()
    pages = compendium_classes(book)
    kinds = [page.kind for page in pages]
    assert kinds.count("class") == 4 and kinds.count("background") == 7
    assert kinds.count("school") == 5 and kinds.count("god") == 5
    assert kinds.count("spell") == 32 and kinds.count("prayer") == 31
    tables = {page.key: page for page in pages if page.kind == "table"}
    assert set(tables) == {"spell_mishaps", "miracles"}
    assert tables["spell_mishaps"].details[-1][0] == "18+"
    gladiator = next(page for page in pages if page.key == "gladiator")
    assert "Bash" in gladiator.text and "small wooden shield" in dict(gladiator.details)["Kit"]
    keys = [(page.kind, page.key) for page in pages]
    assert len(keys) == len(set(keys))


def _break(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_a_broken_copy_reports_every_fault(tmp_path: Path) -> None:
    """§5.7, §11: each fault planted in a copy is reported with file, table, entry and field."""
    for name in ("classes.toml", "magic.toml"):
        shutil.copy(ASSETS / name, tmp_path / name)
    classes, magic = tmp_path / "classes.toml", tmp_path / "magic.toml"
    _break(classes, 'class = "warrior"\ntraits = ["hardened"]', 'class = "knight"\ntraits = ["hardened"]')
    _break(classes, 'key = "payback"', 'key = "payback"\ncolour = "red"')
    _break(classes, 'traits = ["berserker"]', 'traits = ["berserk"]')
    _break(classes, '"pain", "command_undead"', '"pain", "fireball", "command_undead"')
    _break(classes, '{ item = "trapping_kit", usage = 4 }', '{ item = "trapping_kit", usage = 7 }')
    _break(
        classes,
        '[[background.maneuver]]\nkey = "moving_shadows"',
        '[[background.extra]]\nkey = "moving_shadows"',
    )
    _break(magic, 'attack = "INT 3P"', 'attack = "INT 3Q"')
    _break(magic, 'god = "yulak"\nrange = "nearby"', 'god = "yulakk"\nrange = "nearby"')
    _break(magic, 'range = "far"', 'range = "very far"')
    _break(magic, "roll = 10\n", "roll = 11\n")
    _break(magic, 'roll = 6\nname = "Wrath', 'roll = 7\nname = "Wrath')
    _break(magic, 'key = "haste"', 'key = "light"')
    problems: list[Problem] = []
    load_classes(tmp_path, problems)
    report = [str(problem) for problem in problems]
    expected = [
        "classes.toml [background] 'footman' field 'class': no class 'knight'",
        "classes.toml [background.footman.maneuver] 'payback' field 'colour': unknown field",
        "classes.toml [background] 'barbarian' field 'traits': 'berserk' is not one of",
        "classes.toml [school] 'necromancers_of_yadar' field 'spells': no spell 'fireball'",
        "classes.toml [background.stalker.kit] '#4' field 'usage': no d7 usage die",
        "classes.toml [background] 'moon_curser' field 'maneuver': needs 3 maneuvers, has 2",
        "classes.toml [background] 'moon_curser' field 'extra': unknown field",
        "magic.toml [spell] 'silver_cannon' field 'attack': 'INT 3Q' does not parse",
        "magic.toml [prayer] 'detect_evil' field 'god': no god 'yulakk'",
        "classes.toml [god] 'yulak' field 'prayers': prayer 'detect_evil' belongs to 'yulakk'",
        "magic.toml [spell] 'magic_mouth' field 'range': 'very far' does not parse",
        "magic.toml [mishap] 'roll 11' field 'roll': the result appears twice",
        "magic.toml [mishap]: no row for 10",
        "magic.toml [miracle] 'roll 7' field 'roll': outside 1–6",
        "magic.toml [miracle]: no row for 6",
        "magic.toml [spell] 'light' field 'key': the key is used twice",
        "classes.toml [school] 'the_awakened' field 'spells': no spell 'haste'",
    ]
    for fault in expected:
        assert any(line.startswith(fault) for line in report), f"{fault!r} not in:\n" + "\n".join(report)


def test_missing_files_are_reported_not_raised(tmp_path: Path) -> None:
    """§5.7, §11: with no files, the loader reports both and returns an empty book."""
    problems: list[Problem] = []
    book = load_classes(tmp_path, problems)
    assert {problem.file for problem in problems} == {"classes.toml", "magic.toml"}
    assert book.classes == {} and book.spells == {}


def test_every_god_has_domains_a_sacrifice_a_kit_and_prayers_section_5_7_4() -> None:
    """§5.7.4: the five gods with their domains, kits, sacrifices and own prayer lists."""
    gods = _book().gods
    assert {key: god.domains for key, god in gods.items()} == {
        "goshkalon": ("laughter",),
        "cador": ("death", "order"),
        "yulak": ("purity", "fire", "punishment"),
        "akhzu": ("nature", "chimeras"),
        "kaal_rafir": ("plague", "disease"),
    }
    for god in gods.values():
        assert god.sacrifice.strip() and god.kit.items and god.prayers, god.key
    assert "2 rations" in gods["akhzu"].sacrifice
    assert "2 wounds" in gods["yulak"].sacrifice
