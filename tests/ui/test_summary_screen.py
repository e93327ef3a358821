"""The end-of-expedition summary: shown when the party comes home or is lost, from the seat's own updates."""

from __future__ import annotations

from pathlib import Path

from textual.screen import Screen
from textual.widgets import Static

from expedition.rules.character.adventurer import Status
from expedition.rules.character.mortal_wounds import Died
from expedition.rules.core.context import Context
from expedition.rules.core.dice import SeededDice
from expedition.rules.exploration.leaving_the_dungeon import ExitDungeon
from expedition.rules.exploration.looting import CacheLooted
from expedition.rules.interlude.interlude_state import new_item, receive
from expedition.rules.interlude.setting_out import SetOut
from expedition.session.catalog_world import default_world
from expedition.session.port import Update
from expedition.session.views import Seat
from expedition.ui.app import make_app
from expedition.ui.expedition_summary import LOST, ExpeditionLedger, summary_sections
from expedition.ui.screens.dungeon.expedition_screen import ExpeditionScreen
from expedition.ui.screens.party_screen import PartyScreen
from expedition.ui.screens.summary_screen import SummaryScreen
from expedition.ui.screens.town.interlude_screen import InterludeScreen
from expedition.ui.widgets.character_sheet import CharacterSheet
from expedition.ui.widgets.sheet_text import item_label
from tests.ui.conftest import EXPEDITION_SIZE, SMALL_ENTRIES, plain
from tests.ui.expedition_fixtures import sample_session
from tests.ui.interlude_fixtures import TREASURE
from tests.ui.test_party_screen import quick_session


def _sections(screen: SummaryScreen) -> list[str]:
    return [plain(screen.query_one(f"#summary-section-{index}", Static)) for index in range(4)]


async def test_coming_home_shows_who_fell_how_far_and_the_doom_as_the_seat_knows_it(tmp_path: Path) -> None:
    """§10.1: the party walks out; the summary names the dead, the level, the turns, and doom unread."""
    session = quick_session(tmp_path)
    app = make_app(SMALL_ENTRIES, session=session)
    async with app.run_test(size=EXPEDITION_SIZE) as pilot:
        await pilot.pause()
        assert session.submit(Seat.host(), SetOut()).ok
        await pilot.pause()
        expedition = session.state.expedition
        assert expedition is not None
        dungeon = expedition.dungeon.name
        fallen = session.state.party[2]
        fallen.status = Status.DEAD  # scripted: whatever killed them, leaving retires them
        assert session.submit(Seat.host(), ExitDungeon()).ok
        for _ in range(4):
            await pilot.pause()
        summary = app.screen
        assert isinstance(summary, SummaryScreen)
        box = summary.query_one("#summary-box")
        assert box.border_title == f"The party came home from {dungeon}"
        fell, found, far, doom = _sections(summary)
        assert f"• {fallen.name} died." in fell  # no cause was given: never "died (died)"
        assert found == "• Nothing was found."
        assert f"Reached level 1 of {dungeon}." in far and "0 exploration turns." in far
        assert "opened" not in far  # the ledger saw the party set out
        # Doom: hidden values stay hidden; the dungeon's moved when the party left (+2, §10.1).
        assert f"Doom of {dungeon} moved 1 time (its value is hidden)." in doom
        assert "Doom of Blacksalt" in doom
        for tracker in session.state.trackers():
            assert f"{tracker.filled}/{tracker.size}" not in doom
        await pilot.press("enter")
        await pilot.pause()
        assert not isinstance(app.screen, SummaryScreen)
        # The summary came first, over nothing else: closing it opens the settlement.
        assert isinstance(app.screen, InterludeScreen)
        assert not any(isinstance(screen, SummaryScreen) for screen in app.screen_stack)


