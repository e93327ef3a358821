"""`expedition saves list|check|export` and `expedition replay`, run as a user would."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from expedition.persistence.journal import append_record
from expedition.persistence.store import CampaignStore
from expedition.session.session import Session
from tests.session.helpers import drive, make_campaign

REPO = Path(__file__).resolve().parents[1]


def run(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "expedition", *args],
        capture_output=True,
        text=True,
        cwd=REPO,
        env={**os.environ, "PYTHONPATH": str(REPO), **(env or {})},
    )


@pytest.fixture
def saves(tmp_path: Path) -> Path:
    store = CampaignStore(tmp_path, "alpha")
    session = Session(make_campaign(8), store, hash_every=5)
    drive(session, random.Random(8), 20)
    return tmp_path


def test_saves_list_names_the_folder_and_each_campaign(saves: Path) -> None:
    result = run("saves", "list", "--saves", str(saves))
    assert result.returncode == 0, result.stderr
    folder, *campaigns = result.stdout.splitlines()
    assert folder == f"Saves folder: {saves} (given with --saves)"
    assert campaigns[0].startswith("alpha: ") and "snapshots" in campaigns[0]


def test_saves_list_respects_the_environment_variable(saves: Path) -> None:
    result = run("saves", "list", env={"EXPEDITION_SAVES": str(saves)})
    assert result.returncode == 0 and "alpha" in result.stdout
    assert result.stdout.splitlines()[0] == f"Saves folder: {saves} (set by $EXPEDITION_SAVES)"


def test_saves_list_in_a_checkout_uses_its_saves_folder_and_says_so(tmp_path: Path) -> None:
    result = run("saves", "list", env={"EXPEDITION_SAVES": ""})
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[0] == (
        f"Saves folder: {REPO / 'saves'} (the saves folder of the source checkout in {REPO})"
    )


def test_saves_check_passes_an_intact_snapshot_and_folder(saves: Path) -> None:
    newest = CampaignStore(saves, "alpha").snapshots()[-1]
    for target in (str(newest), str(saves / "alpha")):
        result = run("saves", "check", target)
        assert result.returncode == 0, result.stderr
        assert "ok" in result.stdout and len(result.stdout.splitlines()) == 1


@pytest.mark.parametrize(
    "content",
    [b"", b"garbage" * 10, b"EXPDSAVE" + b"\xff" * 40, bytes(range(256))],
)
def test_saves_check_refuses_garbage_in_one_line_without_a_traceback(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "bad.expd"
    path.write_bytes(content)
    result = run("saves", "check", str(path))
    assert result.returncode == 2
    assert result.stdout == "" and len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.stderr and "bad.expd" in result.stderr


def test_saves_check_reports_a_damaged_snapshot_and_a_missing_file(saves: Path) -> None:
    newest = CampaignStore(saves, "alpha").snapshots()[-1]
    data = bytearray(newest.read_bytes())
    data[-1] ^= 0xFF
    newest.write_bytes(bytes(data))
    damaged = run("saves", "check", str(newest))
    assert damaged.returncode == 2 and "checksum" in damaged.stderr
    missing = run("saves", "check", str(saves / "nope.expd"))
    assert missing.returncode == 2 and len(missing.stderr.strip().splitlines()) == 1


def test_saves_export_prints_readable_json(saves: Path) -> None:
    result = run("saves", "export", "alpha", "--json", "--saves", str(saves))
    assert result.returncode == 0, result.stderr
    dump = json.loads(result.stdout)
    assert dump["body"]["$type"] == "CampaignState"
    assert [p["name"] for p in dump["body"]["players"]] == ["Ann", "Ben"]
    assert dump["format_version"] >= 1


def test_saves_export_of_garbage_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / "bad.expd"
    path.write_bytes(b"\x00" * 100)
    result = run("saves", "export", str(path), "--json")
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_replay_verifies_the_journal(saves: Path) -> None:
    result = run("replay", "alpha", "--saves", str(saves))
    assert result.returncode == 0, result.stderr
    assert "hashes verified" in result.stdout
    partial = run("replay", "alpha", "--to", "3", "--saves", str(saves))
    assert partial.returncode == 0 and "replayed 3 actions" in partial.stdout


def test_replay_of_a_tampered_journal_names_the_action(saves: Path) -> None:
    store = CampaignStore(saves, "alpha")
    records = store.read_journal().records
    target = next(r for r in records if r["k"] == "action" and r["n"] == 2)
    target["action"] = {"$type": "RenamePlayer", "actor": "", "player": "ben", "name": "Mallory"}
    store.journal_path.unlink()
    for record in records:
        append_record(store.journal_path, record)
    result = run("replay", "alpha", "--saves", str(saves))
    assert result.returncode == 1
    assert "action 2 (RenamePlayer" in result.stderr and "Traceback" not in result.stderr


def test_replay_of_an_unknown_campaign_is_one_line(tmp_path: Path) -> None:
    result = run("replay", "ghost", "--saves", str(tmp_path))
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr == f"expedition: there is no campaign called 'ghost' in {tmp_path}\n"


def test_replay_of_a_campaign_without_a_journal_says_so(tmp_path: Path) -> None:
    (tmp_path / "bare").mkdir()
    result = run("replay", "bare", "--saves", str(tmp_path))
    assert result.returncode == 2 and "no journal" in result.stderr
    assert len(result.stderr.splitlines()) == 1 and "Traceback" not in result.stderr


def test_replay_refuses_a_negative_stopping_point_in_one_line(saves: Path) -> None:
    result = run("replay", "alpha", "--to", "-3", "--saves", str(saves))
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.strip() == "expedition: alpha: --to needs an action number of 0 or more, not -3"


def test_saves_check_of_a_folder_reports_a_torn_journal_in_one_line(saves: Path) -> None:
    journal = saves / "alpha" / "journal.bin"
    journal.write_bytes(journal.read_bytes()[:-3])
    result = run("saves", "check", "alpha", "--saves", str(saves))
    assert result.returncode == 2 and len(result.stderr.strip().splitlines()) == 1
    records = len(CampaignStore(saves, "alpha").read_journal().records)
    assert f"journal.bin: record {records + 1} (at byte" in result.stderr and "torn" in result.stderr
    journal.write_bytes(b"not a journal at all")
    wrong = run("saves", "check", str(journal))
    assert wrong.returncode == 2 and "not a journal (wrong magic)" in wrong.stderr
    assert len(wrong.stderr.strip().splitlines()) == 1 and "Traceback" not in wrong.stderr


def test_saves_export_of_a_folder_dumps_its_newest_snapshot_exactly(saves: Path) -> None:
    from expedition.persistence.snapshot import read_snapshot

    newest = CampaignStore(saves, "alpha").snapshots()[-1]
    result = run("saves", "export", str(saves / "alpha"), "--json")
    assert result.returncode == 0, result.stderr
    dump = json.loads(result.stdout)
    header, body = read_snapshot(newest)
    assert dump["file"] == str(newest) and dump["checksum"] == header.checksum
    assert dump["body"] == json.loads(json.dumps(body))


def test_load_tells_which_snapshot_was_damaged_and_why(saves: Path) -> None:
    """`expedition load NAME`: the newest intact snapshot is used; the player hears what was set aside."""
    store = CampaignStore(saves, "alpha")
    newest = store.snapshots()[-1]
    newest.write_bytes(newest.read_bytes()[:-7])
    result = run("load", "alpha", "--no-ui", "--saves", str(saves))
    assert result.returncode == 0, result.stderr
    assert f"{newest.name} was damaged (truncated" in result.stderr
    assert f"set aside as {newest.name}.corrupt" in result.stderr
    assert "Replayed 1 action from" in result.stderr
    assert result.stdout.startswith("alpha: day ") and "Traceback" not in result.stderr
    assert newest.with_name(newest.name + ".corrupt").exists()


def test_new_and_continue_use_the_saves_folder_from_the_environment(tmp_path: Path) -> None:
    env = {"EXPEDITION_SAVES": str(tmp_path / "env")}
    made = run("new", "--quick", "--seed", "3", "--no-ui", env=env)
    assert made.returncode == 0, made.stderr
    assert (tmp_path / "env" / "campaign-1" / "journal.bin").exists()
    assert list((tmp_path / "env" / "campaign-1").glob("snap-*.expd"))
    resumed = run("continue", "--no-ui", env=env)
    assert resumed.returncode == 0 and resumed.stdout.startswith("campaign-1: day 1")
    loaded = run(
        "load", "campaign-1", "--no-ui", "--saves", str(tmp_path / "env"), env={"EXPEDITION_SAVES": ""}
    )
    assert loaded.returncode == 0 and loaded.stdout == resumed.stdout


def test_the_saves_folder_has_a_readme_and_its_contents_are_ignored_by_git() -> None:
    """DESIGN.md: saves/ at the top says what lives there; everything else in it is git-ignored."""
    readme = (REPO / "saves" / "README.md").read_text()
    assert "--saves" in readme and "EXPEDITION_SAVES" in readme and "one folder each" in readme
    ignored = subprocess.run(
        ["git", "check-ignore", "-q", "saves/campaign-1/snap-00000001.expd"], cwd=REPO, check=False
    )
    kept = subprocess.run(["git", "check-ignore", "-q", "saves/README.md"], cwd=REPO, check=False)
    if ignored.returncode == 128:  # pragma: no cover - not a git checkout (an sdist): nothing to check
        pytest.skip("not a git work tree")
    assert ignored.returncode == 0 and kept.returncode == 1


def test_replay_of_a_journal_with_a_damaged_record_fails_naming_it(saves: Path) -> None:
    journal = saves / "alpha" / "journal.bin"
    data = bytearray(journal.read_bytes())
    at = 10  # past the magic and version: walk to the fifth record
    for _ in range(4):
        at += 8 + int.from_bytes(data[at : at + 4], "big")
    data[at + 8 + 3] ^= 0x04
    journal.write_bytes(bytes(data))
    result = run("replay", "alpha", "--saves", str(saves))
    assert result.returncode == 2 and result.stdout == ""
    [line] = result.stderr.splitlines()
    assert f"record 5 (at byte {at}) fails its checksum" in line and "cannot be replayed" in line


def test_saves_check_decodes_every_snapshot_and_names_each_bad_one(saves: Path) -> None:
    from expedition.persistence.snapshot import encode_snapshot, read_snapshot

    snapshots = CampaignStore(saves, "alpha").snapshots()
    older = snapshots[-3]
    _, body = read_snapshot(older)
    body["party"] = "nobody"  # well-formed msgpack and a valid checksum, but no party
    older.write_bytes(encode_snapshot(body))
    newest = snapshots[-1]
    _, body = read_snapshot(newest)
    body["day"] = "Tuesday"
    newest.write_bytes(encode_snapshot(body))
    result = run("saves", "check", "alpha", "--saves", str(saves))
    assert result.returncode == 2 and result.stdout == ""
    first, second = result.stderr.splitlines()
    assert first.startswith(f"expedition: {older}: ") and "party" in first
    assert second.startswith(f"expedition: {newest}: ") and "day" in second
    alone = run("saves", "check", str(older))
    assert alone.returncode == 2 and "party" in alone.stderr
