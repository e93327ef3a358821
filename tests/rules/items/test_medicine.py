"""Tests for rules/items/medicine.py: stabilising the fallen with a kit outside camp (§4.3, §4.4)."""

from __future__ import annotations

import pytest

from expedition.rules.character.adventurer import Status
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import resolve_default
from expedition.rules.core.dice import ScriptedDice
from expedition.rules.core.errors import IllegalAction
from expedition.rules.items.item_uses import use_item
from expedition.rules.items.medicine import MEDICINE, STABILISERS, fallen, verify_stabilise
from tests.rules.magic_helpers import WORLD, fight, give, make_state


def test_exploring_anyone_down_but_the_user_can_be_helped() -> None:
    """§4.4: outside a fight the fainted and the mortally wounded can both be brought back."""
    state = make_state()
    wiz, cle = state.character("wiz"), state.character("cle")
    assert fallen(state, wiz) == []
    cle.status = Status.FAINTED
    assert fallen(state, wiz) == ["cle"]
    wiz.status = Status.MORTALLY_WOUNDED
    assert fallen(state, cle) == ["wiz"] and fallen(state, wiz) == ["cle"]


def test_in_a_fight_only_the_mortally_wounded_close_by() -> None:
    """§4.4 (house): in a fight a kit saves only someone mortally wounded and Close to the user."""
    state = make_state()
    fight(state)  # the wizard at (1, 2), the cleric at (1, 1)
    wiz, cle = state.character("wiz"), state.character("cle")
    cle.status = Status.FAINTED
    assert fallen(state, wiz) == []
    cle.status = Status.MORTALLY_WOUNDED
    assert fallen(state, wiz) == ["cle"]
    state.expedition.combat.positions["cle"] = (3, 2)  # type: ignore[union-attr]
    assert fallen(state, wiz) == []
    kit = give(wiz, "first_aid_kit", 10)
    with pytest.raises(IllegalAction, match="mortally wounded next to you"):
        verify_stabilise(state, wiz, kit, "cle")


def test_verify_refuses_other_items_nobody_down_or_a_standing_target() -> None:
    """§4.4: only medicine, only when someone is down, and only on someone down."""
    state = make_state()
    wiz, cle = state.character("wiz"), state.character("cle")
    kit = give(wiz, "first_aid_kit", 10)
    with pytest.raises(IllegalAction, match="used in camp, or on someone who is down"):
        verify_stabilise(state, wiz, kit, "")
    with pytest.raises(IllegalAction, match="does not stabilise"):
        verify_stabilise(state, wiz, give(wiz, "cloth", 11), "")
    cle.status = Status.FAINTED
    with pytest.raises(IllegalAction, match="Only someone fainted or mortally wounded"):
        verify_stabilise(state, wiz, kit, "wiz")
    verify_stabilise(state, wiz, kit, "cle")


def test_stabilise_with_no_target_helps_the_first_one_down() -> None:
    """§4.4: with no target named the first fallen gets up; the medical supply loses one unit."""
    state = make_state()
    wiz, cle = state.character("wiz"), state.character("cle")
    supply = give(wiz, "medical_supply", 10)
    supply.quantity = 2
    cle.status = Status.MORTALLY_WOUNDED
    resolve_default(use_item(Context(ScriptedDice([]), world=WORLD), state, wiz, supply, ""))
    assert cle.status is Status.ACTIVE and supply.quantity == 1


def test_both_kits_stabilise_and_heal_the_wounds_of_their_attributes() -> None:
    """§4.4, §7.4: the medical supply heals any attribute's wound, the first aid kit STR or DEX."""
    assert {"first_aid_kit", "medical_supply"} == STABILISERS
    assert [str(a) for a in MEDICINE["medical_supply"]] == ["STR", "DEX", "INT", "PRE"]
    assert [str(a) for a in MEDICINE["first_aid_kit"]] == ["STR", "DEX"]
