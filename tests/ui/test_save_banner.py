"""The disk banner through the real app: saving fails mid-game, the player is told, nothing is lost.

Writes are made to fail at the OS layer (`tests.session.disk_faults.Faults`: every fsync raises, as
a read-only or full disk would, also when the tests run as root); the campaign is then reopened
from disk and compared with the game that was played.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input

from expedition.persistence.state import state_hash, state_to_body
from expedition.persistence.store import CampaignStore
from expedition.rules.core.actions import Action
from expedition.rules.engine.legal_actions import legal_actions
from expedition.session.campaigns import open_campaign
from expedition.session.port import SessionPort
from expedition.session.replay import replay_campaign
from expedition.session.session import Session
from expedition.session.views import Seat
from expedition.ui.app import ExpeditionApp, make_app
from expedition.ui.screens.dungeon.expedition_screen import ExpeditionScreen
from expedition.ui.screens.save_elsewhere import SaveElsewherePrompt
from expedition.ui.widgets.save_banner import SAVE_ELSEWHERE_HINT, SaveBanner
from tests.session.disk_faults import FULL, READ_ONLY, Faults
from tests.session.test_view_dungeon import HubThread
from tests.ui.conftest import plain
from tests.ui.expedition_fixtures import sample_state

WIDE = (120, 40)


@pytest.fixture
def faults(monkeypatch: pytest.MonkeyPatch) -> Faults:
    return Faults(monkeypatch)


def saved_session(root: Path) -> Session:
    store = CampaignStore(root, "tomb")
    store.acquire()
    session = Session(sample_state(), store)
    store.save(state_to_body(session.state))
    return session


def game_app(session: SessionPort, seat: Seat | None = None) -> ExpeditionApp:
    app = make_app(first_screen=lambda: ExpeditionScreen(session, seat), seat=seat)
    app.save_watch.retry_seconds = 0.2
    return app


def banner_of(app: ExpeditionApp) -> str:
    banners = app.screen.query(SaveBanner)
    return plain(banners.first(), 200) if banners else ""


def position(session: Session) -> tuple[int, int]:
    assert session.state.expedition is not None
    return session.state.expedition.position


async def test_a_read_only_folder_shows_the_banner_keeps_every_move_and_a_retry_clears_it(
    tmp_path: Path, faults: Faults
) -> None:
    session = saved_session(tmp_path)
    app = game_app(session)
    async with app.run_test(size=WIDE) as pilot:
        await pilot.press("right", "right")
        await pilot.pause()
        assert session.state.actions == 2 and not banner_of(app)
        kept, where = state_hash(session.state), position(session)
        faults.fail(READ_ONLY)
        await pilot.press("right")
        await pilot.pause()
        assert position(session) == where and state_hash(session.state) == kept
        text = banner_of(app)
        assert "Saving failed: the saves folder is read-only — make it writable or save elsewhere" in text
        assert SAVE_ELSEWHERE_HINT in text
        await pilot.press("left", "right")  # refused too, and the banner stays
        await pilot.pause(0.5)
        assert position(session) == where and "read-only" in banner_of(app)
        faults.heal()
        await pilot.pause(0.6)  # the timer retries, the view says saving works, the banner goes
        assert not banner_of(app)
        await pilot.press("left")
        await pilot.pause()
        live = state_hash(session.state)
        assert position(session) == (where[0] - 1, where[1])
    session.close()
    assert replay_campaign(CampaignStore(tmp_path, "tomb")).final_hash == live
    reopened = open_campaign("tomb", saves=tmp_path)
    try:
        assert state_hash(reopened.state) == live
    finally:
        reopened.close()


async def test_a_full_disk_has_its_own_words_and_the_banner_follows_the_screen_on_top(
    tmp_path: Path, faults: Faults
) -> None:
    session = saved_session(tmp_path)
    app = game_app(session)
    app.save_watch.retry_seconds = 60  # no retry in this test: the banner must stay
    async with app.run_test(size=WIDE) as pilot:
        faults.fail(FULL)
        await pilot.press("right")
        await pilot.pause()
        assert "Saving failed: the disk is full — free some space or save elsewhere" in banner_of(app)
        app.action_help()
        await pilot.pause(0.7)
        assert "the disk is full" in banner_of(app)  # the help screen on top shows it too
        await pilot.press("escape")
        await pilot.pause(0.7)
        assert isinstance(app.screen, ExpeditionScreen) and "the disk is full" in banner_of(app)
    session.close()


async def test_the_banner_timer_firing_as_the_app_closes_does_nothing(tmp_path: Path, faults: Faults) -> None:
    """The half-second timer can tick after the last screen went: it must not raise then."""
    session = saved_session(tmp_path)
    app = game_app(session)
    async with app.run_test(size=WIDE) as pilot:
        faults.fail(READ_ONLY)
        await pilot.press("right")
        await pilot.pause()
        assert banner_of(app)
    assert not app.screen_stack
    app.save_watch.sync()  # what the timer does if it fires now
    session.close()


async def test_the_host_saves_elsewhere_from_the_palette_and_the_game_goes_on_there(
    tmp_path: Path, faults: Faults
) -> None:
    session = saved_session(tmp_path / "saves")
    app = game_app(session)
    app.save_watch.retry_seconds = 60
    other = tmp_path / "other"
    async with app.run_test(size=WIDE) as pilot:
        await pilot.press("right")
        await pilot.pause()
        faults.fail(READ_ONLY)
        await pilot.press("right")
        await pilot.pause()
        assert banner_of(app)
        titles = [command.title for command in app.get_system_commands(app.screen)]
        assert "Save elsewhere" in titles
        faults.heal()  # the other folder is on a disk that works; the first one is still "broken"
        app.action_save_elsewhere()
        await pilot.pause()
        assert isinstance(app.screen, SaveElsewherePrompt)
        app.screen.query_one("#elsewhere-input", Input).value = str(other)
        await pilot.press("enter")
        await pilot.pause(0.7)
        assert not banner_of(app)
        await pilot.press("right")
        await pilot.pause()
        live = state_hash(session.state)
    session.close()
    assert session.store is not None and session.store.folder == other / "tomb"
    assert replay_campaign(CampaignStore(other, "tomb")).final_hash == live


async def test_a_spectator_sees_the_banner_but_is_never_offered_to_save_elsewhere(
    tmp_path: Path, faults: Faults
) -> None:
    session = saved_session(tmp_path)
    app = game_app(session, Seat.spectator())
    app.save_watch.retry_seconds = 60
    async with app.run_test(size=WIDE) as pilot:
        faults.fail(FULL)
        assert not session.submit(Seat.host(), _step(session)).ok  # the host's move, refused
        await pilot.pause(0.7)
        text = banner_of(app)
        assert text == "⚠ Saving failed on the host's machine: its disk is full"
        titles = [command.title for command in app.get_system_commands(app.screen)]
        assert "Save elsewhere" not in titles
        app.action_save_elsewhere()
        await pilot.pause()
        assert not isinstance(app.screen, SaveElsewherePrompt)
    session.close()


def _step(session: Session) -> Action:
    return next(a for a in legal_actions(session.state) if type(a).__name__ == "Step")


async def test_a_served_player_sees_the_hosts_banner_through_the_socket_and_sees_it_go(
    tmp_path: Path, faults: Faults
) -> None:
    session = saved_session(tmp_path)
    running = HubThread(session)
    player = Seat.for_player(session.state.party[0].owner)
    remote = running.connect(player)
    try:
        app = game_app(remote, player)
        async with app.run_test(size=WIDE) as pilot:
            await pilot.pause()
            faults.fail(READ_ONLY)
            step = next(o for o in remote.view().options if o.kind == "Step" and o.enabled)
            result = remote.submit(player, step.action)
            assert not result.ok and "host's machine" in result.reason
            await pilot.pause(0.8)
            assert banner_of(app) == (
                "⚠ Saving failed on the host's machine: its saves folder is read-only — "
                "actions wait until the host fixes it; nothing is lost"
            )
            assert "Save elsewhere" not in [c.title for c in app.get_system_commands(app.screen)]
            faults.heal()

            async def retry() -> bool:
                return session.retry_saving()  # the hub's loop is the session's only caller

            assert running.call(retry())
            await pilot.pause(0.8)
            assert not banner_of(app)
    finally:
        remote.close()
        running.close()
        session.close()
