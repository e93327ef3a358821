"""Tests for persistence/compiled_encoders.py: the same encoding as the codec's full walk, only faster.

`codec._encode` is the walk that reads each hint as it goes and names paths; `codec.encode` uses
the compiled encoders and falls back to that walk where a value does not fit. These tests hold the
two side by side on real campaigns and on the odd values a hint may meet.
"""

from __future__ import annotations

from enum import Enum, IntEnum, StrEnum
from typing import Any, Literal

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from expedition.persistence.codec import _encode, encode
from expedition.persistence.compiled_encoders import Mismatch, encoder_for
from expedition.persistence.registry import registered
from expedition.persistence.save_errors import EncodeError
from expedition.persistence.state import STATE_CLASSES, body_to_state
from expedition.rules.engine.campaign import CampaignState
from tests.persistence.real_states import REAL, real_body
from tests.persistence.test_codec import strategy_for


class Colour(Enum):
    RED = "red"


class Kind(StrEnum):
    TOMB = "tomb"


class Rank(IntEnum):
    FIRST = 1


class Label(str):
    """A str subclass: the codec stores it as an exact str."""


@pytest.mark.parametrize("name", REAL)
def test_a_real_campaign_encodes_as_the_full_walk_encodes_it(name: str) -> None:
    state = body_to_state(real_body(name))
    assert encoder_for(CampaignState)(state) == _encode(state, CampaignState, "")


def _value_classes() -> list[str]:
    deep = {cls.__name__ for cls in STATE_CLASSES}  # too deep to draw; the real campaigns cover them
    return sorted(name for name in registered() if name not in deep)


@pytest.mark.parametrize("name", _value_classes())
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_every_registered_class_encodes_as_the_full_walk_encodes_it(name: str, data: st.DataObject) -> None:
    cls = registered()[name]
    value = data.draw(strategy_for(cls))
    assert encoder_for(cls)(value) == _encode(value, cls, "")


@pytest.mark.parametrize(
    ("value", "hint"),
    [
        (Rank.FIRST, int),  # an int enum declared as int is stored as its value
        (Rank.FIRST, Any),  # and as a plain int where anything goes
        (Kind.TOMB, str | None),  # a text enum declared as text is stored as its value
        (Label("x"), str),
        ("b", Literal["a", "b"]),
        ({(2, 1), (1, 2), (1, 1)}, set[tuple[int, int]]),  # sorted by packed bytes
        ({"b", "a"}, frozenset[str]),
        ({(1, 2): "x"}, dict[tuple[int, int], str]),  # not keyed by text: a list of pairs
        ({Colour.RED: 1}, dict[Colour, int]),
        ((1, "a"), tuple[int, str]),
        ((1, 2, 3), tuple[int, ...]),
        ([1.5, None], list[float | None]),
        (-(1 << 63), int),
        ((1 << 64) - 1, int),
    ],
)
def test_odd_values_encode_as_the_full_walk_encodes_them(value: Any, hint: Any) -> None:
    assert encoder_for(hint)(value) == _encode(value, hint, "")
    assert type(encoder_for(hint)(value)) is type(_encode(value, hint, ""))


@pytest.mark.parametrize(
    ("value", "hint"),
    [
        (True, int),
        (1 << 64, int),
        (2.5, int | str | None),
        ("c", Literal["a", "b"]),
        ((1, 2), tuple[int, int, int]),
        ({1: 2}, dict[str, int]),
        (object(), object),
        ([1, "a"], list[int]),
    ],
)
def test_what_does_not_fit_is_refused_and_named_by_the_full_walk(value: Any, hint: Any) -> None:
    with pytest.raises(Mismatch):
        encoder_for(hint)(value)
    with pytest.raises(EncodeError):
        encode(value, hint)
