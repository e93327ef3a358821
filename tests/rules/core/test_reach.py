"""Tests for attack reach: distance bands and counts of tiles (§2.1, §8, §16 #3)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from expedition.rules.core.distance import Range
from expedition.rules.core.reach import CLOSE, Reach


def test_band_limits_follow_the_ruling() -> None:
    """§16 #3: Close is 1 tile, Nearby 6, Far 12, Distant unlimited."""
    assert CLOSE.tiles == 1
    assert Reach(Range.NEARBY).tiles == 6
    assert Reach(Range.FAR).tiles == 12
    assert Reach(Range.DISTANT).tiles is None


@pytest.mark.parametrize(
    ("tiles", "band"), [(1, Range.CLOSE), (2, Range.NEARBY), (6, Range.NEARBY), (7, Range.FAR)]
)
def test_tiles_fall_into_the_narrowest_band(tiles: int, band: Range) -> None:
    """§8: a reach in tiles belongs to the narrowest band containing it."""
    assert Reach(tiles).band == band
    assert Reach(13).band == Range.DISTANT


def test_nearby_reaches_six_tiles_but_not_seven() -> None:
    """§16 #3: Nearby is 6 tiles."""
    nearby = Reach(Range.NEARBY)
    assert nearby.reaches(6)
    assert not nearby.reaches(7)
    assert not nearby.reaches(0)


@given(st.integers(1, 1000))
def test_distant_reaches_any_distance(distance: int) -> None:
    """§16 #3: Distant has no upper limit."""
    assert Reach(Range.DISTANT).reaches(distance)


def test_reach_prints_as_written() -> None:
    """§2.1: ranges print as the book writes them."""
    assert str(Reach(Range.NEARBY)) == "Nearby"
    assert str(Reach(2)) == "2 tiles"
    assert str(Reach(1)) == "1 tile"


def test_reach_in_tiles_must_be_positive() -> None:
    """§2.1: a reach is at least one tile."""
    with pytest.raises(ValueError):
        Reach(0)
