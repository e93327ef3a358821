"""The local-socket frame protocol: round trips, size limits and garbage from untrusted peers."""

from __future__ import annotations

import msgpack
import pytest
from hypothesis import given
from hypothesis import strategies as st

from expedition.net.frames import HEADER, FrameDecoder, FrameError, encode_frame
from expedition.net.plain_forms import decision_from_plain, decision_to_plain, mirror_state
from expedition.rules.core.decisions import Choice, Decision
from expedition.session.views import Seat, view_for
from tests.net.campaign import two_player_state

plain = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**63), 2**63 - 1) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20,
)


@given(st.dictionaries(st.text(max_size=8), plain, max_size=5), st.integers(1, 7))
def test_messages_round_trip_however_the_bytes_are_split(extra: dict[str, object], chunk: int) -> None:
    message = {**extra, "t": "update"}
    data = encode_frame(message) * 2
    decoder = FrameDecoder(1 << 20)
    got = []
    for start in range(0, len(data), chunk):
        got += decoder.feed(data[start : start + chunk])
    assert got == [message, message]


def test_an_oversized_frame_is_refused_before_its_body_arrives() -> None:
    decoder = FrameDecoder(1024)
    with pytest.raises(FrameError, match="over the 1024-byte limit"):
        decoder.feed(HEADER.pack(1025))


def test_encoding_refuses_a_message_over_the_limit_or_without_a_type() -> None:
    with pytest.raises(FrameError):
        encode_frame({"t": "x", "blob": "a" * 200}, limit=100)
    with pytest.raises(FrameError):
        encode_frame({"no": "type"})


@pytest.mark.parametrize(
    "body",
    [
        b"\xc1",  # a byte msgpack never uses
        msgpack.packb([1, 2, 3]),  # not a map
        msgpack.packb({"t": 5}),  # the type is not a string
        msgpack.packb({1: "x", "t": "a"}),  # a non-string key
        msgpack.packb({"t": "a"}) + b"\x00",  # trailing bytes inside the frame
        msgpack.packb({"t": "a", "x": msgpack.ExtType(1, b"zz")}),  # extension types are not plain
    ],
)
def test_garbage_inside_a_frame_raises_frame_error(body: bytes) -> None:
    with pytest.raises(FrameError):
        FrameDecoder(1024).feed(HEADER.pack(len(body)) + body)


def test_deep_nesting_is_refused() -> None:
    value: object = 1
    for _ in range(100):
        value = [value]
    body = msgpack.packb({"t": "a", "x": value})
    with pytest.raises(FrameError, match="deep"):
        FrameDecoder(1 << 16).feed(HEADER.pack(len(body)) + body)


def test_a_decision_survives_the_wire_and_a_malformed_one_is_refused() -> None:
    decision = Decision(
        "reroll", "c1", "Reroll?", (Choice("keep", "Keep"), Choice("die:1", "Die 1")), "keep", "§3.2"
    )
    assert decision_from_plain(decision_to_plain(decision)) == decision
    unadvised = Decision("approach", "c1", "How?", (Choice("roll", "Roll"),), "roll", "§3.5", advised=False)
    assert decision_from_plain(decision_to_plain(unadvised)) == unadvised
    with pytest.raises(Exception, match="not a decision"):
        decision_from_plain({"kind": "x"})


def test_the_mirror_of_a_spectators_view_knows_no_hidden_value() -> None:
    """§9.2: the client rebuilds the state from its view; hidden trackers come back empty."""
    state = two_player_state()
    state.omens.filled = 1
    mirror = mirror_state(view_for(state, Seat.spectator()))
    assert mirror.omens.filled == 0 and mirror.seed == 0
    assert [m.id for m in mirror.party] == [m.id for m in state.party]
    assert mirror.expedition is not None and state.expedition is not None
    assert mirror.expedition.position == state.expedition.position
