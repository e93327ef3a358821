"""The party screen (the campaign's home) and opening saved campaigns from the title menu."""

from __future__ import annotations

import functools
import os
import re
from pathlib import Path
from typing import Any

from textual.widgets import Input, OptionList, RichLog, Static, TabbedContent

from expedition.content.catalog import load_catalog
from expedition.rules.character.adventurer import Status
from expedition.rules.character.party import Party
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import resolve_default
from expedition.rules.core.dice import SeededDice
from expedition.rules.creation.class_choice import ClassOptions
from expedition.rules.creation.party_creation import CharacterSpec, CreationOptions, create_party
from expedition.rules.exploration.leaving_the_dungeon import ExitDungeon
from expedition.rules.interlude.setting_out import SetOut
from expedition.session.campaigns import open_campaign, start_campaign
from expedition.session.session import Session
from expedition.session.views import Seat
from expedition.ui.app import make_app
from expedition.ui.screens.load import LoadScreen
from expedition.ui.screens.name_prompt import NamePrompt
from expedition.ui.screens.party_screen import (
    HIDDEN_VALUE,
    PartyScreen,
    campaign_line,
    clock_lines,
    header_text,
)
from expedition.ui.screens.sheet_screen import SheetScreen
from expedition.ui.screens.title import TitleScreen
from expedition.ui.widgets.character_sheet import CharacterSheet
from tests.ui.conftest import EXPEDITION_SIZE, SMALL_ENTRIES, plain

SEED = 11
"""The seed of the quick party every test here plays."""


@functools.cache
def _options() -> CreationOptions:
    catalog = load_catalog()
    book = catalog.classes
    return CreationOptions(
        lifepath={table.key: table for table in catalog.lifepath.tables},
        classes=ClassOptions(book.classes, book.backgrounds, book.schools, book.gods),
        items=dict(catalog.equipment.all),
    )


def quick_party(seed: int = SEED, players: int = 2) -> tuple[Party, Context]:
    """§5.1: a party made with every default, one class after another, as `new --quick` makes it."""
    options = _options()
    classes = list(options.classes.classes)
    specs = [
        CharacterSpec(owner=f"player{1 + seat % players}", class_key=classes[seat % len(classes)])
        for seat in range(4)
    ]
    ctx = Context(SeededDice(seed))
    return resolve_default(create_party(ctx, specs, options)), ctx


def quick_session(saves: Path, name: str | None = None, seed: int = SEED) -> Session:
    party, ctx = quick_party(seed)
    return start_campaign(party, seed, saves=saves, name=name, ctx=ctx)


async def test_party_screen_shows_every_adventurer_the_clocks_and_no_doom_value(tmp_path: Path) -> None:
    """§9.1, §9.2: decay is shown in segments; doom only as a hidden value."""
    session = quick_session(tmp_path)
    app = make_app(SMALL_ENTRIES, session=session)
    async with app.run_test(size=EXPEDITION_SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, PartyScreen)
        tabs = screen.query_one("#party-tabs", TabbedContent)
        labels = [str(tab.label) for tab in tabs.query("Tab").results()]  # type: ignore[attr-defined]
        assert labels == [member.name for member in session.state.party] and len(labels) == 4
        header = plain(screen.query_one("#party-header", Static))
        assert header.startswith("campaign-1 · Day 1 · Interlude · at Blacksalt · ")
        assert f"{session.state.silver} silver" in header
        clocks = plain(screen.query_one("#party-clocks", Static))
        assert "Decay  □□□□□□ 0/6" in clocks
        assert f"Doom of Blacksalt: {HIDDEN_VALUE}" in clocks
        doom = session.state.here.doom
        assert f"{doom.filled}/{doom.size}" not in clocks and "Omens" not in clocks
        # Each sheet is there; `n` moves to the next adventurer, `s` opens the sheet full screen.
        sheets = list(screen.query(CharacterSheet).results(CharacterSheet))
        assert [sheet.character.name for sheet in sheets if sheet.character] == labels
        await pilot.press("n")
        assert tabs.active == f"tab-{session.state.party[1].id}"
        await pilot.press("s")
        assert isinstance(app.screen, SheetScreen)
        await pilot.press("escape")
        assert isinstance(app.screen, PartyScreen)
    assert not (tmp_path / "campaign-1" / "campaign.lock").exists()  # the app gave the campaign back


async def test_a_spectator_sees_the_party_but_never_the_omens(tmp_path: Path) -> None:
    """§9.3: the omens are hidden from a seat without the Third eye."""
    session = quick_session(tmp_path)
    app = make_app(SMALL_ENTRIES, session=session, seat=Seat.spectator())
    async with app.run_test(size=EXPEDITION_SIZE) as pilot:
        await pilot.pause()
        clocks = plain(app.screen.query_one("#party-clocks", Static))
        assert "Decay" in clocks and "Omens" not in clocks and HIDDEN_VALUE in clocks


