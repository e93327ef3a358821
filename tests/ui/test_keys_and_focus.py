"""Issue #16: keys, focus, the action list, suggestions and confirmations, as a new player meets them."""

from __future__ import annotations

from fractions import Fraction

import pytest
from textual.widgets import OptionList

from expedition.rules.combat.attacking import AttackFoe
from expedition.rules.combat.combat_state import CombatState
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import Choice, Decision
from expedition.rules.core.dice import SeededDice
from expedition.rules.core.events import DiceRolled
from expedition.rules.core.lasting import Span, add_lasting
from expedition.rules.core.odds import RollOdds
from expedition.rules.magic.spells.attack_spells import HurlSpellShot
from expedition.rules.magic.spells.spellcasting import CastSpell
from expedition.rules.magic.warding import PRISON
from expedition.session.seat_view import SeatOption
from expedition.ui.app import make_app
from expedition.ui.screens.confirm import ConfirmPrompt
from expedition.ui.screens.destination import DestinationPrompt
from expedition.ui.screens.dungeon.combat_odds import AttackLine, attack_decision, best_attack, combat_choices
from expedition.ui.screens.dungeon.combat_prompts import TargetPrompt
from expedition.ui.screens.dungeon.expedition_screen import ExpeditionScreen
from expedition.ui.screens.explain import ExplainScreen
from expedition.ui.screens.prompts import DecisionPrompt
from expedition.ui.widgets.action_bar import ActionBar
from expedition.ui.widgets.log import GameLog
from expedition.ui.widgets.log_text import LogEntry
from expedition.ui.widgets.tile_map import TileMap
from tests.ui.combat_fixtures import guard_state
from tests.ui.expedition_fixtures import sample_level, sample_session

WIDE = (120, 40)
"""A roomy terminal."""


def _odds(hit: str) -> RollOdds:
    chance = Fraction(hit)
    return RollOdds(Fraction(0), 1 - chance, chance, Fraction(0), Fraction(0))


def _attack(target: str, hit: str) -> AttackLine:
    attack = AttackFoe(actor="c1", target=target, weapon_uid=1)
    option = SeatOption(attack, f"Attack {target}", 1, "action", actor="c1", target=target)
    return AttackLine(option, option.label, _odds(hit))


class TestSuggestedAttack:
    def test_the_likeliest_hit_is_suggested_not_the_first_listed(self) -> None:
        lines = [_attack("foe1", "89/100"), _attack("foe2", "97/100")]
        assert best_attack(lines) == 1

    def test_a_foe_nothing_can_reach_is_never_suggested(self) -> None:
        """§11.1 Arcane prison: the foe cannot be harmed, so attacking it is no suggestion."""
        state = guard_state()
        add_lasting(Context(SeededDice(1)), state, PRISON, "foe2", Span.ROUND, 3, rule="§11.1")
        lines = [_attack("foe1", "50/100"), _attack("foe2", "97/100")]
        assert best_attack(lines, state) == 0
        add_lasting(Context(SeededDice(1)), state, PRISON, "foe1", Span.ROUND, 3, rule="§11.1")
        assert best_attack(lines, state) is None

    async def test_the_prompt_marks_only_the_suggested_attack(self) -> None:
        state = guard_state()
        lines = [_attack("foe1", "89/100"), _attack("foe2", "97/100")]
        decision, suggested = attack_decision(state.party[0], lines, state)
        assert suggested == "1" and decision.default == "1"
        app = make_app(first_screen=lambda: TargetPrompt(decision, "Jory", suggested))
        async with app.run_test(size=WIDE) as pilot:
            await pilot.pause()
            listing = app.screen.query_one("#prompt-choices", OptionList)
            texts = [str(listing.get_option_at_index(i).prompt) for i in range(listing.option_count)]
            assert [t.endswith("(suggested)") for t in texts] == [False, True]
            assert listing.highlighted == 1


