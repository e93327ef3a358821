"""Seeded, bounded fuzzing of real saves: every damaged campaign opens from what is left, quickly, cleanly.

A real campaign on disk (ten snapshots, its whole journal) is copied once per case, and its newest
snapshot damaged in one of three ways: its shape (bit flips, truncation: the checksum catches
those), its meaning (a well-typed impossible value behind a valid checksum: a tile, a dimension,
an id, an emptied list, a count), or its size (huge texts and lists). A worker process opens each
copy as the game does (`open_campaign`) and answers with what happened. The test fails on any
traceback, on any open that takes over 2 seconds, and on any case refused, since the nine older
snapshots are intact and the journal covers them: refusing would cost a campaign that could be saved.
"""

from __future__ import annotations

import json
import os
import random
import selectors
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import msgpack  # type: ignore[import-untyped]  # msgpack ships no type hints
import pytest

from expedition.persistence.save_errors import EncodeError
from expedition.persistence.snapshot import encode_snapshot, read_snapshot
from expedition.persistence.state import state_hash
from tests.persistence.real_states import on_disk

ROOT = Path(__file__).resolve().parents[2]
CASES = 60
"""Damaged campaigns opened, a third of each kind (under a second each on a shared core)."""
TIMEOUT = 2.0
"""Most processor time one open may take, in seconds: a load that spins is caught by this."""
WALL_TIMEOUT = 30.0
"""Longest one open may take by the clock, in seconds: a load that blocks is caught by this (the
processor time is what is held to `TIMEOUT`, since the cores are shared with other work)."""

WORKER = r"""
import json, sys, time, traceback
from pathlib import Path
from expedition.persistence.state import state_hash
from expedition.session.campaigns import CampaignOpenError, open_campaign
print(json.dumps({"ready": True}), flush=True)
for line in sys.stdin:
    case = json.loads(line)
    start = time.process_time()
    try:
        session = open_campaign(case["name"], saves=case["saves"])
    except CampaignOpenError as error:
        answer = {"ok": False, "refused": str(error)}
    except BaseException as error:
        answer = {"ok": False, "traceback": traceback.format_exc()}
    else:
        report = session.load_report
        answer = {
            "ok": True,
            "hash": state_hash(session.state),
            "snapshot": report.snapshot.name if report else "",
            "lines": report.lines() if report else [],
        }
        session.close()
    answer["cpu"] = time.process_time() - start
    print(json.dumps(answer), flush=True)
"""

Body = dict[str, Any]
Path_ = tuple[Any, ...]


class Worker:
    """A process that opens campaigns on request, so each open can be timed without paying for imports."""

    def __init__(self) -> None:
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        self.process = subprocess.Popen(
            [sys.executable, "-c", WORKER], cwd=ROOT, env=env, text=True,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        self.selector = selectors.DefaultSelector()
        assert self.process.stdout is not None
        self.selector.register(self.process.stdout, selectors.EVENT_READ)
        assert self.read(60.0) == {"ready": True}

    def read(self, timeout: float) -> dict[str, Any] | None:
        assert self.process.stdout is not None
        if not self.selector.select(timeout):
            return None
        line = self.process.stdout.readline()
        return json.loads(line) if line else None

    def open(self, saves: Path, name: str) -> dict[str, Any] | None:
        """What opening the campaign gave, with the processor time it took; None if it never answered."""
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps({"saves": str(saves), "name": name}) + "\n")
        self.process.stdin.flush()
        return self.read(WALL_TIMEOUT)

    def close(self) -> None:
        self.selector.close()
        self.process.kill()
        self.process.wait()
        for pipe in (self.process.stdin, self.process.stdout):
            if pipe is not None:
                pipe.close()


# --- damage -------------------------------------------------------------------------------------


def _paths(value: Any, path: Path_ = ()) -> Iterator[tuple[Path_, Any]]:
    yield path, value
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _paths(item, (*path, index))


def _put(tree: Any, path: Path_, value: Any) -> None:
    for step in path[:-1]:
        tree = tree[step]
    tree[path[-1]] = value


def _leaves(body: Body, kind: type) -> list[Path_]:
    return [path for path, value in _paths(body) if path and type(value) is kind and path[-1] != "$type"]


def _levels(body: Body) -> list[Path_]:
    return [path for path, value in _paths(body) if path and path[-1] == "levels" and isinstance(value, list)]


def _tile(body: Body, rng: random.Random) -> str:
    levels = _levels(body)
    path = rng.choice(levels)
    tiles = _at(body, path)[0]["tiles"]
    row = rng.randrange(len(tiles))
    line = tiles[row]
    column = rng.randrange(len(line))
    tiles[row] = line[:column] + rng.choice("*?@ \x00é") + line[column + 1 :]
    return f"a strange tile in {path}"


def _row(body: Body, rng: random.Random) -> str:
    level = _at(body, rng.choice(_levels(body)))[0]
    row = rng.randrange(len(level["tiles"]))
    level["tiles"][row] = level["tiles"][row][: rng.randrange(len(level["tiles"][row]))]
    return f"row {row} cut short"


def _no_levels(body: Body, rng: random.Random) -> str:
    path = rng.choice(_levels(body))
    _put(body, path, [])
    return f"no levels at {path}"


