"""Provides bounded msgpack packing and unpacking of plain bodies for bytes we do not trust.

`msgpack.unpackb` allocates a list for an array's declared length before it has seen the items,
and builds every object a file describes, so a tiny file can ask for hundreds of megabytes. Before
unpacking, `scan` walks the encoded structure without building anything and rejects it when it is
nested too deep, describes too many objects, declares more items than it has bytes left, uses ext
types, or keys a map by anything but a string. Only then does `unpackb` run, with explicit limits
as a second fence. Writing runs the same scan, so we never write what we would refuse to read.
"""

from __future__ import annotations

import struct
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import msgpack  # type: ignore[import-untyped]  # msgpack ships no type hints

from expedition.persistence.save_errors import EncodeError, SnapshotError
from expedition.rules.core.wording import plural


@dataclass(frozen=True, slots=True)
class Limits:
    """Bounds on what one msgpack document may contain.

    Attributes:
        max_depth: Deepest nesting of arrays and maps (the top-level map is depth 1).
        max_objects: Values of any kind in the document, containers included.
        max_str_len: Bytes in one string.
        max_bin_len: Bytes in one binary value.
        max_container_len: Items in one array or pairs in one map.
    """

    max_depth: int = 48
    max_objects: int = 500_000
    max_str_len: int = 1 << 20
    max_bin_len: int = 4 << 20
    max_container_len: int = 200_000


DEFAULT_LIMITS = Limits()
"""Limits for snapshots: a real campaign is a few thousand objects; these allow a hundred times that."""

# Type byte → (bytes of length field, kind). Kinds: "s" str, "b" bin, "a" array, "m" map, "x" ext.
_SIZED: dict[int, tuple[int, str]] = {
    0xC4: (1, "b"),
    0xC5: (2, "b"),
    0xC6: (4, "b"),
    0xC7: (1, "x"),
    0xC8: (2, "x"),
    0xC9: (4, "x"),
    0xD9: (1, "s"),
    0xDA: (2, "s"),
    0xDB: (4, "s"),
    0xDC: (2, "a"),
    0xDD: (4, "a"),
    0xDE: (2, "m"),
    0xDF: (4, "m"),
}
# Type byte → payload bytes after it, for scalars of fixed size.
_FIXED: dict[int, int] = {
    0xC0: 0,
    0xC2: 0,
    0xC3: 0,
    0xCA: 4,
    0xCB: 8,
    0xCC: 1,
    0xCD: 2,
    0xCE: 4,
    0xCF: 8,
    0xD0: 1,
    0xD1: 2,
    0xD2: 4,
    0xD3: 8,
}
_LENGTH = {1: struct.Struct(">B"), 2: struct.Struct(">H"), 4: struct.Struct(">I")}


