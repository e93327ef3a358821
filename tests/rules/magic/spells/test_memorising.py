"""Tests for rules/magic/spells/memorising.py: memorising and readying magic (§11.1, §11.2, §10.3)."""

from __future__ import annotations

import pytest

from expedition.rules.core.context import Context
from expedition.rules.core.dice import ScriptedDice
from expedition.rules.core.errors import IllegalAction
from expedition.rules.magic.spells.memorising import memorise, prepare_magic
from tests.rules.magic_helpers import WORLD, make_state


def wizard(*spells: str):  # type: ignore[no-untyped-def]
    state = make_state()
    wiz = state.character("wiz")
    wiz.magic.known_spells = list(spells)
    wiz.magic.memorised_spells = list(spells)
    return state, wiz


def test_memorise_holds_at_most_the_int_score_of_known_spells() -> None:
    """§11.1, §10.3: a wizard with INT 2 memorises two known spells, not three, and nothing unknown."""
    _state, wiz = wizard("light", "knock_lock", "pain")
    ctx = Context(ScriptedDice([]), world=WORLD)
    with pytest.raises(IllegalAction):
        memorise(ctx, wiz, ["light", "knock_lock", "pain"])
    with pytest.raises(IllegalAction):
        memorise(ctx, wiz, ["hover"])
    memorise(ctx, wiz, ["light", "pain"])
    assert wiz.magic.memorised_spells == ["light", "pain"]


def test_prepare_magic_fills_known_and_memorised_spells_up_to_the_score() -> None:
    """§11.1 (house reading): at set-out the school's first INT-score spells are known and memorised."""
    state = make_state()
    wiz = state.character("wiz")
    prepare_magic(Context(ScriptedDice([]), world=WORLD), state)
    assert wiz.magic.known_spells == list(WORLD.schools["the_awakened"].spells[:2])
    assert wiz.magic.memorised_spells == wiz.magic.known_spells


def test_a_forgotten_spell_needs_a_grimoire_to_study_back_except_for_the_awakened() -> None:
    """§11.1: relearning a forgotten spell needs a grimoire; the Awakened need none."""
    from expedition.rules.magic.spells.memorising import Memorised
    from tests.rules.magic_helpers import give

    state, wiz = wizard("light", "pain")
    wiz.magic.forgotten_spells = ["light"]
    wiz.magic.calling = "necromancers_of_yadar"
    ctx = Context(ScriptedDice([]), world=WORLD)
    with pytest.raises(IllegalAction, match="grimoire"):
        memorise(ctx, wiz, ["light"])
    memorise(ctx, wiz, ["pain"])  # a spell not forgotten needs no study
    give(wiz, "spell_book", 5)
    memorise(ctx, wiz, ["light", "pain"])
    assert wiz.magic.memorised_spells == ["light", "pain"] and wiz.magic.forgotten_spells == []
    assert [e.keys for e in ctx.events if isinstance(e, Memorised)][-1] == ("light", "pain")
    wiz.items[:] = [i for i in wiz.items if i.uid != 5]
    wiz.magic.forgotten_spells = ["light"]
    wiz.magic.calling = "the_awakened"
    memorise(ctx, wiz, ["light"])
    assert wiz.magic.memorised_spells == ["light"]
    _ = state


def test_a_cleric_memorises_up_to_the_pre_score_and_others_memorise_nothing() -> None:
    """§11.2: a cleric holds PRE-score prayers; someone with neither trait has nothing to memorise."""
    from expedition.rules.character.adventurer import Character
    from expedition.rules.core.attributes import Attr
    from expedition.rules.magic.spells.memorising import memory_limit

    state = make_state()
    cle = state.character("cle")
    cle[Attr.PRE].score, cle[Attr.INT].score = 3, 1
    cle.magic.known_prayers = ["light", "mercy", "seal", "dirge"]
    ctx = Context(ScriptedDice([]), world=WORLD)
    assert memory_limit(cle) == 3
    with pytest.raises(IllegalAction, match="only 3"):
        memorise(ctx, cle, ["light", "mercy", "seal", "dirge"])
    memorise(ctx, cle, ["light", "mercy", "mercy", "seal"])  # a repeat counts once
    assert cle.magic.memorised_prayers == ["light", "mercy", "seal"]
    with pytest.raises(IllegalAction, match="no spells or prayers"):
        memorise(ctx, Character("x", "Xan", owner="ann"), [])


def test_prepare_magic_gives_a_cleric_basic_then_god_prayers_and_clears_the_last_expedition() -> None:
    """§11.2, §5.7 (house reading): PRE-score of basic then god prayers; exhaustion, plea reset."""
    state = make_state()
    cle, wiz = state.character("cle"), state.character("wiz")
    cle.magic.exhausted_prayers = ["light"]
    cle.magic.plea_used = True
    wiz.magic.forgotten_spells, wiz.magic.mishaps = ["light"], 3
    prepare_magic(Context(ScriptedDice([]), world=WORLD), state)
    assert cle.magic.known_prayers == ["cure_light_wounds", "light"]
    assert cle.magic.memorised_prayers == cle.magic.known_prayers
    assert cle.magic.exhausted_prayers == [] and not cle.magic.plea_used
    assert wiz.magic.forgotten_spells == [] and wiz.magic.mishaps == 0
