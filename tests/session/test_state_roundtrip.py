"""Any state reachable by play round-trips through a snapshot unchanged."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from expedition.persistence.snapshot import decode_snapshot, encode_snapshot
from expedition.persistence.state import body_to_state, state_hash, state_to_body
from expedition.rules.skills import Trait
from expedition.session.session import Session
from tests.session.helpers import drive, make_campaign


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32),
    dungeon=st.sampled_from(["tomb", None]),
    bleeding=st.booleans(),
    insight=st.integers(0, 12),
    third_eye=st.booleans(),
    steps=st.integers(0, 80),
)
def test_a_reachable_state_round_trips_through_a_snapshot(
    seed: int, dungeon: str | None, bleeding: bool, insight: int, third_eye: bool, steps: int
) -> None:
    state = make_campaign(seed, dungeon=dungeon, bleeding=bleeding, insight=insight)
    if third_eye:
        state.party[1].traits.add(Trait.THIRD_EYE)
    session = Session(state, journal=False)
    drive(session, random.Random(seed), steps)
    _, body = decode_snapshot(encode_snapshot(state_to_body(session.state)))
    loaded = body_to_state(body)
    assert loaded == session.state
    assert state_hash(loaded) == state_hash(session.state)
    assert state_to_body(loaded) == state_to_body(session.state)
