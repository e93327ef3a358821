"""Hostile snapshots behind a valid checksum: wrong types, missing or unknown keys and tags, misfit states.

The envelope and msgpack fuzz lives in test_snapshot.py. Here a real campaign body (a quick party in a
generated dungeon) is damaged value by value and loaded the way the game loads it
(`decode_snapshot` then `body_to_state`, and `open_campaign` for a whole folder): each case must be
refused with a `SnapshotError` naming the path, or load into a state that encodes back, never
anything else, and always within a second.
"""

from __future__ import annotations

import copy
import gc
import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from expedition.persistence.save_errors import SnapshotError
from expedition.persistence.snapshot import decode_snapshot, encode_snapshot
from expedition.persistence.state import body_to_state, state_to_body
from expedition.persistence.store import CampaignStore
from expedition.rules.interlude.setting_out import SetOut
from expedition.session.campaigns import CampaignOpenError, open_campaign
from expedition.session.session import Session
from expedition.session.views import Seat
from tests.session.helpers import drive, make_campaign

CASES = 800
"""Damaged bodies tried."""

Path_ = tuple[Any, ...]


@pytest.fixture(scope="module")
def body() -> dict[str, Any]:
    """The body of a campaign some way into a generated dungeon (map, memory, items, trackers)."""
    session = Session(make_campaign(11, dungeon=None), journal=False)
    assert session.submit(Seat.host(), SetOut()).ok
    drive(session, random.Random(11), 30)
    return state_to_body(session.state)


def _paths(value: Any, path: Path_ = ()) -> Iterator[Path_]:
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _paths(item, (*path, index))


def _parent(tree: Any, path: Path_) -> Any:
    for step in path[:-1]:
        tree = tree[step]
    return tree


WRONG: tuple[Any, ...] = (
    None,
    True,
    -1,
    2**63,
    1.5,
    "",
    "x" * 300,
    b"\x00",
    [],
    [1, "a"],
    {},
    {"$type": "Character"},
    {"$type": "NoSuchType"},
    [[[[[[]]]]]],
)


def _damage(tree: dict[str, Any], rng: random.Random, paths: list[Path_]) -> str:
    """Damage `tree` in place at a random place; returns what was done, for the failure message."""
    path = rng.choice(paths[1:])
    parent, key = _parent(tree, path), path[-1]
    how = rng.randrange(6)
    if how == 0 and isinstance(parent, dict) and key != "$type":
        del parent[key]
        return f"deleted {path}"
    if how == 1 and isinstance(parent, dict):
        parent[f"unexpected_{rng.randrange(9)}"] = 0
        return f"added a key beside {path}"
    if how == 2 and isinstance(parent, dict) and "$type" in parent:
        tags = ["Character", "Item", "Tracker", "Dungeon", "PassTurn", "DiceRolled", "x"]
        parent["$type"] = rng.choice(tags)
        return f"retagged {path[:-1]} as {parent['$type']}"
    if how == 3 and isinstance(parent, list) and parent:
        parent.append(copy.deepcopy(parent[0]))
        return f"repeated an item of {path[:-1]}"
    if how == 4 and isinstance(parent[key], str):
        parent[key] = parent[key] + "?"
        return f"changed the string at {path}"
    parent[key] = copy.deepcopy(rng.choice(WRONG))
    return f"put {parent[key]!r} at {path}"


def _load(body: dict[str, Any]) -> None:
    _, decoded = decode_snapshot(encode_snapshot(body), "hostile.expd")
    state = body_to_state(decoded)
    state_to_body(state)  # what loads must also save


