"""Lasting effects: counted in rounds, turns, a fight or an expedition (the house store for §11 durations)."""

from __future__ import annotations

from expedition.persistence.state import body_to_state, state_to_body
from expedition.rules.combat.combat_events import CombatOutcome
from expedition.rules.combat.combat_state import combat_of
from expedition.rules.combat.rounds import cleanup, end_combat
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import resolve_default
from expedition.rules.core.dice import ScriptedDice
from expedition.rules.core.lasting import (
    PARTY,
    LastingBegan,
    LastingEnded,
    Span,
    add_lasting,
    has_lasting,
    labels,
    lasting_keyed,
    lasting_on,
    tick,
)
from expedition.rules.engine.dispatch import CatchBreath
from tests.rules.magic_helpers import WORLD, fight, make_state, run


def _ctx() -> Context:
    return Context(ScriptedDice([]), world=WORLD)


def test_an_effect_is_held_until_its_count_runs_out() -> None:
    """§11: an effect for 2 rounds is there after one round and gone after the second."""
    state = make_state()
    ctx = _ctx()
    add_lasting(ctx, state, "spell:haste", "wiz", Span.ROUND, 2, source="wiz", rule="§11.1")
    tick(ctx, state, Span.ROUND, rule="§10.2.1")
    assert has_lasting(state, "wiz", "spell:haste")
    tick(ctx, state, Span.TURN, rule="§10.1")  # turns do not count rounds
    assert has_lasting(state, "wiz", "spell:haste")
    tick(ctx, state, Span.ROUND, rule="§10.2.1")
    assert not has_lasting(state, "wiz", "spell:haste")
    ended = [e for e in ctx.events if isinstance(e, LastingEnded)]
    assert [(e.key, e.why) for e in ended] == [("spell:haste", "expired")]


def test_the_same_effect_again_refreshes_instead_of_stacking() -> None:
    """§11: casting an effect again on the same holder sets its count anew."""
    state = make_state()
    ctx = _ctx()
    add_lasting(ctx, state, "prayer:hold", "foe1", Span.ROUND, 1, rule="§11.2")
    add_lasting(ctx, state, "prayer:hold", "foe1", Span.ROUND, 3, rule="§11.2")
    assert [e.left for e in lasting_on(state, "foe1")] == [3]
    add_lasting(ctx, state, "prayer:hold", "foe2", Span.ROUND, 1, rule="§11.2")
    assert sorted(e.holder for e in lasting_keyed(state, "prayer:hold")) == ["foe1", "foe2"]
    assert sum(isinstance(e, LastingBegan) for e in ctx.events) == 3


def test_a_round_cleanup_ticks_and_the_end_of_a_fight_ends_round_and_fight_effects() -> None:
    """§10.2.1: rounds go at cleanup; §16 #25: when the fight ends, fight-long effects end too."""
    state = make_state()
    fight(state, "goblin_scrapper")
    ctx = _ctx()
    add_lasting(ctx, state, "a", "wiz", Span.ROUND, 5, rule="§11.1")
    add_lasting(ctx, state, "b", "wiz", Span.FIGHT, rule="§11.1")
    add_lasting(ctx, state, "c", PARTY, Span.TURN, 3, rule="§11.1")
    cleanup(ctx, state, combat_of(state))
    assert lasting_on(state, "wiz", "a")[0].left == 4
    resolve_default(
        end_combat(Context(ScriptedDice([6] * 40), world=WORLD), state, combat_of(state), CombatOutcome.FLED)
    )
    assert [e.key for e in state.lasting] == ["c"]


def test_exploration_turns_tick_turn_effects_and_leaving_ends_them_all() -> None:
    """§10.1: an effect counted in exploration turns loses one each turn; leaving the dungeon ends all."""
    state = make_state()
    ctx = _ctx()
    add_lasting(ctx, state, "spell:light", PARTY, Span.TURN, 2, rule="§11.1")
    add_lasting(ctx, state, "spell:seal", "5,1", Span.EXPEDITION, rule="§11.1")
    run(state, CatchBreath(actor="wiz"), [])
    assert lasting_on(state, PARTY)[0].left == 1
    again = body_to_state(state_to_body(state))
    assert again.lasting == state.lasting
    run(state, CatchBreath(actor="wiz"), [])
    assert [e.key for e in state.lasting] == ["spell:seal"]


def test_labels_name_each_effect_with_what_is_left_of_it() -> None:
    """§11: a figure's card lists its effects: rounds or turns left, or just the name for a fight-long one."""
    state = make_state()
    ctx = _ctx()
    add_lasting(ctx, state, "spell:glue", "foe1", Span.ROUND, 2, rule="§11.1")
    add_lasting(ctx, state, "hold:grabbed", "foe1", Span.FIGHT, rule="HOUSE §6.2")
    add_lasting(ctx, state, "prayer:borrowed_time", "foe1", Span.TURN, 1, rule="§11.2")
    assert labels(state, "foe1") == ["glue (2 rounds)", "grabbed", "borrowed time (1 turn)"]
    assert labels(state, "wiz") == []
