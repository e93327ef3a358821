"""Tests for the bestiary content: all 39 enemies of §12, their notation and a broken copy."""

from __future__ import annotations

import tomllib
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from expedition.content.bestiary import compendium_bestiary, load_bestiary
from expedition.content.problems import Problem
from expedition.rules.combat.enemies.enemy_defs import EnemyDef, EnemyGroup, EnemyTag, house_threat
from expedition.rules.core.attributes import Attr
from expedition.rules.core.distance import Range
from expedition.rules.core.notation import parse_attack
from expedition.rules.core.reach import Reach

ASSETS = Path(__file__).resolve().parents[2] / "assets"

# §12: name -> (LVL, W, AP, Resist, Move, tags, extract), as the bestiary tables give them.
STAT_BLOCKS: dict[str, tuple[int, int, int, int, int, str, str]] = {
    "Lesser Demon": (4, 6, 2, 1, 6, "ghost voidspawn", "flame"),
    "Void Demon": (6, 9, 0, 1, 3, "ghost voidspawn", "flame"),
    "Vault Weaver": (7, 12, 0, 2, 3, "voidspawn", "ether"),
    "Red Weaver": (8, 14, 0, 2, 3, "voidspawn", "ether"),
    "Gremlin": (1, 2, 1, 0, 5, "living goblin", "flame"),
    "Goblin Scrapper": (1, 3, 1, 0, 4, "living goblin", "water"),
    "Goblin Hunter": (2, 3, 1, 0, 3, "living goblin", "water"),
    "Boggart": (2, 4, 2, 0, 4, "living goblin", "water"),
    "Boggart Sniper": (2, 4, 2, 0, 4, "living goblin", "water"),
    "Bloodshot Goblin": (3, 4, 1, 0, 4, "living goblin", "flame"),
    "Hobgoblin": (3, 6, 2, 1, 4, "living goblin", "water"),
    "Sack Man": (4, 7, 2, 1, 5, "living goblin", "ether"),
    "Bugbear": (5, 8, 2, 1, 5, "living goblin", "flame"),
    "Goblin Matriarch": (3, 5, 0, 1, 1, "living goblin", "ether"),
    "Plagued Rat": (1, 2, 0, 0, 5, "living", "rot"),
    "Rat King": (2, 6, 0, 0, 2, "living", "rot"),
    "Giant Rat": (3, 5, 2, 0, 4, "living", "rot"),
    "Bloated Plague Rat": (3, 4, 0, 0, 4, "living", "rot"),
    "Swarm of Insects": (2, 3, 0, 0, 6, "living", "rot"),
    "Rotworm Swarm": (1, 2, 0, 0, 3, "living", "rot"),
    "Ectoplasmic Worm": (3, 2, 0, 1, 3, "ghost", "ether"),
    "Giant Leech": (2, 3, 0, 0, 4, "living", "ether"),
    "Giant Frog": (2, 6, 2, 0, 4, "living", "water"),
    "Giant Crab": (5, 9, 4, 1, 8, "living", "water"),
    "Golden Ridge Maneater": (5, 8, 1, 2, 4, "living", "water"),
    "Reanimated Husk": (1, 3, 3, 0, 2, "undead", "necro"),
    "Slumbering Corpse": (2, 4, 1, 0, 3, "undead", "necro"),
    "Freshly Risen Corpse": (2, 5, 1, 0, 5, "undead", "necro"),
    "Shrunken Corpse": (3, 3, 0, 0, 4, "undead", "necro"),
    "Head Spider": (3, 4, 0, 0, 7, "undead", "necro"),
    "Starved Cadaver": (4, 5, 0, 0, 6, "undead", "necro"),
    "Unsatiable Dead": (5, 6, 0, 0, 4, "undead", "necro"),
    "Rotting Sailor": (5, 7, 2, 0, 4, "undead", "necro"),
    "Bloated Screamer": (5, 9, 3, 0, 1, "undead", "rot"),
    "Shadow": (4, 3, 0, 0, 1, "ghost", "ether"),
    "Spiderling": (1, 2, 0, 0, 5, "living", "water"),
    "Dire Spider": (3, 4, 2, 0, 6, "living", "water"),
    "Giant Spider": (7, 10, 2, 1, 6, "living", "water"),
    "Bounty Hunter": (4, 8, 3, 0, 4, "living human", "ether"),
}

