"""Tests for rules/core/judging.py: outcomes of final dice and the fatigue they cause (§3.2, §3.5, §3.6)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from expedition.rules.core.judging import Judgement, Outcome, RollResult, judge, outcome_of, tires

FACES = st.lists(st.integers(1, 6), max_size=8).map(tuple)


@pytest.mark.parametrize(
    ("faces", "outcome"),
    [
        ((4,), Outcome.SUCCESS),
        ((3, 2), Outcome.FAILURE),
        ((3, 1), Outcome.CRITICAL_FAILURE),
        ((6, 6, 2), Outcome.GREAT_SUCCESS),
        ((6, 1, 1), Outcome.SUCCESS),
        ((6, 6, 1), Outcome.GREAT_SUCCESS),
        ((5, 6), Outcome.SUCCESS),
        ((), Outcome.FAILURE),
    ],
)
def test_judge_outcomes_section_3_2(faces: tuple[int, ...], outcome: Outcome) -> None:
    """§3.2: 4+ succeeds, two 6s are great, a failure with a 1 is critical, a 6 overrides 1s."""
    assert judge(faces).outcome is outcome


def test_outcome_values_are_the_contract_strings_section_3_2() -> None:
    """§3.2: the four outcomes, with `succeeded`."""
    assert [o.value for o in Outcome] == ["critical_failure", "failure", "success", "great_success"]
    assert [o.succeeded for o in Outcome] == [False, False, True, True]


def test_judge_terrified_needs_a_five_section_3_6() -> None:
    """§3.6: Terrified: a 4 no longer succeeds; a 5 does."""
    assert judge((4, 4), terrified=True).outcome is Outcome.FAILURE
    assert judge((4, 1), terrified=True).outcome is Outcome.CRITICAL_FAILURE
    assert judge((5,), terrified=True).outcome is Outcome.SUCCESS


def test_judge_fatigue_is_one_point_on_any_1_or_4_section_3_2() -> None:
    """§3.2 step 6: any 1 or 4 tires, win or lose; other faces do not."""
    assert judge((1, 4, 4, 1)) == Judgement(Outcome.SUCCESS, True)
    assert judge((1, 2)) == Judgement(Outcome.CRITICAL_FAILURE, True)
    assert judge((2, 3, 5, 6)) == Judgement(Outcome.SUCCESS, False)


def test_judge_hopeless_fives_tire_section_3_6() -> None:
    """§3.6: Hopeless: a 5 also tires."""
    assert judge((5, 6)).fatigue is False
    assert judge((5, 6), hopeless=True).fatigue is True


def test_judge_checks_safe_and_effort_section_3_5() -> None:
    """§3.5: checks never tire; safe tires only on failure; effort pays in advance."""
    assert judge((4, 1), check=True) == Judgement(Outcome.SUCCESS, False)
    assert judge((4, 1), safe=True) == Judgement(Outcome.SUCCESS, False)
    assert judge((1, 3), safe=True) == Judgement(Outcome.CRITICAL_FAILURE, True)
    assert judge((4, 1), effort=True).fatigue is False


def test_judge_accepts_any_iterable_of_faces_section_3_2() -> None:
    """§3.2: `judge` reads faces from any iterable (a generator included), once."""
    assert judge(face for face in (6, 6, 1)) == Judgement(Outcome.GREAT_SUCCESS, True)


def test_outcome_rank_orders_worst_to_best_section_3_2() -> None:
    """§3.2: critical failure < failure < success < great success, ranked 0 to 3."""
    assert [o.rank for o in Outcome] == [0, 1, 2, 3]
    assert Outcome("great_success") is Outcome.GREAT_SUCCESS
    assert str(Outcome.CRITICAL_FAILURE) == "critical_failure"


def test_roll_result_succeeds_with_its_outcome_section_3_2() -> None:
    """§3.2: a result succeeded exactly when its outcome is a success or a great success."""
    assert RollResult(Outcome.GREAT_SUCCESS, (6, 6)).succeeded
    assert not RollResult(Outcome.CRITICAL_FAILURE, (1,), fatigue=True).succeeded
    assert RollResult(Outcome.FAILURE, ()).omens == 0


def test_terrified_and_hopeless_together_section_3_6() -> None:
    """§3.6: a Terrified, Hopeless roller's lone 5 succeeds and tires; a lone 4 fails and tires."""
    assert judge((5,), terrified=True, hopeless=True) == Judgement(Outcome.SUCCESS, True)
    assert judge((4, 2), terrified=True, hopeless=True) == Judgement(Outcome.FAILURE, True)


def test_tires_never_on_a_check_or_after_effort_even_when_hopeless_section_3_5() -> None:
    """§3.5, §3.6: `tires` says no for checks and paid effort, whatever the faces."""
    assert tires((1, 4, 5), Outcome.SUCCESS, hopeless=True) is True
    assert tires((1, 4, 5), Outcome.SUCCESS, hopeless=True, check=True) is False
    assert tires((1, 4, 5), Outcome.SUCCESS, hopeless=True, effort=True) is False
    assert tires((1, 2), Outcome.CRITICAL_FAILURE, safe=True) is True


@given(faces=FACES)
def test_outcome_follows_the_rules_for_any_faces_section_3_2(faces: tuple[int, ...]) -> None:
    """§3.2: success needs a 4+, great needs two 6s as well, critical is a failure showing a 1."""
    outcome = outcome_of(faces)
    succeeded = any(face >= 4 for face in faces)
    assert outcome.succeeded is succeeded
    assert (outcome is Outcome.GREAT_SUCCESS) is (succeeded and faces.count(6) >= 2)
    assert (outcome is Outcome.CRITICAL_FAILURE) is (not succeeded and 1 in faces)
    assert judge(faces).outcome is outcome


@given(faces=FACES, terrified=st.booleans(), hopeless=st.booleans())
def test_a_test_tires_exactly_on_a_1_or_4_and_a_check_never_section_3_2(
    faces: tuple[int, ...], terrified: bool, hopeless: bool
) -> None:
    """§3.2 step 6, §3.5: a test's dice tire (one point, a bool) iff a 1 or 4 shows (or a 5 when Hopeless)."""
    tiring = {1, 4, 5} if hopeless else {1, 4}
    verdict = judge(faces, terrified=terrified, hopeless=hopeless)
    assert verdict.fatigue is bool(tiring & set(faces))
    assert judge(faces, terrified=terrified, hopeless=hopeless, check=True).fatigue is False
    assert judge(faces, terrified=terrified, hopeless=hopeless, check=True).outcome is verdict.outcome
