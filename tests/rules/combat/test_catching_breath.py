"""Tests for rules/combat/catching_breath.py: `CombatCatchBreath`, 1 fatigue off every attribute (§10.2.2)."""

from __future__ import annotations

import pytest

from expedition.rules.combat.catching_breath import CombatCatchBreath
from expedition.rules.core.attributes import Attr
from expedition.rules.core.conditions import Affliction
from expedition.rules.core.errors import IllegalAction
from expedition.rules.engine.dispatch import verify
from tests.rules.combat.test_fights import fight, make_state, place, run


def test_catching_breath_takes_a_fatigue_off_every_attribute_but_not_while_shaken() -> None:
    """§10.2.2, §4.6: 1 fatigue off each attribute for 1 action; a Shaken adventurer cannot."""
    state = make_state()
    fight(state, [], ambush=True)
    place(state, (9, 6))
    wren = state.party[0]
    for attr in Attr:
        wren[attr].fatigue = 2
    run(state, CombatCatchBreath(actor="wren"), [])
    assert [wren[attr].fatigue for attr in Attr] == [1] * len(Attr)
    wren.afflictions.add(Affliction.SHAKEN)
    with pytest.raises(IllegalAction, match="shaken"):
        verify(state, CombatCatchBreath(actor="wren"))
