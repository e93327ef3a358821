"""Tests for engine/legal_actions.py: every action the party could take now, by phase (§10)."""

from __future__ import annotations

import pytest

from expedition.rules.character.insight import InsightSpend, SpendKind
from expedition.rules.core.attributes import Attr
from expedition.rules.core.errors import IllegalAction
from expedition.rules.engine.dispatch import PassTurn, SpendInsight, can, verify
from expedition.rules.engine.legal_actions import legal_actions
from expedition.rules.exploration.stepping import Step
from expedition.rules.interlude.setting_out import SetOut
from tests.rules.exploration_helpers import make_state
from tests.rules.interlude_helpers import back_in_town


def test_legal_actions_are_all_allowed_and_follow_the_phase_section_10() -> None:
    """§10, §10.5.2: exploring offers waiting and steps; the interlude setting out; insight waits for it."""
    state = make_state()
    found = legal_actions(state)
    assert PassTurn() in found and Step(actor="wren", direction="east") in found
    assert len(found) == len(set(found)) and all(can(state, action) for action in found)
    assert SetOut() not in found
    spend = SpendInsight(actor="wren", spend=InsightSpend(SpendKind.RAISE_SCORE, attr=Attr.STR))
    with pytest.raises(IllegalAction, match="interlude"):
        verify(state, spend)
    town = back_in_town()
    assert SetOut() in legal_actions(town) and PassTurn() not in legal_actions(town)
