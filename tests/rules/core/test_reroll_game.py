"""Tests for rules/core/reroll_game.py: the perfect-play reroll game behind the exact odds (§3.2–§3.6)."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from expedition.rules.core.judging import judge
from expedition.rules.core.reroll_game import CLASS_OF, CLASSES, Table, game, key


def test_face_classes_cover_the_six_faces_once_section_3_2() -> None:
    """§3.2: 2 and 3 never differ in any rule, so they share a class of weight 2; the weights make 6."""
    assert sum(weight for _, weight in CLASSES) == 6
    assert {face: cls for face, cls in CLASS_OF.items()} == {1: 1, 2: 2, 3: 2, 4: 4, 5: 5, 6: 6}
    assert {cls for cls, _ in CLASSES} == set(CLASS_OF.values())


@given(
    faces=st.lists(st.sampled_from([1, 2, 3, 4, 5, 6]), min_size=1, max_size=5),
    terrified=st.booleans(),
    hopeless=st.booleans(),
    safe=st.booleans(),
    check=st.booleans(),
)
def test_table_judges_like_the_engine_section_3_2(
    faces: list[int], terrified: bool, hopeless: bool, safe: bool, check: bool
) -> None:
    """§3.2, §3.5, §3.6: the game's judge agrees with `judging.judge` on the roller's own dice."""
    vector = Table(terrified, hopeless, safe, False, check).judge(tuple(CLASS_OF[f] for f in faces), None)
    verdict = judge(faces, terrified=terrified, hopeless=hopeless, safe=safe, check=check)
    assert sum(vector[:4]) == 1
    assert vector[verdict.outcome.rank] == 1
    assert vector[4] == int(verdict.fatigue) and vector[5] == 0


def test_keep_lowest_tires_whoever_rolled_the_kept_die_section_3_5() -> None:
    """§3.5, §3.8: in a zero-dice roll only the lowest die counts, and it tires its own roller."""
    table = Table(keep_lowest=True)
    assert table.judge((6,), 4) == (0, 0, 1, 0, 0, 1)  # the helper's 4 is kept: the helper tires
    assert table.judge((4,), 6) == (0, 0, 1, 0, 1, 0)  # the roller's 4 is kept
    assert table.judge((1,), 1) == (1, 0, 0, 0, 1, 0)  # a tie counts as the roller's


def test_key_ranks_success_then_great_then_rest_then_no_critical_section_3_4() -> None:
    """§3.4: both sides weigh success first, then a great success, then fatigue, then a critical failure."""
    plain = key((0, 0, 1, 0, 1, 0))
    assert key((0, 0, 0, 1, 1, 0)) > plain  # a great success beats a plain one
    assert key((0, 0, 1, 0, 0, 0)) > plain  # no fatigue beats fatigue
    assert key((0, 1, 0, 0, 0, 0)) > key((1, 0, 0, 0, 0, 0))  # a failure beats a critical one


def test_one_die_with_one_reroll_solves_exactly_section_3_3() -> None:
    """§3.3: one d6 and one player reroll: reroll any failure, so success is 1/2 + 1/2 × 1/2."""
    solved = game(Table())
    chance = Fraction(0)
    for face, weight in CLASSES:
        value = solved.value(((face,), None, 1, 0, True, False))
        chance += Fraction(weight, 6) * Fraction(value[2] + value[3], 6)
    assert chance == Fraction(3, 4)
    assert solved.move(((5,), None, 1, 0, True, False)) == (False, None)
    assert solved.move(((2,), None, 1, 0, True, False)) == (True, 2)


def test_the_gm_rerolls_the_helpers_die_but_the_player_never_does_section_3_5() -> None:
    """§3.5: the player may not touch the helper's die; the GM may, and does when it is the only success."""
    solved = game(Table())
    assert solved.move(((6,), 6, 1, 0, True, False)) == (False, None)  # great already: pass
    assert solved.move(((2,), 6, 1, 0, True, False)) == (True, 2)  # a 6 of its own would make it great
    assert solved.move(((2,), 2, 1, 0, True, False)) == (True, 2)  # fails: reroll the own die
    assert solved.move(((2,), 6, 0, 1, False, False)) == (True, None)  # GM: reroll the helper's 6


def test_games_are_shared_per_table_section_3_2() -> None:
    """§3.2: the same table gets the same solved game, so its states are solved once."""
    assert game(Table(terrified=True)) is game(Table(terrified=True))
    assert game(Table(terrified=True)) is not game(Table())
