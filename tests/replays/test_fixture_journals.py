"""Campaigns recorded by an earlier build replay to the same hashes, under any hash seed.

The journals in `data/` were played before `rules/` was reorganised (`make_journals.py`); replaying
them in fresh processes under several `PYTHONHASHSEED` values catches both a rule that changed and
state that depends on set or dict-hash order.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

DATA = Path(__file__).parent / "data"
EXPECTED = json.loads((DATA / "expected.json").read_text())
HASH_SEEDS = ("0", "1", "4", "17", "random")

_REPLAY_ALL = """
import json, sys
from pathlib import Path
from expedition.persistence.journal import read_records
from expedition.session.replay import replay_records
out = {}
for path in sys.argv[1:]:
    report = replay_records(read_records(Path(path)).records)
    out[Path(path).name] = [report.actions, report.final_hash]
print(json.dumps(out))
"""


@pytest.mark.parametrize("hash_seed", HASH_SEEDS)
def test_every_fixture_journal_replays_to_its_recorded_hash(hash_seed: str) -> None:
    journals = [str(DATA / f"seed-{entry['seed']}.journal") for entry in EXPECTED]
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    done = subprocess.run(
        [sys.executable, "-c", _REPLAY_ALL, *journals], env=env, capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, done.stderr[-2000:]
    replayed = json.loads(done.stdout)
    for entry in EXPECTED:
        actions, final_hash = replayed[f"seed-{entry['seed']}.journal"]
        assert (actions, final_hash) == (entry["actions"], entry["final_hash"]), entry["seed"]
