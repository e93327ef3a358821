"""Tests for exploration/setting_up_camp.py: `SetUpCamp`, only in a safe place (§10.1)."""

from __future__ import annotations

from expedition.rules.core.phase import Phase
from expedition.rules.exploration.setting_up_camp import SetUpCamp
from tests.rules.exploration_helpers import make_state, run


def test_set_up_camp_only_in_a_safe_room_switches_to_camp() -> None:
    """§10.1: camp costs 1 ET, only in a safe place; the camp phase begins."""
    state = make_state()
    run(state, SetUpCamp(), [])
    assert state.phase is Phase.CAMP and state.turn == 1
