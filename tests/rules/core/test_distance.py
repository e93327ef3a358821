"""Tests for ranges and grid distance (§8, §16 #2, #3)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from expedition.rules.core.distance import (
    Range,
    chebyshev,
    is_step,
    manhattan,
    neighbours,
    orthogonal_neighbours,
    range_between,
    within,
)

coords = st.tuples(st.integers(-50, 50), st.integers(-50, 50))


def test_range_tiles_follow_the_ruling() -> None:
    """§16 #3: Close 1, Nearby 6, Far 12, Distant beyond."""
    assert [r.tiles for r in Range] == [1, 6, 12, None]


@pytest.mark.parametrize(
    ("b", "expected"),
    [
        ((0, 0), Range.CLOSE),
        ((1, 0), Range.CLOSE),
        ((0, -1), Range.CLOSE),
        ((1, 1), Range.NEARBY),
        ((6, 0), Range.NEARBY),
        ((3, 3), Range.NEARBY),
        ((7, 0), Range.FAR),
        ((6, 6), Range.FAR),
        ((12, 0), Range.FAR),
        ((13, 0), Range.DISTANT),
        ((7, 7), Range.DISTANT),
    ],
)
def test_range_between_counts_orthogonal_steps(b: tuple[int, int], expected: Range) -> None:
    """§8, §16 #3: ranges are measured in orthogonal tiles."""
    assert range_between((0, 0), b) is expected


def test_close_is_orthogonal_only_for_attacks() -> None:
    """§16 #2: a diagonal neighbour is not Close for an attack."""
    assert within((2, 2), (3, 2), Range.CLOSE)
    assert not within((2, 2), (3, 3), Range.CLOSE)


def test_close_includes_diagonals_when_the_effect_says_so() -> None:
    """§16 #2: "can hit diagonally" weapons and everyone-Close area effects include diagonals."""
    assert within((2, 2), (3, 3), Range.CLOSE, diagonal=True)
    assert within((2, 2), (1, 3), Range.CLOSE, diagonal=True)
    assert not within((2, 2), (4, 3), Range.CLOSE, diagonal=True)


def test_longer_ranges_count_orthogonal_steps_and_distant_reaches_everything() -> None:
    """§8: Nearby 6, Far 12, Distant unlimited."""
    assert within((0, 0), (3, 3), Range.NEARBY)
    assert not within((0, 0), (4, 3), Range.NEARBY)
    assert within((0, 0), (6, 6), Range.FAR)
    assert not within((0, 0), (6, 7), Range.FAR)
    assert within((0, 0), (400, -300), Range.DISTANT)


def test_movement_is_orthogonal_only() -> None:
    """§8: no diagonal moves."""
    assert orthogonal_neighbours((5, 5)) == ((5, 4), (6, 5), (5, 6), (4, 5))
    assert is_step((5, 5), (5, 6))
    assert not is_step((5, 5), (6, 6))
    assert not is_step((5, 5), (5, 5))
    assert set(neighbours((0, 0), diagonal=True)) - set(neighbours((0, 0))) == {
        (1, 1),
        (1, -1),
        (-1, 1),
        (-1, -1),
    }


@given(coords, coords)
def test_range_between_is_the_narrowest_band_within(a: tuple[int, int], b: tuple[int, int]) -> None:
    """§8: the reported range reaches the target, and no narrower one does."""
    found = range_between(a, b)
    order = list(Range)
    assert within(a, b, found)
    assert not any(within(a, b, narrower) for narrower in order[: order.index(found)])
    assert range_between(a, b) is range_between(b, a)
    assert chebyshev(a, b) <= manhattan(a, b) <= 2 * chebyshev(a, b)
