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


def test_studying_a_forgotten_spell_back_is_offered_only_when_it_will_be_accepted() -> None:
    """§11.1: without a grimoire the camp's study is refused before it is offered (sensible seed 153).

    The check once let "Memorise (study again)" through and the memorising refused it; now both
    ask the same question, and the Awakened (whose school keeps no grimoire) may study without one.
    """
    from expedition.rules.camp.camp_options import camp_options
    from tests.rules.magic_helpers import give

    state = make_state()
    moss = state.character("moss")
    moss.traits.add(Trait.MAGIC_USER)
    moss.magic.known_spells = moss.magic.memorised_spells = ["light"]
    moss.magic.forgotten_spells = ["light"]
    camp_with(state, CampPlace(long_rest=False))

    def study() -> object:
        return next(o for o in camp_options(state, "moss") if o.label == "Memorise (study again)")

    refused = study()
    assert not refused.enabled and "needs a grimoire" in refused.reason  # type: ignore[attr-defined]
    with pytest.raises(IllegalAction, match="grimoire"):
        run(state, Memorise(actor="moss", keys=("light",)), [])
    assert moss.magic.forgotten_spells == ["light"] and pool(state) == 1
    moss.magic.grimoire_free = True  # the Awakened
    assert study().enabled  # type: ignore[attr-defined]
    run(state, Memorise(actor="moss", keys=("light",)), [])
    assert moss.magic.forgotten_spells == [] and pool(state) == 0
    moss.magic.grimoire_free = False
    moss.magic.forgotten_spells = ["light"]
    give(moss, "spell_book", 40)  # a grimoire
    assert "grimoire" not in study().reason  # type: ignore[attr-defined]  # only the spent pool now
