"""A writer killed at random moments never costs the campaign: it always loads, newest or previous."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from expedition.persistence.store import CampaignStore

REPO = Path(__file__).resolve().parents[2]
KILLS = 30
"""How many times the writer is killed."""

WRITER = textwrap.dedent(
    """
    import sys
    from pathlib import Path
    from expedition.persistence.save_errors import NoSnapshot
    from expedition.persistence.store import CampaignStore

    store = CampaignStore(Path(sys.argv[1]), "crash", keep=3)
    store.acquire()  # the previous writer was killed holding it: the lock is stale
    try:
        turn = store.load_newest().body["turn"]
    except NoSnapshot:
        turn = 0
    print("ready", flush=True)
    while True:
        turn += 1
        store.append_journal({"turn": turn})
        # Big enough that a kill often lands mid-write.
        store.save({"turn": turn, "log": [f"turn {turn} line {i}" for i in range(3000)]})
        print("saved", turn, flush=True)
    """
)


@pytest.mark.slow
def test_a_writer_killed_at_random_moments_always_leaves_a_loadable_campaign(tmp_path: Path) -> None:
    rng = random.Random(7)
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    store = CampaignStore(tmp_path, "crash", keep=3)
    last_turn = 0
    for _ in range(KILLS):
        with subprocess.Popen(
            [sys.executable, "-c", WRITER, str(tmp_path)], stdout=subprocess.PIPE, text=True, env=env
        ) as writer:
            assert writer.stdout is not None and writer.stdout.readline().strip() == "ready"
            # It saves a turn first, so every writer gets work done however slow the machine;
            # then the kill lands at a random moment of the writes that follow.
            assert writer.stdout.readline().split()[0] == "saved"
            time.sleep(rng.uniform(0.0, 0.08))
            os.kill(writer.pid, signal.SIGKILL)
            writer.wait()
        loaded = store.load_newest()
        assert loaded.skipped == []  # atomic replace: nothing half-written is ever visible
        turn = loaded.body["turn"]
        assert loaded.body["log"][-1] == f"turn {turn} line 2999"
        assert turn > last_turn  # never goes back in time, and each writer saved a turn
        last_turn = turn
        journal = store.read_journal()
        turns = [record["turn"] for record in journal.records]
        # Each turn is journaled before its snapshot, so every saved turn is in the journal (a turn
        # killed between the two is journaled again by the next writer); a torn tail is all we lose.
        assert set(range(1, turn + 1)) <= set(turns) <= set(range(1, turn + 2))


PLAYER = textwrap.dedent(
    """
    import random, sys
    from pathlib import Path
    from expedition.rules.engine.legal_actions import legal_actions
    from expedition.session.campaigns import open_campaign
    from expedition.session.views import Seat

    session = open_campaign("real", saves=Path(sys.argv[1]))  # recovers the killed writer's lock
    rng = random.Random(int(sys.argv[2]))
    host = Seat.host()
    print("ready", session.state.actions, flush=True)
    while True:
        if session.pending is not None:
            session.answer(host, rng.choice(session.pending.keys))
            continue
        actions = legal_actions(session.state)
        if not actions:
            break
        session.submit(host, rng.choice(actions))
        print("did", session.state.actions, flush=True)
    print("over", flush=True)
    """
)


@pytest.mark.slow
def test_a_real_game_killed_mid_autosave_always_opens_and_replays(tmp_path: Path) -> None:
    """The game itself (session, autosave, journal) killed at random: it reopens, keeps commits, replays."""
    from expedition.cli_new import _options, _specs
    from expedition.persistence.state import state_hash
    from expedition.rules.core.context import Context
    from expedition.rules.core.decisions import resolve_default
    from expedition.rules.core.dice import SeededDice
    from expedition.rules.creation.party_creation import create_party
    from expedition.session.campaigns import open_campaign, start_campaign
    from expedition.session.replay import replay_campaign

    options = _options()
    ctx = Context(SeededDice(21))
    party = resolve_default(create_party(ctx, _specs(None, options), options))
    start_campaign(party, 21, saves=tmp_path, name="real", ctx=ctx, keep=3).close()
    rng = random.Random(21)
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    last = 0
    for kill in range(12):
        with subprocess.Popen(
            [sys.executable, "-c", PLAYER, str(tmp_path), str(kill)],
            stdout=subprocess.PIPE,
            text=True,
            env=env,
        ) as writer:
            assert writer.stdout is not None
            ready = writer.stdout.readline().split()
            assert ready[0] == "ready" and int(ready[1]) >= last  # what was committed was kept
            time.sleep(rng.uniform(0.02, 0.3))
            os.kill(writer.pid, signal.SIGKILL)
            writer.wait()
        session = open_campaign("real", saves=tmp_path)
        try:
            assert session.state.actions >= last
            last = session.state.actions
            assert session.store is not None
            assert replay_campaign(session.store).final_hash == state_hash(session.state)
        finally:
            session.close()
