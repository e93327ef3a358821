"""Tests for engine/hand_over.py: adventurers change hands between expeditions (house: table business)."""

from __future__ import annotations

import pytest

from expedition.rules.character.adventurer import Character
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import resolve_default
from expedition.rules.core.dice import ScriptedDice
from expedition.rules.core.errors import IllegalAction, InvalidAction
from expedition.rules.engine.campaign import CampaignState, Player, new_campaign
from expedition.rules.engine.dispatch import apply, can
from expedition.rules.engine.hand_over import CharacterReassigned, ReassignCharacter, next_player
from expedition.session.session import Session
from expedition.session.views import Seat


def _campaign(*, dungeon: str | None = None) -> CampaignState:
    party = [Character("wren", "Wren", owner="ann"), Character("bo", "Bo", owner="ben")]
    players = [Player("ann", "Ann"), Player("ben", "Ben"), Player("cy", "Cy")]
    return new_campaign(1, party, players, dungeon=dungeon)


def _give(state: CampaignState, character: str, player: str) -> None:
    action = ReassignCharacter(actor=character, player=player)
    resolve_default(apply(Context(ScriptedDice([])), state, action))


def test_an_adventurer_moves_to_another_player_in_the_interlude_with_an_event() -> None:
    """House (table business), §10.4: between expeditions an adventurer goes to another player, reported."""
    state = _campaign()
    ctx = Context(ScriptedDice([]))
    resolve_default(apply(ctx, state, ReassignCharacter(actor="wren", player="ben")))
    assert state.character("wren").owner == "ben"
    assert CharacterReassigned(rule="", character="wren", old_owner="ann", new_owner="ben") in ctx.events
    assert state.actions == 1


def test_adventurers_do_not_change_hands_during_an_expedition() -> None:
    """House (table business), §10.1: no change of hands while an expedition is under way."""
    state = _campaign(dungeon="tomb")
    with pytest.raises(IllegalAction, match="between expeditions"):
        resolve_default(
            apply(Context(ScriptedDice([])), state, ReassignCharacter(actor="wren", player="ben"))
        )
    assert state.character("wren").owner == "ann"


def test_giving_an_adventurer_to_their_own_player_or_a_stranger_is_refused() -> None:
    """House (table business): the new player must be another player of the campaign; the actor must exist."""
    state = _campaign()
    with pytest.raises(IllegalAction, match="Ann already plays Wren"):
        resolve_default(
            apply(Context(ScriptedDice([])), state, ReassignCharacter(actor="wren", player="ann"))
        )
    assert not can(state, ReassignCharacter(actor="wren", player="zed"))
    with pytest.raises(InvalidAction):
        resolve_default(
            apply(Context(ScriptedDice([])), state, ReassignCharacter(actor="nobody", player="ben"))
        )


def test_the_next_player_follows_seating_order_and_wraps_around() -> None:
    """House (table business): the next player is the one seated after the owner, wrapping round."""
    state = _campaign()
    assert next_player(state, "wren") == "ben"
    assert next_player(state, "bo") == "cy"
    state.character("bo").owner = "cy"
    assert next_player(state, "bo") == "ann"
    state.players = state.players[:1]
    assert next_player(state, "wren") == ""


def test_a_player_may_give_away_only_their_own_adventurer_but_the_host_may_move_anyone() -> None:
    """House (table business), §10.4: a player gives away only their own adventurer; the host moves anyone."""
    session = Session(_campaign())
    ann, ben = Seat.for_player("ann"), Seat.for_player("ben")
    refused = session.submit(ben, ReassignCharacter(actor="wren", player="ben"))
    assert not refused.ok and "Ann's character" in refused.reason
    assert session.submit(ann, ReassignCharacter(actor="wren", player="ben")).ok
    assert session.submit(Seat.host(), ReassignCharacter(actor="bo", player="cy")).ok
    assert [m.owner for m in session.state.party] == ["ben", "cy"]
