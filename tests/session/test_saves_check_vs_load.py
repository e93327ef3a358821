"""`saves check` never calls intact a save that opening refuses (seeded mutations of a real save)."""

from __future__ import annotations

import copy
import random
from pathlib import Path
from typing import Any

from expedition.persistence.save_check import check_journal, check_snapshot
from expedition.persistence.snapshot import encode_snapshot, read_snapshot
from expedition.persistence.store import CampaignStore
from expedition.session.campaigns import open_campaign
from expedition.session.session import Session
from tests.session.helpers import drive, make_campaign

MUTATIONS = 150
"""How many damaged copies of the save are tried."""
ODD_VALUES: tuple[Any, ...] = (None, -1, -(10**6), 10**12, 0, "", "nowhere", [], {}, True, 2.5, b"\x00", [1])
"""What a damaged value is replaced with."""


def real_save(root: Path) -> tuple[bytes, dict[str, Any]]:
    """A campaign played for a while: its newest snapshot's bytes and body."""
    store = CampaignStore(root, "real")
    session = Session(make_campaign(4), store, hash_every=5)
    drive(session, random.Random(4), 40)
    session.close()
    newest = store.snapshots()[-1]
    return newest.read_bytes(), read_snapshot(newest)[1]


def paths(value: Any, here: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a plain body, in a fixed order."""
    found = [here] if here else []
    if isinstance(value, dict):
        for key in sorted(value, key=str):
            found += paths(value[key], (*here, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += paths(item, (*here, index))
    return found


def mutated(data: bytes, body: dict[str, Any], rng: random.Random) -> bytes:
    """One damaged copy: a flipped bit, a cut, or a value changed or removed behind a valid checksum."""
    kind = rng.random()
    if kind < 0.1:
        damaged = bytearray(data)
        damaged[rng.randrange(len(damaged))] ^= 1 << rng.randrange(8)
        return bytes(damaged)
    if kind < 0.15:
        return data[: rng.randrange(len(data))]
    changed = copy.deepcopy(body)
    where = rng.choice(paths(changed))
    parent: Any = changed
    for step in where[:-1]:
        parent = parent[step]
    if isinstance(parent, dict) and rng.random() < 0.25:
        del parent[where[-1]]
    else:
        parent[where[-1]] = rng.choice(ODD_VALUES)
    return encode_snapshot(changed)


def test_saves_check_never_passes_a_save_that_opening_refuses(tmp_path: Path) -> None:
    data, body = real_save(tmp_path / "source")
    rng = random.Random(15)
    refused, passed_but_refused = 0, []
    for number in range(MUTATIONS):
        folder = tmp_path / "saves" / f"m{number}"
        folder.mkdir(parents=True)
        snapshot = folder / "snap-00000001.expd"
        snapshot.write_bytes(mutated(data, body, rng))
        checked = check_snapshot(snapshot)  # before opening, which may set the file aside
        try:
            open_campaign(f"m{number}", saves=tmp_path / "saves").close()
        except Exception:  # any refusal or failure to open counts: a player could not load it
            refused += 1
            if checked.ok:
                passed_but_refused.append(number)
    assert passed_but_refused == []
    assert refused >= MUTATIONS // 5  # the damage is real: opening refuses many of these copies


def test_saves_check_reads_every_record_of_a_real_journal(tmp_path: Path) -> None:
    store = CampaignStore(tmp_path, "real")
    session = Session(make_campaign(4), store, hash_every=5)
    drive(session, random.Random(4), 40)
    session.close()
    checked = check_journal(store.journal_path)
    assert checked.ok, checked.problem
    records = len(store.read_journal().records)
    assert checked.summary == f"{records} journal records, to action {session.state.actions}"
