"""Every main screen of the game, built the same way for the layout snapshots and the fit checks.

Each `MainScreen` makes a fresh app showing one screen with fixed content (hand-built dungeons,
seeded parties) and the keys that bring it to the state worth looking at. The layout tests run
each at 80×24 (the smallest size the game is laid out for) and at 120×40.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from textual.pilot import Pilot

from expedition.content.catalog import load_catalog
from expedition.rules.exploration.setting_up_camp import SetUpCamp
from expedition.session.session import Session
from expedition.session.views import Seat
from expedition.ui.app import ExpeditionApp, make_app
from expedition.ui.screens.creation_screen import CreationScreen
from expedition.ui.screens.dungeon.camp_screen import CampScreen
from expedition.ui.screens.dungeon.expedition_screen import ExpeditionScreen
from expedition.ui.screens.prompts import DecisionPrompt
from expedition.ui.screens.town.interlude_screen import InterludeScreen
from tests.ui.combat_fixtures import guard_session
from tests.ui.conftest import SMALL_ENTRIES
from tests.ui.expedition_fixtures import sample_session
from tests.ui.interlude_fixtures import interlude_session
from tests.ui.test_camp_screen import answer_defaults, camp_ready_session
from tests.ui.test_party_screen import quick_session

SMALLEST = (80, 24)
"""The smallest terminal the game's screens are laid out for (below it the size guard shows)."""
ROOMY = (120, 40)
"""An ordinary roomy terminal."""
SIZES = {"80x24": SMALLEST, "120x40": ROOMY}
"""The sizes every main screen is drawn at, by the name the snapshot files carry."""


@dataclass(frozen=True, slots=True)
class MainScreen:
    """One main screen: how to build its app and the keys pressed before looking at it."""

    build: Callable[[Path], ExpeditionApp]
    """Makes the app; the path is a fresh folder for saves."""
    press: tuple[str, ...] = ()
    """Keys pressed once the app runs."""
    take_defaults: bool = False
    """After the keys, take the suggested answer of every prompt (Esc) until none is left."""


async def settle(pilot: Pilot[None], screen: MainScreen) -> None:
    """Press the screen's keys and, if it says so, take the default of every prompt that follows."""
    await pilot.pause()
    for key in screen.press:
        await pilot.press(key)
        await pilot.pause()
    for _ in range(20 if screen.take_defaults else 0):
        if not isinstance(pilot.app.screen, DecisionPrompt):
            break
        await pilot.press("escape")
        await pilot.pause()
    await pilot.wait_for_scheduled_animations()


def _seed_creation(_: Path) -> ExpeditionApp:
    return make_app(SMALL_ENTRIES, first_screen=lambda: CreationScreen(load_catalog(), 7))


def _expedition(_: Path) -> ExpeditionApp:
    return make_app(first_screen=lambda: ExpeditionScreen(sample_session()))


def _fight(_: Path) -> ExpeditionApp:
    return make_app(first_screen=lambda: ExpeditionScreen(guard_session()))


def _camp(_: Path) -> ExpeditionApp:
    session = camp_ready_session()
    session.submit(Seat.host(), SetUpCamp(actor=session.state.party[0].id))
    answer_defaults(session)
    return make_app(first_screen=lambda: CampScreen(session))


def _interlude(_: Path) -> ExpeditionApp:
    session: Session = interlude_session()
    return make_app(first_screen=lambda: InterludeScreen(session))


def _party(saves: Path) -> ExpeditionApp:
    return make_app(SMALL_ENTRIES, session=quick_session(saves))


MAIN_SCREENS = {
    "title": MainScreen(lambda _: make_app(SMALL_ENTRIES)),
    "creation": MainScreen(_seed_creation, ("right", "enter", "enter")),  # two players; infancy rolls
    "creation-ready": MainScreen(_seed_creation, ("q",)),  # the quick party's first finished sheet
    "expedition": MainScreen(_expedition, ("right", "right")),  # two steps east
    "fight": MainScreen(_fight, ("right",), take_defaults=True),  # into the guard room: the goblins attack
    "camp": MainScreen(_camp),
    "interlude-market": MainScreen(_interlude, ("m",)),
    "interlude-day": MainScreen(_interlude, ("d",)),
    "interlude-night": MainScreen(_interlude, ("n",)),
    "interlude-party": MainScreen(_interlude, ("y",)),
    "party": MainScreen(_party),
}
"""The main screens by name, each in a state a player meets it in."""
