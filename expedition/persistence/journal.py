"""Provides the journal file: the campaign's records appended one by one, each length-prefixed and checked.

Layout: `b"EXPDJRNL"` and a u16 version, then records of `u32 length`, `u32 crc32` and a msgpack
map of plain values. A crash can tear the last record and a disk can flip a bit in any of them;
reading keeps every record before the first damaged one and reports which record it was (its
number, counting the first as 1), where and why it stopped, instead of failing.
"""

from __future__ import annotations

import os
import struct
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from expedition.persistence.atomic import fsync_dir
from expedition.persistence.bounded_msgpack import DEFAULT_LIMITS, pack_body, unpack_body
from expedition.persistence.save_errors import EncodeError, SnapshotError

JOURNAL_MAGIC = b"EXPDJRNL"
"""The first eight bytes of a journal."""
JOURNAL_VERSION = 1
"""The journal layout version."""
MAX_RECORD = 16 << 20
"""Largest record read (16 MiB, a snapshot's limit); an action or an answer is a few dozen bytes."""
RECORD_LIMITS = DEFAULT_LIMITS
"""Bounds on one record's structure: a snapshot's, since the record that begins a journal holds the
whole campaign state, and every state the game can snapshot must also begin a journal (a campaign
of eight dungeons is over 50,000 values)."""
_HEADER = struct.Struct(">8sH")
_PREFIX = struct.Struct(">II")


@dataclass(frozen=True, slots=True)
class JournalRead:
    """What `read_records` found.

    Attributes:
        records: Every intact record, in the order written.
        valid_bytes: Length of the intact part of the file; appends continue from here.
        torn: Why reading stopped early (a torn or damaged record), or None when the file was whole.
        tail_bytes: How many bytes follow the intact part (0 when the file was whole).
        tail_records: How many records those bytes seem to hold, the damaged one included, counted
            by their length prefixes (at least 1 when `torn` is set).
    """

    records: list[dict[str, Any]] = field(default_factory=list)
    valid_bytes: int = 0
    torn: str | None = None
    tail_bytes: int = 0
    tail_records: int = 0

    @property
    def first_unread(self) -> int | None:
        """The number of the first record that could not be read (1 for the first), or None."""
        return len(self.records) + 1 if self.torn is not None else None

    @property
    def unread(self) -> str:
        """The records that could not be read, in words ("records 61 to 113", "record 7"), or ""."""
        first = self.first_unread
        if first is None:
            return ""
        last = first + max(self.tail_records, 1) - 1
        return f"record {first}" if last == first else f"records {first} to {last}"


def read_records(path: Path) -> JournalRead:
    """Read a journal, keeping the records before the first damaged one. A missing file is empty.

    Raises:
        SnapshotError: If the file is not a journal at all (wrong magic or version) or cannot be read.
    """
    try:
        file = open(path, "rb")  # noqa: SIM115 - closed in the finally below, across early returns
    except FileNotFoundError:
        return JournalRead()
    except OSError as error:
        raise SnapshotError(f"cannot read the journal: {error.strerror or error}", str(path)) from error
    try:
        head = file.read(_HEADER.size)
        if len(head) < _HEADER.size:
            if JOURNAL_MAGIC.startswith(head[:8]):
                return JournalRead(torn=f"torn header ({len(head)} bytes)" if head else None)
            raise SnapshotError("not a journal (wrong magic)", str(path))
        magic, version = _HEADER.unpack(head)
        if magic != JOURNAL_MAGIC:
            raise SnapshotError("not a journal (wrong magic)", str(path))
        if version != JOURNAL_VERSION:
            raise SnapshotError(f"unsupported journal version {version}", str(path))
        records: list[dict[str, Any]] = []
        offset = _HEADER.size
        while True:
            prefix = file.read(_PREFIX.size)
            if not prefix:
                return JournalRead(records, offset)
            torn = _torn(prefix, file, offset, len(records) + 1)
            if isinstance(torn, str):
                file.seek(offset)
                tail = file.read()
                return JournalRead(records, offset, torn, len(tail), count_records(tail))
            records.append(torn[0])
            offset += torn[1]
    finally:
        file.close()


def _torn(prefix: bytes, file: Any, offset: int, number: int) -> str | tuple[dict[str, Any], int]:
    """Record `number` (at `offset`) and its size in bytes, or why it cannot be read."""
    where = f"record {number} (at byte {offset})"
    if len(prefix) < _PREFIX.size:
        return f"{where} is torn (length prefix cut short)"
    length, crc = _PREFIX.unpack(prefix)
    if length > MAX_RECORD:
        return f"{where} declares {length} bytes, over the limit"
    payload = file.read(length)
    if len(payload) < length:
        return f"{where} is torn ({len(payload)} of {length} bytes)"
    if zlib.crc32(payload) != crc:
        return f"{where} fails its checksum"
    try:
        record = unpack_body(payload, RECORD_LIMITS)
    except SnapshotError as error:
        return f"{where} is malformed: {error.reason}"
    return record, _PREFIX.size + length


def count_records(tail: bytes) -> int:
    """How many records `tail` (the bytes from a damaged record on) seems to hold: at least 1.

    Walks the length prefixes as far as they stay within the bytes, so a flipped bit inside one
    record's payload still counts the records after it; a damaged prefix ends the count there.
    """
    count, offset = 0, 0
    while offset < len(tail):
        count += 1
        if offset + _PREFIX.size > len(tail):
            break
        length, _ = _PREFIX.unpack_from(tail, offset)
        if length > MAX_RECORD:
            break
        offset += _PREFIX.size + length
    return max(count, 1)


def append_record(path: Path, record: dict[str, Any]) -> int:
    """Append one record and fsync; starts the file with its header when it is new or empty.

    Returns:
        Bytes added to the file.

    Raises:
        EncodeError: If `record` is not plain or breaks the record limits.
    """
    payload = pack_body(record, RECORD_LIMITS)
    if len(payload) > MAX_RECORD:
        raise EncodeError(f"journal record of {len(payload)} bytes is over the {MAX_RECORD} byte limit")
    data = _PREFIX.pack(len(payload), zlib.crc32(payload)) + payload
    fresh = not path.exists() or path.stat().st_size == 0
    if fresh:
        data = _HEADER.pack(JOURNAL_MAGIC, JOURNAL_VERSION) + data
    with open(path, "ab") as file:
        file.write(data)
        file.flush()
        os.fsync(file.fileno())
    if fresh:
        fsync_dir(path.parent)
    return len(data)
