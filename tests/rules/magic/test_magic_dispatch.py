"""Tests for rules/magic/magic_dispatch.py: the dispatch entries of the magic actions (§11, §5.7)."""

from __future__ import annotations

from expedition.rules.magic.magic_dispatch import GUARDS, VERBS
from expedition.rules.magic.prayers.praying import InvokePrayer
from expedition.rules.magic.spells.spellcasting import CastSpell


def test_every_magic_action_has_a_guard_and_a_verb() -> None:
    """§11, §5.7, §10.1: each magic action is checked by its own guard and resolved by its own verb."""
    from expedition.rules.magic.prayers.praying import invoke_prayer, verify_invoke
    from expedition.rules.magic.spells.spellcasting import cast_spell, verify_cast

    assert set(GUARDS) == set(VERBS) and len(GUARDS) == 6
    assert (GUARDS[CastSpell], VERBS[CastSpell]) == (verify_cast, cast_spell)
    assert (GUARDS[InvokePrayer], VERBS[InvokePrayer]) == (verify_invoke, invoke_prayer)
