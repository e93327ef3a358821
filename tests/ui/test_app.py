"""The app shell: title menu, app-wide keys, help, palette and the too-small guard."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import OptionList, Static

from expedition.persistence.store import SCREENSHOTS
from expedition.ui.app import make_app
from expedition.ui.screens.compendium_screen import CompendiumScreen
from expedition.ui.screens.creation_screen import CreationScreen
from expedition.ui.screens.help import HelpScreen
from expedition.ui.screens.title import CREDIT, TitleScreen
from expedition.ui.screens.too_small import MIN_HEIGHT, MIN_WIDTH, TooSmallScreen
from tests.ui.conftest import EXPEDITION_SIZE, SMALL_ENTRIES, plain


async def test_title_screen_shows_menu_and_credit() -> None:
    app = make_app(SMALL_ENTRIES)
    async with app.run_test(size=EXPEDITION_SIZE):
        assert isinstance(app.screen, TitleScreen)
        menu = app.screen.query_one("#title-menu", OptionList)
        labels = [str(menu.get_option_at_index(i).prompt) for i in range(menu.option_count)]
        assert labels == ["New game", "Continue", "Load", "Compendium", "Quit"]
        assert plain(app.screen.query_one("#title-credit", Static)) == CREDIT


async def test_title_menu_compendium_opens_the_compendium_and_escape_returns() -> None:
    app = make_app(SMALL_ENTRIES)
    async with app.run_test(size=EXPEDITION_SIZE) as pilot:
        await pilot.press("down", "down", "down", "enter")  # New game → Continue → Load → Compendium
        assert isinstance(app.screen, CompendiumScreen)
        await pilot.press("escape")
        assert isinstance(app.screen, TitleScreen)


async def test_new_game_opens_character_creation_and_escape_returns() -> None:
    app = make_app(SMALL_ENTRIES, seed=7)
    async with app.run_test(size=EXPEDITION_SIZE) as pilot:
        await pilot.press("enter")  # New game
        assert isinstance(app.screen, CreationScreen)
        assert app.screen.seed == 7
        await pilot.press("escape")  # cancel: no party, no campaign
        assert isinstance(app.screen, TitleScreen)


async def test_compendium_key_works_from_the_title_and_f2_too() -> None:
    app = make_app(SMALL_ENTRIES)
    async with app.run_test(size=EXPEDITION_SIZE) as pilot:
        await pilot.press("c")
        assert isinstance(app.screen, CompendiumScreen)
        await pilot.press("f2")  # already there: no second copy
        assert len([s for s in app.screen_stack if isinstance(s, CompendiumScreen)]) == 1


async def test_question_mark_opens_help_listing_the_screen_keys() -> None:
    app = make_app(SMALL_ENTRIES)
    async with app.run_test(size=EXPEDITION_SIZE) as pilot:
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        keys = plain(app.screen.query_one("#help-keys", Static))
        assert "Quit" in keys and "compendium" in keys and "command palette" in keys
        await pilot.press("escape")
        assert isinstance(app.screen, TitleScreen)


async def test_f1_opens_help_on_the_compendium_with_its_keys() -> None:
    app = make_app(SMALL_ENTRIES, start="compendium")
    async with app.run_test(size=EXPEDITION_SIZE) as pilot:
        await pilot.press("f1")  # the search box has focus, so "?" would be typed; F1 is not
        assert isinstance(app.screen, HelpScreen)
        assert "Search" in plain(app.screen.query_one("#help-keys", Static))
        assert "every word must match" in plain(app.screen.query_one("#help-about", Static))


async def test_command_palette_opens_the_compendium() -> None:
    app = make_app(SMALL_ENTRIES)
    async with app.run_test(size=EXPEDITION_SIZE) as pilot:
        await pilot.press("ctrl+p")
        await pilot.press(*"compendium")
        await pilot.pause(0.3)  # the palette searches in a worker
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, CompendiumScreen)


async def test_too_small_terminal_shows_a_message_not_the_layout() -> None:
    app = make_app(SMALL_ENTRIES)
    async with app.run_test(size=(MIN_WIDTH - 1, MIN_HEIGHT)) as pilot:
        assert isinstance(app.screen, TooSmallScreen)
        message = plain(app.screen.query_one("#too-small-message", Static))
        assert f"{MIN_WIDTH - 1}×{MIN_HEIGHT}" in message and f"at least {MIN_WIDTH}×{MIN_HEIGHT}" in message
        await pilot.press("c")  # app keys wait until the game fits
        assert isinstance(app.screen, TooSmallScreen)


async def test_growing_the_terminal_removes_the_message_and_shrinking_brings_it_back() -> None:
    app = make_app(SMALL_ENTRIES)
    async with app.run_test(size=EXPEDITION_SIZE) as pilot:
        await pilot.resize_terminal(MIN_WIDTH, MIN_HEIGHT - 1)
        await pilot.pause(0.1)  # Textual coalesces resize events on a short timer
        assert isinstance(app.screen, TooSmallScreen)
        await pilot.resize_terminal(MIN_WIDTH, MIN_HEIGHT)
        await pilot.pause(0.1)
        assert isinstance(app.screen, TitleScreen)


async def test_a_content_loader_that_fails_falls_back_to_rules_names_with_a_notice() -> None:
    from expedition.content.problems import ContentError, Problem

    def broken() -> list[object]:
        raise ContentError([Problem("items.toml", message="the file is missing")])

    app = make_app(broken)  # type: ignore[arg-type]
    async with app.run_test(size=EXPEDITION_SIZE) as pilot:
        await pilot.press("c")
        assert isinstance(app.screen, CompendiumScreen)
        assert {entry.kind for entry in app.screen.listed} == {"skill", "trait", "trauma", "affliction"}
        assert any("items.toml" in n.message for n in app._notifications)


async def _take_screenshot(pilot: Pilot[None]) -> list[str]:
    """Ctrl+P → Screenshot; returns the toasts once the file is written (a thread writes it)."""
    app = pilot.app
    await pilot.press("ctrl+p")
    await pilot.press(*"screenshot")
    await pilot.pause(0.3)  # the palette searches in a worker
    await pilot.press("enter")
    for _ in range(100):
        await pilot.pause(0.05)
        told = [n.message for n in app._notifications if n.title == "Screenshot"]
        if told:
            return told
    raise AssertionError("no screenshot toast")


async def test_a_screenshot_goes_to_the_saves_folder_and_the_toast_names_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HOME", str(tmp_path / "home"))  # a fresh account: there is no ~/Downloads
    app = make_app(SMALL_ENTRIES, saves=tmp_path / "saves")
    async with app.run_test(size=EXPEDITION_SIZE) as pilot:
        told = await _take_screenshot(pilot)
    [shot] = (tmp_path / "saves" / SCREENSHOTS).glob("*.svg")
    assert "<svg" in shot.read_text(encoding="utf-8")
    assert len(told) == 1 and str(shot) in told[0] and "Saved screenshot" in told[0]


async def test_a_screenshot_goes_to_the_working_folder_when_the_saves_folder_cannot_hold_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "saves").write_text("a file, not a folder")
    here = tmp_path / "here"
    here.mkdir()
    monkeypatch.chdir(here)
    app = make_app(SMALL_ENTRIES, saves=tmp_path / "saves")
    async with app.run_test(size=EXPEDITION_SIZE) as pilot:
        told = await _take_screenshot(pilot)
    [shot] = here.glob("*.svg")
    assert str(shot) in told[0]


async def test_a_new_game_saves_under_the_name_given_to_expedition_new(tmp_path: Path) -> None:
    """`expedition new --name tomb` (checked before the screens open) names the campaign made on them."""
    app = make_app(SMALL_ENTRIES, start="new", seed=7, saves=tmp_path, name="tomb")
    async with app.run_test(size=EXPEDITION_SIZE) as pilot:
        assert isinstance(app.screen, CreationScreen)
        await pilot.press("q", "o")  # a quick party, then set out with it
        await pilot.pause()
        assert app.session is not None and app.session.store is not None
        assert app.session.store.name == "tomb" and app.campaign_name is None  # used once
    assert list((tmp_path / "tomb").glob("snap-*.expd"))
