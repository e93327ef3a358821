"""The paper-like sheet of a freshly made, seeded adventurer: every part of §5.1's sheet is on it."""

from __future__ import annotations

from textual.widgets import Static

from expedition.content.catalog import load_catalog
from expedition.rules.core.attributes import Attr
from expedition.ui.app import make_app
from expedition.ui.creation_flow import CreationFlow, party_specs
from expedition.ui.screens.sheet_screen import SheetScreen
from expedition.ui.widgets.character_sheet import CharacterSheet
from tests.ui.conftest import plain

SEED = 7
"""The seed of the creation snapshot tests."""


async def test_seeded_sheet_shows_attributes_skills_traits_life_path_and_trappings() -> None:
    """§5.1: attributes with score and proficiency; skills; traits; burden; feature; trappings by place."""
    catalog = load_catalog()
    flow = CreationFlow(catalog, SEED, party_specs([1], [], list(catalog.classes.classes)))
    flow.finish_with_defaults()
    hero = flow.characters[0]
    lines = flow.sheet_lines(hero.id)
    assert lines.class_name and lines.background and lines.burden and lines.feature
    app = make_app(first_screen=lambda: SheetScreen(hero, lines))
    async with app.run_test(size=(120, 50)):
        sheet = app.screen.query_one(CharacterSheet)
        box = sheet.query_one("#sheet-identity", Static)
        assert box.border_title == hero.name
        identity = plain(box, 120)
        for fact in (lines.class_name, lines.background, lines.infancy, lines.career):
            assert fact and fact in identity, fact
        assert lines.tragedy and lines.tragedy in identity
        assert lines.burden in identity and lines.feature in identity
        attributes = plain(sheet.query_one("#sheet-attributes", Static), 120)
        for attr in Attr:
            row = next(line for line in attributes.splitlines() if line.strip().startswith(attr.value))
            assert str(hero[attr].score) in row and str(hero[attr].proficiency) in row
        skills = plain(sheet.query_one("#sheet-skills", Static), 120).casefold()
        for name in (*hero.skills, *hero.traits):
            assert name.value.replace("_", " ") in skills, name
        trappings = plain(sheet.query_one("#sheet-trappings", Static), 120)
        assert "Back box" in trappings or "Bag" in trappings or "Backpack" in trappings
        for item in hero.items:
            assert item.defn.name in trappings, item.defn.name
