"""Tests for camp/camp_guards.py: who may take each camp action, and whether the pool holds it (§10.3)."""

from __future__ import annotations

import pytest

from expedition.rules.camp.camp_action_types import (
    BreakCamp,
    KeepLookout,
    PerformRitual,
    RepairGear,
    Sleep,
    UseCampItem,
    WellDeservedRest,
)
from expedition.rules.camp.camp_guards import GUARDS, carried, feeds, party_target, rations
from expedition.rules.camp.camp_setup import current_camp
from expedition.rules.camp.camp_state import CampPlace
from expedition.rules.character.adventurer import Status
from expedition.rules.core.errors import IllegalAction, InvalidAction
from expedition.rules.core.skills import Skill
from tests.rules.camp_helpers import GAMBESON, RATION, camp_with, give, make_state


def test_every_guard_needs_a_camp() -> None:
    """§10.3: no camp action is taken outside a camp."""
    state = make_state()
    for cls, guard in GUARDS.items():
        if cls is UseCampItem:
            action = UseCampItem(actor="wren", item=1)
        elif cls.__name__ in ("Memorise", "Transmute"):
            continue  # they need more fields; their guards start with the same camp check
        else:
            action = cls(actor="wren")
        with pytest.raises(IllegalAction, match="not camping"):
            guard(state, action)


def test_the_actor_must_be_named_present_and_able_to_act() -> None:
    """§10.3, §4.3: a nameless action is malformed; a stranger or a fainted adventurer cannot act."""
    state = make_state()
    camp_with(state, CampPlace(long_rest=True))
    guard = GUARDS[KeepLookout]
    with pytest.raises(InvalidAction, match="acting character"):
        guard(state, KeepLookout())
    with pytest.raises(IllegalAction, match="not with the party"):
        guard(state, KeepLookout(actor="nobody"))
    state.character("moss").status = Status.FAINTED
    with pytest.raises(IllegalAction, match="Moss cannot act \\(fainted\\)"):
        guard(state, KeepLookout(actor="moss"))


def test_the_specific_reason_comes_before_the_pool() -> None:
    """§10.3, §6.1: with an empty pool a missing skill is still the reason given; else the pool is."""
    state = make_state()
    camp_with(state, CampPlace(dry=False, long_rest=False))
    assert current_camp(state).pool == 0
    with pytest.raises(IllegalAction, match="Ritualist"):
        GUARDS[PerformRitual](state, PerformRitual(actor="wren"))
    with pytest.raises(IllegalAction, match=r"That takes 1 camp action; 0 left\."):
        GUARDS[WellDeservedRest](state, WellDeservedRest(actor="wren"))
    current_camp(state).pool = 1
    with pytest.raises(IllegalAction, match=r"That takes 2 camp actions; 1 left\."):
        GUARDS[Sleep](state, Sleep(actor="wren"))
    GUARDS[BreakCamp](state, BreakCamp(actor="wren"))  # breaking camp costs nothing


def test_crafting_repairs_only_broken_armour_and_once_per_crafter() -> None:
    """§6.1, §4.2: the free repair needs the skill and broken armour, once per crafter a camp (house)."""
    state = make_state()
    camp_with(state, CampPlace(dry=False, long_rest=False))
    wren = state.character("wren")
    wren.skills.add(Skill.CRAFTING)
    guard = GUARDS[RepairGear]
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


def test_target_and_item_helpers_find_or_refuse() -> None:
    """§10.3: a camp action aims at the actor or a party member, with an item the actor carries."""
    state = make_state()
    wren = state.character("wren")
    assert party_target(state, wren, "") is wren
    assert party_target(state, wren, "moss") is state.character("moss")
    with pytest.raises(IllegalAction, match="ghost is not with the party"):
        party_target(state, wren, "ghost")
    ration = give(state, "moss", RATION, 3)
    assert carried(state.character("moss"), ration.uid) is ration
    with pytest.raises(IllegalAction, match="Wren does not carry that item"):
        carried(wren, ration.uid)
    assert rations(state) == 3


@pytest.mark.parametrize(
    ("skills", "fed"), [((), 2), ((Skill.COOKING,), 3), ((Skill.COOKING, Skill.MASTER_CHEF), 4)]
)
def test_feeds_two_three_or_four(skills: tuple[Skill, ...], fed: int) -> None:
    """§10.3, §6.1: a cooked ration feeds 2, 3 with Cooking, 4 with Master Chef."""
    state = make_state()
    cook = state.character("wren")
    cook.skills.update(skills)
    assert feeds(cook) == fed
