"""A damaged journal record: replay names it; opening sets it and all after it aside, says so, plays on."""

from __future__ import annotations

import random
import struct
from pathlib import Path

import pytest

from expedition.persistence.snapshot import read_snapshot
from expedition.persistence.state import state_hash
from expedition.persistence.store import CampaignStore
from expedition.session.campaigns import open_campaign
from expedition.session.replay import JournalDamaged, JournalGap, replay_campaign
from expedition.session.session import Session
from tests.session.helpers import drive, make_campaign

RECORDS = 60
"""How many journal records the played campaign has at least."""
DAMAGED = 31
"""The record whose payload gets one flipped bit."""


def record_offsets(journal: Path) -> list[tuple[int, int]]:
    """(offset, payload length) of every record, walking the length prefixes."""
    data = journal.read_bytes()
    offsets, at = [], 10  # magic and version
    while at < len(data):
        length, _ = struct.unpack_from(">II", data, at)
        offsets.append((at, length))
        at += 8 + length
    return offsets


def damaged_campaign(root: Path) -> tuple[Session, int]:
    """A campaign of at least RECORDS journal records with one bit flipped in record DAMAGED.

    Returns:
        The closed session and the byte offset of the damaged record.
    """
    store = CampaignStore(root, "alpha")
    session = Session(make_campaign(8), store, hash_every=5)
    store.save(session.records[0]["state"])
    step = 0
    while len(store.read_journal().records) < RECORDS:
        drive(session, random.Random(step), 1)
        step += 1
    session.close()
    offset, length = record_offsets(store.journal_path)[DAMAGED - 1]
    data = bytearray(store.journal_path.read_bytes())
    data[offset + 8 + length // 2] ^= 0x10
    store.journal_path.write_bytes(bytes(data))
    return session, offset


def test_replay_stops_at_a_damaged_record_and_names_it(tmp_path: Path) -> None:
    live, offset = damaged_campaign(tmp_path)
    store = CampaignStore(tmp_path, "alpha")
    with pytest.raises(JournalDamaged) as raised:
        replay_campaign(store)
    message = str(raised.value)
    assert f"record {DAMAGED} (at byte {offset}) fails its checksum" in message
    total = len(record_offsets(store.journal_path))
    assert f"records {DAMAGED} to {total}" in message
    assert live.state.actions > 0  # the whole game was not replayed, and replay did not say it was
    # Only a part asked for, and all there, is a success.
    assert replay_campaign(store, to=3).actions == 3


def test_opening_sets_the_damaged_records_aside_and_play_never_cuts_them_silently(tmp_path: Path) -> None:
    live, offset = damaged_campaign(tmp_path)
    store = CampaignStore(tmp_path, "alpha")
    damaged = store.journal_path.read_bytes()
    opened = open_campaign("alpha", saves=tmp_path)
    assert state_hash(opened.state) == state_hash(live.state)  # play goes on from the newest snapshot
    report = opened.load_report
    assert report is not None and report.troubled and report.resumed
    side = tmp_path / "alpha" / f"journal.bin.{offset}.torn"
    assert side.read_bytes() == damaged[offset:]  # every byte from the damaged record on is kept
    lines = report.lines()
    assert any(f"record {DAMAGED} (at byte {offset}) fails its checksum" in line for line in lines)
    assert any(str(side) in line and f"records {DAMAGED} to" in line for line in lines)
    assert any(f"Play continues from the snapshot {report.snapshot.name}" in line for line in lines)
    drive(opened, random.Random(99), 5)
    opened.close()
    assert side.read_bytes() == damaged[offset:]
    assert sorted(p.name for p in store.folder.glob("journal.bin.*")) == [side.name]
    # Replay checks everything on both sides of the gap, then fails, naming what was set aside.
    with pytest.raises(JournalGap) as raised:
        replay_campaign(store)
    assert raised.value.report.final_hash == state_hash(opened.state)
    assert side.name in str(raised.value) and f"records {DAMAGED} onward" in str(raised.value)
    # Opening again finds nothing new to report and nothing more to set aside.
    again = open_campaign("alpha", saves=tmp_path)
    assert again.load_report is not None and not again.load_report.troubled
    assert state_hash(again.state) == state_hash(opened.state)
    again.close()


def test_a_resume_record_carries_the_game_when_the_snapshots_after_it_are_damaged(tmp_path: Path) -> None:
    damaged_campaign(tmp_path)
    opened = open_campaign("alpha", saves=tmp_path)
    resumed_at = opened.state.actions
    drive(opened, random.Random(5), 4)
    opened.close()
    store = CampaignStore(tmp_path, "alpha")
    for path in store.snapshots():
        if read_snapshot(path)[1]["actions"] >= resumed_at:
            path.write_bytes(path.read_bytes()[:50])
    reopened = open_campaign("alpha", saves=tmp_path)
    assert state_hash(reopened.state) == state_hash(opened.state)  # from the resume record, rolled forward
    reopened.close()


def test_a_damaged_first_record_leaves_a_journal_that_says_where_it_picks_up(tmp_path: Path) -> None:
    store = CampaignStore(tmp_path, "alpha")
    session = Session(make_campaign(8), store, hash_every=5)
    store.save(session.records[0]["state"])
    drive(session, random.Random(1), 6)
    session.close()
    data = bytearray(store.journal_path.read_bytes())
    data[10 + 8 + 20] ^= 0x01  # inside the begin record
    store.journal_path.write_bytes(bytes(data))
    opened = open_campaign("alpha", saves=tmp_path)
    assert opened.load_report is not None and opened.load_report.resumed
    assert (tmp_path / "alpha" / "journal.bin.10.torn").exists()
    drive(opened, random.Random(2), 3)
    opened.close()
    with pytest.raises(JournalGap, match="from its start") as raised:
        replay_campaign(store)
    assert raised.value.report.final_hash == state_hash(opened.state)
