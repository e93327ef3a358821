"""Tests for expedition.rules.character.insight: spending insight (§10.5.4) and retirement (§10.5.3)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from expedition.rules.character.adventurer import Character
from expedition.rules.character.insight import (
    INSIGHT_COSTS,
    InsightSpend,
    InsightSpent,
    RetirementReached,
    SpendKind,
    can_spend,
    insight_cost,
    spend_insight,
    verify_spend,
)
from expedition.rules.core.attributes import Attr
from expedition.rules.core.conditions import Trauma
from expedition.rules.core.context import Context
from expedition.rules.core.dice import ScriptedDice
from expedition.rules.core.errors import IllegalAction, InvalidAction
from expedition.rules.core.skills import Skill


def make(unspent: int = 12) -> tuple[Context, Character]:
    ada = Character(id="ada", name="Ada")
    ada.insight.earned = unspent
    return Context(ScriptedDice([])), ada


def scores(character: Character) -> tuple[int, ...]:
    return tuple(character[attr].score for attr in Attr)


def test_costs_follow_the_table() -> None:
    """§10.5.4: 1 move, 1 skill, 1 trauma, 2 lowest +1, 3 any +1, 4 proficiency."""
    assert [INSIGHT_COSTS[kind] for kind in SpendKind] == [1, 1, 1, 2, 3, 4]
    assert insight_cost(InsightSpend(SpendKind.RAISE_PROFICIENCY, attr=Attr.STR)) == 4


def test_not_enough_insight_is_refused_with_a_reason() -> None:
    """§10.5.4: a spend costing more than the unspent insight is not allowed."""
    ctx, ada = make(unspent=3)
    spend = InsightSpend(SpendKind.RAISE_PROFICIENCY, attr=Attr.STR)
    with pytest.raises(IllegalAction, match="3 unspent insight; this costs 4"):
        spend_insight(ctx, ada, spend)
    assert not can_spend(ada, spend)
    assert ada.insight.spent == 0
    assert ctx.events == []


def test_raising_any_score_costs_3() -> None:
    """§10.5.4: +1 score on any attribute for 3 insight."""
    ctx, ada = make(unspent=4)
    spend_insight(ctx, ada, InsightSpend(SpendKind.RAISE_SCORE, attr=Attr.INT))
    assert ada[Attr.INT].score == 2
    assert ada.insight.unspent == 1
    assert ctx.events[0] == InsightSpent(rule="§10.5.4", character="ada", kind=SpendKind.RAISE_SCORE, cost=3)


def test_cheap_raise_only_on_a_lowest_score_ties_allowed() -> None:
    """§10.5.4: +1 on the lowest score for 2; any attribute tied for lowest qualifies."""
    ctx, ada = make()
    ada[Attr.STR].score = 3
    for attr in (Attr.DEX, Attr.INT, Attr.PRE):
        assert can_spend(ada, InsightSpend(SpendKind.RAISE_LOWEST_SCORE, attr=attr))
    with pytest.raises(IllegalAction, match="not the lowest"):
        verify_spend(ada, InsightSpend(SpendKind.RAISE_LOWEST_SCORE, attr=Attr.STR))
    spend_insight(ctx, ada, InsightSpend(SpendKind.RAISE_LOWEST_SCORE, attr=Attr.PRE))
    assert scores(ada) == (3, 1, 1, 2)
    assert ada.insight.spent == 2


def test_moving_a_point_from_the_highest_score_to_a_lower_one() -> None:
    """§10.5.4: for 1 insight a point moves from the highest score to a lower one."""
    ctx, ada = make()
    ada[Attr.STR].score = 3
    ada[Attr.DEX].score = 3
    assert not can_spend(ada, InsightSpend(SpendKind.MOVE_SCORE, attr=Attr.INT, source=Attr.PRE))
    with pytest.raises(IllegalAction, match="not lower"):
        verify_spend(ada, InsightSpend(SpendKind.MOVE_SCORE, attr=Attr.STR, source=Attr.DEX))
    spend_insight(ctx, ada, InsightSpend(SpendKind.MOVE_SCORE, attr=Attr.INT, source=Attr.DEX))
    assert scores(ada) == (3, 2, 2, 1)
    assert ada.insight.spent == 1


def test_moving_is_impossible_when_all_scores_are_equal() -> None:
    """§10.5.4: with every score equal there is no lower attribute to receive the point."""
    _, ada = make()
    assert not any(
        can_spend(ada, InsightSpend(SpendKind.MOVE_SCORE, attr=a, source=b)) for a in Attr for b in Attr
    )


def test_score_limit_after_creation_is_5() -> None:
    """§16 #30: insight cannot raise a score above 5."""
    _, ada = make()
    ada[Attr.STR].score = 5
    with pytest.raises(IllegalAction, match="above 5"):
        verify_spend(ada, InsightSpend(SpendKind.RAISE_SCORE, attr=Attr.STR))


