"""Makes a saves folder fail the way real disks do, for the disk-fault tests.

`Faults` makes every fsync raise a chosen `OSError` (read-only, full): the journal's append and the
atomic snapshot write both fsync what they wrote, so the failure comes after the bytes reached the
file, the hardest case (the partial record must be cut off again). It works as root too, where
chmod does not stop writes. `small_disk` mounts a real size-limited tmpfs where this process may
mount one, and `play` drives a session with random legal moves, keeping what each submit returned.
"""

from __future__ import annotations

import contextlib
import errno
import os
import random
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from expedition.rules.engine.legal_actions import legal_actions
from expedition.session.port import SubmitResult
from expedition.session.session import Session
from expedition.session.views import Seat

READ_ONLY = errno.EROFS
FULL = errno.ENOSPC


class Faults:
    """Every fsync fails with `code` while it is set; `after` lets that many succeed first."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.code: int | None = None
        self.after = 0
        self.failed = 0
        self._fsync = os.fsync
        monkeypatch.setattr(os, "fsync", self._faulty)

    def fail(self, code: int, *, after: int = 0) -> None:
        self.code, self.after = code, after

    def heal(self) -> None:
        self.code = None

    def _faulty(self, fd: int) -> None:
        if self.code is not None:
            if self.after > 0:
                self.after -= 1
            else:
                self.failed += 1
                raise OSError(self.code, os.strerror(self.code))
        self._fsync(fd)


def play(session: Session, rng: random.Random, steps: int, seat: Seat | None = None) -> list[SubmitResult]:
    """Take `steps` random legal actions or answers; every result, refused ones too."""
    seat = seat or Seat.host()
    results: list[SubmitResult] = []
    for _ in range(steps):
        decision = session.pending
        if decision is not None:
            results.append(session.answer(seat, rng.choice(decision.keys)))
            continue
        actions = legal_actions(session.state)
        if not actions:
            break
        results.append(session.submit(seat, rng.choice(actions)))
    return results


def finish(session: Session, rng: random.Random) -> None:
    """Answer decisions until the action under way is done (or refused)."""
    while session.pending is not None:
        session.answer(Seat.host(), rng.choice(session.pending.keys))


@contextlib.contextmanager
def small_disk(folder: Path, size: str = "512k") -> Iterator[Path]:
    """A real tmpfs of `size` mounted on `folder`; the test is skipped where mounting is not allowed."""
    folder.mkdir(parents=True, exist_ok=True)
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(folder)], capture_output=True, check=False
    )
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a small disk here: {mounted.stderr.decode(errors='replace').strip()}")
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], capture_output=True, check=False)


def fill(folder: Path, leave: int) -> Path:
    """Fill the disk `folder` is on until about `leave` bytes are free; returns the filler file."""
    filler = folder / "filler.bin"
    free = os.statvfs(folder).f_bavail * os.statvfs(folder).f_frsize
    with contextlib.suppress(OSError), open(filler, "wb") as file:  # the disk is full: that is the point
        file.write(b"\0" * max(0, free - leave))
    return filler
