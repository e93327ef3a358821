"""A saved two-player campaign standing in the sample dungeon, for the serving tests."""

from __future__ import annotations

from pathlib import Path

from expedition.persistence.state import state_to_body
from expedition.persistence.store import CampaignStore
from expedition.rules.engine.campaign import CampaignState, Player
from expedition.session.session import Session
from tests.ui.expedition_fixtures import sample_state

NAME = "served"
"""The campaign's folder name."""


def two_player_state() -> CampaignState:
    """The sample party split between Ada (first two) and Bea (the rest)."""
    state = sample_state()
    state.players = [Player("player1", "Ada"), Player("player2", "Bea")]
    for member in state.party[2:]:
        member.owner = "player2"
    return state


def save_campaign(saves: Path, name: str = NAME) -> Path:
    """Write the campaign under `saves` and return its folder."""
    store = CampaignStore(saves, name)
    store.acquire()
    state = two_player_state()
    store.save(state_to_body(state))
    Session(state, store)
    store.release()
    return store.folder
