"""Tests for rules/camp/using_camp_items.py: one camp action, one camp item each (§10.3, §7.3)."""

from __future__ import annotations

import pytest

from expedition.rules.camp.using_camp_items import UseCampItem, carried
from expedition.rules.core.attributes import Attr
from expedition.rules.core.conditions import Affliction, Trauma
from expedition.rules.core.errors import IllegalAction
from expedition.rules.engine.dispatch import verify
from expedition.rules.exploration.camp_state import CampPlace
from tests.rules.camp_helpers import (
    GAMBESON,
    MEDICAL,
    RATION,
    SEWING,
    SPECIAL,
    camp_with,
    give,
    make_state,
    pool,
    run,
)


def test_one_use_camp_items_action_lets_each_adventurer_use_one_item() -> None:
    """§10.3, §7.3: 1 camp action, each adventurer one camp item; a second item opens a new round."""
    state = make_state()
    wren, moss = state.character("wren"), state.character("moss")
    wren[Attr.PRE].wounds = 1
    medical = give(state, "wren", MEDICAL)
    special = give(state, "moss", SPECIAL)
    moss.afflictions.add(Affliction.SLEEPY)
    camp_with(state, CampPlace(long_rest=True))
    run(state, UseCampItem(actor="wren", item=medical.uid), [])
    assert wren[Attr.PRE].wounds == 0 and medical.quantity == 1 and pool(state) == 2
    run(state, UseCampItem(actor="moss", item=special.uid), [], "coffee")
    assert Affliction.SLEEPY not in moss.afflictions and pool(state) == 2  # the same round
    wren[Attr.STR].wounds = 1
    run(state, UseCampItem(actor="wren", item=medical.uid, target="wren"), [])
    assert pool(state) == 1 and wren[Attr.STR].wounds == 0


def test_a_repair_kit_mends_one_ap_and_rolls_its_usage_die() -> None:
    """§4.2, §7.4: sewing tools repair 1 AP of light armour (Ud8)."""
    state = make_state()
    gambeson = give(state, "moss", GAMBESON)
    gambeson.broken = [2]
    tools = give(state, "wren", SEWING)
    camp_with(state, CampPlace(long_rest=False))
    run(state, UseCampItem(actor="wren", item=tools.uid, target="moss"), [5])
    assert gambeson.broken == [1] and tools.usage == 8


def test_a_paranoid_adventurer_shares_no_camp_items_but_rations() -> None:
    """§4.5: a Paranoid character cannot share items other than rations in camp."""
    state = make_state()
    state.character("wren").traumas.add(Trauma.PARANOID)
    state.character("moss")[Attr.STR].wounds = 1
    medical = give(state, "wren", MEDICAL)
    camp_with(state, CampPlace(long_rest=True))
    with pytest.raises(IllegalAction, match="paranoid"):
        verify(state, UseCampItem(actor="wren", item=medical.uid, target="moss"))


def test_the_item_must_be_one_the_actor_carries() -> None:
    """§10.3: a camp item is used from the actor's own kit."""
    state = make_state()
    ration = give(state, "moss", RATION, 3)
    assert carried(state.character("moss"), ration.uid) is ration
    with pytest.raises(IllegalAction, match="Wren does not carry that item"):
        carried(state.character("wren"), ration.uid)
