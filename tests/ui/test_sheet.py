"""The character sheet: glyph tracks, insight circles, the afflictions checklist and trappings."""

from __future__ import annotations

from textual.widgets import Static

from expedition.rules.character.adventurer import Attribute, Character, Insight, Status
from expedition.rules.core.conditions import Affliction
from expedition.ui.app import make_app
from expedition.ui.screens.sheet_screen import SheetScreen
from expedition.ui.widgets.character_sheet import CharacterSheet
from expedition.ui.widgets.sheet_text import checklist, circles, item_label, track, trappings
from tests.ui.conftest import EXPEDITION_SIZE, SAMPLE_LINES, plain, sample_character


def test_track_draws_wounds_then_fatigue_then_free_boxes() -> None:
    assert track(Attribute(score=4, fatigue=1, wounds=2)) == "● ● ◐ ○"
    assert track(Attribute(score=2)) == "○ ○"
    assert track(Attribute(score=0)) == "—"


def test_insight_circles_show_spent_earned_and_unearned() -> None:
    assert circles(Insight(earned=5, spent=2)) == "●●⊘⊘⊘○○○○○○○"
    assert circles(Insight()) == "○" * 12
    assert circles(Insight(earned=12, spent=12)) == "●" * 12


def test_checklist_lists_all_twelve_afflictions_ticking_those_held() -> None:
    hero = Character(id="c", name="C", afflictions={Affliction.BLEEDING})
    boxes = checklist(hero)
    assert len(boxes) == 12
    assert "[X] Bleeding" in boxes and "[ ] Hungry" in boxes


def test_trappings_group_items_by_place_with_slots_used() -> None:
    groups = dict(trappings(sample_character()))
    assert groups["Torso 1/4"] == ["Leather armour, AP 1"]
    assert groups["Left hand 1/2"] == ["Torch, Ud4, lit"]
    assert groups["Right hand 1/2"] == ["Hand axe, wielded"]
    assert groups["Bag (back box) 2/4"] == ["Rations ×3", "Rope"]
    assert groups["Canteen (flask box) 1/1"] == ["Water ×2"]
    assert groups["Notes (no slots)"] == ["Chalk"]


def test_a_missing_standard_container_reads_none_and_unplaced_items_are_listed() -> None:
    hero = sample_character()
    hero.items = [item for item in hero.items if item.defn.key not in ("belt", "rope")]
    hero.items[-1].place = ""
    headings = [heading for heading, _ in trappings(hero)]
    assert "Waist box: none" in headings
    assert headings[-1] == "Not placed"


def test_item_label_says_when_a_usage_die_is_used_up() -> None:
    torch = next(item for item in sample_character().items if item.defn.key == "torch")
    torch.usage = 0
    torch.lit = False
    assert item_label(torch) == "Torch, used up"


async def test_sheet_shows_name_lines_attributes_and_status_in_words() -> None:
    hero = sample_character()
    hero.status = Status.FAINTED
    app = make_app(first_screen=lambda: SheetScreen(hero, SAMPLE_LINES))
    async with app.run_test(size=EXPEDITION_SIZE):
        sheet = app.screen.query_one(CharacterSheet)
        identity = sheet.query_one("#sheet-identity", Static)
        assert identity.border_title == "Mara Quell"
        assert identity.border_subtitle == "FAINTED"
        text = plain(identity)
        assert "Warrior" in text and "Mercenary" in text and "Debt" in text
        attributes = plain(sheet.query_one("#sheet-attributes", Static))
        assert "STR      3     1  ● ◐ ○" in attributes


async def test_setting_the_character_again_redraws_the_sheet() -> None:
    hero = sample_character()
    app = make_app(first_screen=lambda: SheetScreen(hero, SAMPLE_LINES))
    async with app.run_test(size=EXPEDITION_SIZE) as pilot:
        sheet = app.screen.query_one(CharacterSheet)
        hero.afflictions.add(Affliction.DOOMED)
        sheet.character = hero
        await pilot.pause()
        assert "[X] Doomed" in plain(sheet.query_one("#sheet-afflictions", Static))