async def test_leaving_under_a_cover_closes_the_dungeon_once_it_goes_then_sums_up(tmp_path: Path) -> None:
    """Issue #16: the summary once went unseen; leaving with a screen over the map (a hand-over) popped
    that screen instead of the dungeon's, and the summary raced the settlement's screen."""
    session = quick_session(tmp_path)
    app = make_app(SMALL_ENTRIES, session=session)
    async with app.run_test(size=EXPEDITION_SIZE) as pilot:
        await pilot.pause()
        assert session.submit(Seat.host(), SetOut()).ok
        await pilot.pause()
        assert isinstance(app.screen, ExpeditionScreen)
        cover = Screen[None]()
        app.push_screen(cover)
        await pilot.pause()
        assert session.submit(Seat.host(), ExitDungeon()).ok
        for _ in range(3):
            await pilot.pause()
        assert app.screen is cover, "the cover stays until the player takes it away"
        app.pop_screen()
        for _ in range(4):
            await pilot.pause()
        assert isinstance(app.screen, SummaryScreen)
        assert [type(s).__name__ for s in app.screen_stack][-2:] == ["PartyScreen", "SummaryScreen"]
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, InterludeScreen)


async def test_no_light_is_still_burning_on_any_sheet_in_town(tmp_path: Path) -> None:
    """House ruling (§7.8): lights go out on the way home; no sheet says "lit" in the interlude."""
    session = quick_session(tmp_path)
    app = make_app(SMALL_ENTRIES, session=session)
    async with app.run_test(size=EXPEDITION_SIZE) as pilot:
        await pilot.pause()
        assert session.submit(Seat.host(), SetOut()).ok
        await pilot.pause()
        assert any(item.lit for member in session.state.party for item in member.items)
        assert session.submit(Seat.host(), ExitDungeon()).ok
        for _ in range(4):
            await pilot.pause()
        await pilot.press("enter")  # close the summary
        await pilot.pause()
        party = next(s for s in app.screen_stack if isinstance(s, PartyScreen))
        party.redraw()
        await pilot.pause()
        sheets = list(party.query(CharacterSheet).results(CharacterSheet))
        assert sheets and all(sheet.character is not None for sheet in sheets)
        for sheet in sheets:
            assert sheet.character is not None
            assert not any(item.lit for item in sheet.character.items)
            assert all("lit" not in item_label(item) for item in sheet.character.items)


def test_a_party_lost_in_the_dungeon_is_summed_up_with_what_it_found(tmp_path: Path) -> None:
    """§4.4: when nobody is left standing the expedition is over; the cache's silver is still told."""
    session = quick_session(tmp_path)
    host = Seat.host()
    assert session.submit(host, SetOut()).ok
    ledger = ExpeditionLedger.opened(session.view(host), started=True)
    first, *_ = session.state.party
    looted = CacheLooted(rule="§10.1", pos=(1, 1), silver=7, looter=first.id)
    assert ledger.heard(Update(host, (looted,), session.view(host))) == ""
    for member in session.state.party:
        member.status = Status.DEAD  # scripted: the whole party falls
    died = tuple(Died(rule="§4.4", character=m.id, cause="slain by a ghoul") for m in session.state.party)
    assert ledger.heard(Update(host, died, session.view(host))) == LOST
    sections = dict(summary_sections(ledger))
    assert sections["What was found"] == ["7 silver."]
    assert [line for line in sections["Who fell"] if "died (slain by a ghoul)" in line] == [
        f"{m.name} died (slain by a ghoul)." for m in session.state.party
    ]
    assert ledger.heard(Update(host, (looted,), session.view(host))) == ""  # over: nothing more counts
    assert ledger.silver == 7


def test_treasures_and_other_finds_are_told_apart_by_the_items_the_seat_sees() -> None:
    """§10.1: a picked-up treasure is listed as a treasure, anything else as an item."""
    world = default_world()
    session = sample_session()
    host = Seat.host()
    ledger = ExpeditionLedger.opened(session.view(host), started=True)
    finder = session.state.party[1]
    ctx = Context(SeededDice(1), world=world)
    receive(ctx, session.state, finder, new_item(session.state, world.items[TREASURE]), rule="§10.1")
    receive(ctx, session.state, finder, new_item(session.state, world.items["rope"]), rule="§10.1")
    assert ledger.heard(Update(host, tuple(ctx.events), session.view(host))) == ""
    found = dict(summary_sections(ledger))["What was found"]
    assert found == [f"Treasures: {world.items[TREASURE].name}.", f"Items: {world.items['rope'].name}."]
