"""Tests for character/adventurer.py: the adventurer, attributes, insight and status (§3.1, §4, §10.5)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from expedition.rules.character.adventurer import (
    CREATION_PROFICIENCY,
    CREATION_SCORE,
    INSIGHT_CIRCLES,
    LATER_PROFICIENCY,
    LATER_SCORE,
    Attribute,
    Character,
    Insight,
    Status,
)
from expedition.rules.core.attributes import Attr
from expedition.rules.core.conditions import Affliction, Trauma
from expedition.rules.core.skills import Skill, Trait


def test_four_attributes_start_at_score_1_proficiency_0() -> None:
    """§3.1, §5.1: STR, DEX, INT and PRE, each starting with score 1, proficiency 0 and a clean track."""
    ana = Character(id="ana", name="Ana")
    assert [str(a) for a in Attr] == ["STR", "DEX", "INT", "PRE"]
    assert all(ana[a] == Attribute(score=1, proficiency=0, fatigue=0, wounds=0) for a in Attr)
    ana[Attr.DEX].score = 3
    assert ana.attrs[Attr.DEX].score == 3 and ana[Attr.STR].score == 1  # no shared attribute objects


def test_available_dice_are_score_minus_fatigue_minus_wounds() -> None:
    """§3.1: available dice = score − fatigue − wounds; `free` never goes below 0."""
    attribute = Attribute(score=3, fatigue=1, wounds=1)
    assert (attribute.available, attribute.free) == (1, 1)
    attribute.wounds = 3  # Berserker can push it negative (§6.2)
    assert (attribute.available, attribute.free) == (-1, 0)


def test_limits_during_and_after_creation() -> None:
    """§3.1 creation: score 0–3, proficiency 0–2; §16 #30 later: score ≤ 5, proficiency ≤ 3."""
    assert (CREATION_SCORE, CREATION_PROFICIENCY) == ((0, 3), (0, 2))
    assert (LATER_SCORE, LATER_PROFICIENCY) == ((0, 5), (0, 3))


def test_has_looks_in_the_right_set_for_each_kind() -> None:
    """§4.5, §4.6, §6.1, §6.2: afflictions, traumas, skills and traits are held separately."""
    ana = Character(id="ana", name="Ana", skills={Skill.VETERAN}, traits={Trait.HARDENED})
    ana.afflictions.add(Affliction.ANGRY)
    ana.traumas.add(Trauma.VISIONS)
    assert ana.has(Affliction.ANGRY) and ana.has(Trauma.VISIONS)
    assert ana.has(Skill.VETERAN) and ana.has(Trait.HARDENED)
    assert not ana.has(Affliction.HUNGRY) and not ana.has(Trauma.PARANOID)
    assert not ana.has(Skill.COOKING) and not ana.has(Trait.DAUNTLESS)


def test_only_an_active_character_can_act() -> None:
    """§4.3, §4.4: fainted, mortally wounded and dead characters cannot act."""
    ana = Character(id="ana", name="Ana")
    assert ana.can_act
    for status in (Status.FAINTED, Status.MORTALLY_WOUNDED, Status.DEAD):
        ana.status = status
        assert not ana.can_act


def test_insight_unspent_and_retirement_at_twelve_filled_circles() -> None:
    """§10.5.3: 12 circles; earned minus spent can be spent; all 12 filled means retirement."""
    assert INSIGHT_CIRCLES == 12
    insight = Insight(earned=12, spent=11)
    assert insight.unspent == 1 and not insight.retired
    insight.spent = 12
    assert insight.unspent == 0 and insight.retired


@given(
    score=st.integers(0, 5),
    fatigue=st.integers(0, 5),
    wounds=st.integers(0, 5),
)
def test_available_plus_marks_is_always_the_score(score: int, fatigue: int, wounds: int) -> None:
    """§3.1: every mark on the track removes exactly one available die."""
    attribute = Attribute(score=score, fatigue=fatigue, wounds=wounds)
    assert attribute.available + fatigue + wounds == score
    assert attribute.free == max(0, score - fatigue - wounds)
