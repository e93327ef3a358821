"""The interlude screen (§10.4): buying, haggling, selling and ending the interlude by keys; snapshots."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from textual.pilot import Pilot
from textual.widgets import Input

from expedition.rules.core.dice import DiceExpr
from expedition.rules.core.events import Event
from expedition.rules.interlude.daily_actions import ItemSold
from expedition.rules.interlude.interlude_state import DailyAction
from expedition.rules.interlude.market import ItemBought, PriceRerolled
from expedition.session.session import Session
from expedition.session.views import Seat
from expedition.ui.app import make_app
from expedition.ui.screens.confirm import ConfirmPrompt
from expedition.ui.screens.destination import DestinationPrompt
from expedition.ui.screens.dungeon.expedition_screen import ExpeditionScreen
from expedition.ui.screens.party_screen import PartyScreen
from expedition.ui.screens.prompts import DecisionPrompt
from expedition.ui.screens.town.interlude_prompts import ItemsPrompt
from expedition.ui.screens.town.interlude_screen import InterludeScreen
from expedition.ui.widgets.interlude_panels import DaySection
from expedition.ui.widgets.interlude_text import expr_odds, haggle_odds, percent
from expedition.ui.widgets.log import GameLog
from tests.ui.interlude_fixtures import TREASURE, interlude_session

SIZE = (120, 40)
"""A roomy terminal: the market's columns, the odds beside them and the log all fit."""


class Heard:
    """Every event the session tells the host's seat, in order."""

    def __init__(self, session: Session) -> None:
        self.events: list[Event] = []
        session.subscribe(lambda update: self.events.extend(update.events), Seat.host())

    def of(self, kind: type[Event]) -> list[Any]:
        """The events of one class heard so far."""
        return [e for e in self.events if isinstance(e, kind)]


async def _answer_defaults(pilot: Pilot[None], session: Session) -> None:
    """Take the suggested answer of every decision the game asks (Esc on each prompt)."""
    for _ in range(30):
        if session.pending is None:
            return
        assert isinstance(pilot.app.screen, DecisionPrompt)
        await pilot.press("escape")
        await pilot.pause()


async def _plan(pilot: Pilot[None], action: DailyAction) -> None:
    """Highlight a daily action in the day list (from the top) and announce it."""
    await pilot.press("d")  # the day section, its list focused
    await pilot.pause()
    listed = pilot.app.screen.query_one("#day", DaySection).options
    # The arrows skip the lines that cannot be chosen today.
    enabled = [o.id for o in listed.options if not o.disabled]
    await pilot.press("home", *["down"] * enabled.index(f"{action.value}:"), "enter")
    await pilot.pause()


class TestInterludeByKeys:
    async def test_buy_haggle_sell_and_set_out(self) -> None:
        """§10.4.3, §6.1, §7.2: from the party screen into the settlement and out on a new expedition."""
        session = interlude_session()
        state = session.state
        jory, lorcan = state.party[0], state.party[1]
        treasure = next(i for i in lorcan.items if i.defn.key == TREASURE)
        heard = Heard(session)
        app = make_app(session=session)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("i")  # the party screen opens the interlude
            await pilot.pause()
            assert isinstance(app.screen, InterludeScreen)
            await pilot.press("e", "y")  # the day of return: only its night is left (y confirms)
            await pilot.pause()
            await _answer_defaults(pilot, session)
            assert state.interlude is not None and state.interlude.day == 2
            # Jory goes shopping; Lorcan sells the treasure.
            await _plan(pilot, DailyAction.GO_SHOPPING)
            await pilot.press("2")
            await _plan(pilot, DailyAction.SELL)
            assert isinstance(app.screen, ItemsPrompt)
            names = [label for _, label in app.screen.items]
            await pilot.press(*["down"] * names.index(treasure.name), "space", "enter")
            await pilot.pause()
            assert [p.action for p in state.interlude.plans] == [DailyAction.GO_SHOPPING, DailyAction.SELL]
            assert state.interlude.plans[1].items == (treasure.uid,)
            # Jory buys the first ware, haggles over it, and buys another at the new price.
            await pilot.press("1", "m", "home", "enter")
            await pilot.pause()
            bought = heard.of(ItemBought)
            assert len(bought) == 1
            silver = state.silver
            await pilot.press("h")
            await pilot.pause()
            rerolled = heard.of(PriceRerolled)
            assert len(rerolled) == 1 and jory.id in state.interlude.haggled
            await pilot.press("b")
            await pilot.pause()
            second = heard.of(ItemBought)
            assert len(second) == 2 and second[1].price == rerolled[0].kept
            assert state.silver == silver - rerolled[0].kept
            # The day ends: the sale is made.
            await pilot.press("e", "y")  # end the day (y confirms)
            await pilot.pause()
            await _answer_defaults(pilot, session)
            sold = heard.of(ItemSold)
            assert [s.item for s in sold] == [treasure.uid]
            assert all(i.uid != treasure.uid for i in lorcan.items)
            # Setting out asks where to (a new dungeon is highlighted), ends the interlude, shows the dungeon.
            await pilot.press("o")
            await pilot.pause()
            assert isinstance(app.screen, DestinationPrompt)
            await pilot.press("enter")
            await pilot.pause()
            await pilot.pause()
            assert state.interlude is None and state.expedition is not None
            assert isinstance(app.screen, ExpeditionScreen)

    async def test_escape_goes_back_to_the_party_screen_and_i_returns(self) -> None:
        session = interlude_session()
        app = make_app(session=session)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("i")
            await pilot.pause()
            assert isinstance(app.screen, InterludeScreen)
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, PartyScreen)
            assert session.state.interlude is not None

    async def test_e_asks_before_the_day_ends_and_slash_searches_the_log(self) -> None:
        """Issue #16: `e` ended a day at once, and typing "sell" where a search box seemed to be cost one."""
        session = interlude_session()
        interlude = session.state.interlude
        assert interlude is not None
        day, journal = interlude.day, len(session.records)
        app = make_app(first_screen=lambda: InterludeScreen(session))
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = app.screen
            await pilot.press("e")
            await pilot.pause()
            assert isinstance(app.screen, ConfirmPrompt)
            await pilot.press("n")  # go back
            await pilot.pause()
            assert app.screen is screen and interlude.day == day and len(session.records) == journal
            await pilot.press("slash", *"sell")  # the log's search box takes the letters
            await pilot.pause()
            assert isinstance(app.focused, Input) and app.focused.value == "sell"
            assert screen.query_one(GameLog).search_text == "sell"
            assert app.screen is screen and interlude.day == day and len(session.records) == journal

    async def test_insight_is_spent_from_the_party_section(self) -> None:
        """§10.5.4: Enter on a spend in the party section pays its cost in insight."""
        session = interlude_session()
        jory = session.state.party[0]
        before = jory.insight.spent
        app = make_app(first_screen=lambda: InterludeScreen(session))
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("y", "home", "enter")  # the party section: the first (cheapest) spend
            await pilot.pause()
        assert jory.insight.spent == before + 1


