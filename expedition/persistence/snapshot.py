"""Provides the snapshot file: a small checked header and a msgpack body of plain values.

Layout (big-endian):

    magic           8 bytes   b"EXPDSAVE"
    format_version  u16       the body's format (see migrations.py)
    flags           u16       0; anything else is refused
    body_length     u32       bytes of body after the header
    app_length      u8        bytes of app version (at most 64)
    app_version     utf-8     the expedition version that wrote the file
    checksum        16 bytes  blake2b-128 of every header byte before it plus the body
    body            msgpack   one map of plain values

The envelope (everything but the body) never changes between format versions, so any build can
tell a damaged file from one written by a newer build. Loading treats the file as hostile: its
size is capped before reading, the checksum is checked before the body is parsed, and the body
goes through `wire.unpack_body`, which bounds depth, object count and memory.
"""

from __future__ import annotations

import hashlib
import os
import struct
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from expedition import __version__
from expedition.persistence.atomic import write_atomic
from expedition.persistence.bounded_msgpack import DEFAULT_LIMITS, Limits, pack_body, unpack_body
from expedition.persistence.migrations import FORMAT_VERSION, OLDEST_VERSION, migrate
from expedition.persistence.save_errors import EncodeError, SnapshotError, UnsupportedVersion

MAGIC = b"EXPDSAVE"
"""The first eight bytes of every snapshot."""
MAX_FILE_SIZE = 16 << 20
"""Largest snapshot file read (16 MiB); a real campaign is well under one."""
MAX_APP_VERSION = 64
"""Longest app version string in a header."""
_FIXED = struct.Struct(">8sHHIB")
_DIGEST = 16


@dataclass(frozen=True, slots=True)
class Header:
    """What a snapshot's header says.

    Attributes:
        format_version: The format the body was written in (before any migration).
        app_version: The expedition version that wrote the file.
        body_length: Bytes of msgpack body.
        checksum: The blake2b-128 checksum, as hex.
    """

    format_version: int
    app_version: str
    body_length: int
    checksum: str


def _digest(head: bytes, body: bytes) -> bytes:
    hasher = hashlib.blake2b(digest_size=_DIGEST, person=b"expd-snapshot")
    hasher.update(head)
    hasher.update(body)
    return hasher.digest()


def encode_snapshot(
    body: dict[str, Any],
    *,
    format_version: int = FORMAT_VERSION,
    app_version: str = __version__,
    limits: Limits = DEFAULT_LIMITS,
) -> bytes:
    """Return the bytes of a snapshot file holding `body`.

    Raises:
        EncodeError: If `body` is not plain, is too big, or the app version is too long.
    """
    packed = pack_body(body, limits)
    app = app_version.encode()
    if len(app) > MAX_APP_VERSION:
        raise EncodeError(f"app version {app_version!r} is longer than {MAX_APP_VERSION} bytes")
    head = _FIXED.pack(MAGIC, format_version, 0, len(packed), len(app)) + app
    if len(head) + _DIGEST + len(packed) > MAX_FILE_SIZE:
        raise EncodeError(f"snapshot of {len(packed)} bytes is over the {MAX_FILE_SIZE >> 20} MiB limit")
    return head + _digest(head, packed) + packed


def decode_snapshot(
    data: bytes, source: str = "<bytes>", *, limits: Limits = DEFAULT_LIMITS
) -> tuple[Header, dict[str, Any]]:
    """Check and read snapshot bytes, migrating the body to `FORMAT_VERSION`.

    Args:
        data: The whole file.
        source: The file name, for error messages.
        limits: Bounds on the body's structure.

    Returns:
        The header as written and the migrated body.

    Raises:
        UnsupportedVersion: If the file is intact but its format is newer (or older) than this build reads.
        SnapshotError: Naming `source` and what is wrong, for any other damaged or hostile file.
    """
    try:
        return _decode(data, limits)
    except SnapshotError as error:
        raise error.at(source) from error


def _decode(data: bytes, limits: Limits) -> tuple[Header, dict[str, Any]]:
    size = len(data)
    if size > MAX_FILE_SIZE:
        raise SnapshotError(f"too large: {size} bytes, the limit is {MAX_FILE_SIZE >> 20} MiB")
    if data[: len(MAGIC)] != MAGIC[:size]:
        raise SnapshotError("wrong magic: not an expedition snapshot")
    if size < _FIXED.size:
        raise SnapshotError(f"truncated: {size} bytes, shorter than a header")
    _, version, flags, body_length, app_length = _FIXED.unpack_from(data)
    if flags != 0:
        raise SnapshotError(f"unknown header flags 0x{flags:04x}")
    if app_length > MAX_APP_VERSION:
        raise SnapshotError(f"malformed header: app version of {app_length} bytes")
    body_start = _FIXED.size + app_length + _DIGEST
    if size < body_start:
        raise SnapshotError(f"truncated: {size} bytes, shorter than its header")
    if body_length > MAX_FILE_SIZE:
        raise SnapshotError(f"too large: declares a body of {body_length} bytes")
    if size < body_start + body_length:
        raise SnapshotError(f"truncated: body has {size - body_start} of {body_length} bytes")
    if size > body_start + body_length:
        raise SnapshotError(f"{size - body_start - body_length} stray bytes after the body")
    head = data[: _FIXED.size + app_length]
    checksum = data[len(head) : body_start]
    packed = data[body_start:]
    if _digest(head, packed) != checksum:
        raise SnapshotError("checksum mismatch: the file is damaged")
    try:
        app_version = head[_FIXED.size :].decode()
    except UnicodeDecodeError as error:
        raise SnapshotError("malformed header: app version is not utf-8") from error
    if not OLDEST_VERSION <= version <= FORMAT_VERSION:
        raise UnsupportedVersion(
            f"unsupported format version {version} (written by expedition {app_version}); "
            f"this build reads versions {OLDEST_VERSION} to {FORMAT_VERSION}"
        )
    body = migrate(unpack_body(packed, limits), version)
    return Header(version, app_version, body_length, checksum.hex()), body


def write_snapshot(path: Path, body: dict[str, Any]) -> Header:
    """Write `body` to `path` atomically (temp file, fsync, `os.replace`, fsync the folder).

    Raises:
        EncodeError: If `body` cannot be stored.
        OSError: If the file cannot be written.
    """
    data = encode_snapshot(body)
    write_atomic(path, data)
    fixed = _FIXED.unpack_from(data)
    start = _FIXED.size + fixed[4]
    return Header(FORMAT_VERSION, __version__, fixed[3], data[start : start + _DIGEST].hex())


def read_snapshot(path: Path) -> tuple[Header, dict[str, Any]]:
    """Read and check a snapshot file, reading no more than `MAX_FILE_SIZE` bytes of it.

    Returns:
        The header as written and the body migrated to `FORMAT_VERSION`.

    Raises:
        SnapshotError: Naming the file and what is wrong (including when it cannot be opened).
    """
    source = str(path)
    try:
        with open(path, "rb") as file:
            if os.fstat(file.fileno()).st_size > MAX_FILE_SIZE:
                raise SnapshotError(f"too large: the limit is {MAX_FILE_SIZE >> 20} MiB", source)
            data = file.read(MAX_FILE_SIZE + 1)
    except OSError as error:
        raise SnapshotError(f"cannot read the file: {error.strerror or error}", source) from error
    return decode_snapshot(data, source)
