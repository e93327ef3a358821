"""Tests for combat/attack_odds.py: the exact odds of an attack (§10.2.2, §3.2)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from expedition.rules.combat.attack_odds import attack_odds
from expedition.rules.core.errors import IllegalAction
from tests.rules.combat.test_fights import fight, make_state, place


def test_attack_odds_are_exact_and_foe_tokens_lower_them_except_shields_against_x() -> None:
    """§3.2, §10.2.4, §16 #7: two dice hit 3/4 of the time; a foe's token is a GM reroll."""
    state = make_state()
    fight(state, [], ambush=True)
    foe = place(state, (3, 3))
    plain = attack_odds(state, "wren", foe.uid, 1)
    assert plain.success + plain.great_success == Fraction(3, 4)
    assert plain.great_success == Fraction(1, 36)
    foe.tokens.dodge = 1
    assert attack_odds(state, "wren", foe.uid, 1).succeeded < plain.succeeded
    foe.tokens.dodge, foe.tokens.shield = 0, 1
    wren = state.party[0]
    wren.items[0].defn = replace(wren.items[0].defn, attack="STR 2X+1")  # a flail-like weapon
    assert attack_odds(state, "wren", foe.uid, 1) == plain
    with pytest.raises(IllegalAction, match="no such weapon"):
        attack_odds(state, "wren", foe.uid, 99)