@pytest.mark.parametrize("advised", [True, False])
async def test_a_prompt_marks_its_default_suggested_only_when_the_game_advises_it(advised: bool) -> None:
    """A suggestion is the best answer or is not marked: an approach where a tiring die faints is not."""
    choices = (Choice("roll", "Roll 2 dice and keep the lowest"), Choice("decline", "Roll no dice"))
    decision = Decision("approach", "c1", "How do they roll?", choices, "roll", "§3.5", advised)
    app = make_app(first_screen=lambda: DecisionPrompt(decision, "Hale"))
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        listing = app.screen.query_one("#prompt-choices", OptionList)
        texts = [str(listing.get_option_at_index(i).prompt) for i in range(listing.option_count)]
        assert [t.endswith("(suggested)") for t in texts] == [advised, False]


def test_a_spell_already_cast_is_fired_before_casting_it_again_and_the_two_lines_differ() -> None:
    """§11.1 Magic missile: the shot (no new test) comes first; casting again says it risks the spell."""
    options = [
        SeatOption(CastSpell(actor="c1", spell="magic_missile", target="foe1"), "Cast Magic missile → Worm"),
        SeatOption(
            HurlSpellShot(actor="c1", spell="magic_missile", target="foe1"), "Magic missile shot → Worm"
        ),
    ]
    choices = combat_choices(options, CombatState(), "c1")
    labels = [choice.label for choice in choices]
    assert labels[0].startswith("Magic missile shot") and "no new test" in labels[0]
    assert labels[1].startswith("Cast Magic missile") and "forgets" in labels[1]


class TestFocus:
    async def test_escape_in_the_log_and_in_a_why_window_gives_the_map_its_keys(self) -> None:
        app = make_app(first_screen=lambda: ExpeditionScreen(sample_session()))
        async with app.run_test(size=WIDE) as pilot:
            screen = app.screen
            log = screen.query_one(GameLog)
            rolled = DiceRolled(rule="§9.1", who="gm", why="decay table", sides=6, faces=(5,))
            log.entries = (LogEntry(1, "The GM rolls decay table: d6 [5]", (rolled,)),)
            await pilot.press("slash", *"decay", "enter")  # search, then to the lines
            await pilot.pause()
            await pilot.press("enter")  # open the line: "Why?"
            await pilot.pause()
            assert isinstance(app.screen, ExplainScreen)
            await pilot.press("escape")
            await pilot.pause()
            assert app.screen is screen and isinstance(app.focused, TileMap)
            await pilot.press("slash", *"decay")
            await pilot.press("escape")  # out of the search box: the map, the search emptied
            await pilot.pause()
            assert isinstance(app.focused, TileMap) and log.search_text == ""

    async def test_refused_actions_are_reachable_and_enter_says_why(self) -> None:
        session = sample_session()
        app = make_app(first_screen=lambda: ExpeditionScreen(session))
        async with app.run_test(size=WIDE) as pilot:
            await pilot.pause()
            bar = app.screen.query_one(ActionBar)
            refused = next(i for i, choice in enumerate(bar.choices) if not choice.enabled)
            await pilot.press("enter")  # open the list: the cursor is on a line in view
            await pilot.pause()
            listing = bar.query_one(OptionList)
            assert listing.highlighted == 0
            for _ in range(refused):
                await pilot.press("down")
            await pilot.pause()
            assert listing.highlighted == refused, "the cursor reaches a refused line"
            journal = len(session.records)
            await pilot.press("enter")
            await pilot.pause()
            assert len(session.records) == journal
            assert any(bar.choices[refused].reason in str(n.message) for n in app._notifications)

    async def test_leaving_the_dungeon_is_listed_away_from_the_exit_with_the_distance(self) -> None:
        session = sample_session()
        app = make_app(first_screen=lambda: ExpeditionScreen(session))
        async with app.run_test(size=WIDE) as pilot:
            await pilot.pause()
            for _ in range(3):
                await pilot.press("right")
            await pilot.pause()
            leave = next(c for c in app.screen.query_one(ActionBar).choices if c.label.startswith("Leave"))
            assert not leave.enabled and "tiles away" in leave.reason


