"""The expedition screen: moving, prompts, the log, the action bar, small sizes, and snapshots."""

from __future__ import annotations

from typing import Any

from textual.screen import ModalScreen
from textual.widgets import OptionList
from textual.widgets._toast import Toast

from expedition.rules.character.mortal_wounds import MortalOutcome, MortalWoundRolled
from expedition.rules.core.decisions import Choice, Decision
from expedition.rules.core.events import DiceRolled, Note
from expedition.session.port import Update
from expedition.session.views import Seat
from expedition.ui.app import make_app
from expedition.ui.screens import prompts
from expedition.ui.screens.dungeon.expedition_screen import ExpeditionScreen
from expedition.ui.screens.dungeon.harm_info import fainting_info, mortal_info
from expedition.ui.screens.prompts import DecisionPrompt, FaintingPrompt, MortalWoundPrompt, RollInfo
from expedition.ui.widgets.action_bar import ActionBar, ActionChoice, cost_text, distinct
from expedition.ui.widgets.clocks import ClockData, clock_from_view, clock_text
from expedition.ui.widgets.log import GameLog
from expedition.ui.widgets.log_text import LogEntry, build_entries, fold
from expedition.ui.widgets.tile_map import MapView, Marker, TileMap, cell
from tests.ui.expedition_fixtures import sample_session

WIDE = (120, 40)
"""A roomy terminal: the map, the log and the side panel all at a comfortable size."""
SMALLEST = (80, 24)
"""The smallest terminal the game supports."""


def _screen(app: Any) -> ExpeditionScreen:
    screen = app.screen
    assert isinstance(screen, ExpeditionScreen)
    return screen


class TestMoving:
    async def test_arrow_hjkl_and_wasd_keys_step_the_party_through_the_session(self) -> None:
        session = sample_session()
        app = make_app(first_screen=lambda: ExpeditionScreen(session))
        async with app.run_test(size=WIDE) as pilot:
            await pilot.pause()
            assert session.state.expedition is not None
            x, y = session.state.expedition.position
            await pilot.press("right", "l", "d")  # three steps east
            await pilot.pause()
            assert session.state.expedition.position == (x + 3, y)
            await pilot.press("left", "h", "a")  # and back
            await pilot.pause()
            assert session.state.expedition.position == (x, y)
            await pilot.press("up", "k")  # two steps north
            await pilot.pause()
            assert session.state.expedition.position == (x, y - 2)
            await pilot.press("w", "j", "s")  # north, then south twice
            await pilot.pause()
            assert session.state.expedition.position == (x, y - 1)

    async def test_the_map_draws_the_party_where_the_session_says(self) -> None:
        session = sample_session()
        app = make_app(first_screen=lambda: ExpeditionScreen(session))
        async with app.run_test(size=WIDE) as pilot:
            await pilot.press("right")
            await pilot.pause()
            view = app.screen.query_one(TileMap).view
            assert view is not None and session.state.expedition is not None
            assert view.party == session.state.expedition.position

    async def test_a_step_into_a_wall_is_refused_and_changes_nothing(self) -> None:
        session = sample_session()
        app = make_app(first_screen=lambda: ExpeditionScreen(session))
        async with app.run_test(size=WIDE) as pilot:
            assert session.state.expedition is not None
            start = session.state.expedition.position
            for _ in range(6):
                await pilot.press("up")  # the entrance room is 7 tall: the wall stops the party
            await pilot.pause()
            assert session.state.expedition.position[0] == start[0]
            assert session.state.expedition.position[1] > start[1] - 6
            assert session.state.actions < 6


