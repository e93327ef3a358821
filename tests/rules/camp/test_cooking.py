"""Tests for rules/camp/cooking.py: cooked rations feed 2, 3 or 4, the hungry first (§10.3, §6.1)."""

from __future__ import annotations

import pytest

from expedition.rules.camp.camp_setup import FireLit, current_camp
from expedition.rules.camp.cooking import Cook, FoodCooked, cook, feeds, rations
from expedition.rules.character.adventurer import Character
from expedition.rules.core.conditions import Affliction
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import answers, resolve
from expedition.rules.core.dice import ScriptedDice
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.skills import Skill
from expedition.rules.engine.campaign import CampaignState
from expedition.rules.engine.dispatch import verify
from expedition.rules.exploration.camp_state import CampPlace
from tests.rules.camp_helpers import FIREWOOD, RATION, SUPPLIES, camp_with, give, make_state, run


@pytest.mark.parametrize(("skill", "fed"), [(None, 2), (Skill.COOKING, 3), (Skill.MASTER_CHEF, 4)])
def test_cooking_a_ration_feeds_two_three_or_four(skill: Skill | None, fed: int) -> None:
    """§10.3, §6.1: a cooked ration feeds 2, 3 with Cooking, 4 with Master Chef; cures Hungry, Parched."""
    state = make_state()
    extra = [Character(f"x{i}", f"X{i}", owner="ann") for i in range(2)]
    state.party += extra
    if skill is not None:
        state.character("wren").skills.add(skill)
    for member in state.party:
        member.afflictions |= {Affliction.HUNGRY, Affliction.PARCHED}
    ration = give(state, "wren", RATION, 1)
    give(state, "wren", SUPPLIES)
    camp_with(state, CampPlace(dry=False, long_rest=False), "1", "yes")
    ctx = run(state, Cook(actor="wren"), [])
    hungry = [m for m in state.party if Affliction.HUNGRY in m.afflictions]
    assert len(state.party) - len(hungry) == fed and ration not in state.character("wren").items
    assert not any(isinstance(e, FireLit) for e in ctx.events)


def test_cooking_needs_a_fire_and_a_supply_used_this_camp() -> None:
    """§10.3: Cook some food needs a fire and at least 1 camping supply used."""
    state = make_state()
    give(state, "wren", RATION)
    give(state, "wren", FIREWOOD)
    camp_with(state, CampPlace(long_rest=True), "yes")
    with pytest.raises(IllegalAction, match="camping supply"):
        verify(state, Cook(actor="wren"))


def _cook(state: CampaignState, action: Cook) -> Context:
    """Run the verb directly (no guard), with no dice."""
    ctx = Context(ScriptedDice([]))
    resolve(cook(ctx, state, action), answers())
    return ctx


def test_cooking_feeds_the_hungry_first_from_the_cooks_own_rations() -> None:
    """§10.3: one ration feeds 2; the hungry and parched eat first; the cook's rations go first."""
    state = make_state()
    state.party.append(Character("x", "X", owner="ann"))
    state.party.append(Character("y", "Y", owner="ann"))
    hungry = [state.character("x"), state.character("y")]
    for member in hungry:
        member.afflictions.add(Affliction.HUNGRY)
    theirs = give(state, "wren", RATION, 1)
    mine = give(state, "moss", RATION, 1)
    give(state, "moss", SUPPLIES)
    camp_with(state, CampPlace(long_rest=True), "1", "yes")
    ctx = _cook(state, Cook(actor="moss"))
    cooked = [e for e in ctx.events if isinstance(e, FoodCooked)]
    assert [(e.cook, e.rations, e.fed) for e in cooked] == [("moss", 2, ("x", "y", "wren", "moss"))]
    assert mine not in state.character("moss").items and theirs not in state.character("wren").items
    assert not any(Affliction.HUNGRY in m.afflictions for m in hungry)
    assert {d for d in current_camp(state).done if d.startswith("fed:")} == {
        "fed:x",
        "fed:y",
        "fed:wren",
        "fed:moss",
    }


def test_cooking_with_too_few_rations_feeds_only_the_first_eaters() -> None:
    """§10.3: one ration feeds two; the rest go without."""
    state = make_state()
    state.party.append(Character("x", "X", owner="ann"))
    state.character("x").afflictions.add(Affliction.HUNGRY)
    give(state, "wren", RATION, 1)
    give(state, "wren", SUPPLIES)
    camp_with(state, CampPlace(long_rest=True), "1", "yes")
    ctx = _cook(state, Cook(actor="wren"))
    (cooked,) = [e for e in ctx.events if isinstance(e, FoodCooked)]
    assert cooked.rations == 1 and len(cooked.fed) == 2 and cooked.fed[0] == "x"


@pytest.mark.parametrize(
    ("skills", "fed"), [((), 2), ((Skill.COOKING,), 3), ((Skill.COOKING, Skill.MASTER_CHEF), 4)]
)
def test_feeds_two_three_or_four(skills: tuple[Skill, ...], fed: int) -> None:
    """§10.3, §6.1: a cooked ration feeds 2, 3 with Cooking, 4 with Master Chef."""
    state = make_state()
    cook = state.character("wren")
    cook.skills.update(skills)
    assert feeds(cook) == fed


def test_rations_counts_every_ration_the_party_carries() -> None:
    """§10.3: the rations to cook are the whole party's."""
    state = make_state()
    assert rations(state) == 0
    give(state, "moss", RATION, 3)
    assert rations(state) == 3
