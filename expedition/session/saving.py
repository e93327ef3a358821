"""Provides `SaveKeeper`: a session's writes to its campaign folder, and what became of them.

The policy is "nothing lost" (DESIGN.md, "Persistence"): an action is kept in memory only once
its journal record is on disk. The session writes a finished action's record with
`write_or_refuse`; when that fails (a full disk, a read-only saves folder) the record is dropped,
the session rolls the action back and refuses it with the trouble in the game's words, so nothing
the players were told happened is missing from disk. Records that carry no action (the journal's
start, a full-state hash) and snapshots may fail without a refusal, since the journal already holds
every action and opening a campaign rolls the journal forward: such a record waits in memory and
is written before the next one, and a snapshot is written again by the next autosave.

Every failure is kept as the `trouble` until a write succeeds and nothing waits; every seat's view
carries it (`SeatView.saving`), so each front end shows a banner at once. `retry` tries again (the
app calls it on a timer, and each action's writes retry anyway); `move` writes the whole campaign
into another saves folder and saves there from then on.
"""

from __future__ import annotations

import logging
import os
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

from expedition.persistence.disk_trouble import FULL, OTHER, READ_ONLY, DiskTrouble, disk_trouble
from expedition.persistence.relocate import copy_campaign
from expedition.persistence.save_errors import PersistenceError
from expedition.persistence.store import CampaignStore

__all__ = ["SaveElsewhereError", "SaveKeeper"]

logger = logging.getLogger(__name__)


class SaveElsewhereError(Exception):
    """The campaign could not be written into the folder the player named (the message says why)."""


class SaveKeeper:
    """Writes a session's journal and snapshots, and keeps what failed (see the module docstring).

    Args:
        store: The campaign's folder; None keeps the journal in memory only (nothing can fail).
    """

    def __init__(self, store: CampaignStore | None) -> None:
        self.store = store
        """The campaign's folder, None when the game is not saved."""
        self.records: list[dict[str, Any]] = []
        """The journal records written (all of them when there is no store)."""
        self.trouble: DiskTrouble | None = None
        """The last disk failure, until saving works again; None while it works."""
        self._unwritten: list[dict[str, Any]] = []  # records a failed write left, oldest first
        self._snapshot_due = False  # the game as it is has no snapshot yet (a write failed since)
        self._milestone_due: str | None = None  # a milestone whose snapshot failed, for the retry

    def write_later(self, record: dict[str, Any]) -> None:
        """Write a record that holds no action; if the disk fails it waits for the next write."""
        self._unwritten.append(record)
        try:
            self._flush()
        except OSError as error:
            self._failed(error)

    def write_or_refuse(self, record: dict[str, Any]) -> DiskTrouble | None:
        """Write an action's record (after any that wait).

        Returns:
            None when it is on disk; else the trouble, and the record is dropped: never written.
        """
        self._unwritten.append(record)
        try:
            self._flush()
        except OSError as error:
            if self._unwritten and self._unwritten[-1] is record:
                self._unwritten.pop()
            return self._failed(error)
        return None

    def autosave(self, body: dict[str, Any], milestone: str | None = None) -> None:
        """Write a snapshot of `body` (a milestone an earlier failure owes goes with it)."""
        if self.store is None:
            return
        milestone = milestone or self._milestone_due
        try:
            self.store.save(body, milestone=milestone)
        except OSError as error:  # the journal has every action: nothing is lost, but it is told
            self._failed(error)
            self._milestone_due = milestone
            return
        except Exception as error:  # a bug, not the disk: still never silent, never the game's end
            logger.exception("autosave of %s failed", self.store.name)
            self.trouble = DiskTrouble(OTHER, str(self.store.folder), str(error))
            self._snapshot_due, self._milestone_due = True, milestone
            return
        self._snapshot_due, self._milestone_due = False, None
        if not self._unwritten:
            self.trouble = None

    def retry(self, body: Callable[[], dict[str, Any]]) -> bool:
        """Write what waits, then a snapshot of `body()` if one is due.

        Returns:
            True when saving works again (the trouble is gone).
        """
        if self.trouble is None:
            return True
        try:
            self._flush()
            if self.store is not None and self._snapshot_due:
                self.store.save(body(), milestone=self._milestone_due)
        except OSError as error:
            self._failed(error)
            return False
        self._snapshot_due, self._milestone_due, self.trouble = False, None, None
        return True

    def move(self, folder: str, body: dict[str, Any]) -> Path:
        """Write the whole campaign into the saves folder `folder` and save there from now on.

        The new folder gets the campaign's readable snapshots, its whole journal (with any record
        that waits) and a snapshot of `body`; its lock is taken and the old one given back. The
        old folder is left as it is.

        Returns:
            The campaign's new folder.

        Raises:
            SaveElsewhereError: When it cannot be done; the game goes on saving where it did.
        """
        if self.store is None:
            raise SaveElsewhereError("This game is not saved to a folder.")
        if not folder.strip():
            raise SaveElsewhereError("Name a folder to save in.")
        root = Path(os.path.expanduser(folder.strip()))
        if root.resolve() == self.store.folder.parent.resolve():
            raise SaveElsewhereError(f"The campaign is already saved in {root}; name another folder.")
        target = CampaignStore(root, self.store.name, keep=self.store.keep)
        fresh = not target.folder.exists()
        try:
            target.acquire()
        except (PersistenceError, OSError) as error:
            raise SaveElsewhereError(f"Cannot save in {root}: {_why(error)}.") from error
        try:
            records = [*self.store.read_journal().records, *self._unwritten]
            copy_campaign(self.store, target, records, body)
        except (PersistenceError, OSError) as error:
            target.release()
            if fresh:  # a half-made copy would only be mistaken for the campaign later
                shutil.rmtree(target.folder, ignore_errors=True)
            raise SaveElsewhereError(f"Cannot save in {root}: {_why(error)}.") from error
        self.store.release()
        self.store = target
        self.records.extend(self._unwritten)
        self._unwritten.clear()
        self._snapshot_due, self._milestone_due, self.trouble = False, None, None
        return target.folder

    def _flush(self) -> None:
        while self._unwritten:
            record = self._unwritten[0]
            if self.store is not None:
                self.store.append_journal(record)
            self._unwritten.pop(0)
            self.records.append(record)

    def _failed(self, error: OSError) -> DiskTrouble:
        folder = self.store.folder if self.store is not None else Path()
        self.trouble = disk_trouble(error, folder)
        self._snapshot_due = True  # a snapshot of now is the retry's proof that the folder works again
        logger.warning("saving %s failed: %s", self.store.name if self.store else "the campaign", error)
        return self.trouble


def _why(error: PersistenceError | OSError) -> str:
    """Why a folder could not take the campaign, in a player's words."""
    if not isinstance(error, OSError):
        return str(error)
    kind = disk_trouble(error, Path()).kind
    if kind == FULL:
        return "its disk is full"
    if kind == READ_ONLY:
        return "it cannot be written (read-only, or no permission)"
    return error.strerror or str(error)