class TestPrompts:
    async def test_a_decision_prompt_answers_the_pending_decision(self) -> None:
        decision = Decision(
            "pick", "c1", "Which way?", (Choice("a", "Left"), Choice("b", "Right")), "a", rule="§10.1"
        )
        answered: list[str | None] = []
        app = make_app()
        async with app.run_test(size=WIDE) as pilot:
            app.push_screen(DecisionPrompt(decision, "Jory"), answered.append)
            await pilot.pause()
            await pilot.press("down", "enter")  # choose Right
            await pilot.pause()
            assert answered == ["b"]

    async def test_escape_takes_the_default(self) -> None:
        decision = Decision("pick", "c1", "Which way?", (Choice("a", "Left"), Choice("b", "Right")), "b")
        answered: list[str | None] = []
        app = make_app()
        async with app.run_test(size=WIDE) as pilot:
            app.push_screen(DecisionPrompt(decision), answered.append)
            await pilot.pause()
            await pilot.press("escape")
            await pilot.pause()
            assert answered == ["b"]

    async def test_a_test_during_an_action_prompts_for_rerolls_and_answering_resolves_it(self) -> None:
        """§3.2: a Look for traps test asks the roller's rerolls; keeping the dice finishes the action."""
        session = sample_session()
        app = make_app(first_screen=lambda: ExpeditionScreen(session))
        async with app.run_test(size=WIDE) as pilot:
            screen = _screen(app)
            choice = next((c for c in screen.choices() if c.enabled and c.action is not None), None)
            assert choice is not None
            # Walk until an action that rolls a test leaves a decision pending, or run out of tries.
            for _ in range(12):
                await pilot.press("r")  # catch breath: a turn passes (decay may roll)
                await pilot.pause()
                if session.pending is not None:
                    break
            if session.pending is None:
                # No roll asked anything: the screen must still be idle and consistent.
                assert not isinstance(app.screen, DecisionPrompt)
                return
            assert isinstance(app.screen, DecisionPrompt)
            await pilot.press("escape")  # take the default
            await pilot.pause()
            assert session.pending is None or isinstance(app.screen, DecisionPrompt)


class TestLog:
    def test_dice_lines_show_every_face_and_the_test_keeps_its_dice(self) -> None:
        """§3.2: the judged line carries the roll that led to it, for the explanation."""
        from expedition.rules.core.attributes import Attr
        from expedition.rules.core.judging import Outcome
        from expedition.rules.core.roll_events import RollJudged

        rolled = DiceRolled(rule="§3.2", who="c1", why="STR test", sides=6, faces=(4, 1, 6))
        judged = RollJudged(
            rule="§3.2",
            character="c1",
            attr=Attr.STR,
            check=False,
            outcome=Outcome.SUCCESS,
            faces=(4, 1, 6),
            fatigue=True,
            helper="",
            helper_fatigue=False,
            omens=0,
        )
        entries, _ = build_entries([rolled, judged], {"c1": "Jory"}, 1)
        assert entries[0].text == "Jory rolls STR test: 3d6 [4][1][6]"
        assert entries[1].events == (rolled, judged)
        assert "+1 fatigue" in entries[1].text

    def test_repeats_in_a_turn_fold_and_turns_stay_apart(self) -> None:
        lines = [LogEntry(1, "The party moves", ())] * 3 + [LogEntry(2, "The party moves", ())]
        folded = fold(lines)
        assert [(e.turn, e.shown) for e in folded] == [(1, "The party moves ×3"), (2, "The party moves")]

    async def test_log_groups_by_turn_folds_and_searches(self) -> None:
        app = make_app(first_screen=lambda: ExpeditionScreen(sample_session()))
        async with app.run_test(size=WIDE) as pilot:
            log = app.screen.query_one(GameLog)
            log.entries = (
                LogEntry(1, "Decay advances", (Note(rule="§9.1", text="x"),)),
                LogEntry(1, "The party moves", ()),
                LogEntry(1, "The party moves", ()),
                LogEntry(2, "Torch burns low", ()),
            )
            await pilot.pause()
            assert [e.shown if e else None for e in log.shown] == [
                None,
                "Decay advances",
                "The party moves ×2",
                None,
                "Torch burns low",
            ]
            await pilot.press("slash", *"torch")  # search the log
            await pilot.pause()
            assert [e.shown for e in log.shown if e] == ["Torch burns low"]

    async def test_opening_a_line_explains_it_with_its_rule(self) -> None:
        from expedition.ui.screens.explain import ExplainScreen

        app = make_app(first_screen=lambda: ExpeditionScreen(sample_session()))
        async with app.run_test(size=WIDE) as pilot:
            log = app.screen.query_one(GameLog)
            rolled = DiceRolled(rule="§9.1", who="gm", why="decay table", sides=6, faces=(5,))
            log.entries = (LogEntry(1, "The GM rolls decay table: d6 [5]", (rolled,)),)
            await pilot.pause()
            lines = log.query_one("#log-lines", OptionList)
            lines.focus()
            lines.highlighted = 1
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, ExplainScreen)
            assert ("Dice", "decay table: d6 [5]") in app.screen.rows
            assert ("Rule", "Decay tracker (rulebook 9.1)") in app.screen.rows  # by its name, not "§9.1"