# HOUSE §2.1 threat table.
THREAT = {
    1: "Gremlin, Goblin Scrapper, Reanimated Husk, Spiderling",
    2: "Goblin Hunter, Plagued Rat, Rotworm Swarm, Giant Leech",
    3: "Boggart, Boggart Sniper, Ectoplasmic Worm, Giant Frog, Slumbering Corpse, Freshly Risen Corpse",
    4: "Hobgoblin, Goblin Matriarch, Rat King, Giant Rat, Bloated Plague Rat, Swarm of Insects, "
    "Shrunken Corpse, Dire Spider",
    5: "Bloodshot Goblin, Sack Man, Head Spider, Starved Cadaver",
    6: "Lesser Demon, Unsatiable Dead, Rotting Sailor, Shadow, Bounty Hunter",
    7: "Bugbear, Giant Crab, Golden Ridge Maneater, Bloated Screamer",
    8: "Void Demon",
    9: "Giant Spider",
    10: "Vault Weaver",
    11: "Red Weaver",
}


@pytest.fixture(scope="module")
def shipped() -> dict[str, EnemyDef]:
    problems: list[Problem] = []
    loaded = load_bestiary(ASSETS, problems)
    assert problems == []
    return loaded


@pytest.fixture
def bestiary(shipped: dict[str, EnemyDef]) -> dict[str, EnemyDef]:
    """The book's own 39 stat blocks (house creatures are tested on their own)."""
    return {key: defn for key, defn in shipped.items() if not defn.house}


def by_name(bestiary: dict[str, EnemyDef]) -> dict[str, EnemyDef]:
    return {defn.name: defn for defn in bestiary.values()}


def test_all_39_stat_blocks_load_section_12(bestiary: dict[str, EnemyDef]) -> None:
    """§12: data.json has 39 stat blocks, and each loads."""
    assert len(bestiary) == 39
    assert set(by_name(bestiary)) == set(STAT_BLOCKS)


def test_mishap_creatures_are_house_stat_blocks_section_15_3(shipped: dict[str, EnemyDef]) -> None:
    """§15.3: the two creatures spell mishaps summon get house stats that say why."""
    house = {key: defn for key, defn in shipped.items() if defn.house}
    assert set(house) == {"tormentor_demon", "endless_horror"}
    for defn in house.values():
        assert defn.why and defn.actions and house_threat(defn) == defn.threat


def test_stats_match_the_bestiary_tables_section_12(bestiary: dict[str, EnemyDef]) -> None:
    """§12: LVL, W, AP, Resist, Move, tags and extract as transcribed from the book."""
    for name, defn in by_name(bestiary).items():
        level, wounds, armour, resist, movement, tags, extract = STAT_BLOCKS[name]
        assert (defn.level, defn.wounds, defn.armour, defn.resist, defn.movement) == (
            level,
            wounds,
            armour,
            resist,
            movement,
        ), name
        book_tags = defn.tags - {EnemyTag.ANIMAL}  # "animal" is a house tag (§6.1 skills)
        assert book_tags == {EnemyTag(tag) for tag in tags.split()}, name
        assert defn.extract == extract, name


def test_family_counts_match_section_12(bestiary: dict[str, EnemyDef]) -> None:
    """§12.1-§12.6: 4 demons, 10 goblins, 7 scavengers, 4 shore creatures, 9 undead, 5 others."""
    counts = Counter(defn.group for defn in bestiary.values())
    assert counts == {
        EnemyGroup.DEMONS: 4,
        EnemyGroup.GOBLINS: 10,
        EnemyGroup.SCAVENGERS: 7,
        EnemyGroup.SHORE: 4,
        EnemyGroup.UNDEAD: 9,
        EnemyGroup.OTHERS: 5,
    }


