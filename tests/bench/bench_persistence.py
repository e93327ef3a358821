"""Benchmarks snapshots against raw msgpack: autosave and load time, and size against JSON.

Run from the repository root: `python tests/bench/bench_persistence.py`. The file name does not
start with `test_`, so pytest never collects it.
"""

from __future__ import annotations

import json
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgpack

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from expedition.persistence.codec import decode, encode
from expedition.persistence.snapshot import decode_snapshot, encode_snapshot
from expedition.persistence.store import CampaignStore
from expedition.rules.character import Attr, Character
from expedition.rules.conditions import Affliction, AfflictionGained
from expedition.rules.events import DiceRolled, Event
from expedition.rules.items import Item, ItemDef, Tag


def party() -> list[Character]:
    """Four adventurers with twenty items each."""
    heroes = []
    for number in range(4):
        hero = Character(id=f"c{number}", name=f"Hero {number}")
        hero.attrs[Attr.STR].score = 3
        hero.afflictions |= {Affliction.HUNGRY, Affliction.SHAKEN}
        for uid in range(20):
            defn = ItemDef(f"item{uid}", f"Item {uid}", tags=frozenset({Tag.CAMP, Tag.METAL}), usage=8)
            hero.items.append(Item.new(number * 100 + uid, defn))
        heroes.append(hero)
    return heroes


def events() -> list[Event]:
    """A turn-heavy event log of 1,000 events."""
    log: list[Event] = []
    for turn in range(500):
        log.append(DiceRolled(rule="§3.2", who="c1", why="STR test", sides=6, faces=(turn % 6 + 1, 3, 5)))
        log.append(AfflictionGained(rule="§4.6", character="c2", affliction=Affliction.HUNGRY))
    return log


def body() -> dict[str, Any]:
    """A plausible campaign body: dice state, party, log and a 60×40 map of row strings."""
    return {
        "dice": {"seed": 12345, "index": 6789},
        "party": encode(party(), list[Character]),
        "log": encode(events(), list[Event]),
        "map": ["#" * 20 + "." * 40 for _ in range(40)],
        "turn": 500,
    }


def best(function: Callable[[], object], repeat: int = 7, number: int = 10) -> float:
    """Best mean seconds per call over `repeat` rounds of `number` calls."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        for _ in range(number):
            function()
        times.append((time.perf_counter() - start) / number)
    return min(times)


def main() -> None:
    """Print the measurements."""
    plain = body()
    raw = msgpack.packb(plain, use_bin_type=True)
    snapshot = encode_snapshot(plain)
    raw_pack = best(lambda: msgpack.packb(plain, use_bin_type=True))
    raw_unpack = best(lambda: msgpack.unpackb(raw, raw=False))
    rows = [("encode_snapshot (no disk)", best(lambda: encode_snapshot(plain)), raw_pack)]
    rows.append(("decode_snapshot (no disk)", best(lambda: decode_snapshot(snapshot)), raw_unpack))
    with tempfile.TemporaryDirectory() as folder:
        store = CampaignStore(Path(folder), "bench", keep=3)
        rows.append(("autosave: store.save (fsync)", best(lambda: store.save(plain), number=3), raw_pack))
        rows.append(("load: store.load_newest", best(store.load_newest), raw_unpack))
    state = party()
    rows.append(("codec encode party", best(lambda: encode(state, list[Character])), raw_pack))
    encoded = plain["party"]
    rows.append(("codec decode party", best(lambda: decode(encoded, list[Character])), raw_unpack))

    print(
        f"body: {len(raw):,} bytes of msgpack, {len(plain['log'])} events, {len(plain['party'])} characters"
    )
    print(f"{'operation':34} {'ms':>8} {'raw ms':>8} {'× raw':>7}")
    for name, seconds, baseline in rows:
        print(f"{name:34} {seconds * 1e3:8.3f} {baseline * 1e3:8.3f} {seconds / baseline:7.1f}")
    as_json = json.dumps(plain, separators=(",", ":")).encode()
    print(f"size: snapshot {len(snapshot):,} B = raw msgpack × {len(snapshot) / len(raw):.3f}")
    print(f"      snapshot / compact JSON = {len(snapshot) / len(as_json):.3f} ({len(as_json):,} B)")


if __name__ == "__main__":
    main()
