"""Benchmarks snapshots against raw msgpack: autosave and load time, and size against JSON.

Run from the repository root: `python tests/bench/bench_persistence.py` (`--quick` for one round of
each, as the smoke test does). The file name does not start with `test_`, so pytest never collects it.

Two bodies are measured: the state of a real campaign (a quick party played at random into a
generated dungeon, the body the game autosaves after every action) and a heavier synthetic one (four
characters with twenty items each and a 1,000-event log). Every time is printed beside raw
`msgpack.packb` (for saving) or `msgpack.unpackb` (for loading) of the same body, as a ratio.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgpack

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from expedition.persistence.codec import encode
from expedition.persistence.snapshot import decode_snapshot, encode_snapshot, read_snapshot
from expedition.persistence.state import body_to_state, state_to_body
from expedition.persistence.store import CampaignStore
from expedition.rules.character.adventurer import Character
from expedition.rules.core.attributes import Attr
from expedition.rules.core.conditions import Affliction, AfflictionGained
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import resolve_default
from expedition.rules.core.dice import SeededDice
from expedition.rules.core.events import DiceRolled, Event
from expedition.rules.core.item_defs import Item, ItemDef, Tag
from expedition.rules.creation.party_creation import create_party
from expedition.rules.engine.campaign import CampaignState, Player, new_campaign
from expedition.rules.engine.legal_actions import legal_actions

Row = tuple[str, float, float]


def campaign_state(seed: int = 7, steps: int = 150) -> CampaignState:
    """A quick party played `steps` random legal moves (creation defaults, as `new --quick`)."""
    from expedition.cli_new import _options, _specs
    from expedition.session.session import Session
    from expedition.session.views import Seat

    options = _options()
    ctx = Context(SeededDice(seed))
    party = resolve_default(create_party(ctx, _specs(None, options), options))
    players = [Player(owner, owner) for owner in sorted({member.owner for member in party.characters})]
    state = new_campaign(seed, party.characters, players, silver=party.silver, ctx=ctx)
    state.stash, state.sheets = list(party.stash), dict(party.sheets)
    session = Session(state, journal=False)
    rng, host = random.Random(seed), Seat.host()
    for _ in range(steps):
        if session.pending is not None:
            session.answer(host, rng.choice(session.pending.keys))
            continue
        actions = legal_actions(session.state)
        if not actions:
            break
        session.submit(host, rng.choice(actions))
    while session.pending is not None:
        session.answer(host, session.pending.default)
    return session.state


def synthetic_body() -> dict[str, Any]:
    """Four adventurers with twenty items each, a 1,000-event log and a 60×40 map of row strings."""
    heroes = []
    for number in range(4):
        hero = Character(id=f"c{number}", name=f"Hero {number}")
        hero.attrs[Attr.STR].score = 3
        hero.afflictions |= {Affliction.HUNGRY, Affliction.SHAKEN}
        for uid in range(20):
            defn = ItemDef(f"item{uid}", f"Item {uid}", tags=frozenset({Tag.CAMP, Tag.METAL}), usage=8)
            hero.items.append(Item.new(number * 100 + uid, defn))
        heroes.append(hero)
    log: list[Event] = []
    for turn in range(500):
        log.append(DiceRolled(rule="§3.2", who="c1", why="STR test", sides=6, faces=(turn % 6 + 1, 3, 5)))
        log.append(AfflictionGained(rule="§4.6", character="c2", affliction=Affliction.HUNGRY))
    return {
        "dice": {"seed": 12345, "index": 6789},
        "party": encode(heroes, list[Character]),
        "log": encode(log, list[Event]),
        "map": ["#" * 20 + "." * 40 for _ in range(40)],
        "turn": 500,
    }


def best(function: Callable[[], object], repeat: int, number: int) -> float:
    """Best mean seconds per call over `repeat` rounds of `number` calls."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        for _ in range(number):
            function()
        times.append((time.perf_counter() - start) / number)
    return min(times)


def measure(body: dict[str, Any], state: CampaignState | None, repeat: int, number: int) -> list[Row]:
    """Time saving and loading `body` (and `state`, when given, through the codec) against raw msgpack."""
    raw = msgpack.packb(body, use_bin_type=True)
    snapshot = encode_snapshot(body)
    raw_pack = best(lambda: msgpack.packb(body, use_bin_type=True), repeat, number)
    raw_unpack = best(lambda: msgpack.unpackb(raw, raw=False), repeat, number)
    rows: list[Row] = [
        ("encode_snapshot (no disk)", best(lambda: encode_snapshot(body), repeat, number), raw_pack),
        ("decode_snapshot (no disk)", best(lambda: decode_snapshot(snapshot), repeat, number), raw_unpack),
    ]
    with tempfile.TemporaryDirectory() as folder:
        store = CampaignStore(Path(folder), "bench", keep=3)
        if state is not None:
            autosave = best(lambda: store.save(state_to_body(state)), repeat, max(1, number // 3))
            rows.append(("autosave: state → file (fsync)", autosave, raw_pack))
        else:
            rows.append(
                ("autosave: body → file (fsync)", best(lambda: store.save(body), repeat, 3), raw_pack)
            )
        newest = store.save(body)
        if state is not None:
            load = best(lambda: body_to_state(read_snapshot(newest)[1]), repeat, number)
            rows.append(("load: file → state", load, raw_unpack))
        rows.append(("load: store.load_newest → body", best(store.load_newest, repeat, number), raw_unpack))
    return rows


def report(title: str, body: dict[str, Any], rows: list[Row]) -> None:
    """Print one body's rows and its sizes."""
    raw = msgpack.packb(body, use_bin_type=True)
    snapshot = encode_snapshot(body)
    as_json = json.dumps(body, separators=(",", ":"), default=lambda b: b.hex()).encode()
    print(f"\n{title}: {len(raw):,} bytes of msgpack")
    print(f"{'operation':34} {'ms':>8} {'raw ms':>8} {'× raw':>7}")
    for name, seconds, baseline in rows:
        print(f"{name:34} {seconds * 1e3:8.3f} {baseline * 1e3:8.3f} {seconds / baseline:7.1f}")
    print(f"size: snapshot {len(snapshot):,} B = raw msgpack × {len(snapshot) / len(raw):.3f}")
    print(f"      snapshot / compact JSON = {len(snapshot) / len(as_json):.3f} ({len(as_json):,} B)")


def main(argv: list[str] | None = None) -> None:
    """Print the measurements."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="one round of each, to check the bench runs")
    quick = parser.parse_args(argv).quick
    repeat, number = (1, 1) if quick else (7, 10)
    state = campaign_state(steps=40 if quick else 150)
    body = state_to_body(state)
    where = f"{state.phase.value} at {state.location}, {state.actions} actions"
    report(f"real campaign ({where})", body, measure(body, state, repeat, number))
    heavy = synthetic_body()
    report("synthetic body (4 × 20 items, 1,000 events)", heavy, measure(heavy, None, repeat, number))


if __name__ == "__main__":
    main()
