"""Tests for core/decisions.py: choices asked mid-rule and how a rule is driven (§3.2 step 7, §16 #23)."""

from __future__ import annotations

import pytest

from expedition.rules.core.decisions import (
    GM,
    Choice,
    Decision,
    Resolution,
    answers,
    resolve,
    resolve_default,
)
from expedition.rules.core.errors import InvalidAction

REROLL = Decision(
    "reroll",
    "ada",
    "Reroll a die?",
    (Choice("pass", "Keep"), Choice("die:0", "Reroll the 2")),
    "pass",
    "§3.2",
)


def two_questions() -> Resolution[tuple[str, str]]:
    """A tiny rule: asks the player, then the GM, and returns both answers."""
    first = yield REROLL
    second = yield Decision(
        "reroll", GM, "GM reroll?", (Choice("pass", "No"), Choice("die:1", "Yes")), "die:1"
    )
    return first, second


def test_a_default_must_be_one_of_the_choices_section_16_23() -> None:
    """§16 #23: a decision always has a valid default, the answer when nobody chooses."""
    with pytest.raises(ValueError, match="default 'x'"):
        Decision("place_wound", "ada", "Where?", (Choice("STR", "Strength"),), "x")
    assert REROLL.keys == ("pass", "die:0")


def test_resolve_sends_each_answer_back_into_the_rule_section_3_2() -> None:
    """§3.2 step 7: each answer reaches the rule, which reads on to the next question."""
    asked: list[str] = []

    def answer(decision: Decision) -> str:
        asked.append(decision.owner)
        return decision.keys[-1]

    assert resolve(two_questions(), answer) == ("die:0", "die:1")
    assert asked == ["ada", GM]


def test_resolve_default_takes_every_default_section_16_23() -> None:
    """§16 #23: with nobody answering, every decision takes its default."""
    assert resolve_default(two_questions()) == ("pass", "die:1")


def test_answers_are_used_in_order_then_defaults_section_3_2() -> None:
    """§3.2: scripted answers run out into defaults."""
    assert resolve(two_questions(), answers("die:0")) == ("die:0", "die:1")
    assert resolve(two_questions(), answers("die:0", "pass")) == ("die:0", "pass")


def test_an_answer_that_is_not_offered_is_invalid_section_3_2() -> None:
    """§3.2: an answer must be one of the keys; the message lists them."""
    with pytest.raises(InvalidAction, match="choose one of pass, die:0"):
        resolve(two_questions(), answers("die:9"))


def test_a_rule_without_questions_returns_at_once_section_3_2() -> None:
    """§3.2: a resolution that never yields is resolved without asking anything."""

    def quiet() -> Resolution[int]:
        return 7
        yield  # a generator

    assert resolve(quiet(), lambda decision: pytest.fail("nothing should be asked")) == 7