def test_every_enemy_has_an_action_and_a_tag_section_10_2_5(bestiary: dict[str, EnemyDef]) -> None:
    """§10.2.5: every stat block lists at least one action and carries valid tags."""
    for defn in bestiary.values():
        assert defn.actions, defn.key
        assert defn.tags and defn.tags <= set(EnemyTag), defn.key
        assert defn.text and defn.behaviour.tactics, defn.key


def test_every_attack_string_parses_section_2_1() -> None:
    """§2.1: every attack written in the file is valid enemy notation."""
    with (ASSETS / "enemies.toml").open("rb") as handle:
        data: dict[str, Any] = tomllib.load(handle)
    written = [
        action["attack"] for enemy in data["enemy"] for action in enemy["action"] if "attack" in action
    ]
    assert len(written) >= 50
    for text in written:
        parse_attack(text)


def test_odd_codes_read_as_ruled_section_2_1(bestiary: dict[str, EnemyDef]) -> None:
    """§2.1: -PER is -PRE, `DEX Nearby 1` is DEX 1 at Nearby, STR/DEX lets the defender pick."""
    cries = bestiary["rat_king"].action("cries_of_many").attack
    assert cries is not None and cries.attrs == (Attr.PRE,) and cries.defence == -1 and cries.base == 1
    bola = bestiary["dire_spider"].action("silken_bola").attack
    assert bola is not None and (bola.attrs, bola.base, bola.reach) == ((Attr.DEX,), 1, Reach(Range.NEARBY))
    hook = bestiary["sack_man"].action("hook_pole").attack
    assert hook is not None and hook.attrs == (Attr.STR, Attr.DEX) and hook.base == 3


def test_attacks_with_no_damage_deal_none_section_16_24(bestiary: dict[str, EnemyDef]) -> None:
    """§16 #24: Void Axe, Grab, Sticky Tongue, Unblinking Gaze deal 0 and keep their defence sign."""
    axe = bestiary["lesser_demon"].action("void_axe").attack
    assert axe is not None and axe.base == 0 and axe.defence == -1
    for key, action in (("giant_crab", "grab"), ("giant_frog", "sticky_tongue")):
        attack = bestiary[key].action(action).attack
        assert attack is not None and attack.damage(critical=True) == 0


def test_threat_follows_the_house_table_and_formula_house_2_1(bestiary: dict[str, EnemyDef]) -> None:
    """HOUSE §2.1: each enemy's threat matches the table, and the table matches the formula."""
    expected = {name: threat for threat, names in THREAT.items() for name in names.split(", ")}
    for name, defn in by_name(bestiary).items():
        assert defn.threat == expected[name], name
        assert house_threat(defn) == defn.threat, name


def test_frenzy_caps_and_immunities_are_data_section_12(bestiary: dict[str, EnemyDef]) -> None:
    """§12: three actions for the Bloodshot Goblin, damage caps, weapon immunity, std undead."""
    assert bestiary["bloodshot_goblin"].actions_per_turn == 3
    assert (bestiary["rat_king"].damage_cap, bestiary["rotworm_swarm"].damage_cap) == (2, 1)
    assert bestiary["shadow"].harmed_only_by and bestiary["swarm_of_insects"].harmed_only_by
    undead = [d for d in bestiary.values() if EnemyTag.UNDEAD in d.tags]
    assert all(d.ignores_morale for d in undead)
    assert [d.key for d in undead if not d.immune_to_pre] == ["rotting_sailor"]


def test_house_content_says_why(bestiary: dict[str, EnemyDef]) -> None:
    """Content rule: every house action or special gives a reason."""
    actions = [a for d in bestiary.values() for a in d.actions if a.house]
    specials = [s for d in bestiary.values() for s in d.specials if s.house]
    assert actions and specials
    assert all(item.why for item in actions) and all(item.why for item in specials)


