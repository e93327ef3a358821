"""Random legal play of whole quick campaigns: every action the rules offer is accepted and nothing crashes.

This drives the real content (generated dungeons, all enemies, spells, prayers, maneuvers, items, camps,
interludes) with random choices, so a rule that offers what it then refuses, or raises anything but a
rule error, is caught here.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from expedition.cli_new import _options, _specs
from expedition.persistence.state import state_hash
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import resolve_default
from expedition.rules.core.dice import SeededDice
from expedition.rules.creation.party_creation import create_party
from expedition.rules.engine.legal_actions import legal_actions
from expedition.session.campaigns import start_campaign
from expedition.session.replay import replay_records
from expedition.session.views import Seat


@pytest.mark.parametrize("seed", range(8))
def test_random_play_of_a_quick_campaign_never_offers_what_it_refuses(seed: int, tmp_path: Path) -> None:
    options = _options()
    ctx = Context(SeededDice(seed))
    party = resolve_default(create_party(ctx, _specs(None, options), options))
    session = start_campaign(party, seed, saves=tmp_path, ctx=ctx)
    rng = random.Random(seed)
    host = Seat.host()
    kinds: set[str] = set()
    try:
        for _ in range(400):
            decision = session.pending
            if decision is not None:
                assert session.answer(host, rng.choice(decision.keys)).ok
                continue
            actions = legal_actions(session.state)
            if not actions:
                break
            action = rng.choice(actions)
            kinds.add(type(action).__name__)
            result = session.submit(host, action)
            assert result.ok, f"{action} was offered but refused: {result.reason}"
        while session.pending is not None:  # finish the action under way, as a player would
            assert session.answer(host, rng.choice(session.pending.keys)).ok
        report = replay_records(session.records)
        assert report.final_hash == state_hash(session.state)
    finally:
        session.close()
    assert len(kinds) > 5  # the walk did more than one kind of thing
