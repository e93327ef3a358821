"""No seat receives a seed, the dice's state or anything that gives them away (DESIGN.md, "Serving").

A played campaign is served by a real `Hub` on a Unix socket; a spectator and a player connect as
their clients do (a hello frame with a token), and every frame they receive is decoded and searched
for the campaign seed, each dungeon's seed, the dice's next faces' source (the digest the next roll
is taken from) and the faces of the roll that chose a dungeon. Dungeons go by ids (`place_ids`).
"""

from __future__ import annotations

import asyncio
import hashlib
import random
import re
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from expedition.cli_new import _options, _specs
from expedition.net.frames import CLIENT_FRAME_LIMIT, SERVER_FRAME_LIMIT, encode_frame, read_frame
from expedition.net.hub import Hub
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import resolve_default
from expedition.rules.core.dice import SeededDice
from expedition.rules.creation.party_creation import create_party
from expedition.rules.engine.legal_actions import legal_actions
from expedition.rules.interlude.setting_out import NEW, SetOut
from expedition.session.campaigns import start_campaign
from expedition.session.session import Session
from expedition.session.views import Seat

SEED = 1_987_654_321
"""The campaign seed: long enough that no count, face or position in a view is it by chance."""
STEPS = 300
"""Actions the host may take: two expeditions into generated dungeons, and the party's end (at 256)."""
PLAYED_AS = re.compile(r"\bgen-\d|\bgen \d", re.IGNORECASE)
"""A generated dungeon's key, raw or as a screen would put it in words ("Gen 17061413")."""


def _dungeon_seeds(session: Session) -> set[int]:
    return {
        int(location.origin.split(":")[1])
        for location in session.state.locations.values()
        if location.origin.startswith("generated:")
    }


def _next_digest(dice: dict[str, int]) -> bytes:
    """What the next roll is taken from (`SeededDice.roll`): knowing it tells the next face."""
    text = f"{dice['seed']}:{dice['index']}".encode()
    return hashlib.blake2b(text, digest_size=8, person=b"expedition").digest()


def _faces(value: list[Any] | tuple[Any, ...]) -> int | None:
    """The seed four d20 faces make (`setting_out._dungeon_for`), None for anything else."""
    if len(value) != 4 or not all(type(face) is int and 1 <= face <= 20 for face in value):
        return None
    return int("".join(f"{face - 1:02d}" for face in value))


class Leaks:
    """Every seed-derived value a seat must not see, and the search for them in decoded frames."""

    def __init__(self) -> None:
        self.numbers: set[int] = {SEED}
        self.texts: set[str] = {str(SEED), f"{SEED:x}"}
        self.dungeon_seeds: set[int] = set()

    def add_seed(self, seed: int) -> None:
        assert seed >= 10_000, f"dungeon seed {seed} is too short to search for; pick another SEED"
        self.dungeon_seeds.add(seed)
        self.numbers.add(seed)
        self.texts |= {str(seed), f"{seed:x}"}

    def add_digest(self, digest: bytes) -> None:
        self.numbers.add(int.from_bytes(digest, "big"))
        self.texts.add(digest.hex())

    def found(self, value: Any, path: str = "") -> list[str]:
        """Where in `value` a seed-derived value sits (empty: nowhere)."""
        hits: list[str] = []
        if isinstance(value, dict):
            for key, item in value.items():
                hits += self.found(key, f"{path}/<key>")
                hits += self.found(item, f"{path}/{key}")
        elif isinstance(value, list | tuple):
            # the faces of a 4d20 that made a dungeon's seed (`setting_out._dungeon_for`)
            if _faces(value) in self.dungeon_seeds:
                hits.append(f"{path}: faces {value} make a dungeon seed")
            for item in value:
                hits += self.found(item, f"{path}[]")
        elif isinstance(value, bool):
            pass
        elif isinstance(value, int):
            if value in self.numbers:
                hits.append(f"{path}: {value}")
        elif isinstance(value, str):
            hits += [f"{path}: {value[:60]!r} holds {text}" for text in self.texts if text in value]
            if PLAYED_AS.search(value):
                hits.append(f"{path}: {value[:60]!r} names a generated dungeon by its key")
        elif isinstance(value, bytes):
            hits += self.found(value.hex(), path)
        return hits


