"""Tests for rules/camp/surgery.py: the Surgeon's INT test heals a wound on everyone (§6.1, §10.3)."""

from __future__ import annotations

import pytest

from expedition.rules.camp.surgery import PerformSurgery
from expedition.rules.core.attributes import Attr
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.skills import Skill
from expedition.rules.engine.dispatch import verify
from expedition.rules.exploration.camp_state import CampPlace
from tests.rules.camp_helpers import camp_with, make_state, run


@pytest.mark.parametrize(("faces", "healed"), [([4, 3], True), ([2, 3], False)])
def test_surgery_is_an_int_test_that_heals_a_wound_on_everyone(faces: list[int], healed: bool) -> None:
    """§6.1: Surgeon, 1 camp action (note), INT test: success heals 1 wound on each party member."""
    state = make_state()
    state.character("wren").skills.add(Skill.SURGEON)
    state.character("wren")[Attr.STR].wounds = 1
    state.character("moss")[Attr.PRE].wounds = 1
    camp_with(state, CampPlace(long_rest=False))
    run(state, PerformSurgery(actor="wren"), faces)
    wounds = [state.character(c)[a].wounds for c, a in (("wren", Attr.STR), ("moss", Attr.PRE))]
    assert wounds == ([0, 0] if healed else [1, 1])
    with pytest.raises(IllegalAction):
        verify(state, PerformSurgery(actor="wren"))