def test_compendium_lists_every_enemy_with_its_stat_block(bestiary: dict[str, EnemyDef]) -> None:
    """§10.2.5: the compendium shows LVL, W, AP, Resist, Move, Tags, Extract and each attack."""
    pages = {page.key: page for page in compendium_bestiary(bestiary)}
    assert len(pages) == 39 and all(page.kind == "enemy" for page in pages.values())
    hunter = dict(pages["bounty_hunter"].details)
    assert {"LVL": "4", "W": "8", "AP": "3", "Resist": "0", "Move": "4"}.items() <= hunter.items()
    assert hunter["Tags"] == "living, human" and hunter["Extract"] == "ether"
    assert hunter["Short sword"] == "STR 2+2"
    assert "Will to live" in pages["bounty_hunter"].text


BROKEN = """
[[enemy]]
key = "gremlin"
name = "Gremlin"
group = "goblins"
level = "one"
wounds = 2
armour = 1
resist = 0
movement = 5
tags = ["living", "gobbo"]
extract = "gold"
threat = 1
archetype = "coward"
tactics = "Runs."
text = "Small."
colour = "green"

[[enemy.action]]
key = "chew"
name = "Chew Armor"
attack = "STR 1Q"
text = "Chews."

[[enemy]]
key = "gremlin"
name = "Second gremlin"
group = "goblins"
level = 1
wounds = 2
armour = 1
resist = 0
movement = 5
tags = ["living"]
threat = 1
archetype = "swarm"
tactics = "Bites."
text = "Again."

[[enemy.action]]
key = "bite"
name = "Bite"
attack = "STR 2"
text = "Bites."
house = true

[[enemy.action]]
key = "bite"
name = "Bite again"
text = "Bites."

[[enemy]]
key = "blob"
name = "Blob"
group = "slimes"
level = 1
wounds = 0
armour = 0
resist = 0
movement = 1
tags = ["living"]
threat = 1
archetype = "brute"
follow_up = "swarm"
tactics = "Oozes."
text = "A blob."
"""


def test_broken_copy_reports_every_fault_by_file_table_entry_field(tmp_path: Path) -> None:
    """Content rule: one pass names every fault with its file, table, entry and field."""
    (tmp_path / "enemies.toml").write_text(BROKEN, encoding="utf-8")
    problems: list[Problem] = []
    loaded = load_bestiary(tmp_path, problems)
    where = {(p.file, p.table, p.entry, p.field) for p in problems}
    expected = {
        ("enemies.toml", "enemy", "gremlin", "level"),
        ("enemies.toml", "enemy", "gremlin", "tags"),
        ("enemies.toml", "enemy", "gremlin", "extract"),
        ("enemies.toml", "enemy", "gremlin", "follow_up"),
        ("enemies.toml", "enemy", "gremlin", "colour"),
        ("enemies.toml", "enemy.gremlin.action", "chew", "attack"),
        ("enemies.toml", "enemy", "gremlin", "key"),
        ("enemies.toml", "enemy.gremlin.action", "bite", "why"),
        ("enemies.toml", "enemy.gremlin.action", "bite", "key"),
        ("enemies.toml", "enemy", "blob", "group"),
        ("enemies.toml", "enemy", "blob", "wounds"),
        ("enemies.toml", "enemy", "blob", "follow_up"),
        ("enemies.toml", "enemy", "blob", "action"),
    }
    assert expected <= where, sorted(where - expected)
    assert len(problems) == len(expected), "\n".join(map(str, problems))
    messages = "\n".join(str(problem) for problem in problems)
    assert "'gobbo' is not one of" in messages and "'STR 1Q' does not parse" in messages
    assert loaded == {}


def test_missing_file_is_one_problem(tmp_path: Path) -> None:
    """Content rule: a missing file is reported, not raised."""
    problems: list[Problem] = []
    assert load_bestiary(tmp_path, problems) == {}
    assert [(p.file, p.message) for p in problems] == [("enemies.toml", "the file is missing")]
