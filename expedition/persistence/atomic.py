"""Provides atomic file writing: a temp file in the same folder, fsync, `os.replace`, fsync the folder."""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path

TEMP_SUFFIX = ".tmp"
"""Suffix of a file being written; one left behind is the trace of a crash and can be deleted."""


def fsync_dir(folder: Path) -> None:
    """Flush a folder's entries to disk, so a rename in it survives a power cut.

    Does nothing where folders cannot be opened (Windows).
    """
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass  # some file systems refuse fsync on a directory; the rename itself is still atomic
    finally:
        os.close(fd)


def write_atomic(path: Path, data: bytes) -> None:
    """Write `data` to `path` so that readers see the old file or the whole new one, never a part.

    Raises:
        OSError: If the folder cannot be written; the temp file is removed.
    """
    fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=TEMP_SUFFIX, dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    fsync_dir(path.parent)
