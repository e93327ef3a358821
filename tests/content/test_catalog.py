"""The whole catalog loads, every cross-file reference resolves, and broken content is reported in full."""

from __future__ import annotations

import shutil
import tomllib
from pathlib import Path
from typing import Any

import pytest

from expedition.content.catalog import ASSETS, load_catalog
from expedition.content.problems import ContentError


def test_shipped_content_loads_and_cross_checks_section_7_12() -> None:
    """§7, §12: every content file loads and every key a file names exists."""
    catalog = load_catalog()
    kinds = {page.kind for page in catalog.compendium()}
    for kind in (
        "item",
        "weapon",
        "armour",
        "shield",
        "enemy",
        "skill",
        "trait",
        "trauma",
        "affliction",
        "spell",
        "prayer",
        "table",
    ):
        assert kind in kinds


def test_compendium_pages_are_unique_and_say_where_they_come_from_section_1() -> None:
    """§1: each page has one key per kind and says whether it is the book's or ours."""
    pages = load_catalog().compendium()
    keys = [(page.kind, page.key) for page in pages]
    assert len(keys) == len(set(keys))
    assert {page.source for page in pages} == {"book", "house"}
    assert all(page.text for page in pages)


def test_broken_copy_lists_every_problem_across_files_section_16(tmp_path: Path) -> None:
    """§16: a broken copy of several files reports each fault with file, table, entry and field."""
    broken = tmp_path / "assets"
    shutil.copytree(ASSETS, broken)
    weapons = broken / "weapons.toml"
    weapons.write_text(weapons.read_text().replace('attack = "STR 3+1B"', 'attack = "STR 3+1Q"', 1))
    items = broken / "items.toml"
    items.write_text(items.read_text().replace('key = "unusual_glasses"', 'key = "odd_glasses"'))
    enemies = broken / "enemies.toml"
    enemies.write_text(enemies.read_text().replace("level = 4", 'level = "four"', 1))
    (broken / "glossary.toml").write_text("this is [not toml")

    with pytest.raises(ContentError) as raised:
        load_catalog(broken)
    lines = [str(problem) for problem in raised.value.problems]
    text = "\n".join(lines)
    assert "weapons.toml [weapon] 'falchion' field 'attack'" in text and "position" in text
    assert "enemies.toml [enemy] 'lesser_demon' field 'level': expected an integer" in text
    assert "glossary.toml: not valid TOML" in text
    assert "names the item 'unusual_glasses', which no content file defines" in text
    assert len(lines) >= 4


def test_one_broken_copy_names_every_kind_of_fault_at_once_section_5_7(tmp_path: Path) -> None:
    """§5.7: one copy of classes.toml broken five ways gives five readable problems, each located.

    The five kinds the loader must catch: an unknown key, a wrong type, an attack that does not
    parse, a kit naming an item nobody defines, and a dice expression that does not parse.
    """
    broken = tmp_path / "assets"
    shutil.copytree(ASSETS, broken)
    classes = broken / "classes.toml"
    text = classes.read_text(encoding="utf-8")
    for old, new in [
        # an unknown key and a wrong type in the Footman's Turtle
        (
            'key = "turtle"\nname = "Turtle"\nactions = 2',
            'key = "turtle"\nname = "Turtle"\nactions = "two"\ncolour = "red"',
        ),
        # an attack that does not parse (Q is no flag)
        ('attack = "STR 1"', 'attack = "STR 1Q"'),
        # a kit naming an item no content file defines
        ('{ item = "spear" }', '{ item = "speer" }'),
        # a dice expression that does not parse
        ('traits = ["hardened"]\nsilver = "2d6"', 'traits = ["hardened"]\nsilver = "2d"'),
    ]:
        assert old in text, old
        text = text.replace(old, new, 1)
    classes.write_text(text, encoding="utf-8")

    with pytest.raises(ContentError) as raised:
        load_catalog(broken)
    report = [str(problem) for problem in raised.value.problems]
    expected = [
        "classes.toml [background.footman.maneuver] 'turtle' field 'colour': unknown field",
        "classes.toml [background.footman.maneuver] 'turtle' field 'actions': expected an integer, got str",
        "classes.toml [background.gladiator.maneuver] 'bash' field 'attack': 'STR 1Q' does not parse",
        "classes.toml [background] 'footman' field 'kit': names the item 'speer', which no content file",
        "classes.toml [background] 'footman' field 'silver': '2d' does not parse",
    ]
    for fault in expected:
        assert any(line.startswith(fault) for line in report), f"{fault!r} not in:\n" + "\n".join(report)
    assert len(report) == len(expected), report
    # The exception's own message lists them all, one per line, for a person to read.
    message = str(raised.value)
    assert message.startswith("5 problems in the game content:")
    assert all(f"  - {line}" in message for line in report)


def _house_tables(value: Any, where: str) -> list[tuple[str, dict[str, Any]]]:
    found: list[tuple[str, dict[str, Any]]] = []
    if isinstance(value, dict):
        if value.get("house") is True:
            found.append((where, value))
        for key, inner in value.items():
            found += _house_tables(inner, f"{where}.{key}")
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            found += _house_tables(inner, f"{where}[{index}]")
    return found


def test_every_house_entry_in_every_file_says_why_section_16() -> None:
    """§16: content we invented carries house = true and a short reason, in every asset file."""
    house: list[tuple[str, dict[str, Any]]] = []
    for path in sorted(ASSETS.rglob("*.toml")):
        house += _house_tables(tomllib.loads(path.read_text(encoding="utf-8")), path.name)
    assert len(house) > 50
    missing = [where for where, table in house if not str(table.get("why", "")).strip()]
    assert missing == []


def test_attribution_credits_the_book_and_lists_our_changes_section_1() -> None:
    """§1: ATTRIBUTION.md names the book, its author and licence, and what we changed or invented."""
    text = (ASSETS / "ATTRIBUTION.md").read_text(encoding="utf-8")
    for fact in ("Dead Weight", "Pedro Medeiros", "CC BY 4.0", "creativecommons.org/licenses/by/4.0"):
        assert fact in text, fact
    assert "## What we changed" in text and "## What we invented" in text
    assert "house = true" in text
