"""Tests for core/phase.py: where the campaign is (§10)."""

from __future__ import annotations

from expedition.rules.core.phase import Phase


def test_three_phases_belong_to_an_expedition_and_the_interlude_does_not() -> None:
    """§10: exploration, combat and camp happen on an expedition; the interlude is in a settlement."""
    assert [phase for phase in Phase if phase.expedition] == [Phase.EXPLORATION, Phase.COMBAT, Phase.CAMP]
    assert not Phase.INTERLUDE.expedition
