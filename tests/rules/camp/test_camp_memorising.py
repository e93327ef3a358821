"""Tests for rules/camp/camp_memorising.py: a wizard or cleric swaps what they hold (§10.3, §11.2)."""

from __future__ import annotations

import pytest

from expedition.rules.camp.camp_memorising import Memorise
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.skills import Trait
from expedition.rules.engine.dispatch import verify
from expedition.rules.exploration.camp_state import CampPlace
from tests.rules.camp_helpers import camp_with, make_state, pool, run


def test_memorise_swaps_what_a_cleric_holds_in_memory() -> None:
    """§10.3, §11.2: 1 camp action; a cleric memorises known prayers up to the PRE score."""
    state = make_state()
    moss = state.character("moss")
    moss.traits.add(Trait.DIVINE_MANDATE)
    moss.magic.known_prayers = ["light", "bless", "ward"]
    moss.magic.memorised_prayers = ["light"]
    camp_with(state, CampPlace(long_rest=False))
    with pytest.raises(IllegalAction, match="only 2"):
        verify(state, Memorise(actor="moss", keys=("light", "bless", "ward")))
    with pytest.raises(IllegalAction, match="no spells or prayers"):
        verify(state, Memorise(actor="wren", keys=()))
    run(state, Memorise(actor="moss", keys=("bless", "ward")), [])
    assert moss.magic.memorised_prayers == ["bless", "ward"] and pool(state) == 0
