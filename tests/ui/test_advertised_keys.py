"""Issue #16: every key a screen advertises does something, or says why not.

On each main screen (title, creation, expedition, fight, camp, interlude, party) the test gathers
every key the screen advertises: its bindings and the app's (what the footer and the help screen
list, and the keys the help text names, which are the screen's own bindings), and the key hints of
its action list. Keys that run the same action on the same node (`up`, `k` and `w` all step north)
are one key to the test: one of them is pressed. Each is pressed in a fresh app, and something must
have happened: the screen stack, the focus, the game's state or journal, or what the terminal
shows (a log line, a notification, a refusal, a highlight) changed.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from textual.app import App
from textual.binding import Binding
from textual.keys import _character_to_key
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widgets import Input

from expedition.content.catalog import load_catalog
from expedition.rules.exploration.setting_up_camp import SetUpCamp
from expedition.session.session import Session
from expedition.session.views import Seat
from expedition.ui.app import make_app
from expedition.ui.screens.creation_screen import CreationScreen
from expedition.ui.screens.dungeon.camp_screen import CampScreen
from expedition.ui.screens.dungeon.expedition_screen import ExpeditionScreen
from expedition.ui.screens.party_screen import PartyScreen
from expedition.ui.screens.prompts import DecisionPrompt, HarmPrompt
from expedition.ui.screens.town.interlude_screen import InterludeScreen
from tests.ui.combat_fixtures import guard_session
from tests.ui.conftest import SMALL_ENTRIES
from tests.ui.expedition_fixtures import sample_session
from tests.ui.interlude_fixtures import interlude_session
from tests.ui.test_camp_screen import answer_defaults, camp_ready_session
from tests.ui.test_party_screen import quick_session

SIZE = (120, 40)
"""Roomy enough that every pane shows, so a change can be seen."""

LEAVES_THE_GAME = {"quit", "app.quit", "command_palette", "app.command_palette"}
"""Actions the test does not press: quitting ends the run, the palette is Textual's own."""

UNBOUND = "f9"
"""A key no screen binds: pressing it must change nothing (the test's own control)."""

Setup = Callable[[Pilot[Any], App[Any]], Awaitable[None]]


async def _nothing(pilot: Pilot[Any], app: App[Any]) -> None:
    await pilot.pause()


async def _into_the_fight(pilot: Pilot[Any], app: App[Any]) -> None:
    """Step into the guard room and answer what the ambush asks, until an adventurer may act."""
    await pilot.pause()
    await pilot.press("right")  # the goblins attack
    await pilot.pause()
    for _ in range(40):
        screen = app.screen
        if isinstance(screen, HarmPrompt):
            await pilot.press("enter")
        elif isinstance(screen, DecisionPrompt):
            await pilot.press("escape")
        elif isinstance(screen, ExpeditionScreen) and screen.combat is not None and screen.actor:
            return
        else:
            await pilot.pause()
        await pilot.pause()
    raise AssertionError("no adventurer got to act in the fight")


def _camp(saves: Path) -> Screen[Any]:
    session = camp_ready_session()
    session.submit(Seat.host(), SetUpCamp(actor=session.state.party[0].id))
    answer_defaults(session)
    return CampScreen(session)


SCREENS: dict[str, tuple[Callable[[Path], Screen[Any] | None], Setup]] = {
    "title": (lambda saves: None, _nothing),
    "creation": (lambda saves: CreationScreen(load_catalog(), 7), _nothing),
    "expedition": (lambda saves: ExpeditionScreen(sample_session()), _nothing),
    "fight": (lambda saves: ExpeditionScreen(guard_session()), _into_the_fight),
    "camp": (_camp, _nothing),
    "interlude": (lambda saves: InterludeScreen(interlude_session()), _nothing),
    "party": (lambda saves: PartyScreen(quick_session(saves)), _nothing),
}
"""How to reach each main screen: what opens first, then the keys that get it ready."""