class TestOdds:
    def test_price_dice_distribution_is_exact(self) -> None:
        """§7.2: 2 + 2d6 runs 4..14 and sums to one; 9 is the likeliest."""
        odds = expr_odds(DiceExpr(2, 6, bonus=2))
        assert min(odds) == 4 and max(odds) == 14 and sum(odds.values()) == 1
        assert max(odds, key=odds.__getitem__) == 9

    def test_haggle_odds_of_a_middling_common_price(self) -> None:
        """§6.1: rerolling 1d6 against a price of 4 is lower 3/6 and higher 2/6."""
        lower, higher = haggle_odds(DiceExpr(1, 6), 4)
        assert (lower, higher) == (Fraction(1, 2), Fraction(1, 3))
        assert percent(lower) == "50%"


class TestSnapshots:
    def test_market_section(self, snap_compare: Any) -> None:
        """A fief's market on day 2: Jory shopping, one ware asked after, availability odds shown."""

        async def run_before(pilot: Pilot[None]) -> None:
            await pilot.press("e", "y")  # end the day of return (y confirms)
            await pilot.pause()
            await _answer_defaults(pilot, session)
            await _plan(pilot, DailyAction.GO_SHOPPING)
            await pilot.press("m", "home", "a")  # ask the first ware's price
            await pilot.pause()

        session = interlude_session("trinta")  # a fief whose common goods roll their risk dice
        app = make_app(first_screen=lambda: InterludeScreen(session))
        assert snap_compare(app, terminal_size=SIZE, run_before=run_before)

    def test_night_section(self, snap_compare: Any) -> None:
        """The night of return: the city's beds, their cost, and the inn's table with its odds."""

        async def run_before(pilot: Pilot[None]) -> None:
            await pilot.press("n", "home", "down", "down")  # the night section, the inn highlighted
            await pilot.pause()

        session = interlude_session()
        app = make_app(first_screen=lambda: InterludeScreen(session))
        assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


async def _to_line(pilot: Pilot[None], options: Any, key: str) -> None:
    """Highlight the line `key` of a focused list (the arrows skip lines that cannot be chosen)."""
    enabled = [o.id for o in options.options if not o.disabled]
    await pilot.press("home", *["down"] * enabled.index(key))
    await pilot.pause()


