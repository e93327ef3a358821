"""Tests for character/blindness.py:

The spell mishap that blinds the caster for 6 exploration turns (§11.1).
"""

from __future__ import annotations

import pytest

from expedition.rules.character.blindness import (
    BLIND,
    BLIND_TURNS,
    Blinded,
    blind,
    is_blind,
    refuse_blind,
    sees_target,
)
from expedition.rules.core.attributes import Attr
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import answers, resolve
from expedition.rules.core.dice import ScriptedDice
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.lasting import Span, lasting_on, tick
from expedition.rules.core.roll_events import PoolThrown
from expedition.rules.core.rolls import attribute_test
from expedition.rules.engine.campaign import CampaignState
from expedition.rules.engine.dispatch import verify
from expedition.rules.exploration.finding_and_disarming_traps import LookForTraps
from expedition.rules.exploration.looting import Loot
from expedition.rules.exploration.searching import Search
from expedition.rules.magic.fight_magic import fight_ends
from expedition.rules.magic.spells.spellcasting import CastSpell, apply_mishap
from tests.rules.magic_helpers import WORLD, make_state


def mishap_five(state: CampaignState) -> Context:
    """Apply spell mishap 5 to the wizard."""
    ctx = Context(ScriptedDice([]), world=WORLD)
    row = next(r for r in WORLD.mishaps if r.roll == 5)
    resolve(apply_mishap(ctx, state, state.character("wiz"), row), answers())
    return ctx


def test_mishap_five_blinds_the_caster_for_six_exploration_turns() -> None:
    """§11.1 mishap 5: blind for 6 ET, kept as a lasting effect and a mark that goes with it."""
    state = make_state()
    wiz = state.character("wiz")
    ctx = mishap_five(state)
    assert [e.turns for e in ctx.events if isinstance(e, Blinded)] == [6]
    assert is_blind(wiz) and lasting_on(state, "wiz", BLIND)[0].left == 6
    fight_ends(state)  # a fight's end does not cure it
    assert is_blind(wiz)
    for _ in range(5):
        tick(ctx, state, Span.TURN, rule="§10.1")
    assert is_blind(wiz)
    tick(ctx, state, Span.TURN, rule="§10.1")
    assert not is_blind(wiz) and BLIND not in wiz.magic.effects


def test_a_blind_character_tests_with_disadvantage() -> None:
    """§11.1 mishap 5 (house): disadvantage on every test."""
    state = make_state()
    mishap_five(state)
    ctx = Context(ScriptedDice([5, 5]), world=WORLD)
    resolve(attribute_test(ctx, state.character("wiz"), Attr.STR, rule="§3.2"), answers())
    thrown = next(e for e in ctx.events if isinstance(e, PoolThrown))
    assert thrown.disadvantage == 1
    ctx = Context(ScriptedDice([5, 5]), world=WORLD)
    resolve(attribute_test(ctx, state.character("cle"), Attr.STR, rule="§3.2"), answers())
    assert next(e for e in ctx.events if isinstance(e, PoolThrown)).disadvantage == 0


def test_a_blind_character_cannot_look_for_traps_search_or_loot() -> None:
    """§11.1 mishap 5 (house): no Look for traps, Search or Loot while blind."""
    state = make_state()
    mishap_five(state)
    for action in (LookForTraps(actor="wiz", plan="tap"), Search(actor="wiz"), Loot(actor="wiz")):
        with pytest.raises(IllegalAction, match="blind"):
            verify(state, action)
    verify(state, Search(actor="cle"))


def test_a_blind_wizard_casts_only_on_themself() -> None:
    """§11.1 mishap 5 (house): a spell at anyone else is refused; one with no target still works."""
    state = make_state()
    wiz = state.character("wiz")
    wiz.magic.known_spells = wiz.magic.memorised_spells = ["light"]
    mishap_five(state)
    with pytest.raises(IllegalAction, match="blind"):
        verify(state, CastSpell(actor="wiz", spell="light", target="cle"))
    verify(state, CastSpell(actor="wiz", spell="light"))


def test_blinding_again_starts_the_count_afresh_with_one_mark() -> None:
    """§11.1 mishap 5: a second blinding restarts the 6 turns; the character still has one mark."""
    state = make_state()
    wiz = state.character("wiz")
    ctx = Context(ScriptedDice([]))
    blind(ctx, state, wiz)
    for _ in range(4):
        tick(ctx, state, Span.TURN, rule="§10.1")
    blind(ctx, state, wiz)
    assert [e.left for e in lasting_on(state, "wiz", BLIND)] == [BLIND_TURNS]
    assert wiz.magic.effects.count(BLIND) == 1
    assert [(e.character, e.turns, e.rule) for e in ctx.events if isinstance(e, Blinded)] == [
        ("wiz", 6, "§11.1")
    ] * 2


def test_a_blind_character_aims_only_at_themself() -> None:
    """§11.1 mishap 5 (house): the blind may target themself, nothing, or an attribute of their own."""
    state = make_state()
    wiz = state.character("wiz")
    assert sees_target(wiz, "cle")
    blind(Context(ScriptedDice([])), state, wiz)
    assert not sees_target(wiz, "cle") and not sees_target(wiz, "foe1")
    assert sees_target(wiz, "") and sees_target(wiz, "wiz") and sees_target(wiz, Attr.STR.value)


def test_refuse_blind_names_what_cannot_be_done() -> None:
    """§11.1 mishap 5 (house): a blind character is refused with a reason that names the act."""
    state = make_state()
    wiz = state.character("wiz")
    refuse_blind(wiz, "read")
    blind(Context(ScriptedDice([])), state, wiz)
    with pytest.raises(IllegalAction, match=r"^Wiz is blind and cannot read\.$"):
        refuse_blind(wiz, "read")
