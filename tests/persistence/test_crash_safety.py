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
    from expedition.persistence.errors import NoSnapshot
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
            time.sleep(rng.uniform(0.0, 0.08))
            os.kill(writer.pid, signal.SIGKILL)
            writer.wait()
        loaded = store.load_newest()
        assert loaded.skipped == []  # atomic replace: nothing half-written is ever visible
        turn = loaded.body["turn"]
        assert loaded.body["log"][-1] == f"turn {turn} line 2999"
        assert turn >= last_turn  # never goes back in time
        last_turn = turn
        journal = store.read_journal()
        turns = [record["turn"] for record in journal.records]
        # Each turn is journaled before its snapshot, so every saved turn is in the journal (a turn
        # killed between the two is journaled again by the next writer); a torn tail is all we lose.
        assert set(range(1, turn + 1)) <= set(turns) <= set(range(1, turn + 2))
    assert last_turn > KILLS  # the writer did get work done between kills
