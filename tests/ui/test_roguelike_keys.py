"""Issue #16, what roguelike players expect: the message history, look mode, travel, the sheet, own keys."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Input, OptionList, Static

from expedition.rules.character.party import CreationSheet
from expedition.rules.core.events import Note
from expedition.rules.core.tracker import TrackerAdvanced, Visibility
from expedition.rules.exploration.features import Corpse
from expedition.session.views import Seat
from expedition.ui.app import make_app
from expedition.ui.keymap import DEFAULT_KEYS, FILE_NAME, parse_keys, read_keys
from expedition.ui.screens.compendium_screen import CompendiumScreen
from expedition.ui.screens.dungeon.expedition_screen import ExpeditionScreen, _quiet
from expedition.ui.screens.dungeon.expedition_view import map_view
from expedition.ui.screens.dungeon.history_screen import HistoryScreen
from expedition.ui.screens.dungeon.look_screen import LookScreen, look_words
from expedition.ui.screens.help import HelpScreen
from expedition.ui.screens.sheet_screen import SheetScreen
from expedition.ui.widgets.character_sheet import CharacterSheet
from expedition.ui.widgets.log import GameLog
from expedition.ui.widgets.log_text import LogEntry, fold
from expedition.ui.widgets.tile_map import TileMap
from tests.ui.combat_fixtures import guard_session
from tests.ui.conftest import plain
from tests.ui.expedition_fixtures import sample_session, sample_state
from tests.ui.test_advertised_keys import _into_the_fight, advertised_keys

WIDE = (120, 40)
"""Room for every pane."""
SMALLEST = (80, 24)
"""The smallest terminal the game supports (the snapshots' size)."""
TRAP = (16, 33)
"""The sample level's known tripwire, east of the entrance room in the corridor."""


def _position(session: Any) -> tuple[int, int]:
    assert session.state.expedition is not None
    return session.state.expedition.position  # type: ignore[no-any-return]


def _look_line(app: Any) -> str:
    return plain(app.screen.query_one("#look-line", Static))


class TestAdvertised:
    async def test_the_new_keys_are_in_the_footer_and_the_help(self, tmp_path: Path) -> None:
        app = make_app(first_screen=lambda: ExpeditionScreen(sample_session()), saves=tmp_path)
        async with app.run_test(size=WIDE) as pilot:
            await pilot.pause()
            keys = advertised_keys(app.screen)
            assert {"semicolon", "H", "C"} <= set(keys)
            shown = {b.binding.description for b in app.screen.active_bindings.values() if b.binding.show}
            assert {"Look", "History", "Sheet"} <= shown  # the footer shows them
            await pilot.press("question_mark")
            await pilot.pause()
            assert isinstance(app.screen, HelpScreen)
            text = plain(app.screen.query_one("#help-keys", Static)) + plain(
                app.screen.query_one("#help-about", Static), 200
            )
            for words in ("Look", "History", "Sheet", str(tmp_path / FILE_NAME)):
                assert words in text


class TestHistory:
    async def test_it_lists_every_line_searches_them_and_esc_goes_back_to_the_map(self) -> None:
        session = sample_session()
        app = make_app(first_screen=lambda: ExpeditionScreen(session))
        async with app.run_test(size=SMALLEST) as pilot:
            await pilot.pause()
            for _ in range(9):  # nine steps east and back: a line each, and the decay clock moving
                await pilot.press("right", "left")
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, ExpeditionScreen)
            entries = list(screen.entries)
            assert len(entries) > 12  # more than the small log can show
            await pilot.press("H")
            await pilot.pause()
            history = app.screen
            assert isinstance(history, HistoryScreen)
            log = history.query_one("#history-log", GameLog)
            listed = [entry for entry in log.shown if entry is not None]
            assert [entry.shown for entry in listed] == [
                entry.shown for entry in fold(entries)
            ]  # all of them
            assert app.focused is history.query_one("#log-lines", OptionList)
            await pilot.press("slash")
            await pilot.press(*"stands")
            await pilot.pause()
            assert isinstance(app.focused, Input)
            found = [entry for entry in log.shown if entry is not None]
            assert found and all("stands" in entry.text for entry in found)
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, ExpeditionScreen)
            assert isinstance(app.focused, TileMap)
            await pilot.press("right")  # the map has the keys again
            await pilot.pause()
            assert _position(session) == (6, 33)

    async def test_a_long_line_wraps_whole_in_the_focused_history(self) -> None:
        # The list measured each line's height before its scrollbar (and a focus frame) took columns
        # from it, so at 80 columns a line that just fitted lost its last word.
        line = "The painted funeral mask goes to the party's stash: nobody has room for it"
        entries = [LogEntry(turn=n // 3, text=f"line {n}", events=()) for n in range(40)]
        entries.insert(20, LogEntry(turn=6, text=line, events=()))
        app = make_app(first_screen=lambda: HistoryScreen(entries, {}))
        async with app.run_test(size=SMALLEST) as pilot:
            await pilot.pause()
            lines = app.screen.query_one("#log-lines", OptionList)
            assert app.focused is lines
            await pilot.press("home", *["down"] * 20)  # to the long line
            await pilot.pause()
            shown = " ".join(lines.render_line(y).text.strip() for y in range(lines.size.height))
            assert line in " ".join(shown.split())


class TestLook:
    async def test_f2_opens_the_compendium_over_look_mode_and_escape_comes_back(self) -> None:
        """Issue #3: the compendium is reachable while looking; closing it leaves the cursor where it was."""
        session = sample_session()
        app = make_app(first_screen=lambda: ExpeditionScreen(session))
        async with app.run_test(size=WIDE) as pilot:
            await pilot.pause()
            await pilot.press("semicolon", "right")
            await pilot.pause()
            look = app.screen
            assert isinstance(look, LookScreen)
            cursor = look.cursor
            await pilot.press("f2")
            await pilot.pause()
            assert isinstance(app.screen, CompendiumScreen)
            await pilot.press("escape")
            await pilot.pause()
            assert app.screen is look and look.cursor == cursor

    async def test_the_cursor_moves_with_the_movement_keys_and_says_what_is_there(self) -> None:
        session = sample_session()
        app = make_app(first_screen=lambda: ExpeditionScreen(session))
        async with app.run_test(size=WIDE) as pilot:
            await pilot.pause()
            await pilot.press("semicolon")
            await pilot.pause()
            assert _look_line(app) == "Looking: The party — in the Entrance."
            await pilot.press(*["right"] * (TRAP[0] - _position(session)[0]))
            await pilot.pause()
            assert _look_line(app) == "Looking: Unexplored."  # the trap is not in sight yet: not told
            await pilot.press("escape", *["right"] * 6)  # walk to the entrance room's east side
            await pilot.pause()
            start = _position(session)
            records = len(session.records)
            await pilot.press("semicolon")
            await pilot.pause()
            look = app.screen
            assert isinstance(look, LookScreen)
            await pilot.press("up", "k", "w")  # three tiles north: every movement key moves the cursor
            await pilot.pause()
            assert look.cursor == (start[0], start[1] - 3)
            tile_map = app.screen_stack[-2].query_one("#exp-map", TileMap)
            assert tile_map.view is not None and tile_map.view.cursor == look.cursor
            assert _look_line(app) == "Looking: Floor — in the Entrance; 3 steps away: Enter walks there."
            await pilot.press("down", "j", "s", *["right"] * (TRAP[0] - start[0]))
            await pilot.pause()
            assert look.cursor == TRAP
            assert (
                _look_line(app)
                == "Looking: Trap: Tripwire — 5 steps away; a walk stops short of a known trap."
            )
            await pilot.press(*["left"] * (TRAP[0] - 2))  # onto the way out, at the room's west wall
            await pilot.pause()
            assert look.cursor == (2, 33)
            assert _look_line(app) == "Looking: The way out (remembered) — 9 steps away: Enter walks there."
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, ExpeditionScreen)
            assert tile_map.view is not None and tile_map.view.cursor is None
            assert _position(session) == start and len(session.records) == records  # looking took no turn

    async def test_in_a_fight_it_names_a_foe_and_how_it_looks(self) -> None:
        app = make_app(first_screen=lambda: ExpeditionScreen(guard_session()))
        async with app.run_test(size=WIDE) as pilot:
            await _into_the_fight(pilot, app)
            screen = app.screen
            assert isinstance(screen, ExpeditionScreen) and screen.combat is not None
            tile_map = screen.query_one("#exp-map", TileMap)
            assert tile_map.view is not None
            foe_tile, marker = next((p, m) for p, m in tile_map.view.markers.items() if m.kind == "enemy")
            await pilot.press("semicolon")
            await pilot.pause()
            look = app.screen
            assert isinstance(look, LookScreen)
            look.cursor = foe_tile
            await pilot.press("up", "down")
            await pilot.pause()
            line = _look_line(app)
            assert line.startswith(f"Looking: {marker.label} — ")  # its name and how it looks
            assert "Goblin" in marker.label and "wounds" in marker.label


class TestTravel:
    async def test_enter_in_look_mode_walks_there_one_real_step_at_a_time(self) -> None:
        session = sample_session()
        app = make_app(first_screen=lambda: ExpeditionScreen(session))
        async with app.run_test(size=WIDE) as pilot:
            await pilot.pause()
            x, y = _position(session)
            records = len(session.records)
            await pilot.press("semicolon", "up", "up", "right", "right", "right", "enter")
            await pilot.pause()
            assert isinstance(app.screen, ExpeditionScreen)
            assert _position(session) == (x + 3, y - 2)
            assert len(session.records) == records + 5  # five steps, each one submitted action

    async def test_the_walk_stops_at_a_refusal_and_says_why(self) -> None:
        session = sample_session()
        app = make_app(first_screen=lambda: ExpeditionScreen(session))
        async with app.run_test(size=WIDE) as pilot:
            await pilot.pause()
            await pilot.press(*["right"] * 6)  # to the room's east side, the trap in sight
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, ExpeditionScreen)
            x, y = _position(session)
            assert TRAP in session.state.expedition.seen[1]  # type: ignore[union-attr]
            taken = screen.travel(TRAP)  # the last step would be onto the known trap
            await pilot.pause()
            assert taken == TRAP[0] - 1 - x and _position(session) == (TRAP[0] - 1, y)
            messages = [n.message for n in app._notifications]
            assert any("Tripwire" in m for m in messages)  # the refusal, in the game's words

    async def test_a_quiet_walk_goes_on_through_the_decay_clock_moving(self) -> None:
        session = sample_session()
        heard: list[Any] = []
        session.subscribe(lambda update: heard.extend(update.events), Seat.host())
        app = make_app(first_screen=lambda: ExpeditionScreen(session))
        async with app.run_test(size=WIDE) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, ExpeditionScreen)
            await pilot.press("right")  # the eighth step from the start ends an exploration turn
            await pilot.pause()
            x, y = _position(session)
            assert screen.travel((x + 7, y)) == 7
            assert _position(session) == (x + 7, y)
            decay = [e for e in heard if isinstance(e, TrackerAdvanced)]
            assert decay and all(e.tracker == "decay" for e in decay)  # the walk went on past it

    def test_only_the_step_the_turn_and_decay_are_quiet(self) -> None:
        public = Visibility.PUBLIC
        assert _quiet(
            TrackerAdvanced(rule="§7.3", tracker="decay", steps=1, value=3, size=10, visibility=public)
        )
        doom = TrackerAdvanced(rule="§9.1", tracker="doom", steps=1, value=3, size=8, visibility=public)
        assert not _quiet(doom)
        assert not _quiet(Note(rule="§8", text="A scraping sound beyond the door."))