def scan(data: bytes, limits: Limits = DEFAULT_LIMITS) -> None:
    """Check that `data` is exactly one msgpack map within `limits`, building nothing.

    Raises:
        SnapshotError: Saying what is wrong and at which byte offset.
    """
    size = len(data)
    if size == 0:
        raise SnapshotError("body is empty")
    if not (0x80 <= data[0] <= 0x8F or data[0] in (0xDE, 0xDF)):
        raise SnapshotError("body is not a map")
    remaining: list[int] = []  # items still to come in each open container, innermost last
    is_map: list[bool] = []
    pending = 1  # items still expected anywhere; each needs at least one byte
    objects = 0
    pos = 0
    while True:
        if pos >= size:
            raise SnapshotError(f"truncated: {plural(pending, 'more value')} expected at byte {pos}")
        is_key = bool(is_map) and is_map[-1] and remaining[-1] % 2 == 0
        tag = data[pos]
        start = pos
        pos += 1
        count = -1  # items of a container opened here (map pairs count twice)
        kind = "s" if 0xA0 <= tag <= 0xBF else ""
        if tag <= 0x7F or tag >= 0xE0:
            pass
        elif tag <= 0x8F:
            count, kind = 2 * (tag & 0x0F), "m"
        elif tag <= 0x9F:
            count, kind = tag & 0x0F, "a"
        elif tag <= 0xBF:
            pos += tag & 0x1F
        elif tag in _FIXED:
            pos += _FIXED[tag]
        elif tag in _SIZED:
            width, kind = _SIZED[tag]
            if pos + width > size:
                raise SnapshotError(f"truncated inside a length field at byte {start}")
            (length,) = _LENGTH[width].unpack_from(data, pos)
            pos += width
            if kind == "x":
                raise SnapshotError(f"msgpack extension type at byte {start} (not a plain value)")
            if kind in ("a", "m"):
                if length > limits.max_container_len:
                    raise SnapshotError(f"container of {length} items at byte {start} is over the limit")
                count = 2 * length if kind == "m" else length
            elif length > (limits.max_str_len if kind == "s" else limits.max_bin_len):
                raise SnapshotError(f"value of {length} bytes at byte {start} is over the limit")
            else:
                pos += length
        elif 0xD4 <= tag <= 0xD8:
            raise SnapshotError(f"msgpack extension type at byte {start} (not a plain value)")
        else:
            raise SnapshotError(f"byte {start} is not a plain msgpack value (type 0x{tag:02x})")
        if is_key and kind != "s":
            raise SnapshotError(f"map key at byte {start} is not a string")
        objects += 1
        if objects > limits.max_objects:
            raise SnapshotError(f"more than {limits.max_objects} values")
        pending -= 1
        if remaining:
            remaining[-1] -= 1
        if count > 0:
            if len(remaining) + 1 > limits.max_depth:
                raise SnapshotError(f"nested deeper than {limits.max_depth} levels at byte {start}")
            pending += count
            if pending > size - pos:
                raise SnapshotError(f"truncated: byte {start} declares more items than bytes are left")
            remaining.append(count)
            is_map.append(kind == "m")
        while remaining and remaining[-1] == 0:
            remaining.pop()
            is_map.pop()
        if not remaining and pending == 0:
            break
    if pos > size:
        raise SnapshotError(f"truncated: a value at byte {start} runs past the end")
    if pos != size:
        raise SnapshotError(f"{plural(size - pos, 'stray byte')} after the body")


def _strict_dict(pairs: Iterable[tuple[Any, Any]]) -> dict[str, Any]:
    pairs = list(pairs)
    result = dict(pairs)
    if len(result) != len(pairs):
        raise SnapshotError("a map repeats a key")
    return result


def unpack_body(data: bytes, limits: Limits = DEFAULT_LIMITS) -> dict[str, Any]:
    """Unpack one untrusted msgpack map of plain values, checked by `scan` first.

    Raises:
        SnapshotError: For anything but a well-formed map within `limits`.
    """
    scan(data, limits)
    try:
        body = msgpack.unpackb(
            data,
            raw=False,
            use_list=True,
            strict_map_key=True,
            object_pairs_hook=_strict_dict,
            ext_hook=_refuse_ext,
            max_str_len=limits.max_str_len,
            max_bin_len=limits.max_bin_len,
            max_array_len=limits.max_container_len,
            max_map_len=limits.max_container_len,
            max_ext_len=0,
        )
    except SnapshotError:
        raise
    except Exception as error:  # msgpack raises several types; any of them means a malformed body
        raise SnapshotError(f"malformed msgpack: {error}") from error
    if not isinstance(body, dict):  # scan guarantees a map; this keeps the promise explicit
        raise SnapshotError(f"body is a {type(body).__name__}, not a map")
    return body


def _refuse_ext(code: int, data: bytes) -> object:
    raise SnapshotError(f"msgpack extension type {code} (not a plain value)")


def pack_body(body: dict[str, Any], limits: Limits = DEFAULT_LIMITS) -> bytes:
    """Pack a map of plain values (None, bool, int, float, str, bytes, list, dict with str keys).

    Raises:
        EncodeError: If `body` holds anything else, or would break `limits` when read back.
    """
    if not isinstance(body, dict):
        raise EncodeError(f"a body must be a dict, not {type(body).__name__}")
    try:
        data: bytes = msgpack.packb(body, use_bin_type=True, strict_types=True)
    except (TypeError, ValueError, OverflowError) as error:
        raise EncodeError(f"body holds a value that is not plain: {error}") from error
    try:
        scan(data, limits)
    except SnapshotError as error:
        raise EncodeError(f"body would not load back: {error.reason}") from error
    return data
