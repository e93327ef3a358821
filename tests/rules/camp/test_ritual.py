"""Tests for rules/camp/ritual.py: the Ritualist lowers doom or omens by 1 at camp (§6.1, §10.3)."""

from __future__ import annotations

import pytest

from expedition.rules.camp.ritual import PerformRitual
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.skills import Skill
from expedition.rules.engine.dispatch import verify
from expedition.rules.exploration.camp_state import CampPlace
from tests.rules.camp_helpers import camp_with, make_state, run


@pytest.mark.parametrize("tracker", ["doom", "omens"])
def test_a_ritualist_lowers_doom_or_omens_by_one(tracker: str) -> None:
    """§6.1, §9.2, §9.3: Ritualist spends 1 camp action to lower doom or omens by 1."""
    state = make_state()
    state.here.doom.filled = 2
    state.omens.filled = 1
    camp_with(state, CampPlace(long_rest=False))
    with pytest.raises(IllegalAction, match="Ritualist"):
        verify(state, PerformRitual(actor="wren"))
    state.character("wren").skills.add(Skill.RITUALIST)
    run(state, PerformRitual(actor="wren"), [], tracker)
    assert (state.here.doom.filled, state.omens.filled) == ((1, 1) if tracker == "doom" else (2, 0))
