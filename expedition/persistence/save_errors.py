"""Provides the errors the persistence layer raises, each naming the file and what is wrong."""

from __future__ import annotations


class PersistenceError(Exception):
    """Base of every error raised on purpose by `expedition.persistence`."""


class SnapshotError(PersistenceError):
    """A snapshot, journal record or encoded value cannot be read.

    Args:
        reason: What is wrong, such as "checksum mismatch" or "party[0].name: expected str, got int".
        source: The file (or other origin) that was being read, when known.
    """

    def __init__(self, reason: str, source: str | None = None) -> None:
        self.reason = reason
        """What is wrong, without the file name."""
        self.source = source
        """The file that was being read, or None."""
        super().__init__(f"{source}: {reason}" if source else reason)

    def at(self, source: str) -> SnapshotError:
        """Return the same error (same class) naming `source` as the file being read."""
        return type(self)(self.reason, source)


class UnsupportedVersion(SnapshotError):
    """The snapshot is intact but written in a format version this build cannot read."""


class EncodeError(PersistenceError):
    """A value cannot be turned into a snapshot: a bug in the caller, not a bad file."""


class CampaignLocked(PersistenceError):
    """Another live process has the campaign open."""


class NoSnapshot(PersistenceError):
    """A campaign has no snapshot that can be loaded."""
