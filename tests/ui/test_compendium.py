"""The compendium: search, kinds with counts, the filtered list and the detail pane."""

from __future__ import annotations

from textual.widgets import Input, OptionList, Static

from expedition.content.compendium_pages import CompendiumEntry
from expedition.ui.app import make_app
from expedition.ui.screens.compendium_screen import ALL, CompendiumScreen, kinds_of, matches, search
from tests.ui.conftest import EXPEDITION_SIZE, SMALL_ENTRIES, plain


def test_kinds_follow_the_fixed_order_then_the_alphabet() -> None:
    extra = (*SMALL_ENTRIES, CompendiumEntry("omen", "crow", "Crow", "A bird."))
    assert kinds_of(extra) == ["item", "weapon", "enemy", "skill", "affliction", "table", "omen"]


def test_every_search_word_must_match_somewhere() -> None:
    torch = SMALL_ENTRIES[0]
    assert matches(torch, "torch close")  # name and details
    assert matches(torch, "BURNS")  # text, any case
    assert not matches(torch, "torch axe")


def test_search_lists_name_matches_before_text_matches() -> None:
    entries = [
        CompendiumEntry("item", "a", "Lamp", "Better than a torch."),
        CompendiumEntry("item", "b", "Torch", "Burns."),
    ]
    assert [e.name for e in search(entries, "torch")] == ["Torch", "Lamp"]


def test_search_narrows_to_one_kind() -> None:
    assert [e.name for e in search(SMALL_ENTRIES, "", "item")] == ["Rope", "Torch"]
    assert len(search(SMALL_ENTRIES, "", ALL)) == len(SMALL_ENTRIES)


async def test_typing_in_the_search_box_narrows_the_list() -> None:
    app = make_app(SMALL_ENTRIES, start="compendium")
    async with app.run_test(size=EXPEDITION_SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, CompendiumScreen)
        assert screen.query_one("#compendium-search", Input).has_focus
        assert len(screen.listed) == len(SMALL_ENTRIES)
        await pilot.press(*"ro")
        assert [e.name for e in screen.listed] == ["Rope", "Trapped rooms"]
        entries = screen.query_one("#compendium-entries", OptionList)
        assert entries.option_count == 2
        kinds = screen.query_one("#compendium-kinds", OptionList)
        counts = [str(kinds.get_option_at_index(i).prompt) for i in range(kinds.option_count)]
        assert counts[:3] == ["All (2)", "item (1)", "weapon (0)"]


async def test_slash_in_the_search_box_is_the_search_key_not_part_of_the_words() -> None:
    """The footer offers "/ Search"; a player who presses it while the box has focus still finds things."""
    app = make_app(SMALL_ENTRIES, start="compendium")
    async with app.run_test(size=EXPEDITION_SIZE) as pilot:
        await pilot.press("slash", *"rope")
        screen = app.screen
        assert isinstance(screen, CompendiumScreen)
        assert screen.query_one("#compendium-search", Input).value == "rope"
        assert [e.name for e in screen.listed] == ["Rope"]


async def test_search_with_no_match_says_so() -> None:
    app = make_app(SMALL_ENTRIES, start="compendium")
    async with app.run_test(size=EXPEDITION_SIZE) as pilot:
        await pilot.press(*"zzz")
        screen = app.screen
        assert isinstance(screen, CompendiumScreen)
        assert screen.listed == [] and screen.shown is None
        assert "Nothing matches" in plain(screen.query_one("#compendium-page", Static))


async def test_choosing_a_kind_lists_only_that_kind() -> None:
    app = make_app(SMALL_ENTRIES, start="compendium")
    async with app.run_test(size=EXPEDITION_SIZE) as pilot:
        await pilot.press("tab", "down")  # search box → kinds list; All → item
        screen = app.screen
        assert isinstance(screen, CompendiumScreen)
        assert screen.kind == "item"
        assert {e.kind for e in screen.listed} == {"item"}


async def test_selecting_an_entry_shows_its_page() -> None:
    app = make_app(SMALL_ENTRIES, start="compendium")
    async with app.run_test(size=EXPEDITION_SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, CompendiumScreen)
        await pilot.press(*"torch", "enter")  # search, then Enter moves to the entries list
        assert screen.shown == SMALL_ENTRIES[0]
        await pilot.press("backspace")  # the list has focus now: nothing is typed
        page = plain(screen.query_one("#compendium-page", Static))
        for fact in ("Torch", "Kind: item", "Source: book", "Usage", "Ud6", "Burns for a while"):
            assert fact in page


async def test_moving_down_the_list_shows_the_next_entry_and_marks_house_content() -> None:
    app = make_app(SMALL_ENTRIES, start="compendium")
    async with app.run_test(size=EXPEDITION_SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, CompendiumScreen)
        await pilot.press("enter")  # to the entries list
        last = len(screen.listed) - 1
        await pilot.press(*["down"] * last)
        assert screen.shown == screen.listed[last]
        house = next(e for e in SMALL_ENTRIES if e.house)
        entries = screen.query_one("#compendium-entries", OptionList)
        index = screen.listed.index(house)
        assert "(house)" in str(entries.get_option_at_index(index).prompt)
        await pilot.click("#compendium-entries", offset=(2, 1 + index))
        assert screen.shown == house
        assert "Source: house" in plain(screen.query_one("#compendium-page", Static))
