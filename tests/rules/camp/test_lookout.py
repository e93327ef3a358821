"""Tests for rules/camp/lookout.py: keeping a lookout, 1 camp action and one ambush die fewer (§10.3)."""

from __future__ import annotations

import pytest

from expedition.rules.camp.ambush import ambush_dice
from expedition.rules.camp.camp_setup import current_camp
from expedition.rules.camp.lookout import KeepLookout
from expedition.rules.core.errors import IllegalAction
from expedition.rules.engine.dispatch import verify
from expedition.rules.exploration.camp_state import CampPlace
from tests.rules.camp_helpers import camp_with, make_state, run


def test_keep_a_lookout_costs_one_action_and_one_ambush_die_once_each() -> None:
    """§10.3: a lookout is 1 camp action and −1 ambush die."""
    state = make_state()
    camp_with(state, CampPlace(exposed=True, long_rest=True))
    camp = current_camp(state)
    assert ambush_dice(state, camp) == 1
    run(state, KeepLookout(actor="wren"), [])
    assert camp.pool == 2 and ambush_dice(state, camp) == 0
    with pytest.raises(IllegalAction, match="already"):
        verify(state, KeepLookout(actor="wren"))
