"""Builds campaigns and drives them with random legal actions, for the session tests."""

from __future__ import annotations

import random

from expedition.rules.character.adventurer import Character
from expedition.rules.core.attributes import Attr
from expedition.rules.core.conditions import Affliction
from expedition.rules.engine.campaign import CampaignState, Player, new_campaign
from expedition.rules.engine.legal_actions import legal_actions
from expedition.rules.trackers.doom import DoomThreshold
from expedition.session.session import Session
from expedition.session.views import Seat

THRESHOLDS = (DoomThreshold(2, "rats", "Rats swarm."), DoomThreshold(4, "collapse", "A hall collapses."))


def make_campaign(
    seed: int = 1, *, dungeon: str | None = "tomb", bleeding: bool = False, insight: int = 0
) -> CampaignState:
    """Two players, Ann (Wren) and Ben (Bo), at the tomb or in the settlement."""
    party = [Character("wren", "Wren", owner="ann"), Character("bo", "Bo", owner="ben")]
    for member in party:
        for attr in Attr:
            member[attr].score = 2
        member.insight.earned = insight
    if bleeding:
        party[0].afflictions.add(Affliction.BLEEDING)
    players = [Player("ann", "Ann"), Player("ben", "Ben")]
    return new_campaign(seed, party, players, dungeon=dungeon, doom_thresholds=THRESHOLDS)


def drive(session: Session, rng: random.Random, steps: int) -> None:
    """As the host, take random legal actions and answers for `steps` moves, then finish the last action."""
    host = Seat.host()
    for _ in range(steps):
        decision = session.pending
        if decision is not None:
            assert session.answer(host, rng.choice(decision.keys)).ok
            continue
        actions = legal_actions(session.state)
        if not actions:
            break
        result = session.submit(host, rng.choice(actions))
        assert result.ok, result.reason
    while session.pending is not None:
        assert session.answer(host, rng.choice(session.pending.keys)).ok
