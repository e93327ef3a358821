"""An intact snapshot that makes no sense costs nothing: the newest usable one plus the journal is loaded.

Bit rot is caught by the checksum and set aside (test_campaigns.py); here the newest snapshot has a
valid checksum but one impossible value, as a buggy build or a hand edit would leave it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from expedition.persistence.snapshot import encode_snapshot, read_snapshot
from expedition.persistence.state import state_hash
from expedition.session.campaigns import CampaignOpenError, open_campaign
from tests.persistence.real_states import on_disk


def _rewrite(path: Path, change: Any) -> None:
    """Rewrite a snapshot with `change` applied to its body, with a valid checksum."""
    _, body = read_snapshot(path)
    change(body)
    path.write_bytes(encode_snapshot(body))


def _bad_tile(body: dict[str, Any]) -> None:
    tiles = body["expedition"]["dungeon"]["levels"][0]["tiles"]
    tiles[2] = "*" + tiles[2][1:]


def test_an_invalid_newest_snapshot_falls_back_to_the_newest_valid_one_and_rolls_on(tmp_path: Path) -> None:
    live = on_disk(tmp_path)
    assert live.store is not None
    snapshots = live.store.snapshots()
    assert len(snapshots) == 10
    newest = snapshots[-1]
    _rewrite(newest, _bad_tile)
    opened = open_campaign("real", saves=tmp_path)
    report = opened.load_report
    assert report is not None and report.troubled and not report.skipped
    assert [(path.name, why.split(":")[0]) for path, why in report.refused] == [
        (newest.name, "expedition.dungeon.levels[0].tiles[2]")
    ]
    assert report.snapshot == snapshots[-2] and report.rolled_forward >= 1
    assert state_hash(opened.state) == state_hash(live.state)
    lines = report.lines()
    assert any(newest.name in line and "'*' is no kind of tile" in line for line in lines), lines
    assert any(snapshots[-2].name in line for line in lines), lines
    assert newest.exists()  # intact: left where it is, not renamed
    opened.close()


def test_nine_invalid_snapshots_still_leave_the_oldest_one(tmp_path: Path) -> None:
    live = on_disk(tmp_path)
    assert live.store is not None
    snapshots = live.store.snapshots()
    for path in snapshots[1:]:
        _rewrite(path, lambda body: body["party"][0].update(name="N" * 70_000))
    opened = open_campaign("real", saves=tmp_path)
    assert opened.load_report is not None
    assert opened.load_report.snapshot == snapshots[0] and len(opened.load_report.refused) == 9
    assert state_hash(opened.state) == state_hash(live.state)
    opened.close()


def test_no_usable_snapshot_is_refused_with_every_reason_and_no_traceback(tmp_path: Path) -> None:
    live = on_disk(tmp_path, snapshots=3)
    assert live.store is not None
    for path in live.store.snapshots():
        _rewrite(path, lambda body: body["expedition"]["dungeon"].update(levels=[]))
    with pytest.raises(CampaignOpenError) as refused:
        open_campaign("real", saves=tmp_path)
    message = str(refused.value)
    assert message.count("a dungeon needs at least one level") == len(live.store.snapshots())


def test_a_snapshot_the_journal_does_not_replay_from_falls_back_too(tmp_path: Path) -> None:
    """A plausible but wrong action count: the journal's next action replays to another state."""
    live = on_disk(tmp_path)
    assert live.store is not None
    snapshots = live.store.snapshots()
    _rewrite(snapshots[-1], lambda body: body.update(actions=body["actions"] - 3))
    opened = open_campaign("real", saves=tmp_path)
    report = opened.load_report
    assert report is not None and report.snapshot == snapshots[-2]
    ((path, why),) = report.refused
    assert path == snapshots[-1] and why.startswith("the journal after it does not replay"), why
    assert state_hash(opened.state) == state_hash(live.state)
    opened.close()
