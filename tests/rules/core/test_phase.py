from __future__ import annotations

from expedition.rules.core.phase import Phase


def test_exploration_combat_and_camp_are_an_expeditions_phases() -> None:
    assert [phase for phase in Phase if phase.expedition] == [Phase.EXPLORATION, Phase.COMBAT, Phase.CAMP]


def test_the_interlude_is_not_part_of_an_expedition() -> None:
    assert not Phase.INTERLUDE.expedition