class TestActionBar:
    def test_costs_and_reasons_are_in_words(self) -> None:
        assert [cost_text(n) for n in (0, 1, 6)] == ["free", "1 turn", "6 turns"]

    async def test_the_bar_lists_actions_with_their_costs_and_why_not(self) -> None:
        session = sample_session()
        app = make_app(first_screen=lambda: ExpeditionScreen(session))
        async with app.run_test(size=WIDE) as pilot:
            await pilot.pause()
            bar = app.screen.query_one(ActionBar)
            assert bar.choices, "the sample dungeon offers actions"
            lines = bar.query_one(OptionList)
            texts = [str(lines.get_option_at_index(i).prompt) for i in range(lines.option_count)]
            assert any("(1 turn)" in text for text in texts)
            disabled = [c for c in bar.choices if not c.enabled]
            assert all(c.reason for c in disabled)

    async def test_choosing_an_action_submits_it(self) -> None:
        session = sample_session()
        app = make_app(first_screen=lambda: ExpeditionScreen(session))
        async with app.run_test(size=WIDE) as pilot:
            bar = app.screen.query_one(ActionBar)
            bar.set_choices(
                [ActionChoice("Wait", 1, key=".", action=None), ActionChoice("Fly", reason="No wings.")]
            )
            await pilot.pause()
            assert [c.label for c in bar.choices] == ["Wait", "Fly"]
            assert not bar.choices[1].enabled


class TestWidgets:
    def test_a_hidden_clock_shows_that_it_exists_and_moved_but_never_its_value(self) -> None:
        """§9.2: doom is known but hidden."""
        data = clock_from_view("Doom", {"exists": True, "moved": True})
        text = clock_text(data).plain
        assert data.hidden and "??" in text and "moved" in text
        public = clock_text(clock_from_view("Decay", {"size": 6, "filled": 2})).plain
        assert public.startswith("Decay ■■□□□□ 2/6")

    def test_omens_without_third_eye_are_not_shown(self) -> None:
        """§9.3: the omens show only to a seat with Third eye."""
        assert clock_from_view("Omens", None) == ClockData("Omens", shown=False)

    def test_tiles_use_glyphs_not_only_colours(self) -> None:
        view = MapView(
            3,
            1,
            ("..#",),
            seen=frozenset({(0, 0), (1, 0), (2, 0)}),
            visible=frozenset({(1, 0), (2, 0)}),
            lit=frozenset({(1, 0)}),
            party=(2, 0),
            markers={(1, 0): Marker("trap", label="trap")},
        )
        assert cell(view, (0, 0)) == (".", "remembered")
        assert cell(view, (1, 0)) == ("^", "trap")
        assert cell(view, (2, 0)) == ("@", "party")


