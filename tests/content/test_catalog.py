"""The whole catalog loads, every cross-file reference resolves, and broken content is reported in full."""

from __future__ import annotations

import shutil
from pathlib import Path

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
