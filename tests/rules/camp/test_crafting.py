"""Tests for rules/camp/crafting.py: Crafting mends 2 armour points, free, once per crafter (§6.1, §4.2)."""

from __future__ import annotations

import pytest

from expedition.rules.camp.camp_setup import current_camp
from expedition.rules.camp.crafting import RepairGear, verify_repair
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.skills import Skill
from expedition.rules.exploration.camp_state import CampPlace
from tests.rules.camp_helpers import GAMBESON, camp_with, give, make_state, pool, run


def test_crafting_repairs_two_ap_for_free() -> None:
    """§6.1, §4.2: Crafting repairs 2 AP automatically in camp."""
    state = make_state()
    state.character("wren").skills.add(Skill.CRAFTING)
    gambeson = give(state, "wren", GAMBESON)
    gambeson.broken = [3]
    camp_with(state, CampPlace(dry=False, long_rest=False))
    run(state, RepairGear(actor="wren"), [])
    assert gambeson.broken == [1] and pool(state) == 0


def test_crafting_repairs_only_broken_armour_and_once_per_crafter() -> None:
    """§6.1, §4.2: the free repair needs the skill and broken armour, once per crafter a camp (house)."""
    state = make_state()
    camp_with(state, CampPlace(dry=False, long_rest=False))
    wren = state.character("wren")
    wren.skills.add(Skill.CRAFTING)
    guard = verify_repair
    with pytest.raises(IllegalAction, match="Moss does not know the Crafting skill"):
        guard(state, RepairGear(actor="moss"))
    gambeson = give(state, "moss", GAMBESON)
    with pytest.raises(IllegalAction, match="Moss wears no broken armour"):
        guard(state, RepairGear(actor="wren", target="moss"))
    gambeson.broken = [1]
    guard(state, RepairGear(actor="wren", target="moss"))
    current_camp(state).done.append("repair:wren")
    with pytest.raises(IllegalAction, match="already mended"):
        guard(state, RepairGear(actor="wren", target="moss"))
