"""Tests for expedition.rules.character.progression: limits, skills, traits and earning insight."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from expedition.rules.character.adventurer import Character
from expedition.rules.character.progression import (
    InsightEarned,
    ProficiencyChanged,
    ScoreChanged,
    SkillLearned,
    TraitGained,
    change_proficiency,
    change_score,
    earn_insight,
    gain_trait,
    learn_skill,
)
from expedition.rules.core.attributes import Attr
from expedition.rules.core.context import Context
from expedition.rules.core.dice import ScriptedDice
from expedition.rules.core.errors import IllegalAction, InvalidAction
from expedition.rules.core.skills import Skill, Trait


def make() -> tuple[Context, Character]:
    return Context(ScriptedDice([])), Character(id="ada", name="Ada")


def test_creation_score_stops_at_3_and_extra_points_are_lost() -> None:
    """§3.1: during creation a score stays within 0–3."""
    ctx, ada = make()
    assert change_score(ctx, ada, Attr.STR, 4, creation=True, rule="§3.1") == 2
    assert ada[Attr.STR].score == 3
    assert ctx.events == [ScoreChanged(rule="§3.1", character="ada", attr=Attr.STR, old=1, new=3, lost=2)]


def test_later_score_stops_at_5() -> None:
    """§16 #30: after creation a score is at most 5."""
    ctx, ada = make()
    assert change_score(ctx, ada, Attr.DEX, 9, creation=False, rule="§10.5.4") == 4
    assert ada[Attr.DEX].score == 5


def test_score_never_goes_below_0() -> None:
    """§3.1: scores never drop below 0."""
    ctx, ada = make()
    assert change_score(ctx, ada, Attr.INT, -3, creation=True, rule="§3.1") == -1
    assert ada[Attr.INT].score == 0
    assert change_score(ctx, ada, Attr.INT, -1, creation=True, rule="§3.1") == 0
    assert len(ctx.events) == 1


def test_score_at_limit_changes_nothing_and_reports_nothing() -> None:
    """§3.1: a point beyond the limit is simply lost."""
    ctx, ada = make()
    ada[Attr.PRE].score = 3
    assert change_score(ctx, ada, Attr.PRE, 1, creation=True, rule="§3.1") == 0
    assert ada[Attr.PRE].score == 3
    assert ctx.events == []


def test_lowered_score_drops_excess_fatigue_before_wounds() -> None:
    """§4.5: a shorter track sheds fatigue first, then wounds (our documented reading)."""
    ctx, ada = make()
    ada[Attr.STR].score = 3
    ada[Attr.STR].fatigue = 1
    ada[Attr.STR].wounds = 2
    change_score(ctx, ada, Attr.STR, -1, creation=False, rule="§4.5")
    assert (ada[Attr.STR].fatigue, ada[Attr.STR].wounds) == (0, 2)
    change_score(ctx, ada, Attr.STR, -1, creation=False, rule="§4.5")
    assert (ada[Attr.STR].score, ada[Attr.STR].fatigue, ada[Attr.STR].wounds) == (1, 0, 1)
    last = ctx.events[-1]
    assert isinstance(last, ScoreChanged)
    assert (last.fatigue_dropped, last.wounds_dropped) == (0, 1)


def test_proficiency_limits_creation_2_later_3() -> None:
    """§3.1 and §16 #30: proficiency at most 2 in creation, 3 after."""
    ctx, ada = make()
    assert change_proficiency(ctx, ada, Attr.DEX, 5, creation=True, rule="§3.1") == 2
    assert change_proficiency(ctx, ada, Attr.DEX, 5, creation=False, rule="§10.5.4") == 1
    assert ada[Attr.DEX].proficiency == 3
    assert ctx.events[-1] == ProficiencyChanged(
        rule="§10.5.4", character="ada", attr=Attr.DEX, old=2, new=3, lost=4
    )
    assert change_proficiency(ctx, ada, Attr.DEX, -9, creation=False, rule="§4.5") == -3


def test_learning_a_new_skill_adds_it() -> None:
    """§6.1: a new skill is added."""
    ctx, ada = make()
    assert learn_skill(ctx, ada, Skill.LOREMASTER, rule="§5.3") is Skill.LOREMASTER
    assert ada.skills == {Skill.LOREMASTER}
    assert ctx.events == [SkillLearned(rule="§5.3", character="ada", skill=Skill.LOREMASTER)]


def test_learning_a_held_basic_skill_upgrades_it() -> None:
    """§5.1 point 2: gaining a held skill upgrades it to the advanced one, which replaces it."""
    ctx, ada = make()
    ada.skills = {Skill.COOKING}
    assert learn_skill(ctx, ada, Skill.COOKING, rule="§5.1") is Skill.MASTER_CHEF
    assert ada.skills == {Skill.MASTER_CHEF}
    assert ctx.events[-1] == SkillLearned(
        rule="§5.1", character="ada", skill=Skill.MASTER_CHEF, replaced=Skill.COOKING
    )


