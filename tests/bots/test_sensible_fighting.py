"""The sensible bot's choices in a fight, on a real fight seen through the seat view."""

from __future__ import annotations

import random
from dataclasses import replace

from expedition.bots.sensible.fighting import FLEE_AFTER, WORTH_IT, fight
from expedition.bots.sensible.memory import Memory
from expedition.rules.combat.fight_setup import start_combat
from expedition.rules.core.attributes import Attr
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import resolve_default
from expedition.rules.core.dice import SeededDice
from expedition.session.seat_view import SeatOption, SeatView
from expedition.session.session import Session
from expedition.session.views import Seat
from tests.rules.combat.test_fights import make_state, rat


def _worn_out_beside_a_hard_foe() -> tuple[SeatView, list[SeatOption]]:
    """One adventurer with no STR die left, beside a hard-to-hit foe: a blow lands one time in eight."""
    state = make_state("wren")
    state.seed = 3
    ctx = Context(SeededDice(3))
    resolve_default(
        start_combat(ctx, state, [replace(rat(wounds=6), armour=2, hard_to_hit=True)], ambush=True)
    )
    assert state.expedition is not None and state.expedition.combat is not None
    combat = state.expedition.combat
    x, y = combat.positions[state.party[0].id]
    combat.foes[0].pos = (x + 1, y)
    strength = state.party[0].attrs[Attr.STR]
    strength.fatigue = strength.score
    state.dice = ctx.dice.state()  # type: ignore[attr-defined]
    view = Session(state).view(Seat.host())
    # Boxed in: no flight and no step offered, as in a dead end behind fallen friends.
    options = [o for o in view.options if o.enabled and o.kind not in ("CombatMove", "Flee", "RenamePlayer")]
    blows = [o for o in options if o.kind == "AttackFoe"]
    assert blows and blows[0].odds is not None and 0 < float(blows[0].odds.succeeded) < WORTH_IT
    return view, options


def test_a_cornered_fighter_strikes_even_at_long_odds() -> None:
    """Seed 1's Lesser Demon only stunned (its Void Axe) and the lone fighter boxed in beside it
    recovered and guarded every round to the 40-round cap: with no way out and no progress for
    `FLEE_AFTER` rounds, any chance of a hit is taken."""
    view, options = _worn_out_beside_a_hard_foe()
    memory = Memory(rng=random.Random(0), fleeing=True, fight_rounds=FLEE_AFTER)
    choice = fight(view, options, memory)
    assert choice is not None and choice.kind == "AttackFoe"


def test_a_fighter_not_cornered_does_not_swing_at_long_odds() -> None:
    """Early in a fight the same blow is not worth it: the fighter guards instead."""
    view, options = _worn_out_beside_a_hard_foe()
    memory = Memory(rng=random.Random(0))
    choice = fight(view, options, memory)
    assert choice is not None and choice.kind != "AttackFoe"
