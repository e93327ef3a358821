"""Tests for rules/combat/combat_state.py: foes, who stands where, who is still in the fight (§10.2)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from expedition.rules.character.adventurer import Status
from expedition.rules.combat.combat_state import (
    CombatState,
    Foe,
    adjacent_adventurers,
    clear_fallen,
    combat_of,
    helper_of,
    on_map,
    standing,
)
from expedition.rules.core.errors import IllegalAction
from tests.rules.combat.test_fights import make_state, rat


def test_a_foe_is_out_only_once_its_wounds_exceed_w_and_is_below_half_past_half() -> None:
    """§16 #21, HOUSE §3.1: W 4 stands at 4 wounds and drops at the 5th; below half from the 3rd."""
    foe = Foe(uid="foe1", key="rat", defn=rat(wounds=4))
    foe.wounds = 2
    assert not foe.below_half and not foe.knocked_out
    foe.wounds = 3
    assert foe.below_half
    foe.wounds = 4
    assert not foe.knocked_out
    foe.wounds = 5
    assert foe.knocked_out


@given(st.integers(0, 6), st.integers(0, 8))
def test_working_ap_never_goes_below_zero(armour: int, broken: int) -> None:
    """§10.2.5: AP broken on 1s and 4s is lost for good, down to no armour dice at all."""
    from dataclasses import replace

    foe = Foe(uid="foe1", key="rat", defn=replace(rat(), armour=armour), broken=broken)
    assert foe.working_ap == max(0, armour - broken)


def test_knocked_out_and_fled_foes_leave_the_fight_and_free_their_tile() -> None:
    """§10.2.5, §16 #25: only conscious foes count, block tiles or stand next to someone."""
    a, b, c = (Foe(uid=f"foe{i}", key="rat", defn=rat(), pos=(i, 1)) for i in (1, 2, 3))
    combat = CombatState(foes=[a, b, c], positions={"wren": (2, 2)})
    b.out, c.fled = True, True
    assert combat.conscious_foes == [a]
    assert combat.foe_at((2, 1)) is None and combat.foe_at((1, 1)) is a
    assert combat.occupied() == {(1, 1), (2, 2)}
    assert combat.foes_next_to((1, 2)) == [a] and combat.foes_next_to((2, 2)) == []  # (1, 1) is diagonal
    assert combat.foe("foe2") is b
    with pytest.raises(IllegalAction):
        combat.foe("foe9")


def test_combat_of_refuses_when_no_fight_is_on() -> None:
    """§10.2: combat state exists only while a fight goes on."""
    state = make_state()
    with pytest.raises(IllegalAction):
        combat_of(state)
    assert state.expedition is not None
    state.expedition.combat = CombatState()
    assert combat_of(state) is state.expedition.combat


def test_the_map_counts_the_placed_the_standing_and_drops_the_dead() -> None:
    """§10.2, §4.3: fled adventurers are off the map; the fainted are on it but cannot act; the dead go."""
    state = make_state("wren", "ash", "kit")
    combat = CombatState(positions={"wren": (2, 2), "ash": (3, 3), "kit": (2, 3)})
    combat.fled.add("kit")
    ash = state.character("ash")
    ash.status = Status.FAINTED
    assert [m.id for m in on_map(state, combat)] == ["wren", "ash"]
    assert [m.id for m in standing(state, combat)] == ["wren"]
    assert [m.id for m in adjacent_adventurers(state, combat, (2, 1))] == ["wren"]
    assert {m.id for m in adjacent_adventurers(state, combat, (4, 3))} == {"ash"}
    ash.status = Status.DEAD
    clear_fallen(state, combat)
    assert "ash" not in combat.positions and "wren" in combat.positions


def test_a_helper_who_has_left_the_party_helps_nobody() -> None:
    """§10.2.2: Help joins the ally's next test only while the helper is still with the party.

    Found by the simulation (random seed 2020): a Dodge whose helper had since left the party was
    offered, then refused mid-way because the helper could not be found.
    """
    state = make_state("wren", "ash")
    combat = CombatState(positions={"wren": (2, 2), "ash": (3, 2)}, helped={"wren": "ash"})
    assert helper_of(state, combat, "wren") is state.character("ash")
    assert helper_of(state, combat, "ash") is None
    state.party.remove(state.character("ash"))
    assert helper_of(state, combat, "wren") is None
