"""Plays a saved campaign while its folder really fails, then heals it; prints what happened as JSON.

Run by `test_disk_faults.py` in its own process (`python -m tests.session.disk_fault_child SAVES
MODE`): `fsize` limits the size of any file it writes (RLIMIT_FSIZE: the kernel answers EFBIG, as a
full disk would), `chmod` takes the write bits off the campaign's folder and files (run as a user
that file modes bind: not a root with CAP_DAC_OVERRIDE).
"""

from __future__ import annotations

import json
import random
import resource
import signal
import sys
from pathlib import Path

from expedition.persistence.state import state_hash, state_to_body
from expedition.persistence.store import CampaignStore
from expedition.session.session import Session
from expedition.session.views import Seat
from tests.session.disk_faults import finish, play
from tests.session.helpers import make_campaign


def main(saves: Path, mode: str) -> None:
    store = CampaignStore(saves, "tomb")
    session = Session(make_campaign(9), store)
    store.save(state_to_body(session.state))
    rng = random.Random(9)
    play(session, rng, 10)
    finish(session, rng)
    if mode == "fsize":
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails, not the process
        limit = store.journal_path.stat().st_size + 200
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, resource.RLIM_INFINITY))
    else:
        for path in [*store.folder.iterdir(), store.folder]:
            path.chmod(0o555 if path.is_dir() else 0o444)
    raised, refused = 0, 0
    for _ in range(40):
        try:
            results = play(session, rng, 1)
            finish(session, rng)
        except Exception:
            raised += 1
            continue
        refused += sum(1 for r in results if not r.ok and "saving failed" in r.reason.lower())
    banner = session.view(Seat.host()).saving.trouble
    if mode == "fsize":
        resource.setrlimit(resource.RLIMIT_FSIZE, (resource.RLIM_INFINITY, resource.RLIM_INFINITY))
    else:
        for path in [store.folder, *store.folder.iterdir()]:
            path.chmod(0o755 if path.is_dir() else 0o644)
    cleared = session.retry_saving() and session.view(Seat.host()).saving.ok
    print(
        json.dumps(
            {
                "raised": raised,
                "refused": refused,
                "banner": banner,
                "cleared": cleared,
                "hash": state_hash(session.state),
            }
        )
    )
    session.close()


if __name__ == "__main__":
    main(Path(sys.argv[1]), sys.argv[2])
