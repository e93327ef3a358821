"""What the game can write it can read, and what it cannot read it refuses to write, clearly.

The journal's first record holds the whole state, so a state a snapshot can hold must fit a journal
record too: a campaign of eight dungeons whose journal was lost opens (it used to fail writing that
record). A state over the loading limits (a name of 70,000 letters) is refused with a message,
never a traceback (creation cuts a typed name, test_party_creation.py).
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

from expedition.persistence.bounded_msgpack import DEFAULT_LIMITS, pack_body
from expedition.persistence.journal import MAX_RECORD, RECORD_LIMITS, append_record, read_records
from expedition.persistence.save_errors import EncodeError
from expedition.persistence.snapshot import MAX_FILE_SIZE
from expedition.persistence.state import state_hash, state_to_body
from expedition.persistence.store import CampaignStore
from expedition.persistence.validation import saved_state
from expedition.session.campaigns import CampaignOpenError, open_campaign
from tests.persistence.real_states import real_body


def _eight_dungeons() -> dict[str, Any]:
    """The exploring campaign, remembering its dungeon as eight places of the map."""
    body = real_body("exploring")
    key = body["expedition"]["dungeon"]["key"]
    for n in range(8):
        place = copy.deepcopy(body["locations"][key])
        place["name"] = f"kept-{n}"
        place["dungeon"] = {**copy.deepcopy(body["expedition"]["dungeon"]), "key": f"kept-{n}"}
        body["locations"][f"kept-{n}"] = place
    return body


def test_a_journal_record_takes_whatever_a_snapshot_takes() -> None:
    assert RECORD_LIMITS == DEFAULT_LIMITS and MAX_RECORD >= MAX_FILE_SIZE


def test_a_campaign_of_eight_dungeons_without_its_journal_opens_and_journals(tmp_path: Path) -> None:
    body = _eight_dungeons()
    state = saved_state(body)
    assert len([p for p in state.locations.values() if p.dungeon is not None]) >= 8
    CampaignStore(tmp_path, "big").save(body)
    session = open_campaign("big", saves=tmp_path)
    assert session.store is not None
    (begin,) = session.store.read_journal().records  # the journal starts again from the snapshot
    # The fixture was saved before later fields existed; the journal starts from its state as read.
    assert begin["k"] == "begin" and begin["state"] == state_to_body(state)
    session.close()
    again = open_campaign("big", saves=tmp_path)
    assert state_hash(again.state) == state_hash(state)
    again.close()


def test_a_record_too_big_to_read_back_is_refused_when_written(tmp_path: Path) -> None:
    journal = tmp_path / "journal.bin"
    with pytest.raises(EncodeError, match="would not load back"):
        append_record(journal, {"k": "note", "text": "x" * (DEFAULT_LIMITS.max_str_len + 1)})
    assert read_records(journal).records == []
    append_record(journal, {"k": "note", "text": "x" * DEFAULT_LIMITS.max_str_len})
    assert len(read_records(journal).records) == 1


def test_every_encoded_real_state_fits_both_limits() -> None:
    body = _eight_dungeons()
    assert len(pack_body(body)) == len(pack_body(body, RECORD_LIMITS))


@pytest.mark.parametrize("journal", [False, True])
def test_a_name_of_seventy_thousand_letters_is_refused_by_name_not_by_traceback(
    tmp_path: Path, journal: bool
) -> None:
    body = real_body("settlement")
    body["players"][0]["name"] = "P" * 70_000
    store = CampaignStore(tmp_path, "long")
    path = store.save(body)
    if journal:
        store.append_journal({"k": "begin", "seed": body["seed"], "n": body["actions"], "state": body})
    with pytest.raises(CampaignOpenError) as refused:
        open_campaign("long", saves=tmp_path)
    message = str(refused.value)
    assert str(path) in message and "players[0].name: a name of 70000 characters" in message
    assert not store.lock_path.exists()