def _dimension(body: Body, rng: random.Random) -> str:
    level = _at(body, rng.choice(_levels(body)))[0]
    room = rng.choice(level["rooms"])
    where, key = rng.choice([(level, "width"), (level, "height"), (room, "w"), (room, "h"), (room, "x")])
    where[key] = rng.choice([0, -1, 2**31, 2**62, 10**6])
    return f"{key} = {where[key]}"


def _integer(body: Body, rng: random.Random) -> str:
    path = rng.choice(_leaves(body, int))
    value = rng.choice([0, -1, -(2**31), 2**31, 2**63 - 1, 10**9])
    _put(body, path, value)
    return f"{path} = {value}"


def _identifier(body: Body, rng: random.Random) -> str:
    path = rng.choice(_leaves(body, str))
    _put(body, path, rng.choice(["c9", "", "nobody", "player9", "gen-0"]))
    return f"{path} renamed"


def _emptied(body: Body, rng: random.Random) -> str:
    lists = [path for path, value in _paths(body) if path and isinstance(value, list) and value]
    path = rng.choice(lists)
    _put(body, path, [])
    return f"{path} emptied"


def _huge_text(body: Body, rng: random.Random) -> str:
    path = rng.choice(_leaves(body, str))
    size = rng.choice([5_000, 70_000, 900_000])
    _put(body, path, "x" * size)
    return f"{path}: {size} characters"


def _huge_list(body: Body, rng: random.Random) -> str:
    lists = [path for path, value in _paths(body) if path and isinstance(value, list) and value]
    path = rng.choice(lists)
    items = _at(body, path)
    count = rng.choice([20_000, 150_000]) // max(1, len(json.dumps(items[0], default=str)) // 8)
    _put(body, path, [items[0]] * max(2, count))
    return f"{path}: {count} copies"


def _at(tree: Any, path: Path_) -> Any:
    for step in path:
        tree = tree[step]
    return tree


MEANING: list[Callable[[Body, random.Random], str]] = [
    _tile, _row, _no_levels, _dimension, _integer, _identifier, _emptied,
]  # fmt: skip
SIZE: list[Callable[[Body, random.Random], str]] = [_huge_text, _huge_list]


def _damage(path: Path, kind: str, rng: random.Random) -> str:
    """Damage the snapshot at `path` in the way `kind` names; returns what was done."""
    data = bytearray(path.read_bytes())
    if kind == "shape":
        if rng.random() < 0.5:
            for _ in range(rng.randint(1, 8)):
                data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
            path.write_bytes(bytes(data))
            return "bits flipped"
        cut = rng.randrange(len(data))
        path.write_bytes(bytes(data[:cut]))
        return f"cut at byte {cut}"
    _, body = read_snapshot(path)
    done = rng.choice(MEANING if kind == "meaning" else SIZE)(body, rng)
    try:
        path.write_bytes(encode_snapshot(body))
    except EncodeError:  # too big to encode at all: write what a careless writer would
        path.write_bytes(bytes(data[:32]) + msgpack.packb(body))
        return done + " (unencodable)"
    return done


@pytest.fixture(scope="module")
def campaign(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """A real campaign on disk, ten snapshots and a journal, and the hash of its state."""
    root = tmp_path_factory.mktemp("fuzz-template")
    live = on_disk(root, "fighting", seed=8)
    return root / "real", state_hash(live.state)


def test_damaged_real_saves_always_open_from_what_is_left(campaign: tuple[Path, str], tmp_path: Path) -> None:
    template, live_hash = campaign
    rng = random.Random(15)
    worker = Worker()
    failures: list[str] = []
    slowest = 0.0
    fell_back = {"shape": 0, "meaning": 0, "size": 0}
    try:
        for case in range(CASES):
            kind = ("shape", "meaning", "size")[case % 3]
            saves = tmp_path / f"case-{case}"
            shutil.copytree(template, saves / "real")
            newest = sorted((saves / "real").glob("snap-*.expd"))[-1]
            done = _damage(newest, kind, rng)
            answer = worker.open(saves, "real")
            what = f"case {case} ({kind}: {done})"
            if answer is None:
                failures.append(f"{what}: no answer within {WALL_TIMEOUT} s")
                worker.close()
                worker = Worker()
                continue
            slowest = max(slowest, answer["cpu"])
            if answer["cpu"] > TIMEOUT:
                failures.append(f"{what}: took {answer['cpu']:.2f} s of processor time")
            if "traceback" in answer:
                failures.append(f"{what}: traceback\n{answer['traceback']}")
            elif not answer["ok"]:
                failures.append(f"{what}: refused although older snapshots were intact: {answer['refused']}")
            elif answer["snapshot"] != newest.name:
                fell_back[kind] += 1
                if answer["hash"] != live_hash:
                    failures.append(f"{what}: the older snapshot and the journal gave another state")
            # else a plausible value the checks cannot tell from a real one: it loaded cleanly
            shutil.rmtree(saves)
            if len(failures) >= 5:
                break
    finally:
        worker.close()
    assert not failures, "\n\n".join(failures)
    assert slowest < TIMEOUT
    assert fell_back["shape"] == CASES // 3  # the checksum catches every flipped bit and every cut
    assert fell_back["meaning"] >= CASES // 6 and fell_back["size"] >= CASES // 6, fell_back
    print(f"{CASES} damaged campaigns opened, the slowest in {slowest:.2f} s of CPU; fell back: {fell_back}")