def _app(name: str, saves: Path) -> App[Any]:
    opens = SCREENS[name][0]
    if name == "title":
        return make_app(SMALL_ENTRIES)
    return make_app(SMALL_ENTRIES, first_screen=lambda: opens(saves))


def advertised_keys(screen: Screen[Any]) -> list[str]:
    """Every key `screen` advertises: its active bindings (footer, help, help text) and its action hints."""
    ours = {
        (binding.action, binding.description)
        for owner in (type(screen), type(screen.app))
        for cls in owner.__mro__
        if cls.__module__.startswith("expedition.")
        for binding in vars(cls).get("BINDINGS", [])
        if isinstance(binding, Binding)
    }
    keys: dict[str, str] = {}  # action → the first key that does it
    for key, active in screen.active_bindings.items():
        binding = active.binding
        if binding.action in LEAVES_THE_GAME or not binding.description:
            continue
        if not binding.show and (binding.action, binding.description) not in ours:
            continue  # Textual's or a widget's own quiet keys (a list's arrows), which nothing advertises
        keys.setdefault(f"{active.node.__class__.__name__}:{binding.action}", key)
    choices = getattr(screen, "choices", None)
    if callable(choices):  # the action list's key hints
        for choice in choices():
            if choice.key:
                key = _character_to_key(choice.key) if len(choice.key) == 1 else choice.key
                bound = screen.active_bindings.get(key)
                action = bound.binding.action if bound is not None else f"hint {key}"
                keys.setdefault(f"{type(screen).__name__}:{action}", key)
    return list(keys.values())


def _session(screen: Screen[Any]) -> Session | None:
    port = getattr(screen, "port", None)
    return port if isinstance(port, Session) else None


def _fingerprint(app: App[Any], session: Session | None) -> tuple[object, ...]:
    # A blinking cursor (the name field on the creation screen) would make two screenshots of an
    # untouched screen differ whenever the blink timer ticked between them: the cursor stays lit.
    for screen in app.screen_stack:
        for field in screen.query(Input):
            field.cursor_blink = False
    focused = app.focused
    return (
        tuple(type(screen).__name__ for screen in app.screen_stack),
        (type(focused).__name__, focused.id) if focused is not None else None,
        len(session.records) if session is not None else 0,
        repr(session.view(Seat.host()).state) if session is not None else "",
        len(app._notifications),  # a refusal or a notice
        app.export_screenshot(),  # what the player sees: log lines, highlights, tabs, counts
    )


async def _keys_of(name: str, saves: Path) -> list[str]:
    app = _app(name, saves)
    async with app.run_test(size=SIZE) as pilot:
        await SCREENS[name][1](pilot, app)
        return advertised_keys(app.screen)


@pytest.mark.parametrize("name", sorted(SCREENS))
async def test_every_advertised_key_does_something_or_says_why_not(name: str, tmp_path: Path) -> None:
    """Issue #16: a key the footer, the help or the action list shows is never a dead key."""
    keys = await _keys_of(name, tmp_path / "probe")
    assert keys, f"the {name} screen advertises no key"
    dead: list[str] = []
    for index, key in enumerate(keys):
        app = _app(name, tmp_path / f"k{index}")
        async with app.run_test(size=SIZE) as pilot:
            await SCREENS[name][1](pilot, app)
            session = _session(app.screen)
            before = _fingerprint(app, session)
            await pilot.press(key)
            await pilot.pause()
            await app.workers.wait_for_complete()
            await pilot.pause()
            if _fingerprint(app, session) == before:
                dead.append(key)
    assert dead == [], f"on the {name} screen these advertised keys did nothing and said nothing: {dead}"
    # The judge can say "nothing happened": a key nothing binds leaves everything as it was.
    app = _app(name, tmp_path / "unbound")
    async with app.run_test(size=SIZE) as pilot:
        await SCREENS[name][1](pilot, app)
        session = _session(app.screen)
        before = _fingerprint(app, session)
        await pilot.press(UNBOUND)
        await pilot.pause()
        assert _fingerprint(app, session) == before, "the test cannot tell a dead key from a live one"
