"""A saves folder that turns read-only or fills up mid-game: nothing crashes, nothing is lost unsaid.

The policy under test (`session.saving`): an action is kept only once its journal record is on
disk, else it is refused with the disk's trouble and the state is as before it; a failed snapshot
or hash record waits and is retried; every seat's view carries the trouble until saving works.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from expedition.net.plain_forms import seat_view_from_plain, seat_view_to_plain
from expedition.net.serve import retry_saves_until
from expedition.persistence import store as store_module
from expedition.persistence.snapshot import read_snapshot
from expedition.persistence.state import body_hash, state_hash, state_to_body
from expedition.persistence.store import CampaignStore
from expedition.session.campaigns import open_campaign
from expedition.session.port import Update
from expedition.session.replay import replay_campaign
from expedition.session.session import NOT_TAKEN, Session
from expedition.session.views import Seat
from tests.session.disk_faults import FULL, READ_ONLY, Faults, fill, finish, play, small_disk
from tests.session.helpers import make_campaign

HOST = Seat.host()
ANN = Seat.for_player("ann")
WATCHER = Seat.spectator()


def saved(root: Path, *, seed: int = 3, hash_every: int = 10) -> Session:
    session = Session(make_campaign(seed), CampaignStore(root, "tomb"), hash_every=hash_every)
    assert session.store is not None
    session.store.save(state_to_body(session.state))
    return session


def on_disk(store: CampaignStore) -> tuple[str, str]:
    """The hash the journal replays to, and the newest snapshot's."""
    _, body = read_snapshot(store.snapshots()[-1])
    return replay_campaign(store).final_hash, body_hash(body)


@pytest.fixture
def faults(monkeypatch: pytest.MonkeyPatch) -> Faults:
    return Faults(monkeypatch)


def test_a_read_only_folder_refuses_each_action_and_changes_nothing(tmp_path: Path, faults: Faults) -> None:
    session, rng = saved(tmp_path), random.Random(3)
    play(session, rng, 10)
    finish(session, rng)
    before, actions = state_hash(session.state), session.state.actions
    faults.fail(READ_ONLY)
    results = play(session, rng, 40)
    finish(session, rng)
    refused = [r for r in results if not r.ok and "read-only" in r.reason]
    assert refused, "some action reached its commit and was refused"
    assert all(NOT_TAKEN in r.reason for r in refused)
    assert session.state.actions == actions and state_hash(session.state) == before
    assert session.view(HOST).saving.trouble == (
        "saving failed: the saves folder is read-only — make it writable or save elsewhere"
    )
    assert session.view(HOST).saving.may_save_elsewhere
    faults.heal()
    assert session.retry_saving()
    assert session.view(HOST).saving.ok
    play(session, rng, 10)
    finish(session, rng)
    assert session.store is not None
    assert on_disk(session.store) == (state_hash(session.state),) * 2


def test_every_seat_is_told_at_once_and_only_the_host_may_save_elsewhere(
    tmp_path: Path, faults: Faults
) -> None:
    session, rng = saved(tmp_path), random.Random(4)
    heard: list[Update] = []
    session.subscribe(heard.append, WATCHER)
    faults.fail(FULL)
    play(session, rng, 30)
    finish(session, rng)
    assert faults.failed
    watched = heard[-1].view.saving
    assert watched.trouble == "saving failed on the host's machine: its disk is full"
    assert not watched.may_save_elsewhere
    player = session.view(ANN).saving
    assert "its disk is full" in player.trouble and "nothing is lost" in player.trouble
    assert not player.may_save_elsewhere
    for seat in (WATCHER, ANN):
        assert not session.save_elsewhere(seat, str(tmp_path / "elsewhere")).ok
    assert not (tmp_path / "elsewhere").exists()
    faults.heal()
    assert session.retry_saving()
    assert heard[-1].view.saving.ok and not heard[-1].events


def test_a_served_players_view_carries_the_banner_over_the_wire(tmp_path: Path, faults: Faults) -> None:
    session, rng = saved(tmp_path), random.Random(5)
    faults.fail(READ_ONLY)
    play(session, rng, 30)
    finish(session, rng)
    view = seat_view_from_plain(seat_view_to_plain(session.view(ANN)))
    assert view.saving == session.view(ANN).saving and "read-only" in view.saving.trouble
    assert not view.saving.may_save_elsewhere