def test_spending_right_after_creation_uses_creation_limits() -> None:
    """§5.1, §3.1: insight spent right after creation keeps scores ≤ 3 and proficiencies ≤ 2."""
    ctx, ada = make()
    ada[Attr.STR].score = 3
    ada[Attr.DEX].proficiency = 2
    assert not can_spend(ada, InsightSpend(SpendKind.RAISE_SCORE, attr=Attr.STR), creation=True)
    assert can_spend(ada, InsightSpend(SpendKind.RAISE_SCORE, attr=Attr.STR), creation=False)
    with pytest.raises(IllegalAction, match="above 2"):
        spend_insight(ctx, ada, InsightSpend(SpendKind.RAISE_PROFICIENCY, attr=Attr.DEX), creation=True)
    spend_insight(ctx, ada, InsightSpend(SpendKind.RAISE_PROFICIENCY, attr=Attr.DEX))
    assert ada[Attr.DEX].proficiency == 3
    with pytest.raises(IllegalAction, match="above 3"):
        verify_spend(ada, InsightSpend(SpendKind.RAISE_PROFICIENCY, attr=Attr.DEX))


def test_learning_a_skill_costs_1_and_follows_skill_rules() -> None:
    """§10.5.4, §6.1: a skill for 1; advanced needs basic; nothing-to-gain is refused."""
    ctx, ada = make()
    with pytest.raises(IllegalAction):
        verify_spend(ada, InsightSpend(SpendKind.LEARN_SKILL, skill=Skill.TRADE_NETWORK))
    spend_insight(ctx, ada, InsightSpend(SpendKind.LEARN_SKILL, skill=Skill.HAGGLE))
    spend_insight(ctx, ada, InsightSpend(SpendKind.LEARN_SKILL, skill=Skill.HAGGLE))
    assert ada.skills == {Skill.TRADE_NETWORK}
    assert ada.insight.spent == 2
    with pytest.raises(IllegalAction, match="gain nothing"):
        verify_spend(ada, InsightSpend(SpendKind.LEARN_SKILL, skill=Skill.HAGGLE))


def test_removing_a_trauma_costs_1() -> None:
    """§4.5, §10.5.4: 1 insight removes a held trauma; one not held cannot be bought off."""
    ctx, ada = make()
    ada.traumas = {Trauma.FEARFUL}
    with pytest.raises(IllegalAction, match="does not suffer"):
        verify_spend(ada, InsightSpend(SpendKind.REMOVE_TRAUMA, trauma=Trauma.VISIONS))
    spend_insight(ctx, ada, InsightSpend(SpendKind.REMOVE_TRAUMA, trauma=Trauma.FEARFUL))
    assert ada.traumas == set()
    assert ada.insight.spent == 1


def test_malformed_spends_are_invalid() -> None:
    """§10.5.4: a spend must name what it buys."""
    _, ada = make()
    for spend in (
        InsightSpend(SpendKind.RAISE_SCORE),
        InsightSpend(SpendKind.LEARN_SKILL),
        InsightSpend(SpendKind.REMOVE_TRAUMA),
        InsightSpend(SpendKind.MOVE_SCORE, attr=Attr.STR),
    ):
        with pytest.raises(InvalidAction):
            verify_spend(ada, spend)


def test_filling_the_twelfth_circle_reaches_retirement() -> None:
    """§10.5.3: with all 12 circles filled the character may retire and earns no more."""
    ctx, ada = make()
    ada.insight.spent = 8
    spend_insight(ctx, ada, InsightSpend(SpendKind.RAISE_PROFICIENCY, attr=Attr.PRE))
    assert ada.insight.retired
    assert ctx.events[-1] == RetirementReached(rule="§10.5.3", character="ada")
    assert not can_spend(ada, InsightSpend(SpendKind.LEARN_SKILL, skill=Skill.PILFER))


_SPENDS = st.builds(
    InsightSpend,
    kind=st.sampled_from(list(SpendKind)),
    attr=st.sampled_from(list(Attr)),
    source=st.sampled_from(list(Attr)),
    skill=st.sampled_from(list(Skill)),
    trauma=st.sampled_from(list(Trauma)),
)


@given(st.integers(0, 12), st.booleans(), st.lists(_SPENDS, max_size=25))
def test_spending_never_overdraws_nor_breaks_limits(
    earned: int, creation: bool, spends: list[InsightSpend]
) -> None:
    """§10.5.3, §10.5.4, §16 #30: unspent never negative; values stay within limits."""
    ctx, ada = make(unspent=earned)
    ada.traumas = {Trauma.PARANOID, Trauma.FEARFUL}
    top_score, top_prof = (3, 2) if creation else (5, 3)
    for spend in spends:
        allowed = can_spend(ada, spend, creation=creation)
        before = ada.insight.spent
        if allowed:
            spend_insight(ctx, ada, spend, creation=creation)
            assert ada.insight.spent == before + insight_cost(spend)
        else:
            with pytest.raises((IllegalAction, InvalidAction)):
                spend_insight(ctx, ada, spend, creation=creation)
            assert ada.insight.spent == before
        assert ada.insight.unspent >= 0
        for attr in Attr:
            assert 0 <= ada[attr].score <= top_score
            assert 0 <= ada[attr].proficiency <= top_prof
