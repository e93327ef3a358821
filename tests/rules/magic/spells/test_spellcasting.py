"""Spells (§11.1, §10.1, §10.2.2, §10.3, §4.5): memorising, casting, forgetting, mishaps, Concentrate."""

from __future__ import annotations

import pytest

from expedition.rules.combat.combat_events import CombatStarted
from expedition.rules.core.conditions import Affliction
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import resolve_default
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.lasting import Span, add_lasting
from expedition.rules.core.phase import Phase
from expedition.rules.core.tracker import TrackerAdvanced
from expedition.rules.engine.dispatch import ExplorationTurnPassed, apply, verify
from expedition.rules.exploration.expedition import magic_lit
from expedition.rules.magic.prayers.prayer_marks import IGNORANCE, SILENCE, tile_key
from expedition.rules.magic.spells.spellcasting import (
    CastSpell,
    Concentrate,
    SpellMishapRolled,
    casting_refused,
)
from tests.rules.combat.test_fights import ThenSeeded
from tests.rules.magic_helpers import WORLD, make_state, run
from tests.rules.prayer_helpers import ctx


def wizard(*spells: str):  # type: ignore[no-untyped-def]
    state = make_state()
    wiz = state.character("wiz")
    wiz.magic.known_spells = list(spells)
    wiz.magic.memorised_spells = list(spells)
    return state, wiz


def test_a_successful_light_spell_lights_the_room_for_one_decay_and_costs_one_turn() -> None:
    """§11.1, §10.1: the effect happens, the INT test succeeds, 1 ET passes; the spell stays memorised."""
    state, wiz = wizard("light")
    run(state, CastSpell(actor="wiz", spell="light"), [5, 5])
    assert magic_lit(state) and state.turn == 1
    assert wiz.magic.forgotten_spells == []


def test_a_failed_casting_test_forgets_the_spell() -> None:
    """§11.1: on a failure the effect still happens but the spell is forgotten and cannot be cast again."""
    state, wiz = wizard("light")
    run(state, CastSpell(actor="wiz", spell="light"), [2, 3])
    assert magic_lit(state) and wiz.magic.forgotten_spells == ["light"]
    with pytest.raises(IllegalAction, match="forgotten"):
        verify(state, CastSpell(actor="wiz", spell="light"))


def test_a_critical_failure_rolls_a_mishap_with_earlier_mishaps_added() -> None:
    """§11.1: 3d6 + mishaps so far; 1+1+1 plus one earlier mishap is 4, a thunderclap: doom +1."""
    state, wiz = wizard("light")
    wiz.magic.mishaps = 1
    ctx = run(state, CastSpell(actor="wiz", spell="light"), [1, 2, 1, 1, 1])
    mishap = next(e for e in ctx.events if isinstance(e, SpellMishapRolled))
    assert (mishap.roll, mishap.earlier, mishap.total, mishap.counted) == (3, 1, 4, True)
    assert wiz.magic.mishaps == 2 and state.here.doom.filled == 1


def test_without_a_conductor_every_failure_is_critical() -> None:
    """§11.1: no conductor, a plain failure rolls a mishap (3: INT fatigue and Nauseated)."""
    state, wiz = wizard("light")
    wiz.items.clear()
    run(state, CastSpell(actor="wiz", spell="light"), [2, 3, 1, 1, 1])
    assert Affliction.NAUSEATED in wiz.afflictions and wiz.magic.mishaps == 1


def test_a_great_success_makes_the_next_casting_test_succeed_by_itself() -> None:
    """§11.1: two 6s, then the next cast rolls no test dice."""
    state, wiz = wizard("light")
    run(state, CastSpell(actor="wiz", spell="light"), [6, 6])
    assert wiz.magic.sure_cast
    run(state, CastSpell(actor="wiz", spell="light"), [])
    assert not wiz.magic.sure_cast


def test_concentrate_recovers_a_forgotten_spell_on_a_success() -> None:
    """§10.1: Concentrate, an INT test, brings one forgotten spell back for 1 ET."""
    state, wiz = wizard("light")
    wiz.magic.forgotten_spells = ["light"]
    run(state, Concentrate(actor="wiz", spell="light"), [5, 5])
    assert wiz.magic.forgotten_spells == [] and state.turn == 1


def test_a_failed_concentrate_rolls_a_mishap_that_adds_and_counts_nothing() -> None:
    """§10.1: the mishap roll ignores earlier mishaps and is not recorded."""
    state, wiz = wizard("light")
    wiz.magic.forgotten_spells = ["light"]
    wiz.magic.mishaps = 5
    ctx = run(state, Concentrate(actor="wiz", spell="light"), [2, 3, 1, 1, 2])
    mishap = next(e for e in ctx.events if isinstance(e, SpellMishapRolled))
    assert (mishap.total, mishap.counted) == (4, False) and wiz.magic.mishaps == 5


def test_silence_and_ignorance_refuse_casting_with_a_reason() -> None:
    """§11.2 Silence (no spell in the area), Ignorance (no INT attacks): the refusal says why."""
    state = make_state()
    wiz = state.character("wiz")
    assert state.expedition is not None
    assert casting_refused(state, wiz, "magic_missile") == ""
    add_lasting(ctx(), state, IGNORANCE, wiz.id, Span.ROUND, 3, rule="§11.2")
    assert "Ignorance" in casting_refused(state, wiz, "magic_missile")
    assert casting_refused(state, wiz, "light") == ""
    add_lasting(ctx(), state, SILENCE, tile_key(state.expedition.position), Span.EXPEDITION, rule="§11.2")
    assert "silence" in casting_refused(state, wiz, "light")


def test_a_concentrate_mishap_that_summons_ends_the_turn_before_the_fight_begins() -> None:
    """§10.1, §10.2.1: the failed Concentrate's turn (decay, lights) passes, then the demon starts a fight."""
    state, wiz = wizard("light")
    wiz.magic.forgotten_spells = ["light"]
    ctx = Context(ThenSeeded([2, 3, 2, 2, 3]), world=WORLD)  # INT fails; 3d6 = 7, a lesser demon
    resolve_default(apply(ctx, state, Concentrate(actor="wiz", spell="light")))
    kinds = [type(e) for e in ctx.events]
    started = kinds.index(CombatStarted)
    assert ExplorationTurnPassed in kinds[:started] and TrackerAdvanced in kinds[:started]
    assert TrackerAdvanced not in kinds[started:]  # no decay inside the fight
    assert state.phase is Phase.COMBAT and state.turn == 1
