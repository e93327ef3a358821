"""Tests for rules/core/kept.py: answers kept by key, made once, at most `size` of them."""

from __future__ import annotations

from collections.abc import Callable

from expedition.rules.core.kept import Kept


def _maker(made: list[int], answer: int | None) -> Callable[[], int | None]:
    """Makes `answer`, noting each time it is asked to."""

    def make() -> int | None:
        made.append(answer if answer is not None else -1)
        return answer

    return make


def test_an_answer_is_made_once_per_key_and_given_again() -> None:
    made: list[int] = []
    kept: Kept[int, int | None] = Kept(4)
    assert [kept.get(k, _maker(made, k * 10)) for k in (1, 2, 1, 2, 1)] == [10, 20, 10, 20, 10]
    assert made == [10, 20]


def test_a_falsy_answer_is_kept_too() -> None:
    made: list[int] = []
    kept: Kept[int, int | None] = Kept(4)
    assert [kept.get(1, _maker(made, None)) for _ in range(3)] == [None, None, None]
    assert made == [-1]


def test_when_full_it_starts_afresh_and_never_holds_more_than_its_size() -> None:
    made: list[int] = []
    kept: Kept[int, int | None] = Kept(3)
    for key in range(7):
        kept.get(key, _maker(made, key))
        assert len(kept) <= 3
    assert kept.get(6, _maker(made, 99)) == 6  # the last one made is still there
    assert kept.get(0, _maker(made, 0)) == 0  # forgotten when it started afresh
    assert made == [0, 1, 2, 3, 4, 5, 6, 0]
