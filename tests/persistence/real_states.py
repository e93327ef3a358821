"""Real campaign states for the loading tests: the format-1 fixtures, migrated, and campaigns on disk.

The fixtures in `data/v1_real_*.expd` are whole states of seeded games (see
`data/make_v1_campaigns.py`), so the tests damage what a real campaign holds, not a made-up body.
"""

from __future__ import annotations

import copy
import functools
import random
from pathlib import Path
from typing import Any

from expedition.persistence.snapshot import read_snapshot
from expedition.persistence.state import state_to_body
from expedition.persistence.store import CampaignStore
from expedition.persistence.validation import saved_state
from expedition.session.session import Session
from tests.session.helpers import drive

DATA = Path(__file__).parent / "data"
REAL = ("settlement", "exploring", "fighting", "camping", "returned")
"""The real campaigns kept as format-1 fixtures."""


def fixture_path(name: str) -> Path:
    """The format-1 snapshot of the real campaign `name`."""
    return DATA / f"v1_real_{name}.expd"


def real_body(name: str) -> dict[str, Any]:
    """The body of the real campaign `name`, migrated to the current format (a fresh copy)."""
    return copy.deepcopy(_read(name))


@functools.cache
def _read(name: str) -> dict[str, Any]:
    _, body = read_snapshot(fixture_path(name))
    return body


def on_disk(root: Path, fixture: str = "exploring", *, snapshots: int = 10, seed: int = 5) -> Session:
    """The real campaign `fixture` saved under `root` as "real", played on by random legal moves.

    Every action is journalled and autosaved; play stops once the folder holds `snapshots`
    snapshots, and the journal covers them all. The session is closed (its lock given back).
    """
    session = Session(saved_state(real_body(fixture)), CampaignStore(root, "real"))
    store = session.store
    assert store is not None
    store.save(state_to_body(session.state))
    rng = random.Random(seed)
    for _ in range(1000):
        if len(store.snapshots()) >= snapshots:
            break
        drive(session, rng, 1)
    assert len(store.snapshots()) >= snapshots, "the campaign ended before it had its snapshots"
    session.close()
    return session
