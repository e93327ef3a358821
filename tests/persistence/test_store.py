"""The campaign store: numbered atomic snapshots, pruning, fallback, the lock and the journal."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import msgpack
import pytest

from expedition import source_checkout
from expedition.persistence import store as store_module
from expedition.persistence.migrations import FORMAT_VERSION
from expedition.persistence.save_errors import (
    CampaignLocked,
    EncodeError,
    NoSnapshot,
    PersistenceError,
    SnapshotError,
)
from expedition.persistence.store import (
    LOCK_NAME,
    SCREENSHOTS,
    CampaignStore,
    SavesFolder,
    check,
    default_saves_dir,
    list_campaigns,
    saves_folder,
)
from tests.persistence.test_snapshot import wrap

REPO = Path(__file__).resolve().parents[2]


def child_env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(REPO)}


# --- saving and loading -------------------------------------------------------------------------


def test_saves_are_numbered_in_order_and_the_newest_loads(tmp_path: Path) -> None:
    store = CampaignStore(tmp_path, "alpha")
    paths = [store.save({"turn": turn}) for turn in range(3)]
    assert [p.name for p in paths] == ["snap-00000001.expd", "snap-00000002.expd", "snap-00000003.expd"]
    loaded = store.load_newest()
    assert loaded.body == {"turn": 2} and loaded.path == paths[-1] and loaded.skipped == []
    assert loaded.header.format_version == FORMAT_VERSION


def test_only_the_newest_few_are_kept_but_milestones_stay_forever(tmp_path: Path) -> None:
    store = CampaignStore(tmp_path, "alpha", keep=3)
    store.save({"turn": 0})
    milestone = store.save({"turn": 1}, milestone="expedition-1")
    for turn in range(2, 9):
        store.save({"turn": turn})
    names = [p.name for p in store.snapshots()]
    assert names == [
        "snap-00000002--expedition-1.expd",
        "snap-00000007.expd",
        "snap-00000008.expd",
        "snap-00000009.expd",
    ]
    assert milestone.exists() and CampaignStore.milestone(milestone) == "expedition-1"


def test_numbering_continues_in_a_new_store_and_past_corrupt_files(tmp_path: Path) -> None:
    CampaignStore(tmp_path, "alpha").save({"turn": 1})
    store = CampaignStore(tmp_path, "alpha")
    second = store.save({"turn": 2})
    second.write_bytes(b"garbage")
    assert store.load_newest().body == {"turn": 1}  # moves snap 2 aside
    assert store.save({"turn": 3}).name == "snap-00000003.expd"  # 2 is never reused


def test_a_corrupt_newest_snapshot_falls_back_and_is_moved_aside(tmp_path: Path) -> None:
    store = CampaignStore(tmp_path, "alpha")
    store.save({"turn": 1})
    newest = store.save({"turn": 2})
    newest.write_bytes(newest.read_bytes()[:-5])
    loaded = store.load_newest()
    assert loaded.body == {"turn": 1}
    assert loaded.skipped == [(newest, loaded.skipped[0][1])]
    assert "truncated" in loaded.skipped[0][1]
    assert not newest.exists() and newest.with_name(newest.name + ".corrupt").exists()
    assert store.load_newest().skipped == []


def test_no_readable_snapshot_raises_no_snapshot_listing_each_reason(tmp_path: Path) -> None:
    store = CampaignStore(tmp_path, "alpha")
    with pytest.raises(NoSnapshot, match="no snapshots"):
        store.load_newest()
    store.save({"turn": 1}).write_bytes(b"EXPDSAVE")
    with pytest.raises(NoSnapshot, match=r"snap-00000001\.expd: truncated"):
        store.load_newest()


def test_a_snapshot_from_a_newer_build_is_refused_and_left_in_place(tmp_path: Path) -> None:
    store = CampaignStore(tmp_path, "alpha")
    store.save({"turn": 1})
    newer = store.folder / "snap-00000002.expd"
    newer.write_bytes(wrap(msgpack.packb({"turn": 2}), version=FORMAT_VERSION + 1))
    with pytest.raises(SnapshotError, match="unsupported format version"):
        store.load_newest()
    assert newer.exists()


def test_check_reports_ok_or_the_reason(tmp_path: Path) -> None:
    store = CampaignStore(tmp_path, "alpha")
    path = store.save({"turn": 1})
    ok, summary = check(path)
    assert ok and f"format {FORMAT_VERSION}" in summary
    path.write_bytes(b"nonsense")
    assert check(path) == (False, "wrong magic: not an expedition snapshot")


def test_bad_names_and_bodies_are_refused(tmp_path: Path) -> None:
    for name in ("../escape", ".hidden", "", "a/b", "x" * 65):
        with pytest.raises(PersistenceError):
            CampaignStore(tmp_path, name)
    store = CampaignStore(tmp_path, "alpha")
    with pytest.raises(PersistenceError, match="milestone"):
        store.save({}, milestone="../x")
    with pytest.raises(EncodeError):
        store.save({"t": (1, 2)})
    assert store.snapshots() == []


def test_campaigns_are_listed_by_folder(tmp_path: Path) -> None:
    assert list_campaigns(tmp_path / "missing") == []
    CampaignStore(tmp_path, "beta").save({})
    CampaignStore(tmp_path, "alpha").save({})
    (tmp_path / ".cache").mkdir()
    (tmp_path / SCREENSHOTS).mkdir()
    (tmp_path / "README.md").write_text("x")
    assert list_campaigns(tmp_path) == ["alpha", "beta"]
    with pytest.raises(PersistenceError, match="keeps screenshots there"):
        CampaignStore(tmp_path, SCREENSHOTS)


def test_the_saves_folder_comes_from_the_flag_then_the_environment_then_the_repo(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("EXPEDITION_SAVES", str(tmp_path / "env"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert default_saves_dir(tmp_path / "flag") == tmp_path / "flag"
    assert saves_folder(tmp_path / "flag").reason == "given with --saves"
    assert default_saves_dir() == tmp_path / "env"
    assert saves_folder().reason == "set by $EXPEDITION_SAVES"
    monkeypatch.delenv("EXPEDITION_SAVES")
    assert default_saves_dir() == REPO / "saves"  # the tests run from this checkout
    assert saves_folder().reason == f"the saves folder of the source checkout in {REPO}"
    # Installed (a wheel, pipx, uv), the game keeps campaigns in the user's data folder.
    monkeypatch.setattr(store_module, "source_checkout", lambda: None)
    assert saves_folder() == SavesFolder(
        tmp_path / "data" / "expedition" / "saves", "your data folder, as the game is installed"
    )


def test_a_checkout_is_the_folder_above_the_package_with_the_project_file_and_content() -> None:
    assert source_checkout() == REPO


# --- the lock ----------------------------------------------------------------------------------

HOLDER = textwrap.dedent(
    """
    import subprocess, sys, time
    from pathlib import Path
    from expedition.persistence.store import CampaignStore
    CampaignStore(Path(sys.argv[1]), "alpha").acquire()
    # A child of the game (as `serve` starts one per connection) must not keep the lock alive.
    subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    print("locked", flush=True)
    time.sleep(60)
    """
)


def test_a_live_holder_blocks_naming_itself_and_its_lock_dies_with_it(tmp_path: Path) -> None:
    store = CampaignStore(tmp_path, "alpha")
    with subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(tmp_path)],
        stdout=subprocess.PIPE,
        text=True,
        env=child_env(),
        start_new_session=True,
    ) as child:
        try:
            assert child.stdout is not None and child.stdout.readline().strip() == "locked"
            with pytest.raises(CampaignLocked) as refused:
                store.acquire()
            assert f"open in another game (pid {child.pid} on {socket.gethostname()}, since " in str(
                refused.value
            )
            child.send_signal(signal.SIGKILL)  # kill -9: nothing of the game's own code runs
            child.wait()
            assert (store.folder / LOCK_NAME).exists()  # the file stays behind, holding nothing
            store.acquire()
        finally:
            os.killpg(child.pid, signal.SIGKILL)  # and the child it left running
    assert (store.folder / LOCK_NAME).read_text().split()[0] == str(os.getpid())
    store.release()
    assert not (store.folder / LOCK_NAME).exists()


def test_a_stale_or_garbled_lock_file_is_taken_over(tmp_path: Path) -> None:
    """Whatever a left-behind lock file says, even a pid now used by a live process, it holds nothing."""
    store = CampaignStore(tmp_path, "alpha")
    store.folder.mkdir()
    host = socket.gethostname()
    for content in (
        "1\n" + host + "\n",
        f"{os.getpid()}\n{host}\n",
        "4242\nsome-other-host\n",
        "not a pid",
        "",
    ):
        (store.folder / LOCK_NAME).write_text(content)
        with store:
            assert (store.folder / LOCK_NAME).read_text().startswith(f"{os.getpid()}\n{host}\n")
        assert not (store.folder / LOCK_NAME).exists()


def test_a_second_game_in_the_same_process_is_refused_too(tmp_path: Path) -> None:
    first = CampaignStore(tmp_path, "alpha")
    first.acquire()
    first.acquire()  # the same store again: it already holds it
    with pytest.raises(CampaignLocked, match="'alpha' is already open in this game"):
        CampaignStore(tmp_path, "alpha").acquire()
    first.release()
    with CampaignStore(tmp_path, "alpha") as second:
        assert second.locked and not first.locked


def test_taking_the_lock_clears_temp_files_left_by_a_crash(tmp_path: Path) -> None:
    store = CampaignStore(tmp_path, "alpha")
    store.save({"turn": 1})
    leftover = store.folder / ".snap-00000002.expd.abc123.tmp"
    leftover.write_bytes(b"half a snapshot")
    store.acquire()
    assert not leftover.exists() and len(store.snapshots()) == 1
    store.release()


# --- the journal -------------------------------------------------------------------------------


def test_journal_records_read_back_in_order(tmp_path: Path) -> None:
    store = CampaignStore(tmp_path, "alpha")
    records: list[dict[str, Any]] = [{"seed": 7}, {"action": "Move", "to": [3, 4]}, {"answer": "STR"}]
    for record in records:
        store.append_journal(record)
    read = CampaignStore(tmp_path, "alpha").read_journal()
    assert read.records == records and read.torn is None


def test_a_torn_final_record_is_reported_and_the_rest_kept(tmp_path: Path) -> None:
    store = CampaignStore(tmp_path, "alpha")
    for turn in range(3):
        store.append_journal({"turn": turn})
    whole = store.journal_path.read_bytes()
    last = len(whole) - len(msgpack.packb({"turn": 2})) - 8
    for cut in range(last + 1, len(whole)):
        store.journal_path.write_bytes(whole[:cut])
        read = store.read_journal()
        assert read.records == [{"turn": 0}, {"turn": 1}]
        assert read.torn is not None and f"byte {last}" in read.torn
        assert read.valid_bytes == last


def test_appending_after_a_torn_record_cuts_it_off_first(tmp_path: Path) -> None:
    store = CampaignStore(tmp_path, "alpha")
    store.append_journal({"turn": 0})
    store.append_journal({"turn": 1})
    store.journal_path.write_bytes(store.journal_path.read_bytes()[:-2])
    reopened = CampaignStore(tmp_path, "alpha")
    reopened.append_journal({"turn": 2})
    read = reopened.read_journal()
    assert read.records == [{"turn": 0}, {"turn": 2}] and read.torn is None


def test_a_damaged_record_stops_reading_there(tmp_path: Path) -> None:
    store = CampaignStore(tmp_path, "alpha")
    for turn in range(3):
        store.append_journal({"turn": turn})
    data = bytearray(store.journal_path.read_bytes())
    data[-1] ^= 0xFF  # inside the last record's payload
    store.journal_path.write_bytes(bytes(data))
    read = store.read_journal()
    assert read.records == [{"turn": 0}, {"turn": 1}] and "checksum" in (read.torn or "")


def test_a_file_that_is_not_a_journal_is_an_error_not_truncated(tmp_path: Path) -> None:
    store = CampaignStore(tmp_path, "alpha")
    store.folder.mkdir()
    store.journal_path.write_bytes(b"something else entirely")
    with pytest.raises(SnapshotError, match="not a journal"):
        store.append_journal({"turn": 0})
    assert store.journal_path.read_bytes() == b"something else entirely"


def test_what_a_damaged_journal_loses_on_the_next_append_is_kept_beside_it(tmp_path: Path) -> None:
    """Journal: damage in the middle cuts the records after it, but their bytes are kept in a side file."""
    store = CampaignStore(tmp_path, "alpha")
    for turn in range(3):
        store.append_journal({"turn": turn})
    whole = store.journal_path.read_bytes()
    first_end = 10 + 8 + len(msgpack.packb({"turn": 0}))
    damaged = bytearray(whole)
    damaged[first_end + 9] ^= 0xFF  # the second record's payload: its checksum fails
    store.journal_path.write_bytes(bytes(damaged))
    reopened = CampaignStore(tmp_path, "alpha")
    reopened.append_journal({"turn": 3})
    assert reopened.read_journal().records == [{"turn": 0}, {"turn": 3}]
    side = store.folder / f"journal.bin.{first_end}.torn"
    assert side.read_bytes() == bytes(damaged[first_end:])
    assert list_campaigns(tmp_path) == ["alpha"] and store.snapshots() == []
