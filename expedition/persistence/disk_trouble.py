"""Provides `DiskTrouble`: what a failed write to the saves folder means, in the player's words."""

from __future__ import annotations

import errno
from dataclasses import dataclass
from pathlib import Path

__all__ = ["FULL", "OTHER", "READ_ONLY", "DiskTrouble", "disk_trouble"]

FULL = "full"
"""The disk (or the space this user may use on it, or the largest file allowed) is used up."""
READ_ONLY = "read-only"
"""The saves folder cannot be written: a read-only disk or no permission."""
OTHER = "other"
"""Any other failure of the disk."""

_FULL = {errno.ENOSPC, errno.EDQUOT, errno.EFBIG}
_READ_ONLY = {errno.EROFS, errno.EACCES, errno.EPERM}


@dataclass(frozen=True, slots=True)
class DiskTrouble:
    """Why the last write to a campaign's folder failed.

    Attributes:
        kind: `FULL`, `READ_ONLY` or `OTHER`.
        folder: The campaign's folder.
        detail: The system's own words ("No space left on device").
    """

    kind: str
    folder: str
    detail: str = ""

    @property
    def message(self) -> str:
        """The banner's line: what failed, and what the player can do about it."""
        if self.kind == FULL:
            return "saving failed: the disk is full — free some space or save elsewhere"
        if self.kind == READ_ONLY:
            return "saving failed: the saves folder is read-only — make it writable or save elsewhere"
        return f"saving failed: {self.detail or 'the disk refused'} — check the disk or save elsewhere"


def disk_trouble(error: OSError, folder: Path) -> DiskTrouble:
    """Name what a write's `OSError` means for the player."""
    code = error.errno
    kind = FULL if code in _FULL else READ_ONLY if code in _READ_ONLY else OTHER
    return DiskTrouble(kind, str(folder), error.strerror or str(error))
