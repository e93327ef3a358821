"""Provides `SaveHealth`: whether the game's saving works, as one seat is told it.

The session keeps the last disk failure (`persistence.disk_trouble.DiskTrouble`) until a write
succeeds again, and every seat view carries it as a `SaveHealth`: the banner a front end shows
while saving fails. The host (the player at the machine that holds the saves folder) is told what
to do and may write the campaign to another folder; a remote player is told that the host's
machine cannot save; a spectator only reads that saving failed, and is never offered a folder.
"""

from __future__ import annotations

from dataclasses import dataclass

from expedition.persistence.disk_trouble import FULL, READ_ONLY, DiskTrouble
from expedition.session.views import Seat, SeatKind

__all__ = ["SaveHealth", "health_for"]


@dataclass(frozen=True, slots=True)
class SaveHealth:
    """Whether saving works, for one seat.

    Attributes:
        trouble: The banner's line, in the game's words; "" while saving works.
        kind: "full", "read-only" or "other"; "" while saving works.
        may_save_elsewhere: The seat may write the whole campaign to another folder (the host only).
    """

    trouble: str = ""
    kind: str = ""
    may_save_elsewhere: bool = False

    @property
    def ok(self) -> bool:
        """True while saving works."""
        return not self.trouble


def health_for(trouble: DiskTrouble | None, seat: Seat) -> SaveHealth:
    """What `seat` is told of the last disk failure (None: saving works)."""
    if trouble is None:
        return SaveHealth()
    if seat.kind is SeatKind.HOST:
        return SaveHealth(trouble.message, trouble.kind, may_save_elsewhere=True)
    why = {FULL: "its disk is full", READ_ONLY: "its saves folder is read-only"}.get(
        trouble.kind, "its disk fails"
    )
    if seat.kind is SeatKind.SPECTATOR:
        return SaveHealth(f"saving failed on the host's machine: {why}", trouble.kind)
    return SaveHealth(
        f"saving failed on the host's machine: {why} — actions wait until the host fixes it; nothing is lost",
        trouble.kind,
    )