async def test_title_continue_opens_the_newest_campaign(tmp_path: Path) -> None:
    quick_session(tmp_path, "older", seed=3).close()
    quick_session(tmp_path, "newer", seed=4).close()
    for path in (tmp_path / "older").iterdir():
        os.utime(path, (1_000_000, 1_000_000))
    app = make_app(SMALL_ENTRIES, saves=tmp_path)
    async with app.run_test(size=EXPEDITION_SIZE) as pilot:
        await pilot.press("down", "enter")  # New game → Continue
        await pilot.pause()
        assert isinstance(app.screen, PartyScreen)
        assert plain(app.screen.query_one("#party-header", Static)).startswith("newer · Day 1")
        assert (tmp_path / "newer" / "campaign.lock").exists()  # the open game holds the campaign
        await pilot.press("escape")  # back to the title: the campaign is given back
        assert isinstance(app.screen, TitleScreen)
        assert not (tmp_path / "newer" / "campaign.lock").exists()


async def test_title_continue_without_campaigns_says_so_on_screen(tmp_path: Path) -> None:
    app = make_app(SMALL_ENTRIES, saves=tmp_path)
    async with app.run_test(size=EXPEDITION_SIZE) as pilot:
        await pilot.press("down", "enter")  # Continue
        assert isinstance(app.screen, TitleScreen)
        assert [n.message for n in app._notifications] == [f"there are no saved campaigns in {tmp_path}"]


async def test_title_load_lists_campaigns_and_opens_the_chosen_one(tmp_path: Path) -> None:
    quick_session(tmp_path, "alpha", seed=3).close()
    quick_session(tmp_path, "beta", seed=4).close()
    for path in (tmp_path / "alpha").iterdir():
        os.utime(path, (1_000_000, 1_000_000))
    app = make_app(SMALL_ENTRIES, saves=tmp_path)
    async with app.run_test(size=EXPEDITION_SIZE) as pilot:
        await pilot.press("down", "down", "enter")  # New game → Continue → Load
        assert isinstance(app.screen, LoadScreen)
        menu = app.screen.query_one("#load-list", OptionList)
        rows = [str(menu.get_option_at_index(i).prompt) for i in range(menu.option_count)]
        assert [row.split(" — ")[0] for row in rows] == ["beta", "alpha"]
        assert rows[1].startswith("alpha — day 1, interlude at Blacksalt; saved 1970-01-")
        await pilot.press("down", "enter")  # alpha
        await pilot.pause()
        assert isinstance(app.screen, PartyScreen)
        assert plain(app.screen.query_one("#party-header", Static)).startswith("alpha · ")


async def test_a_damaged_newest_snapshot_is_reported_and_the_previous_one_opens(tmp_path: Path) -> None:
    session = quick_session(tmp_path, "hurt")
    assert session.store is not None
    session.milestone("start")  # a second snapshot to fall back to
    session.store.save({"garbage": True})  # a newest snapshot the game cannot read as a campaign
    session.close()
    newest = session.store.snapshots()[-1]
    newest.write_bytes(newest.read_bytes()[:-3])  # and torn on top of that
    app = make_app(SMALL_ENTRIES, saves=tmp_path)
    async with app.run_test(size=EXPEDITION_SIZE) as pilot:
        await pilot.press("down", "enter")  # Continue
        await pilot.pause()
        assert isinstance(app.screen, PartyScreen)
        warning = app._notifications
        assert any(newest.name in n.message and "damaged" in n.message for n in warning)
        log = app.screen.query_one("#party-log", RichLog)
        assert any(newest.name in "".join(s.text for s in line) for line in log.lines)
    assert newest.with_name(newest.name + ".corrupt").exists()


async def test_a_campaign_that_cannot_open_is_a_message_not_a_crash(tmp_path: Path) -> None:
    session = quick_session(tmp_path, "broken")
    assert session.store is not None
    session.close()
    snapshot = session.store.snapshots()[-1]
    snapshot.write_bytes(b"not a snapshot at all")
    app = make_app(SMALL_ENTRIES, saves=tmp_path)
    async with app.run_test(size=EXPEDITION_SIZE) as pilot:
        await pilot.press("down", "enter")  # Continue
        assert isinstance(app.screen, TitleScreen)
        [note] = list(app._notifications)
        assert note.title == "Cannot open the campaign" and "broken" in note.message


def test_a_generated_dungeon_is_called_by_its_name_in_the_header_and_the_clocks(tmp_path: Path) -> None:
    """The player's words, never a key: "Doom of The … Crypt", not "Doom of Gen 17061413"."""
    session = quick_session(tmp_path)
    assert session.submit(Seat.host(), SetOut()).ok
    expedition = session.state.expedition
    assert expedition is not None
    name = expedition.dungeon.name
    view = session.view(Seat.host())
    header = header_text(view, session.name)
    lines = clock_lines(view)
    assert f"at {name} · " in header and f"Doom of {name}: {HIDDEN_VALUE}" in lines
    assert session.submit(Seat.host(), ExitDungeon()).ok  # back in town, the dungeon keeps its name
    lines = clock_lines(session.view(Seat.host()))
    assert f"Doom of {name}: {HIDDEN_VALUE}  — moved" in lines  # leaving moved it (§9.2)
    assert not re.search(r"\bgen[- ]\d|dungeon[- ]\d", " ".join([header, *lines]), re.IGNORECASE)


