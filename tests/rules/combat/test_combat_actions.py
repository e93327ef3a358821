"""Tests for rules/combat/combat_actions.py: the gathered guards, verbs and costs (§10.2.2)."""

from __future__ import annotations

from expedition.rules.combat.combat_actions import GUARDS, VERBS, cost_of
from expedition.rules.combat.defending import Defend, Dodge
from expedition.rules.combat.fighter_turn import EndTurn
from expedition.rules.combat.help_feint_and_intimidate import Help, Intimidate
from expedition.rules.combat.moving_and_fleeing import CombatMove
from expedition.rules.core.conditions import Trauma
from expedition.rules.engine.campaign import CampaignState
from tests.rules.combat.test_fights import fight, make_state, place


def _fight(*names: str) -> CampaignState:
    state = make_state(*names)
    fight(state, [], ambush=True)
    place(state, (9, 6))
    return state


def test_action_costs_follow_the_table() -> None:
    """§10.2.2: Dodge, Help, Intimidate take 2; EndTurn 0; the rest 1; a Broken leg moves for 2."""
    state = _fight()
    wren = state.party[0]
    assert [cost_of(wren, a) for a in (Dodge(actor="wren"), Help(actor="wren", ally="ash"))] == [2, 2]
    assert cost_of(wren, Intimidate(actor="wren")) == 2 and cost_of(wren, EndTurn(actor="wren")) == 0
    assert (
        cost_of(wren, Defend(actor="wren")) == 1 and cost_of(wren, CombatMove(actor="wren", to=(3, 3))) == 1
    )
    wren.traumas.add(Trauma.BROKEN_LEG)
    assert cost_of(wren, CombatMove(actor="wren", to=(3, 3))) == 2


def test_every_combat_action_has_a_guard_and_a_verb_section_10_2_2() -> None:
    """§10.2.2: each adventurer's combat action is both judged and resolved."""
    assert set(GUARDS) == set(VERBS)