class TestConfirmations:
    async def test_leaving_the_dungeon_asks_first_and_esc_stays(self) -> None:
        session = sample_session()
        app = make_app(first_screen=lambda: ExpeditionScreen(session))
        async with app.run_test(size=WIDE) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, ExpeditionScreen)
            for _ in range(12):  # west to the way out
                if any(c.enabled and c.label.startswith("Leave") for c in screen.choices()):
                    break
                await pilot.press("left")
                await pilot.pause()
            leave = next(c for c in screen.choices() if c.label.startswith("Leave"))
            screen.do(leave)
            await pilot.pause()
            assert isinstance(app.screen, ConfirmPrompt)
            await pilot.press("escape")  # go back: still in the dungeon
            await pilot.pause()
            assert session.state.expedition is not None
            screen.do(leave)
            await pilot.pause()
            await pilot.press("y")
            await pilot.pause()
            assert session.state.expedition is None

    async def test_dialog_subtitles_say_what_their_footers_say(self) -> None:
        decision = Decision("destination", "", "Where?", (Choice("a", "A"), Choice("b", "B")), "a")
        for prompt, words in (
            (DestinationPrompt(decision), "Stay in town"),
            (TargetPrompt(decision), "Go back"),
        ):
            app = make_app(first_screen=lambda prompt=prompt: prompt)
            async with app.run_test(size=WIDE) as pilot:
                await pilot.pause()
                subtitle = str(app.screen.query_one("#prompt-box").border_subtitle)
                footer = [b.binding.description for b in app.screen.active_bindings.values()]
                assert words in footer and words.lower().split()[0] in subtitle.lower()


class TestActionKeys:
    """The keys the action list shows for "Listen at the door" (n) and the stairs (>) work on the map."""

    async def test_n_at_a_door_listens(self) -> None:
        session = sample_session()
        expedition = session.state.expedition
        assert expedition is not None
        expedition.position = (28, 33)  # west of the ossuary's door
        app = make_app(first_screen=lambda: ExpeditionScreen(session))
        async with app.run_test(size=WIDE) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, ExpeditionScreen)
            assert any(c.key == "n" and c.enabled for c in screen.choices())  # the list shows n
            journal = len(session.records)
            await pilot.press("n")
            for _ in range(10):  # answer the listening check's questions with their defaults
                await pilot.pause()
                if app.screen is screen:
                    break
                await pilot.press("escape")
            assert len(session.records) > journal
            assert any("listens at the door" in entry.text for entry in screen.entries)

    async def test_greater_than_away_from_stairs_says_why_not(self) -> None:
        session = sample_session()
        app = make_app(first_screen=lambda: ExpeditionScreen(session))
        async with app.run_test(size=WIDE) as pilot:
            await pilot.pause()
            journal = len(session.records)
            await pilot.press("greater_than_sign")  # at the entrance: no stairs
            await pilot.pause()
            assert len(session.records) == journal
            assert any("There are no stairs down here." in str(n.message) for n in app._notifications)

    async def test_greater_than_on_the_stairs_goes_down(self) -> None:
        session = sample_session()
        expedition = session.state.expedition
        assert expedition is not None
        expedition.dungeon.levels.append(sample_level())  # a level below the stairs
        expedition.position, expedition.area = (104, 68), "room:2"  # on the stairs down
        app = make_app(first_screen=lambda: ExpeditionScreen(session))
        async with app.run_test(size=WIDE) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, ExpeditionScreen)
            assert any(c.key == ">" and c.enabled for c in screen.choices())  # the list shows >
            await pilot.press("greater_than_sign")
            for _ in range(10):  # answer what the way down asks with the defaults
                await pilot.pause()
                if app.screen is screen:
                    break
                await pilot.press("escape")
            assert session.state.expedition is not None and session.state.expedition.depth == 2