class TestSheet:
    async def test_c_opens_the_acting_adventurers_full_sheet_and_esc_goes_back(self) -> None:
        """The whole sheet, with the class and background the adventurer was made with, by their names."""
        session = sample_session()
        second = session.state.party[1].id
        session.state.sheets[second] = CreationSheet(second, class_key="warrior", choice="footman")
        app = make_app(first_screen=lambda: ExpeditionScreen(session))
        async with app.run_test(size=WIDE) as pilot:
            await pilot.pause()
            await pilot.press("2", "C")
            await pilot.pause()
            assert isinstance(app.screen, SheetScreen)
            sheet = app.screen.query_one(CharacterSheet)
            assert sheet.character.id == session.state.party[1].id
            assert (sheet.lines.class_name, sheet.lines.background) == ("Warrior", "Footman")
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, ExpeditionScreen)
            assert isinstance(app.focused, TileMap)


class TestKeysFile:
    def test_a_missing_file_means_the_usual_keys_and_says_where_to_write(self, tmp_path: Path) -> None:
        keys = read_keys(tmp_path)
        assert keys.keymap == {} and not keys.problem and not keys.found
        assert str(tmp_path / FILE_NAME) in keys.status

    def test_characters_become_key_names(self) -> None:
        assert parse_keys('[keys]\nlook = ";"\nhistory = "ctrl+h, F"\n') == {
            "look": "semicolon",
            "history": "ctrl+h,F",
        }

    @pytest.mark.parametrize(
        ("text", "words"),
        [
            ("[keys\n", "not valid TOML"),
            ('[keys]\nfly = "v"\n', "no action called 'fly'"),
            ('[keys]\nlook = "nosuchkey"\n', "no key called 'nosuchkey'"),
            ("[keys]\nlook = 3\n", "as text"),
            ('[keys]\nlook = "?"\n', "kept for help"),
            ('[keys]\nhistory = "2"\n', "kept for choosing who acts"),
            ('[keys]\nlook = "g"\n', "'g' is given to both loot and look"),
            ('look = "v"\n', "only a [keys] table"),
        ],
    )
    def test_a_bad_file_says_what_is_wrong(self, text: str, words: str) -> None:
        with pytest.raises(ValueError, match=None) as caught:
            parse_keys(text)
        assert words in str(caught.value)

    async def test_the_files_keys_work_and_the_help_shows_them(self, tmp_path: Path) -> None:
        (tmp_path / FILE_NAME).write_text('[keys]\nlook = "v"\nmove-right = "right,l,d,ctrl+l"\n')
        session = sample_session()
        app = make_app(first_screen=lambda: ExpeditionScreen(session), saves=tmp_path)
        async with app.run_test(size=WIDE) as pilot:
            await pilot.pause()
            x, y = _position(session)
            await pilot.press("ctrl+l")
            await pilot.pause()
            assert _position(session) == (x + 1, y)
            await pilot.press("semicolon")  # no longer look
            await pilot.pause()
            assert isinstance(app.screen, ExpeditionScreen)
            await pilot.press("v")
            await pilot.pause()
            assert isinstance(app.screen, LookScreen)
            await pilot.press("ctrl+l")  # the cursor follows the file's keys too
            await pilot.pause()
            assert app.screen.cursor == (x + 2, y)
            await pilot.press("escape", "question_mark")
            await pilot.pause()
            assert isinstance(app.screen, HelpScreen)
            keys = plain(app.screen.query_one("#help-keys", Static))
            about = plain(app.screen.query_one("#help-about", Static), 300)
            assert any(line.split()[:2] == ["v", "Look"] for line in keys.splitlines())
            # The help wraps to its width (a long temporary path wraps anywhere): read it as one line.
            said = f"Keys are read from {tmp_path / FILE_NAME} (2 actions changed)."
            assert said in " ".join(about.split())

    async def test_a_bad_file_keeps_the_usual_keys_and_says_so(self, tmp_path: Path) -> None:
        (tmp_path / FILE_NAME).write_text('[keys]\nlook = "nosuchkey"\n')
        app = make_app(first_screen=lambda: ExpeditionScreen(sample_session()), saves=tmp_path)
        async with app.run_test(size=WIDE) as pilot:
            await pilot.pause()
            messages = [n.message for n in app._notifications]
            assert any("set aside" in m and "no key called 'nosuchkey'" in m for m in messages)
            await pilot.press("semicolon")
            await pilot.pause()
            assert isinstance(app.screen, LookScreen)


