"""Tests for rules/combat/fighter_turn.py: the acting check, stuns, `Recover` (§10.2.1, §16 #15)."""

from __future__ import annotations

import pytest

from expedition.rules.combat.combat_actions import GUARDS
from expedition.rules.combat.defending import Defend, Dodge
from expedition.rules.combat.fighter_turn import EndTurn, Recover
from expedition.rules.core.attributes import Attr
from expedition.rules.core.errors import IllegalAction
from expedition.rules.engine.campaign import CampaignState
from expedition.rules.engine.dispatch import verify
from tests.rules.combat.test_fights import combat_of, fight, make_state, place, run


def _fight(*names: str) -> CampaignState:
    state = make_state(*names)
    fight(state, [], ambush=True)
    place(state, (9, 6))
    return state


def test_a_stunned_adventurer_may_only_recover_and_nothing_costs_more_than_the_actions_left() -> None:
    """§10.2.1: with a stun token only Recover (or ending the turn); a 2-action Dodge needs 2 left."""
    state = _fight()
    wren, combat = state.party[0], combat_of(state)
    wren.tokens.stun = 1
    with pytest.raises(IllegalAction, match="stunned"):
        GUARDS[Defend](state, Defend(actor="wren"))
    GUARDS[Recover](state, Recover(actor="wren"))
    GUARDS[EndTurn](state, EndTurn(actor="wren"))
    wren.tokens.stun = 0
    combat.active, combat.actions_left = "wren", 1
    with pytest.raises(IllegalAction, match="2 actions"):
        GUARDS[Dodge](state, Dodge(actor="wren"))


def test_recover_needs_a_token_to_give_up_or_a_stun_token() -> None:
    """§10.2.2, §16 #15: Recover with no shield, dodge or stun token is refused."""
    state = _fight()
    with pytest.raises(IllegalAction, match="no token"):
        GUARDS[Recover](state, Recover(actor="wren"))
    state.party[0].tokens.shield = 1
    with pytest.raises(IllegalAction, match="no dodge token"):
        GUARDS[Recover](state, Recover(actor="wren", token="dodge"))
    GUARDS[Recover](state, Recover(actor="wren", token="shield"))


def test_recover_gives_up_a_token_for_fatigue_and_removes_a_stun_token() -> None:
    """§16 #15: one Recover drops a token (1 fatigue back) and a stun token; the stunned only Recover."""
    state = make_state()
    wren = state.party[0]
    fight(state, [], ambush=True)
    place(state, (9, 5))
    wren.tokens.dodge, wren.tokens.stun, wren[Attr.STR].fatigue = 1, 1, 1
    try:
        verify(state, Dodge(actor="wren"))
        raise AssertionError("a stunned adventurer dodged")
    except IllegalAction:
        pass
    run(state, Recover(actor="wren", attr="STR"), [])
    assert (wren.tokens.dodge, wren.tokens.stun, wren[Attr.STR].fatigue) == (0, 0, 0)
