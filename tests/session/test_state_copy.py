"""The session's state copy is a deep copy: equal, sharing nothing mutable, aliasing kept."""

from __future__ import annotations

import copy
import dataclasses
import random
from enum import Enum
from typing import Any

from expedition.bots.driver import Caps, _Caught, _Referee, make_policy
from expedition.persistence.state import state_to_body
from expedition.session.session import Session
from expedition.session.state_copy import snapshot
from tests.session.helpers import drive, make_campaign

_PLAIN = (int, str, float, bool, type(None), bytes, Enum)


def _same_shape(a: Any, b: Any, seen: dict[int, Any]) -> None:
    """`b` is a copy of `a`: equal values, every mutable part a new object, each reached as often."""
    if isinstance(a, _PLAIN):
        assert a == b and type(a) is type(b)
        return
    if id(a) in seen:
        assert seen[id(a)] is b, "an object reached twice was copied twice"
        return
    seen[id(a)] = b
    assert type(a) is type(b)
    frozen = isinstance(a, tuple | frozenset) or (
        dataclasses.is_dataclass(a) and a.__dataclass_params__.frozen  # type: ignore[attr-defined]
    )
    if not frozen:
        assert a is not b, f"a mutable {type(a).__name__} is shared"
    if isinstance(a, dict):
        assert list(a) == list(b)
        for key in a:
            _same_shape(a[key], b[key], seen)
    elif isinstance(a, list | tuple):
        assert len(a) == len(b)
        for x, y in zip(a, b, strict=True):
            _same_shape(x, y, seen)
    elif isinstance(a, set | frozenset):
        assert a == b
    else:
        assert dataclasses.is_dataclass(a), type(a)
        at_rest = getattr(type(a), "AT_REST", ())
        for f in dataclasses.fields(a):
            if f.name in at_rest:  # only ever replaced whole: shared, by design
                assert getattr(a, f.name) is getattr(b, f.name)
                continue
            _same_shape(getattr(a, f.name), getattr(b, f.name), seen)


def test_a_snapshot_is_a_deep_copy_of_a_campaign_the_bots_play() -> None:
    referee = _Referee(3, make_policy("sensible", 3), 1, Caps())
    caught = _Caught()
    for _ in range(120):  # the town, setting out and the first rooms
        referee._step(caught)
        state = referee.session.state
        copied = snapshot(state)
        _same_shape(state, copied, {})
        assert copied == state == copy.deepcopy(state)
    assert state.expedition is not None
    assert state_to_body(snapshot(state)) == state_to_body(state)


def test_a_snapshot_of_random_play_is_a_deep_copy() -> None:
    session = Session(make_campaign(5, bleeding=True), journal=False)
    rng = random.Random(5)
    for _ in range(15):
        drive(session, rng, 4)
        copied = snapshot(session.state)
        _same_shape(session.state, copied, {})
        assert copied == session.state


@dataclasses.dataclass(frozen=True, slots=True)
class _Frozen:
    name: str
    tags: frozenset[str]
    inside: list[int] | None = None


def test_a_frozen_part_found_immutable_is_shared_by_later_copies_and_a_mutable_one_never() -> None:
    plain = _Frozen("torch", frozenset({"light"}))
    holding = _Frozen("sack", frozenset(), [1, 2])
    for _ in range(3):  # the second and third copies read what the first found
        copied = snapshot([plain, holding])
        assert copied[0] is plain
        assert copied[1] is not holding and copied[1] == holding
        assert copied[1].inside is not holding.inside
