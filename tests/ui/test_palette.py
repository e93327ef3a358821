"""The command palette lists what a seat may do, and nothing a spectator does writes on the host's disk.

A served seat is the real client app (`RemoteApp`) on a real `RemoteSession`, talking to a hub on
a Unix socket; the host is the ordinary app on the local session.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from textual.command import CommandList, CommandPalette
from textual.pilot import Pilot

from expedition.session.session import Session
from expedition.session.views import Seat
from expedition.ui.app import HOST_ONLY, ExpeditionApp, make_app
from expedition.ui.remote_app import RemoteApp
from expedition.ui.screens.destination import DestinationPrompt
from expedition.ui.screens.dungeon.expedition_screen import ExpeditionScreen
from expedition.ui.screens.party_screen import PartyScreen
from tests.net.campaign import two_player_state
from tests.session.test_view_dungeon import HubThread
from tests.ui.conftest import EXPEDITION_SIZE, SMALL_ENTRIES
from tests.ui.test_party_screen import quick_session

LOOKING = {"Compendium", "Help", "Next adventurer", "Previous adventurer", "Full sheet"}
"""The party screen's entries every seat has: looking things up, looking at the sheets."""
THE_SCREENS_OWN = {"Keys", "Theme", "Quit", "Maximize", "Minimize"}
"""Textual's entries that touch only the app's own screen (Quit ends that one app)."""
PLAYING = {"Set out", "Rename player", "Give to next player"}
"""The party screen's game commands (the README: Ctrl+P finds any action by name)."""


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The server user's home, working folder and saves, all in one folder to search for files."""
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("EXPEDITION_SAVES", str(home / "saves"))
    monkeypatch.chdir(home)
    return home


@pytest.fixture
def served(home: Path) -> Iterator[tuple[Session, HubThread]]:
    """A two-player campaign at the settlement, before anyone set out, served on a hub."""
    session = quick_session(home / "saves")
    hub = HubThread(session)
    yield session, hub
    hub.close()
    session.close()


async def _palette(pilot: Pilot[None]) -> list[str]:
    """Open Ctrl+P and read the titles it lists with nothing typed; Esc closes it again."""
    await pilot.press("ctrl+p")
    await pilot.pause(0.3)  # the palette gathers its commands in a worker
    palette = pilot.app.screen
    assert isinstance(palette, CommandPalette)
    listed = palette.query_one(CommandList)
    titles = [str(listed.get_option_at_index(i).prompt).split("\n")[0] for i in range(listed.option_count)]
    await pilot.press("escape")
    await pilot.pause()
    return titles


async def _choose(pilot: Pilot[None], words: str) -> None:
    """Ctrl+P, type `words`, Enter: how a player runs a command by name."""
    await pilot.press("ctrl+p")
    await pilot.press(*words)
    await pilot.pause(0.3)
    await pilot.press("enter")
    await pilot.pause(0.3)


def _files(home: Path) -> list[Path]:
    return sorted(path for path in home.rglob("*.svg"))


async def test_a_spectators_palette_lists_only_looking_and_the_screens_own_commands(
    served: tuple[Session, HubThread],
) -> None:
    _, hub = served
    remote = hub.connect(Seat.spectator())
    app = RemoteApp(remote)
    async with app.run_test(size=EXPEDITION_SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, PartyScreen)
        titles = await _palette(pilot)
    remote.close()
    assert LOOKING <= set(titles) <= LOOKING | THE_SCREENS_OWN
    assert "Screenshot" not in titles and not PLAYING & set(titles)


async def test_a_players_palette_lists_the_party_screens_game_commands_and_no_screenshot(
    served: tuple[Session, HubThread],
) -> None:
    _, hub = served
    remote = hub.connect(Seat.for_player("player1"))
    app = RemoteApp(remote)
    async with app.run_test(size=EXPEDITION_SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, PartyScreen)
        titles = await _palette(pilot)
        await _choose(pilot, "set out")
        chosen = app.screen
    remote.close()
    assert LOOKING | PLAYING <= set(titles) <= LOOKING | PLAYING | THE_SCREENS_OWN
    assert "Screenshot" not in titles
    assert isinstance(chosen, DestinationPrompt)  # the entry does what the `o` key does


