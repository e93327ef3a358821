"""Tests for rules/creation/life_path_effects.py: the life-path effect values and their words (§5.2–§5.6)."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from expedition.rules.core.attributes import Attr
from expedition.rules.core.conditions import Affliction, Trauma
from expedition.rules.core.dice import DiceExpr
from expedition.rules.core.skills import Skill, Trait
from expedition.rules.creation.life_path_effects import (
    AttrKind,
    AttrPick,
    ChooseAttribute,
    ChooseSkill,
    Effect,
    GainAffliction,
    GainItem,
    GainSkill,
    GainTrait,
    GainTrauma,
    Insight,
    ProficiencyChange,
    ScoreChange,
    Silver,
    describe,
    signed,
    words,
)


@pytest.mark.parametrize(
    ("effect", "text"),
    [
        (ScoreChange(Attr.DEX, 1), "+1 DEX"),
        (ScoreChange(Attr.PRE, -1), "−1 PRE"),
        (ProficiencyChange(Attr.STR, 1), "+1 STR proficiency"),
        (GainSkill(Skill.SHIELD_MASTER, direct=True), "Shield master (skill)"),
        (ChooseSkill((Skill.COOKING, Skill.HAGGLE)), "one skill of Cooking, Haggle"),
        (GainTrait(Trait.REJECTED_BY_DEATH), "Rejected by death (trait)"),
        (GainTrauma(Trauma.BROKEN_ARM), "Broken arm (trauma)"),
        (GainAffliction(Affliction.BLEEDING), "Bleeding (affliction)"),
        (Insight(1), "+1 insight"),
        (Silver(DiceExpr(4, 6)), "4d6 silver"),
        (Silver(DiceExpr(1, 6), amount=2), "1d6 + 2 silver"),
        (Silver(amount=5), "5 silver"),
        (GainItem("unusual_glasses"), "Unusual glasses"),
        (GainItem("ration", 3), "3 × Ration"),
    ],
)
def test_each_effect_says_what_it_does_section_5_2(effect: Effect, text: str) -> None:
    """§5.2–§5.6: every kind of row effect has words for the log and the compendium."""
    assert describe(effect) == text


def test_attribute_choices_name_where_the_change_lands_section_5_4() -> None:
    """§5.2, §5.4: "any attribute", "the lowest score", "the highest score" or a short list."""
    assert (
        describe(ChooseAttribute(1, AttrKind.PROFICIENCY)) == "+1 proficiency on an attribute of your choice"
    )
    assert (
        describe(ChooseAttribute(1, pick=AttrPick.LOWEST_SCORE))
        == "+1 score on the attribute with the lowest score"
    )
    assert describe(ChooseAttribute(-1, pick=AttrPick.HIGHEST_SCORE)) == (
        "−1 score on the attribute with the highest score"
    )
    assert describe(ChooseAttribute(1, options=(Attr.STR, Attr.DEX))) == "+1 score on one of STR, DEX"


def test_a_choice_defaults_to_any_attribute_score_section_5_2() -> None:
    """§5.2: without narrowing, a choice is a score change on any of the four attributes."""
    choice = ChooseAttribute(1)
    assert choice.kind is AttrKind.SCORE and choice.pick is AttrPick.ANY
    assert set(choice.options) == set(Attr)


def test_effects_are_frozen_values_section_5_1() -> None:
    """§5.1: a row's effects are data; they cannot be changed once loaded."""
    effect = ScoreChange(Attr.STR, 1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        effect.delta = 2  # type: ignore[misc]
    assert GainSkill(Skill.COOKING) == GainSkill(Skill.COOKING, direct=False)


@given(st.integers(-9, 9))
def test_signed_always_shows_the_sign_section_5_2(delta: int) -> None:
    """§5.2: a change reads with its sign, a true minus for losses."""
    text = signed(delta)
    assert text[0] == ("−" if delta < 0 else "+")
    assert int(text[1:]) == abs(delta)


def test_words_turn_keys_into_a_capitalised_phrase() -> None:
    """§5.2: keys read as words, as in the tables."""
    assert words("animal_affinity") == "Animal affinity"
    assert words("loremaster") == "Loremaster"
