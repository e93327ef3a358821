"""Any state reachable by play round-trips through a snapshot unchanged."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from expedition.cli_new import _options, _specs
from expedition.persistence.snapshot import decode_snapshot, encode_snapshot
from expedition.persistence.state import body_to_state, state_hash, state_to_body
from expedition.rules.character.adventurer import Character
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import resolve_default
from expedition.rules.core.dice import SeededDice
from expedition.rules.core.phase import Phase
from expedition.rules.core.skills import Trait
from expedition.rules.creation.party_creation import create_party
from expedition.rules.engine.campaign import CampaignState, Fate, Player, RosterEntry, new_campaign
from expedition.rules.engine.legal_actions import legal_actions
from expedition.session.session import Session
from expedition.session.views import Seat
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


def quick_campaign(seed: int) -> CampaignState:
    """A quick party (each creation choice at its default) in the settlement, as `new --quick` makes."""
    options = _options()
    ctx = Context(SeededDice(seed))
    party = resolve_default(create_party(ctx, _specs(None, options), options))
    players = [Player(owner, owner) for owner in sorted({member.owner for member in party.characters})]
    state = new_campaign(seed, party.characters, players, silver=party.silver, ctx=ctx)
    state.stash, state.sheets = list(party.stash), dict(party.sheets)
    state.next_uid = max(state.next_uid, party.next_uid)
    return state


def assert_round_trips(state: CampaignState) -> None:
    _, body = decode_snapshot(encode_snapshot(state_to_body(state)))
    loaded = body_to_state(body)
    assert loaded == state
    assert state_to_body(loaded) == state_to_body(state)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), steps=st.integers(20, 160), every=st.integers(3, 9))
def test_every_state_of_a_real_campaign_round_trips(seed: int, steps: int, every: int) -> None:
    """Snapshots: real content (generated dungeons, combat, camp, interlude) all along a random walk."""
    state = quick_campaign(seed)
    # The roster holds every fate, so each kind of entry is stored and read back too.
    for number, fate in enumerate(Fate):
        gone = Character(f"gone{number}", f"Gone {number}", owner=state.players[0].id)
        state.roster.append(RosterEntry(gone, fate, f"cause {number}", day=number + 1))
    session = Session(state, journal=False)
    rng = random.Random(seed)
    host = Seat.host()
    assert_round_trips(session.state)  # the campaign as it starts, in the interlude
    phases = {session.state.phase}
    for step in range(steps):
        if session.pending is not None:
            assert session.answer(host, rng.choice(session.pending.keys)).ok
        else:
            actions = legal_actions(session.state)
            if not actions:
                break
            assert session.submit(host, rng.choice(actions)).ok
        phases.add(session.state.phase)
        if step % every == 0 and session.pending is None:
            assert_round_trips(session.state)
    assert_round_trips(session.state)
    assert Phase.INTERLUDE in phases