def test_every_default_key_is_one_textual_knows() -> None:
    assert parse_keys("[keys]\n" + "".join(f'{name} = "{keys}"\n' for name, keys in DEFAULT_KEYS.items()))


class TestSnapshots:
    def test_history_at_the_smallest_size(self, snap_compare: Any) -> None:
        app = make_app(first_screen=lambda: ExpeditionScreen(sample_session()))
        # Steps, turns let pass, a breath caught: lines over several turns.
        assert snap_compare(
            app, press=["right", "right", "full_stop", "r", "full_stop", "right", "H"], terminal_size=SMALLEST
        )

    def test_look_mode_at_the_smallest_size(self, snap_compare: Any) -> None:
        app = make_app(first_screen=lambda: ExpeditionScreen(sample_session()))
        walk = ["right"] * 6  # to the entrance room's east side
        assert snap_compare(app, press=[*walk, "semicolon", *["right"] * 5], terminal_size=SMALLEST)


def test_look_names_a_fallen_companion_and_whether_the_body_may_rise() -> None:
    state = sample_state()
    expedition = state.expedition
    assert expedition is not None
    x, y = expedition.position
    expedition.level.corpses.append(Corpse((x + 2, y), "adventurer", name="Tomas", who="c9"))
    expedition.level.corpses.append(Corpse((x, y + 1), "skeleton", name="Skeleton", warded=True))
    view = map_view(state, expedition)
    assert look_words(state, view, (x + 2, y)) == (
        "Tomas, fallen companion, unwarded: it may rise — in the Entrance; 2 steps away: Enter walks there."
    )
    assert look_words(state, view, (x, y + 1)).startswith("The body of a Skeleton, warded against rising —")
