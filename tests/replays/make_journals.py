"""Records the fixture journals in `data/`: seeded random play of whole quick campaigns.

Run once (`python tests/replays/make_journals.py`) and commit what it writes. Each journal is a
campaign as the build that recorded it played it, so a later build that replays it to different
hashes changed the game, not the fixture: re-record only when a change of the rules is meant
(a fault fixed), and say in the commit which change it was.
"""

from __future__ import annotations

import json
import random
import shutil
import sys
import tempfile
from pathlib import Path

from expedition.cli_new import _options, _specs
from expedition.persistence.state import state_hash
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import resolve_default
from expedition.rules.core.dice import SeededDice
from expedition.rules.creation.party_creation import create_party
from expedition.rules.engine.legal_actions import legal_actions
from expedition.session.campaigns import start_campaign
from expedition.session.views import Seat

DATA = Path(__file__).parent / "data"
SEEDS = (11, 23, 37, 41, 59)
STEPS = 900


def record(seed: int, saves: Path) -> dict[str, object]:
    """Play one campaign and copy its journal into `data/`; return what the fixture promises."""
    options = _options()
    ctx = Context(SeededDice(seed))
    party = resolve_default(create_party(ctx, _specs(None, options), options))
    session = start_campaign(party, seed, saves=saves, ctx=ctx)
    rng = random.Random(seed)
    host = Seat.host()
    try:
        for _ in range(STEPS):
            decision = session.pending
            if decision is not None:
                session.answer(host, rng.choice(decision.keys))
                continue
            actions = legal_actions(session.state)
            if not actions:
                break
            session.submit(host, rng.choice(actions))
        while session.pending is not None:
            session.answer(host, rng.choice(session.pending.keys))
        journal = session.store.journal_path if session.store is not None else None
        final = state_hash(session.state)
        actions_done = session.state.actions
    finally:
        session.close()
    assert journal is not None
    shutil.copyfile(journal, DATA / f"seed-{seed}.journal")
    return {"seed": seed, "actions": actions_done, "final_hash": final}


def main() -> None:
    DATA.mkdir(exist_ok=True)
    promises = []
    with tempfile.TemporaryDirectory() as tmp:
        for seed in SEEDS:
            promises.append(record(seed, Path(tmp) / str(seed)))
            print(promises[-1], file=sys.stderr)
    (DATA / "expected.json").write_text(json.dumps(promises, indent=2) + "\n")


if __name__ == "__main__":
    main()
