"""Tests for rules/magic/spells/spell_book.py: the table of every spell effect the game models (§11.1)."""

from __future__ import annotations

import re

import pytest

from expedition.rules.core.errors import IllegalAction
from expedition.rules.engine.dispatch import verify
from expedition.rules.magic.spells import (
    attack_spells,
    control_spells,
    lasting_spells,
    spell_effects,
    utility_spells,
)
from expedition.rules.magic.spells.spell_book import MISSING, SPELL_EFFECTS
from expedition.rules.magic.spells.spellcasting import CastSpell
from tests.rules.magic_helpers import WORLD, make_state


def wizard(*spells: str):  # type: ignore[no-untyped-def]
    state = make_state()
    wiz = state.character("wiz")
    wiz.magic.known_spells = list(spells)
    wiz.magic.memorised_spells = list(spells)
    return state, wiz


@pytest.mark.parametrize("key", sorted(WORLD.spells))
def test_every_spell_has_an_effect_or_a_reason_to_refuse(key: str) -> None:
    """§11.1: no silent no-ops: a spell has rules (with the content's action cost) or is refused with why."""
    assert (key in SPELL_EFFECTS) != (key in MISSING)
    if key in SPELL_EFFECTS:
        assert SPELL_EFFECTS[key].actions == WORLD.spells[key].actions
        return
    state, _ = wizard(key)
    with pytest.raises(IllegalAction, match=re.escape(MISSING[key])):
        verify(state, CastSpell(actor="wiz", spell=key))


def test_no_spell_is_written_by_two_modules() -> None:
    """§11.1: gathering the modules' tables loses no effect to a clash of keys."""
    tables = [
        spell_effects.SPELL_EFFECTS,
        attack_spells.SPELLS,
        control_spells.SPELLS,
        lasting_spells.SPELLS,
        utility_spells.MARVELS,
    ]
    assert sum(len(t) for t in tables) == len(SPELL_EFFECTS)
    for table in tables:
        assert all(SPELL_EFFECTS[key] is effect for key, effect in table.items())


def test_the_book_holds_only_spells_of_the_content() -> None:
    """§11.1: every modelled spell is on some school's list, and every school's spell is in the book."""
    assert set(SPELL_EFFECTS) <= set(WORLD.spells)
    listed = {key for school in WORLD.schools.values() for key in school.spells}
    assert listed <= set(SPELL_EFFECTS) | set(MISSING)
