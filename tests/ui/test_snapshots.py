"""Snapshots of what a player sees: the title, the compendium and a character sheet."""

from __future__ import annotations

from typing import Any

from expedition.ui.app import make_app
from expedition.ui.screens.sheet_screen import SheetScreen
from tests.ui.conftest import EXPEDITION_SIZE, SAMPLE_LINES, SMALL_ENTRIES, sample_character


class TestTitle:
    def test_title_screen(self, snap_compare: Any) -> None:
        assert snap_compare(make_app(SMALL_ENTRIES), terminal_size=EXPEDITION_SIZE)

    def test_help_over_the_title(self, snap_compare: Any) -> None:
        assert snap_compare(
            make_app(SMALL_ENTRIES),
            press=["question_mark"],  # open help
            terminal_size=EXPEDITION_SIZE,
        )

    def test_too_small_terminal(self, snap_compare: Any) -> None:
        assert snap_compare(make_app(SMALL_ENTRIES), terminal_size=(70, 20))


class TestCompendium:
    def test_compendium_opened_from_the_title(self, snap_compare: Any) -> None:
        assert snap_compare(
            make_app(SMALL_ENTRIES),
            press=["c"],  # open the compendium; the first entry's page shows
            terminal_size=EXPEDITION_SIZE,
        )

    def test_compendium_search_and_house_entry(self, snap_compare: Any) -> None:
        assert snap_compare(
            make_app(SMALL_ENTRIES, start="compendium"),
            press=[
                *"ro",  # search: Rope and Trapped rooms remain
                "enter",  # move to the entries list
                "down",  # highlight Trapped rooms, a house entry
            ],
            terminal_size=EXPEDITION_SIZE,
        )


class TestCharacterSheet:
    def test_sample_character_sheet(self, snap_compare: Any) -> None:
        app = make_app(first_screen=lambda: SheetScreen(sample_character(), SAMPLE_LINES))
        assert snap_compare(app, terminal_size=EXPEDITION_SIZE)
