"""The compendium opens from every screen of the game (F2 everywhere, `c` where no text box takes it)."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from rich.table import Table
from rich.text import Text
from textual.screen import Screen

import expedition.ui.screens as screens_package
from expedition.content.catalog import load_catalog
from expedition.rules.character.fainting import Fainted
from expedition.rules.character.mortal_wounds import MortalOutcome, MortalWoundRolled
from expedition.rules.core.decisions import Choice, Decision
from expedition.rules.core.events import DiceRolled
from expedition.rules.exploration.setting_up_camp import SetUpCamp
from expedition.session.campaigns import CampaignSummary
from expedition.session.views import Seat
from expedition.ui.app import make_app
from expedition.ui.creation_flow import CreationFlow, party_specs
from expedition.ui.expedition_summary import HOME, ExpeditionLedger
from expedition.ui.screens.compendium_screen import CompendiumScreen
from expedition.ui.screens.confirm import ConfirmPrompt
from expedition.ui.screens.creation_screen import CreationScreen
from expedition.ui.screens.creation_shop import StartingShopScreen
from expedition.ui.screens.destination import DestinationPrompt
from expedition.ui.screens.dungeon.camp_screen import CampScreen
from expedition.ui.screens.dungeon.combat_prompts import DefendPrompt, TargetPrompt
from expedition.ui.screens.dungeon.expedition_screen import ExpeditionScreen
from expedition.ui.screens.dungeon.harm_info import fainting_info, mortal_info
from expedition.ui.screens.dungeon.harm_odds import OddsPrompt
from expedition.ui.screens.dungeon.history_screen import HistoryScreen
from expedition.ui.screens.explain import ExplainScreen
from expedition.ui.screens.handover import HandOverScreen
from expedition.ui.screens.help import HelpScreen
from expedition.ui.screens.load import LoadScreen
from expedition.ui.screens.name_prompt import NamePrompt
from expedition.ui.screens.party_screen import PartyScreen
from expedition.ui.screens.prompts import (
    DecisionPrompt,
    FaintingPrompt,
    MortalWoundPrompt,
    RollInfo,
    TestPrompt,
)
from expedition.ui.screens.save_elsewhere import SaveElsewherePrompt
from expedition.ui.screens.sheet_screen import SheetScreen
from expedition.ui.screens.summary_screen import SummaryScreen
from expedition.ui.screens.title import TitleScreen
from expedition.ui.screens.town.interlude_prompts import ItemsPrompt
from expedition.ui.screens.town.interlude_screen import InterludeScreen
from expedition.ui.widgets.log_text import LogEntry
from tests.ui.conftest import EXPEDITION_SIZE, SAMPLE_LINES, SMALL_ENTRIES, sample_character
from tests.ui.expedition_fixtures import sample_session
from tests.ui.interlude_fixtures import interlude_session
from tests.ui.test_camp_screen import answer_defaults, camp_ready_session
from tests.ui.test_party_screen import quick_session

NOT_SHOWN_ON_THEIR_OWN = {
    "CombatMode": "the fight half of ExpeditionScreen, never pushed by itself",
    "GameScreen": "the base of every screen that follows the game through the port",
    "InterludeBase": "a base of InterludeScreen",
    "InterludeMoves": "a base of InterludeScreen",
    "HarmPrompt": "a base of FaintingPrompt and MortalWoundPrompt",
    "CompendiumScreen": "the compendium itself",
    "TooSmallScreen": "the size guard: app keys wait until the game fits (tested in test_app.py)",
    "LookScreen": "a cursor over the expedition screen's map (F2 there: test_roguelike_keys.py)",
}
"""Screen classes the test does not open, and why."""


def _decision() -> Decision:
    return Decision(
        "reroll", "c1", "Keep these dice?", (Choice("pass", "Keep"), Choice("again", "Again")), "pass", "§3.2"
    )


def _camp() -> CampScreen:
    session = camp_ready_session()
    session.submit(Seat.host(), SetUpCamp(actor=session.state.party[0].id))
    answer_defaults(session)
    return CampScreen(session)


def _shop() -> StartingShopScreen:
    catalog = load_catalog()
    flow = CreationFlow(catalog, 7, party_specs([1], [], list(catalog.classes.classes)))
    flow.finish_with_defaults()
    return StartingShopScreen(flow, flow.characters[0])


def _fainting() -> FaintingPrompt:
    event = Fainted(rule="§4.3", character="c1", discarded=2, turns=2, stun_discarded=1)
    return FaintingPrompt(fainting_info(event, (event,), {"c1": "Jory"}))


def _mortal() -> MortalWoundPrompt:
    rolled = DiceRolled(rule="§4.4", who="c1", why="mortal wound", sides=6, faces=(5,))
    event = MortalWoundRolled(rule="§4.4", character="c1", total=6, outcome=MortalOutcome.NEAR_DEATH)
    return MortalWoundPrompt(mortal_info(event, (rolled, event), {"c1": "Jory"}))


def _test_prompt() -> TestPrompt:
    info = RollInfo("Jory", "DEX test", 3, proficiency=1, first=(1, 3, 5), faces=(4, 3, 5))
    return TestPrompt(_decision(), info, "Jory")


def _explain() -> ExplainScreen:
    rolled = DiceRolled(rule="§3.2", who="c1", why="DEX test", sides=6, faces=(2, 5))
    return ExplainScreen(LogEntry(1, "Jory rolls.", (rolled,)), [("Dice", "2, 5")])


SCREENS: dict[str, Callable[[Path], Screen[Any]]] = {
    "TitleScreen": lambda saves: TitleScreen(),
    "CreationScreen": lambda saves: CreationScreen(load_catalog(), 7),
    "StartingShopScreen": lambda saves: _shop(),
    "PartyScreen": lambda saves: PartyScreen(quick_session(saves)),
    "SheetScreen": lambda saves: SheetScreen(sample_character(), SAMPLE_LINES),
    "ExpeditionScreen": lambda saves: ExpeditionScreen(sample_session()),
    "CampScreen": lambda saves: _camp(),
    "InterludeScreen": lambda saves: InterludeScreen(interlude_session()),
    "HandOverScreen": lambda saves: HandOverScreen("Player 2", ["Jory moved."], "a decision for Jory"),
    "HelpScreen": lambda saves: HelpScreen(TitleScreen()),
    "ExplainScreen": lambda saves: _explain(),
    "ItemsPrompt": lambda saves: ItemsPrompt("Sell what?", [(1, "Rope"), (2, "Torch")], 2),
    "LoadScreen": lambda saves: LoadScreen([CampaignSummary("campaign-7", day=3, phase="interlude")]),
    "NamePrompt": lambda saves: NamePrompt("A new name for Player 1:", "Player 1"),
    "SaveElsewherePrompt": lambda saves: SaveElsewherePrompt("saving failed: the disk is full", "tomb"),
    "DecisionPrompt": lambda saves: DecisionPrompt(_decision(), "Jory"),
    "DestinationPrompt": lambda saves: DestinationPrompt(_decision(), "the party"),
    "ConfirmPrompt": lambda saves: ConfirmPrompt(
        Decision("end_the_day", "", "End day 2?", (Choice("yes", "End day 2"), Choice("no", "Go back")), "no")
    ),
    "TestPrompt": lambda saves: _test_prompt(),
    "TargetPrompt": lambda saves: TargetPrompt(_decision(), "Jory"),
    "DefendPrompt": lambda saves: DefendPrompt(_decision(), {}, "", "Jory"),
    "FaintingPrompt": lambda saves: _fainting(),
    "MortalWoundPrompt": lambda saves: _mortal(),
    "OddsPrompt": lambda saves: OddsPrompt(_decision(), Table(), Text("hit 50% ##########"), "Jory"),
    "HistoryScreen": lambda saves: HistoryScreen([LogEntry(1, "Jory rolls.", ())], {"c1": "Jory"}),
    "SummaryScreen": lambda saves: SummaryScreen(ExpeditionLedger(dungeon="The Salted Hollows", ended=HOME)),
}
"""One way to open each screen the game shows."""


def _screen_classes() -> set[str]:
    found: set[str] = set()
    for module_info in pkgutil.walk_packages(screens_package.__path__, f"{screens_package.__name__}."):
        module = importlib.import_module(module_info.name)
        for name, value in vars(module).items():
            if inspect.isclass(value) and issubclass(value, Screen) and value.__module__ == module.__name__:
                found.add(name)
    return found


def test_every_screen_class_is_checked_or_said_why_not() -> None:
    """Issue #3: the list below covers every Screen class in expedition/ui/screens."""
    assert _screen_classes() == set(SCREENS) | set(NOT_SHOWN_ON_THEIR_OWN)


@pytest.mark.parametrize("name", sorted(SCREENS))
async def test_f2_opens_the_compendium_and_escape_comes_back(name: str, tmp_path: Path) -> None:
    """Issue #3: the compendium is reachable from every screen; closing it returns to that screen."""
    app = make_app(SMALL_ENTRIES, first_screen=lambda: SCREENS[name](tmp_path))
    async with app.run_test(size=EXPEDITION_SIZE) as pilot:
        await pilot.pause()
        under = app.screen
        assert type(under).__name__ == name
        await pilot.press("f2")
        await pilot.pause()
        assert isinstance(app.screen, CompendiumScreen), name
        await pilot.press("escape")
        await pilot.pause()
        # Help gives way to the compendium (it is popped, not stacked under it).
        assert app.screen is under or (name == "HelpScreen" and isinstance(app.screen, TitleScreen))