class TestSmallSizes:
    async def test_the_smallest_terminal_shows_map_and_side_panel(self) -> None:
        app = make_app(first_screen=lambda: ExpeditionScreen(sample_session()))
        async with app.run_test(size=SMALLEST) as pilot:
            await pilot.pause()
            tile_map = app.screen.query_one(TileMap)
            assert tile_map.size.width >= 20 and tile_map.size.height >= 5

    async def test_too_small_shows_the_size_guard_and_recovers(self) -> None:
        from expedition.ui.screens.too_small import TooSmallScreen

        app = make_app(first_screen=lambda: ExpeditionScreen(sample_session()))
        async with app.run_test(size=WIDE) as pilot:
            await pilot.resize_terminal(60, 16)  # below 80×24
            await pilot.pause()
            assert isinstance(app.screen, TooSmallScreen)
            await pilot.resize_terminal(*WIDE)
            await pilot.pause()
            assert isinstance(app.screen, ExpeditionScreen)


def _test_info() -> RollInfo:
    return RollInfo(
        "Jory",
        "DEX test",
        3,
        proficiency=1,
        first=(1, 3, 5),
        faces=(4, 3, 5),
        history=("die 1: 1 → 4 (proficiency)",),
    )


def _reroll_decision() -> Decision:
    choices = (
        Choice("pass", "Keep these dice"),
        Choice("proficiency:1", "Reroll die 2 (a 3) with proficiency (1 left)"),
    )
    return Decision(
        "reroll", "c1", "Jory's DEX test: 4, 3, 5. Reroll one of your dice?", choices, "pass", "§3.2"
    )


class TestSnapshots:
    def test_expedition_screen_wide(self, snap_compare: Any) -> None:
        app = make_app(first_screen=lambda: ExpeditionScreen(sample_session()))
        assert snap_compare(app, press=["right", "right"], terminal_size=WIDE)  # two steps east

    def test_expedition_screen_smallest(self, snap_compare: Any) -> None:
        app = make_app(first_screen=lambda: ExpeditionScreen(sample_session()))
        assert snap_compare(app, terminal_size=SMALLEST)

    def test_test_prompt(self, snap_compare: Any) -> None:
        app = make_app(first_screen=lambda: prompts.TestPrompt(_reroll_decision(), _test_info(), "Jory"))
        assert snap_compare(app, terminal_size=WIDE)

    def test_fainting_prompt(self, snap_compare: Any) -> None:
        from expedition.rules.character.fainting import Fainted

        event = Fainted(rule="§4.3", character="c1", discarded=2, turns=2, stun_discarded=1)
        info = fainting_info(event, (event,), {"c1": "Jory"})
        assert snap_compare(make_app(first_screen=lambda: FaintingPrompt(info)), terminal_size=WIDE)

    def test_mortal_wound_prompt(self, snap_compare: Any) -> None:
        rolled = DiceRolled(rule="§4.4", who="c1", why="mortal wound", sides=6, faces=(5,))
        event = MortalWoundRolled(rule="§4.4", character="c1", total=6, outcome=MortalOutcome.NEAR_DEATH)
        info = mortal_info(event, (rolled, event), {"c1": "Jory"})
        assert snap_compare(make_app(first_screen=lambda: MortalWoundPrompt(info)), terminal_size=WIDE)


async def test_number_keys_choose_who_acts() -> None:
    """§10.1: each adventurer acts for themselves; 2 makes the second one the actor."""
    session = sample_session()
    app = make_app(first_screen=lambda: ExpeditionScreen(session))
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        screen = _screen(app)
        first = screen.actor
        await pilot.press("2")
        await pilot.pause()
        assert screen.actor != first
        assert screen.actor == session.state.party[1].id