def test_learning_an_advanced_skill_replaces_its_basic_one() -> None:
    """§6.1: an advanced skill takes its basic skill's place."""
    ctx, ada = make()
    ada.skills = {Skill.DUELIST}
    assert learn_skill(ctx, ada, Skill.SWASHBUCKLER, rule="§6.1") is Skill.SWASHBUCKLER
    assert ada.skills == {Skill.SWASHBUCKLER}


def test_advanced_skill_needs_its_basic_one() -> None:
    """§6.1: an advanced skill requires the basic skill first."""
    ctx, ada = make()
    with pytest.raises(IllegalAction, match="shield expert"):
        learn_skill(ctx, ada, Skill.SHIELD_MASTER, rule="§6.1")
    assert ada.skills == set()
    assert ctx.events == []


def test_squire_gains_shield_master_directly() -> None:
    """§16 #18: the Squire career grants Shield Master without Shield Expert."""
    ctx, ada = make()
    assert learn_skill(ctx, ada, Skill.SHIELD_MASTER, rule="§5.3", squire=True) is Skill.SHIELD_MASTER
    assert ada.skills == {Skill.SHIELD_MASTER}


def test_learning_a_held_skill_without_upgrade_does_nothing() -> None:
    """§5.1: a held skill with no advanced version, or a held advanced skill, changes nothing."""
    ctx, ada = make()
    ada.skills = {Skill.PILFER, Skill.BEASTMASTER}
    assert learn_skill(ctx, ada, Skill.PILFER, rule="§5.1") is Skill.PILFER
    assert learn_skill(ctx, ada, Skill.BEASTMASTER, rule="§5.1") is Skill.BEASTMASTER
    assert learn_skill(ctx, ada, Skill.ANIMAL_AFFINITY, rule="§5.1") is Skill.BEASTMASTER
    assert ada.skills == {Skill.PILFER, Skill.BEASTMASTER}
    assert ctx.events == []


def test_gaining_a_trait_once() -> None:
    """§6.2: a trait is gained once; gaining it again changes nothing."""
    ctx, ada = make()
    assert gain_trait(ctx, ada, Trait.HARDENED, rule="§5.7") is True
    assert gain_trait(ctx, ada, Trait.HARDENED, rule="§5.7") is False
    assert ada.traits == {Trait.HARDENED}
    assert ctx.events == [TraitGained(rule="§5.7", character="ada", trait=Trait.HARDENED)]


def test_insight_earned_stops_at_twelve_circles() -> None:
    """§10.5.3: twelve insight circles for life."""
    ctx, ada = make()
    ada.insight.earned = 10
    ada.insight.spent = 10
    assert earn_insight(ctx, ada, 5, rule="§3.5") == 2
    assert ada.insight.earned == 12
    assert ctx.events == [InsightEarned(rule="§3.5", character="ada", amount=2, lost=3)]
    assert earn_insight(ctx, ada, rule="§3.5") == 0
    assert len(ctx.events) == 1


def test_negative_insight_is_invalid() -> None:
    """§10.5.1: insight is only ever earned."""
    ctx, ada = make()
    with pytest.raises(InvalidAction):
        earn_insight(ctx, ada, -1, rule="§10.5.1")


@given(st.lists(st.integers(min_value=0, max_value=6), max_size=20))
def test_insight_earned_never_exceeds_twelve(amounts: list[int]) -> None:
    """§10.5.3: however insight comes, no more than 12 are ever earned, and the returns add up."""
    ctx, ada = make()
    total = sum(earn_insight(ctx, ada, amount, rule="§10.5.1") for amount in amounts)
    assert ada.insight.earned == total == min(12, sum(amounts))


@given(
    st.booleans(),
    st.lists(st.tuples(st.sampled_from(list(Attr)), st.integers(-6, 6), st.booleans()), max_size=30),
)
def test_scores_and_proficiencies_stay_within_limits(
    creation: bool, changes: list[tuple[Attr, int, bool]]
) -> None:
    """§3.1, §16 #30: whatever changes arrive, values stay within the phase's limits."""
    ctx, ada = make()
    top_score, top_prof = (3, 2) if creation else (5, 3)
    for attr, delta, proficiency in changes:
        before = ada[attr].proficiency if proficiency else ada[attr].score
        if proficiency:
            applied = change_proficiency(ctx, ada, attr, delta, creation=creation, rule="§3.1")
        else:
            applied = change_score(ctx, ada, attr, delta, creation=creation, rule="§3.1")
        after = ada[attr].proficiency if proficiency else ada[attr].score
        assert after - before == applied
        assert abs(applied) <= abs(delta)
    for attr in Attr:
        assert 0 <= ada[attr].score <= top_score
        assert 0 <= ada[attr].proficiency <= top_prof