async def test_the_hosts_own_palette_lists_the_game_commands_and_the_screenshot(home: Path) -> None:
    session = quick_session(home / "saves")
    app = make_app(SMALL_ENTRIES, session=session)
    async with app.run_test(size=EXPEDITION_SIZE) as pilot:
        await pilot.pause()
        titles = await _palette(pilot)
    assert LOOKING | PLAYING | {"Screenshot"} <= set(titles)


async def test_a_spectator_seat_in_a_local_app_gets_no_screenshot_either(home: Path) -> None:
    session = quick_session(home / "saves")
    app = make_app(SMALL_ENTRIES, session=session, seat=Seat.spectator())
    async with app.run_test(size=EXPEDITION_SIZE) as pilot:
        await pilot.pause()
        titles = await _palette(pilot)
    assert LOOKING <= set(titles) <= LOOKING | THE_SCREENS_OWN


async def _try_every_way_to_screenshot(app: ExpeditionApp, pilot: Pilot[None]) -> None:
    await _choose(pilot, "screenshot")  # typed in the palette, where it is not listed
    await pilot.press("escape")
    await app.run_action("screenshot")  # a binding or a clicked `@click=app.screenshot` link
    await app.run_action("app.screenshot")
    app.action_screenshot()
    app.deliver_screenshot()
    app.save_screenshot()
    app.action_suspend_process()
    for key in ("f12", "ctrl+s", "print_screen", "ctrl+z"):  # keys other programs use for it
        await pilot.press(key)
    await pilot.pause(0.5)  # Textual writes a screenshot from a timer and a thread


async def test_a_spectator_cannot_write_a_screenshot_by_palette_action_or_key(
    served: tuple[Session, HubThread], home: Path
) -> None:
    _, hub = served
    remote = hub.connect(Seat.spectator())
    app = RemoteApp(remote)
    async with app.run_test(size=EXPEDITION_SIZE) as pilot:
        await pilot.pause()
        bound = {
            binding.binding.action
            for screen in app.screen_stack
            for binding in screen.active_bindings.values()
        }
        await _try_every_way_to_screenshot(app, pilot)
        told = [n.message for n in app._notifications]
        running = app.is_running
    remote.close()
    assert not {action for action in bound if "screenshot" in action or "suspend" in action}
    assert _files(home) == []
    assert HOST_ONLY in told
    assert running  # and the client was not suspended or stopped


async def test_a_co_op_players_client_writes_no_screenshot_on_the_server_either(
    served: tuple[Session, HubThread], home: Path
) -> None:
    _, hub = served
    remote = hub.connect(Seat.for_player("player2"))
    app = RemoteApp(remote)
    async with app.run_test(size=EXPEDITION_SIZE) as pilot:
        await pilot.pause()
        await _try_every_way_to_screenshot(app, pilot)
    remote.close()
    assert _files(home) == []


async def test_in_the_dungeon_a_spectator_gets_no_actions_and_a_player_gets_theirs() -> None:
    """The expedition screen's entries are the actions the seat's view offers: none to a spectator."""
    session = Session(two_player_state(), None)
    hub = HubThread(session)
    listed: dict[str, list[str]] = {}
    try:
        for name, seat in (("spectator", Seat.spectator()), ("player", Seat.for_player("player1"))):
            remote = hub.connect(seat)
            app = RemoteApp(remote)
            async with app.run_test(size=EXPEDITION_SIZE) as pilot:
                await pilot.pause(0.3)
                assert isinstance(app.screen, ExpeditionScreen)
                listed[name] = await _palette(pilot)
            remote.close()
    finally:
        hub.close()
    assert {"Compendium", "Help"} <= set(listed["spectator"]) <= {"Compendium", "Help"} | THE_SCREENS_OWN
    actions = set(listed["player"]) - {"Compendium", "Help"} - THE_SCREENS_OWN
    assert "Catch your breath" in actions and "Screenshot" not in listed["player"]
