"""Replaying the journal: seeded campaigns driven by random legal actions replay to identical hashes."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from expedition.persistence.journal import append_record
from expedition.persistence.state import state_hash
from expedition.persistence.store import CampaignStore
from expedition.session.replay import ReplayDivergence, ReplayError, replay_campaign, replay_records
from expedition.session.session import Session
from tests.session.helpers import drive, make_campaign


@pytest.mark.parametrize("seed", range(30))
def test_random_legal_play_replays_to_the_same_hashes(seed: int) -> None:
    rng = random.Random(seed)
    state = make_campaign(seed, dungeon=rng.choice(["tomb", None]), bleeding=rng.random() < 0.5, insight=6)
    session = Session(state, hash_every=rng.randint(1, 10))
    drive(session, rng, 120)
    report = replay_records(session.records)
    assert report.actions == session.state.actions
    assert report.final_hash == state_hash(session.state)
    assert report.state == session.state
    assert report.hashes == sum(1 for r in session.records if r["k"] == "hash")


def test_replay_can_stop_early() -> None:
    session = Session(make_campaign(5))
    drive(session, random.Random(5), 40)
    assert session.state.actions > 10
    assert replay_records(session.records, to=7).actions == 7


def test_a_tampered_answer_names_the_action_that_diverged() -> None:
    session = Session(make_campaign(2, bleeding=True), hash_every=50)
    drive(session, random.Random(2), 30)
    records = [dict(r) for r in session.records]
    target = next(r for r in records if r["k"] == "action" and r["n"] >= 3 and r["answers"])
    answer = dict(target["answers"][0])
    answer["key"] = next(k for k in ("STR", "DEX", "INT", "PRE") if k != answer["key"])
    target["answers"] = [answer, *target["answers"][1:]]
    with pytest.raises(ReplayDivergence) as caught:
        replay_records(records)
    assert caught.value.index == target["n"]
    assert f"action {target['n']} (PassTurn" in str(caught.value) or "CatchBreath" in str(caught.value)


def test_a_tampered_action_is_named_even_between_hashes(tmp_path: Path) -> None:
    store = CampaignStore(tmp_path, "alpha")
    session = Session(make_campaign(4), store, hash_every=100)
    drive(session, random.Random(4), 25)
    records = store.read_journal().records
    action = next(r for r in records if r["k"] == "action" and r["action"]["$type"] == "PassTurn")
    action["action"] = {"$type": "RenamePlayer", "actor": "", "player": "ann", "name": "Mallory"}
    store.journal_path.unlink()
    for record in records:
        append_record(store.journal_path, record)
    with pytest.raises(ReplayDivergence) as caught:
        replay_campaign(store)
    assert caught.value.index == action["n"] and "RenamePlayer" in str(caught.value)


def test_a_journal_without_its_start_cannot_be_replayed(tmp_path: Path) -> None:
    with pytest.raises(ReplayError, match="no journal"):
        replay_campaign(CampaignStore(tmp_path, "empty"))
    with pytest.raises(ReplayError, match="starting state"):
        replay_records([{"k": "action", "n": 1}])