def test_eight_hundred_wrongly_typed_campaign_bodies_each_load_or_raise_snapshot_error(
    body: dict[str, Any],
) -> None:
    """Untrusted loading: strict types, keys, tags and consistency, a clean error, never a blow-up."""
    body_to_state(body)  # the undamaged body loads
    whole = min(_cpu_seconds(body) for _ in range(5))  # the yardstick: loading it undamaged
    paths = list(_paths(body))
    rng = random.Random(4)
    refused = 0
    slowest = 0.0
    for case in range(CASES):
        damaged = copy.deepcopy(body)
        done = [_damage(damaged, rng, paths)]
        for _ in range(rng.randint(0, 2)):  # later damage picks among what the first left
            done.append(_damage(damaged, rng, list(_paths(damaged))))
        what = "; ".join(done)
        gc.disable()  # a collection of the whole worker's heap is no cost of this load (0.57 s once)
        start = time.process_time()
        try:
            _load(damaged)
        except SnapshotError as error:
            refused += 1
            assert str(error).startswith("hostile.expd: ") or error.reason, what
        except Exception as error:  # pragma: no cover - the failure message says what broke
            raise AssertionError(f"case {case} ({what}) raised {type(error).__name__}: {error}") from error
        finally:
            slowest = max(slowest, time.process_time() - start)
            gc.enable()
    assert refused > CASES * 0.6, f"only {refused} of {CASES} damaged bodies were refused"
    # No damage makes loading blow up: the slowest case costs at most a few whole loads. Measured in
    # this process's CPU time against the undamaged load, with the collector off while it loads, so
    # neither a busy or slow machine nor a collection of everything the worker holds can fail it.
    assert slowest < 10 * whole + 0.05, (
        f"slowest case took {slowest:.3f} s of CPU, a whole load {whole:.3f} s"
    )


def _cpu_seconds(body: dict[str, Any]) -> float:
    body = copy.deepcopy(body)
    gc.disable()
    try:
        start = time.process_time()
        _load(body)
        return time.process_time() - start
    finally:
        gc.enable()


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (lambda b: b.__setitem__("location", "atlantis"), "location: 'atlantis' is not a known location"),
        (lambda b: b.__setitem__("settlement", "nowhere"), "settlement: 'nowhere' is not a known location"),
        (lambda b: b["dice"].pop("index"), "dice: expected the keys"),
        (lambda b: b["dice"].__setitem__("seed", b["seed"] + 1), "does not belong to this campaign"),
        (lambda b: b["party"].append(copy.deepcopy(b["party"][0])), "two characters share an id"),
        (lambda b: b["players"].append(copy.deepcopy(b["players"][0])), "two players share an id"),
        (lambda b: b["party"][0].__setitem__("owner", "mallory"), "'mallory' is not a player"),
        (lambda b: b.__setitem__("day", 0), "out of range"),
        (lambda b: b["party"][0].__setitem__("name", 7), "party[0].name: expected str, got int"),
        (lambda b: b.__setitem__("phase", "holiday"), "phase: expected Phase"),
        (lambda b: b.__setitem__("$type", "Character"), "expected CampaignState, got Character"),
        (lambda b: b.__setitem__("cheat", 1), "cheat: unexpected field of CampaignState"),
    ],
)
def test_each_kind_of_wrong_state_is_named(body: dict[str, Any], change: Any, reason: str) -> None:
    """Untrusted loading: a well-formed file whose state is wrong names what is wrong."""
    damaged = copy.deepcopy(body)
    change(damaged)
    with pytest.raises(SnapshotError) as raised:
        _load(damaged)
    assert reason in raised.value.reason


def test_opening_a_campaign_whose_newest_snapshot_is_wrongly_typed_names_the_file(
    body: dict[str, Any], tmp_path: Path
) -> None:
    """A checksum-valid snapshot with a wrong state: an error naming the file; the lock is given back."""
    store = CampaignStore(tmp_path, "typed")
    damaged = copy.deepcopy(body)
    damaged["party"][0]["attrs"]["STR"]["score"] = "three"
    path = store.save(damaged)
    with pytest.raises(CampaignOpenError) as raised:
        open_campaign("typed", saves=tmp_path)
    assert str(path) in str(raised.value) and "party[0].attrs.STR.score: expected int" in str(raised.value)
    assert not store.lock_path.exists()