def test_a_failed_snapshot_keeps_the_action_shows_the_banner_and_the_next_one_clears_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    session, rng = saved(tmp_path), random.Random(6)
    real = store_module.write_atomic

    def full(path: Path, data: bytes) -> None:
        raise OSError(FULL, os.strerror(FULL))

    monkeypatch.setattr(store_module, "write_atomic", full)
    results = play(session, rng, 12)
    finish(session, rng)
    assert results and all(r.ok for r in results), "only snapshots fail: every action is kept"
    assert session.view(HOST).saving.kind == "full"
    assert session.store is not None
    assert replay_campaign(session.store).final_hash == state_hash(session.state)
    monkeypatch.setattr(store_module, "write_atomic", real)
    play(session, rng, 1)
    finish(session, rng)
    assert session.view(HOST).saving.ok
    assert on_disk(session.store) == (state_hash(session.state),) * 2


def test_a_hash_record_that_failed_is_written_first_on_the_next_action(
    tmp_path: Path, faults: Faults
) -> None:
    session, rng = saved(tmp_path, hash_every=1), random.Random(7)
    play(session, rng, 4)
    finish(session, rng)
    actions = session.state.actions
    faults.fail(FULL, after=1)  # the action's record is written, its hash record fails
    while session.state.actions == actions:
        play(session, rng, 1)
        finish(session, rng)
    assert session.view(HOST).saving.kind == "full"
    faults.heal()
    play(session, rng, 3)
    finish(session, rng)
    assert session.view(HOST).saving.ok
    assert session.store is not None
    records = session.store.read_journal().records
    order = [(r["k"], r["n"]) for r in records if r["k"] in ("action", "hash")]
    assert order == sorted(order, key=lambda kn: (kn[1], kn[0] == "hash"))
    assert ("hash", actions + 1) in order
    assert on_disk(session.store) == (state_hash(session.state),) * 2


def test_a_torn_append_is_cut_off_so_the_journal_stays_whole(tmp_path: Path, faults: Faults) -> None:
    store = CampaignStore(tmp_path, "tomb")
    store.append_journal({"k": "one"})
    size = store.journal_path.stat().st_size
    faults.fail(FULL)
    with pytest.raises(OSError):
        store.append_journal({"k": "two"})
    assert store.journal_path.stat().st_size == size
    faults.heal()
    store.append_journal({"k": "three"})
    read = store.read_journal()
    assert [r["k"] for r in read.records] == ["one", "three"] and read.torn is None


def test_save_elsewhere_writes_the_whole_campaign_and_the_game_saves_there(
    tmp_path: Path, faults: Faults
) -> None:
    session, rng = saved(tmp_path / "saves"), random.Random(8)
    play(session, rng, 10)
    finish(session, rng)
    faults.fail(READ_ONLY)
    play(session, rng, 10)
    finish(session, rng)
    assert not session.view(HOST).saving.ok
    faults.heal()  # the other folder is on a disk that works
    result = session.save_elsewhere(HOST, str(tmp_path / "other"))
    assert result.ok, result.reason
    assert str(tmp_path / "other" / "tomb") in result.reason
    assert session.view(HOST).saving.ok
    play(session, rng, 10)
    finish(session, rng)
    assert session.store is not None and session.store.folder == tmp_path / "other" / "tomb"
    assert on_disk(session.store) == (state_hash(session.state),) * 2
    live = state_hash(session.state)
    session.close()
    reopened = open_campaign("tomb", saves=tmp_path / "other")
    try:
        assert reopened.state.actions >= session.state.actions
        assert replay_campaign(CampaignStore(tmp_path / "other", "tomb")).final_hash == live
    finally:
        reopened.close()


def test_save_elsewhere_refuses_a_folder_that_holds_the_campaign_already(tmp_path: Path) -> None:
    session = saved(tmp_path / "saves")
    saved(tmp_path / "other")
    result = session.save_elsewhere(HOST, str(tmp_path / "other"))
    assert not result.ok and "already a campaign called 'tomb'" in result.reason
    assert session.store is not None and session.store.folder == tmp_path / "saves" / "tomb"
    assert not session.save_elsewhere(HOST, str(tmp_path / "saves")).ok
    assert not session.save_elsewhere(HOST, "  ").ok