class TestPartyScreenSnapshot:
    def test_quick_party_second_adventurer(self, snap_compare: Any, tmp_path: Path) -> None:
        """The home screen of a new campaign: header, decay in segments, doom as ???, the second sheet."""
        app = make_app(SMALL_ENTRIES, session=quick_session(tmp_path))
        assert snap_compare(
            app,
            press=["n"],  # show the second adventurer's sheet
            terminal_size=EXPEDITION_SIZE,
        )


async def test_r_renames_the_player_of_the_shown_adventurer_through_a_prompt(tmp_path: Path) -> None:
    session = quick_session(tmp_path)
    app = make_app(SMALL_ENTRIES, session=session)
    async with app.run_test(size=EXPEDITION_SIZE) as pilot:
        await pilot.pause()
        await pilot.press("n", "r")  # the second adventurer is Player 2's
        assert isinstance(app.screen, NamePrompt)
        field = app.screen.query_one(Input)
        assert field.value == "Player 2"
        field.value = ""
        await pilot.press(*"Bea", "enter")
        await pilot.pause()
        assert isinstance(app.screen, PartyScreen)
        assert [p.name for p in session.state.players] == ["Player 1", "Bea"]
        header = plain(app.screen.query_one("#party-header", Static))
        assert f"{session.state.party[1].name} is played by Bea" in header
        # Esc leaves the name as it was.
        await pilot.press("r", "x", "escape")
        await pilot.pause()
        assert [p.name for p in session.state.players] == ["Player 1", "Bea"]


async def test_g_gives_the_shown_adventurer_to_the_next_player_and_it_is_saved(
    tmp_path: Path,
) -> None:
    session = quick_session(tmp_path)
    first = session.state.party[0]
    assert first.owner == "player1"
    app = make_app(SMALL_ENTRIES, session=session)
    async with app.run_test(size=EXPEDITION_SIZE) as pilot:
        await pilot.pause()
        await pilot.press("g")
        await pilot.pause()
        assert first.owner == "player2"
        header = plain(app.screen.query_one("#party-header", Static))
        assert f"{first.name} is played by Player 2" in header
        log = "\n".join(line.text for line in app.screen.query_one("#party-log", RichLog).lines)
        assert f"{first.name} is now played by Player 2" in log  # names, not "player2"
        await pilot.press("g")  # two players: it comes back round to the first
        await pilot.pause()
        assert first.owner == "player1"
    reopened = open_campaign("campaign-1", saves=tmp_path)
    assert reopened.state.party[0].owner == "player1" and reopened.state.actions == 2
    reopened.close()


async def test_the_give_key_is_refused_with_a_reason_during_an_expedition(tmp_path: Path) -> None:
    session = quick_session(tmp_path)
    app = make_app(SMALL_ENTRIES, session=session)
    async with app.run_test(size=EXPEDITION_SIZE) as pilot:
        await pilot.pause()
        party = app.screen
        assert isinstance(party, PartyScreen)
        assert party.check_action("give_character", ()) is True
        assert session.submit(Seat.host(), SetOut()).ok
        await pilot.pause()
        assert party.check_action("give_character", ()) is False
        owner = session.state.party[0].owner
        party.action_give_character()
        await pilot.pause()
        assert session.state.party[0].owner == owner


async def test_a_fallen_adventurers_tab_goes_at_once_and_the_header_names_them(tmp_path: Path) -> None:
    """§4.4: the dead leave the party for the roster; their tab goes with the next update, no restart."""
    session = quick_session(tmp_path)
    app = make_app(SMALL_ENTRIES, session=session)
    async with app.run_test(size=EXPEDITION_SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, PartyScreen)
        tabs = screen.query_one("#party-tabs", TabbedContent)
        fallen = session.state.party[1]
        fallen.status = Status.DEAD  # scripted: whatever killed them, the next action retires them
        await pilot.press("g")  # any action does: handing the first adventurer on
        await pilot.pause()
        await pilot.pause()
        assert fallen not in session.state.party
        labels = [str(tab.label) for tab in tabs.query("Tab").results()]  # type: ignore[attr-defined]
        assert labels == [member.name for member in session.state.party] and len(labels) == 3
        assert not screen.query(f"#sheet-{fallen.id}")
        header = plain(screen.query_one("#party-header", Static))
        assert f"Fallen: {fallen.name} (day 1," in header
        await pilot.press("n", "n", "n")  # cycling skips the gone tab
        assert tabs.active in {f"tab-{member.id}" for member in session.state.party}


def test_the_opening_line_counts_actions_in_english() -> None:
    """Issue #16's grammar class: "1 actions so far" is wrong; 0, 1 and 2 each read right."""
    assert campaign_line("campaign-1", 1, "interlude", 0) == "campaign-1: day 1, interlude, 0 actions so far."
    assert campaign_line("campaign-1", 3, "exploration", 1).endswith(", exploration, 1 action so far.")
    assert campaign_line("campaign-1", 3, "camp", 2).endswith(", camp, 2 actions so far.")