class TestCampingOutAndTheStash:
    async def test_camping_out_cooks_then_sleeps_on_the_camp_table(self) -> None:
        """§10.3, §10.4.5 (house): a camp bed opens the camp screen; cook, break camp, roll the camp table."""
        from expedition.rules.camp.ambush import AmbushRolled
        from expedition.rules.camp.cooking import Cook, FoodCooked
        from expedition.rules.core.context import Context
        from expedition.rules.core.dice import SeededDice
        from expedition.rules.interlude.hunger_and_sleep import Slept
        from expedition.rules.interlude.interlude_state import new_item, receive
        from expedition.ui.screens.dungeon.camp_screen import CampScreen
        from expedition.ui.widgets.interlude_panels import NightSection

        session = interlude_session()
        state = session.state
        world = session.world
        jory = state.party[0]
        # Jory carries two more camping supplies: one to use up, and so a fire to cook on.
        receive(
            Context(SeededDice(0)), state, jory, new_item(state, world.items["camping_supplies"], 2), rule=""
        )
        heard = Heard(session)
        app = make_app(first_screen=lambda: InterludeScreen(session))
        async with app.run_test(size=SIZE) as pilot:
            for number in (1, 2, 3):  # Greta has no camping supply: she sleeps in the streets
                await pilot.press(str(number), "n")
                await pilot.pause()
                await _to_line(pilot, app.screen.query_one("#night", NightSection).options, "camp")
                await pilot.press("enter")
                await pilot.pause()
            assert state.interlude is not None
            assert [state.interlude.beds.get(m.id, "") for m in state.party] == ["camp"] * 3 + [""]
            await pilot.press("e", "y")  # the evening (y confirms): the camp is set up (supplies, the fire)
            await pilot.pause()
            await _answer_defaults(pilot, session)
            await pilot.pause()
            assert isinstance(app.screen, CampScreen)
            camp = app.screen
            cook = next(i for i, o in enumerate(camp._options) if isinstance(o.action, Cook))
            await pilot.press("1", "home", *["down"] * cook, "enter")
            await pilot.pause()
            assert [e.cook for e in heard.of(FoodCooked)] == [jory.id]
            await pilot.press("b", "y")  # break camp (y: the pool's last actions go): the camp table
            await pilot.pause()
            await pilot.pause()
            await _answer_defaults(pilot, session)
            await pilot.pause()
            assert isinstance(app.screen, InterludeScreen)
        assert not heard.of(AmbushRolled)
        slept = {e.character: e.place for e in heard.of(Slept)}
        assert [slept[m.id] for m in state.party[:3]] == ["camp"] * 3 and slept["c4"].startswith("streets")
        assert state.camp is None and state.interlude is not None and state.interlude.day == 2

    async def test_an_item_goes_to_the_stash_and_back(self) -> None:
        """§7.1 (house): in the party section, s leaves the highlighted item in the stash, k takes it back."""
        from expedition.ui.widgets.interlude_panels import StashSection

        session = interlude_session()
        state = session.state
        jory = state.party[0]
        torch = next(i for i in jory.items if i.defn.key == "torch")
        app = make_app(first_screen=lambda: InterludeScreen(session))
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("y", "v")  # the party section, its items list focused
            await pilot.pause()
            listed = app.screen.query_one("#stash", StashSection).options
            await _to_line(pilot, listed, f"item:{torch.uid}")
            await pilot.press("s")
            await pilot.pause()
            assert torch in state.stash and torch not in jory.items
            await _to_line(pilot, listed, f"stash:{torch.uid}")
            await pilot.press("k")
            await pilot.pause()
            assert torch in jory.items and torch not in state.stash
            # g hands it to another adventurer: Brannoc, the second one offered, has room for it.
            await _to_line(pilot, listed, f"item:{torch.uid}")
            await pilot.press("g")
            await pilot.pause()
            assert isinstance(app.screen, DecisionPrompt)
            await pilot.press("home", "down", "enter")
            await pilot.pause()
        assert torch in state.party[2].items and torch not in jory.items


def test_learning_a_known_skill_again_says_what_it_becomes() -> None:
    """§10.5.4 / §5.1: a skill learnt a second time turns into its advanced form; the option says so."""
    from expedition.rules.character.adventurer import Character
    from expedition.rules.character.insight import InsightSpend, SpendKind
    from expedition.rules.core.skills import Skill
    from expedition.ui.widgets.interlude_text import spend_words

    cook = Character("hobb", "Hobb", skills={Skill.COOKING})
    again = spend_words(InsightSpend(SpendKind.LEARN_SKILL, skill=Skill.COOKING), cook)
    assert again.startswith("Learn cooking again: it becomes master chef")
    fresh = spend_words(InsightSpend(SpendKind.LEARN_SKILL, skill=Skill.COOKING), Character("kes", "Kes"))
    assert fresh.startswith("Learn cooking —")


def test_destinations_offer_a_new_dungeon_the_known_ones_and_the_sample() -> None:
    """§9.2: a dungeon already visited can be chosen again (its doom kept); the sample dungeon is offered."""
    from expedition.rules.exploration.locations import Location
    from expedition.rules.trackers.doom import new_doom
    from expedition.session.catalog_world import default_world
    from expedition.session.seat_options import set_out_options

    state = interlude_session().state
    state.locations["The Gnawed Crypt"] = Location(
        "The Gnawed Crypt", new_doom("The Gnawed Crypt", ()), origin="generated:123:"
    )
    keys = [option.target for option in set_out_options(state, default_world())]
    assert keys[0] == "new" and "The Gnawed Crypt" in keys and "saint_wenna" in keys
    state.locations["gen-77"] = Location(
        "gen-77", new_doom("gen-77", ()), origin="generated:77:", title="The Weeping Crypt"
    )
    labels = {option.target: option.label for option in set_out_options(state, default_world())}
    # Its name, not its key.
    assert labels["gen-77"].startswith("Back to The Weeping Crypt (as the party left it")
