"""Provides the local-socket frame protocol: length-prefixed msgpack maps, with size limits.

A frame is a 4-byte big-endian length followed by that many bytes of msgpack encoding one map
with a string `"t"` naming the message. Frames come from processes that serve untrusted SSH
users, so decoding trusts nothing: a length above the limit, bytes that are not msgpack, a
value that is not a map with a `"t"`, nesting too deep, or trailing bytes inside a frame all
raise `FrameError`, and the connection that sent it is dropped.
"""

from __future__ import annotations

import asyncio
import struct
from typing import Any

import msgpack  # type: ignore[import-untyped]  # msgpack ships no type hints

__all__ = [
    "CLIENT_FRAME_LIMIT",
    "HEADER",
    "SERVER_FRAME_LIMIT",
    "FrameDecoder",
    "FrameError",
    "encode_frame",
    "read_frame",
]

HEADER = struct.Struct(">I")
"""The length prefix of every frame."""
CLIENT_FRAME_LIMIT = 64 * 1024
"""The largest frame a client may send the session (an action or an answer is tiny)."""
SERVER_FRAME_LIMIT = 16 * 1024 * 1024
"""The largest frame the session sends a client (a full view of a large dungeon)."""
MAX_DEPTH = 64
"""How deeply a frame's maps and lists may nest."""


class FrameError(Exception):
    """A frame is too big or not a well-formed message; the connection that sent it is closed."""


def encode_frame(message: dict[str, Any], limit: int = SERVER_FRAME_LIMIT) -> bytes:
    """Encode one message as a frame.

    Args:
        message: A map of plain values with a string `"t"`.
        limit: The largest body allowed.

    Returns:
        The length prefix and the msgpack body.

    Raises:
        FrameError: If the message has no `"t"`, cannot be packed, or is larger than `limit`.
    """
    if not isinstance(message, dict) or not isinstance(message.get("t"), str):
        raise FrameError("a message is a map with a string 't'")
    try:
        body = msgpack.packb(message, use_bin_type=True)
    except (TypeError, ValueError, OverflowError) as error:
        raise FrameError(f"cannot encode the message: {error}") from error
    if len(body) > limit:
        raise FrameError(f"a frame of {len(body)} bytes is over the {limit}-byte limit")
    return HEADER.pack(len(body)) + bytes(body)


def _depth_ok(value: Any, depth: int = 0) -> bool:
    if depth > MAX_DEPTH:
        return False
    if isinstance(value, dict):
        return all(_depth_ok(v, depth + 1) for v in value.values())
    if isinstance(value, list):
        return all(_depth_ok(v, depth + 1) for v in value)
    return True


def decode_body(body: bytes, limit: int) -> dict[str, Any]:
    """Decode one frame's body into its message.

    Raises:
        FrameError: If the body is not one msgpack map with a string `"t"`.
    """
    try:
        message = msgpack.unpackb(
            body,
            raw=False,
            strict_map_key=True,
            use_list=True,
            max_str_len=limit,
            max_bin_len=limit,
            max_array_len=limit,
            max_map_len=limit,
            max_ext_len=0,
        )
    except Exception as error:  # msgpack raises several unrelated types for bad input
        raise FrameError(f"not a msgpack message: {type(error).__name__}") from error
    if not isinstance(message, dict) or not isinstance(message.get("t"), str):
        raise FrameError("a message must be a map with a string 't'")
    if not _depth_ok(message):
        raise FrameError("a message nests too deeply")
    return message


class FrameDecoder:
    """Splits a byte stream into messages.

    Args:
        limit: The largest frame body accepted.
    """

    def __init__(self, limit: int = CLIENT_FRAME_LIMIT) -> None:
        self.limit = limit
        self._buffer = bytearray()

    def feed(self, data: bytes) -> list[dict[str, Any]]:
        """Add received bytes and return every message now complete.

        Raises:
            FrameError: On an oversized or malformed frame (the stream cannot be trusted after).
        """
        self._buffer += data
        messages: list[dict[str, Any]] = []
        while len(self._buffer) >= HEADER.size:
            (size,) = HEADER.unpack_from(self._buffer)
            if size > self.limit:
                raise FrameError(f"a frame of {size} bytes is over the {self.limit}-byte limit")
            if len(self._buffer) < HEADER.size + size:
                break
            body = bytes(self._buffer[HEADER.size : HEADER.size + size])
            del self._buffer[: HEADER.size + size]
            messages.append(decode_body(body, self.limit))
        return messages


async def read_frame(reader: Any, limit: int) -> dict[str, Any] | None:
    """Read one message from an asyncio stream reader; None at a clean end of stream.

    Raises:
        FrameError: On an oversized, malformed or cut-off frame.
    """
    try:
        header = await reader.readexactly(HEADER.size)
    except asyncio.IncompleteReadError as error:
        if not error.partial:
            return None
        raise FrameError("the stream ended inside a frame header") from error
    (size,) = HEADER.unpack(header)
    if size > limit:
        raise FrameError(f"a frame of {size} bytes is over the {limit}-byte limit")
    try:
        body = await reader.readexactly(size)
    except asyncio.IncompleteReadError as error:
        raise FrameError("the stream ended inside a frame") from error
    return decode_body(body, limit)
