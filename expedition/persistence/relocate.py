"""Provides `copy_campaign`: the whole of a campaign written into another saves folder.

It is how a player whose saves folder fails (full, read-only) saves elsewhere: every readable
snapshot of the campaign, its journal, and a snapshot of the game as it is now go into a new folder
of the same name under the saves folder the player names.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from expedition.persistence.atomic import write_atomic
from expedition.persistence.save_errors import PersistenceError
from expedition.persistence.store import CampaignStore, check

__all__ = ["copy_campaign"]


def copy_campaign(
    source: CampaignStore, target: CampaignStore, records: Iterable[dict[str, Any]], body: dict[str, Any]
) -> Path:
    """Write the campaign of `source` into `target`, which must hold no campaign yet.

    Args:
        source: The campaign's folder now (only read: it may be the one that fails).
        target: The new folder; the caller takes its lock first and keeps it.
        records: Every journal record, in order (those `source` holds and any not written yet).
        body: The game as it is now (`state_to_body`).

    Returns:
        The new folder's newest snapshot.

    Raises:
        PersistenceError: If `target` already holds a campaign.
        OSError: If `target` cannot be written.
    """
    if target.started:
        raise PersistenceError(
            f"there is already a campaign called {target.name!r} in {target.folder.parent}"
        )
    target.folder.mkdir(parents=True, exist_ok=True)
    for path in source.snapshots():
        if check(path)[0]:  # a damaged one is left behind: the journal and the new snapshot cover it
            write_atomic(target.folder / path.name, path.read_bytes())
    for record in records:
        target.append_journal(record)
    return target.save(body)