def _child(saves: Path, mode: str, *, wrapper: tuple[str, ...] = ()) -> list[dict[str, object]]:
    ran = subprocess.run(
        [*wrapper, sys.executable, "-m", "tests.session.disk_fault_child", str(saves), mode],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        cwd=Path(__file__).parents[2],
    )
    assert ran.returncode == 0, ran.stderr
    assert "Traceback" not in ran.stderr, ran.stderr
    return [json.loads(line) for line in ran.stdout.splitlines()]


def test_a_real_file_size_limit_refuses_moves_with_the_full_disk_message(tmp_path: Path) -> None:
    said = _child(tmp_path, "fsize")
    _check_child(said, tmp_path, "full")


def test_a_real_read_only_folder_refuses_moves_with_its_own_message(tmp_path: Path) -> None:
    wrapper: tuple[str, ...] = ()
    if os.geteuid() == 0:  # root writes through chmod: play as a root that file modes bind
        setpriv = shutil.which("setpriv")
        if setpriv is None:
            pytest.skip("running as root without setpriv: chmod cannot make a folder read-only here")
        wrapper = (setpriv, "--bounding-set=-dac_override,-dac_read_search,-fowner")
    said = _child(tmp_path, "chmod", wrapper=wrapper)
    _check_child(said, tmp_path, "read-only")


def _check_child(said: list[dict[str, object]], saves: Path, kind: str) -> None:
    end = said[-1]
    assert end["refused"], "the fault refused some move"
    assert end["raised"] == 0
    assert kind in str(end["banner"])
    assert end["cleared"] is True
    store = CampaignStore(saves, "tomb")
    assert on_disk(store) == (end["hash"],) * 2


def test_a_real_full_disk_refuses_moves_and_freeing_space_clears_the_banner(tmp_path: Path) -> None:
    with small_disk(tmp_path / "disk", "1m") as disk:
        session, rng = saved(disk), random.Random(10)
        play(session, rng, 5)
        finish(session, rng)
        filler = fill(disk, leave=0)
        results = play(session, rng, 30)
        finish(session, rng)
        assert any(not r.ok and "the disk is full" in r.reason for r in results)
        assert session.view(HOST).saving.kind == "full"
        filler.unlink()
        assert session.retry_saving() and session.view(HOST).saving.ok
        play(session, rng, 5)
        finish(session, rng)
        assert session.store is not None
        assert on_disk(session.store) == (state_hash(session.state),) * 2
        session.close()


async def test_a_served_game_retries_its_saves_by_itself_and_the_players_banner_goes(
    tmp_path: Path, faults: Faults
) -> None:
    session, rng = saved(tmp_path), random.Random(11)
    heard: list[Update] = []
    session.subscribe(heard.append, ANN)
    faults.fail(READ_ONLY)
    play(session, rng, 20)
    finish(session, rng)
    assert "read-only" in session.view(ANN).saving.trouble
    faults.heal()
    stop = asyncio.Event()
    retrying = asyncio.create_task(retry_saves_until(session, stop, every=0.05))
    await asyncio.sleep(0.3)
    stop.set()
    await retrying
    assert heard[-1].view.saving.ok and session.view(ANN).saving.ok


def test_a_players_refused_move_names_the_hosts_trouble_not_the_hosts_remedy(
    tmp_path: Path, faults: Faults
) -> None:
    session, rng = saved(tmp_path), random.Random(12)
    faults.fail(FULL)
    results = play(session, rng, 30, seat=ANN)
    finish(session, rng)
    refused = [r.reason for r in results if not r.ok and "host's machine" in r.reason]
    assert refused and all("save elsewhere" not in reason and NOT_TAKEN in reason for reason in refused)


def test_an_old_snapshot_that_cannot_be_deleted_does_not_fail_the_save(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = CampaignStore(tmp_path, "tomb", keep=1)
    session = Session(make_campaign(13), store)
    store.save(state_to_body(session.state))

    def refuse(path: Path) -> None:
        raise OSError(READ_ONLY, os.strerror(READ_ONLY))

    monkeypatch.setattr(Path, "unlink", refuse)
    newest = store.save(state_to_body(session.state))
    assert newest == store.snapshots()[-1] and len(store.snapshots()) == 2