class Client:
    """A client on the hub's socket, as `net.remote` connects: it keeps every frame it is sent."""

    def __init__(self) -> None:
        self.frames: list[dict[str, Any]] = []
        self.task: asyncio.Task[None] | None = None

    async def connect(self, path: Path, token: str) -> None:
        reader, writer = await asyncio.open_unix_connection(str(path), limit=SERVER_FRAME_LIMIT)
        writer.write(encode_frame({"t": "hello", "token": token}, limit=CLIENT_FRAME_LIMIT))
        await writer.drain()
        self.writer = writer

        async def read() -> None:
            while (frame := await read_frame(reader, SERVER_FRAME_LIMIT)) is not None:
                self.frames.append(frame)

        self.task = asyncio.create_task(read())

    async def close(self) -> None:
        self.writer.close()
        if self.task is not None:
            self.task.cancel()


@pytest.fixture
def saves() -> Iterator[Path]:
    folder = Path(tempfile.mkdtemp(prefix="exp-", dir="/tmp"))  # short: socket paths are limited
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


def _two_player_campaign(saves: Path) -> Session:
    options = _options()
    ctx = Context(SeededDice(SEED))
    party = resolve_default(create_party(ctx, _specs(None, options), options))
    for member in party.characters[2:]:
        member.owner = "player2"
    return start_campaign(party, SEED, saves=saves, ctx=ctx)


def _choose(rng: random.Random, actions: list[Any]) -> Any:
    """Random play that sets out for a new dungeon whenever it may (so there are several)."""
    new = [a for a in actions if isinstance(a, SetOut) and a.dungeon == NEW]
    return new[0] if new else rng.choice(actions)


async def test_no_frame_a_spectator_or_a_player_receives_holds_a_seed(saves: Path) -> None:
    session = _two_player_campaign(saves)
    leaks = Leaks()
    hub = Hub(session, session.name)
    await hub.start(saves / "hub.sock")
    spectator, player = Client(), Client()
    await spectator.connect(saves / "hub.sock", hub.issue(Seat.spectator()))
    await player.connect(saves / "hub.sock", hub.issue(Seat.for_player("player2")))
    host, rng = Seat.host(), random.Random(SEED)
    expeditions = 0
    try:
        for _ in range(STEPS):
            leaks.add_digest(_next_digest(session.state.dice))
            if session.pending is not None:
                session.answer(host, rng.choice(session.pending.keys))
            elif actions := legal_actions(session.state):
                before = session.state.expedition
                session.submit(host, _choose(rng, actions))
                expeditions += before is None and session.state.expedition is not None
            else:
                break
            for seed in _dungeon_seeds(session) - leaks.dungeon_seeds:
                leaks.add_seed(seed)
            await asyncio.sleep(0.002)  # the clients read as they go (a slow one would be dropped)
        await asyncio.sleep(0.2)
        assert hub.clients == 2, "a client was dropped: its frames are not all here"
        first = next(location for location in session.state.locations.values() if location.origin)
    finally:
        await spectator.close()
        await player.close()
        await hub.close()
        session.close()

    assert len(leaks.dungeon_seeds) >= 2 and expeditions >= 2  # the campaign went to generated dungeons
    for client in (spectator, player):
        assert len(client.frames) > 200
        hits = [hit for frame in client.frames for hit in leaks.found(frame, frame.get("t", "?"))]
        assert hits == [], hits[:10]
    # The player was offered a way back to a dungeon, by its id, and the dungeon by its name.
    offered = [
        option
        for frame in player.frames
        if "view" in frame
        for _, options in frame["view"]["choices"]
        for option in options
    ]
    back = [o for o in offered if o["action"].get("$type") == "SetOut" and o["label"].startswith("Back to")]
    assert back and {o["action"]["dungeon"] for o in back} == {"dungeon-1"}
    assert first.title and all(o["label"].startswith(f"Back to {first.title} (") for o in back)
    assert campaign_name_is_not_the_seed(spectator.frames)


def campaign_name_is_not_the_seed(frames: list[dict[str, Any]]) -> bool:
    welcome = next(frame for frame in frames if frame["t"] == "welcome")
    return bool(welcome["campaign"]) and str(SEED) not in welcome["campaign"]