async def test_after_an_action_and_its_prompts_the_arrows_move_the_party_again() -> None:
    """§10.1: choosing from the action list, answering its prompts, then walking on at once."""
    session = sample_session()
    app = make_app(first_screen=lambda: ExpeditionScreen(session))
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        await pilot.press("enter", "down", "down", "down", "enter")  # the third action: a search
        await pilot.pause()
        for _ in range(6):
            if session.pending is None:
                break
            await pilot.press("enter")
            await pilot.pause()
        assert session.pending is None
        assert session.state.expedition is not None
        x, y = session.state.expedition.position
        await pilot.press("right")
        await pilot.pause()
        assert session.state.expedition.position == (x + 1, y)


async def test_arrows_in_the_log_search_box_go_to_the_lines_not_the_party() -> None:
    """Tab into the log's search box: Down moves to the log lines and the party stays where it is."""
    session = sample_session()
    app = make_app(first_screen=lambda: ExpeditionScreen(session))
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        assert session.state.expedition is not None
        here = session.state.expedition.position
        await pilot.press("tab")
        await pilot.pause()
        assert app.focused is not None and app.focused.id == "log-search"
        await pilot.press("down")
        await pilot.pause()
        assert session.state.expedition.position == here
        assert app.focused is not None and app.focused.id == "log-lines"


async def test_walking_into_a_wall_again_does_not_pile_up_the_same_notice() -> None:
    """A refused step shows why once; pressing into the wall again keeps a single notice on screen."""
    session = sample_session()
    app = make_app(first_screen=lambda: ExpeditionScreen(session))
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        for _ in range(12):  # far enough west to meet a wall whatever the start
            await pilot.press("left")
        await pilot.pause()
        texts = [n.message for n in app._notifications]
        assert texts and len(texts) == len(set(texts))


async def test_refusals_under_an_open_question_do_not_pile_up_on_the_map() -> None:
    """A tmux walk: arrows pressed as a question opened left "The wall blocks the way." four times
    on the map; clearing the toasts to show the same one anew reached only the question's screen."""
    session = sample_session()
    app = make_app(first_screen=lambda: ExpeditionScreen(session))
    async with app.run_test(size=WIDE, notifications=True) as pilot:  # tests show no toasts unless asked
        await pilot.pause()
        expedition = _screen(app)
        expedition.warn("The wall blocks the way.")
        await pilot.pause()
        app.push_screen(ModalScreen[None]())
        await pilot.pause()
        for _ in range(3):
            expedition.warn("The wall blocks the way.")
            await pilot.pause()
        await pilot.pause(0.2)
        # A toast under a question is drawn by both screens, at the same place: one notification.
        shown = {t._notification.identity for screen in app.screen_stack for t in screen.query(Toast)}
        assert len(shown) == 1


async def test_harm_notices_show_one_at_a_time_and_the_next_question_waits_for_them() -> None:
    """§4.4: two mortal wounds in one update are read one after the other, then the pending question."""
    session = sample_session()
    app = make_app(first_screen=lambda: ExpeditionScreen(session))
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        screen = _screen(app)
        events = tuple(
            MortalWoundRolled(rule="§4.4", character=who, total=6, outcome=MortalOutcome.NEAR_DEATH)
            for who in ("c1", "c2")
        )
        app.feed.router.heard(Update(Seat.host(), events, session.view(Seat.host())))
        await pilot.pause()
        assert isinstance(app.screen, MortalWoundPrompt)
        assert sum(isinstance(s, MortalWoundPrompt) for s in app.screen_stack) == 1  # never stacked
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, MortalWoundPrompt)  # the second one
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen


def test_lines_that_read_the_same_are_offered_once() -> None:
    """A tmux walk: three bundles of torches gave three "Light the Torches" lines; one is kept."""
    light = [ActionChoice("Light the Torches", 1, action=uid, unit="action") for uid in (7, 8, 9)]
    other = ActionChoice("Dodge", 2, action="dodge", unit="action")
    refused = ActionChoice("Light the Torches", 1, reason="no hand free", action=10, unit="action")
    kept = distinct([light[0], other, light[1], refused, light[2]])
    assert kept == [light[0], other, refused]
