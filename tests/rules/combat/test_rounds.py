"""Tests for rules/combat/rounds.py: the round's phases, turns, cleanup, the end (§10.2.1, §16 #25)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from expedition.rules.character.adventurer import Status
from expedition.rules.combat.combat_events import CombatEnded, CombatOutcome
from expedition.rules.combat.combat_state import CombatPhase, CombatState, Foe
from expedition.rules.combat.fighter_turn import EndTurn
from expedition.rules.combat.rounds import (
    actions_for,
    begin_round,
    check_actions,
    check_end,
    cleanup,
    verify_turn,
    waiting,
)
from expedition.rules.core.conditions import Affliction
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import resolve_default
from expedition.rules.core.dice import ScriptedDice
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.phase import Phase
from expedition.rules.engine.campaign import CampaignState
from expedition.rules.exploration.features import Encounter
from tests.rules import magic_helpers as magic
from tests.rules.combat.test_fights import combat_of, fight, make_state, place, rat, run


def _fight(*names: str) -> tuple[CampaignState, CombatState]:
    state = make_state(*names)
    fight(state, [], ambush=True)
    place(state, (9, 6))
    return state, combat_of(state)


def test_a_turn_has_two_actions_three_under_hyperfocus_none_on_hold_one_fewer_nauseated() -> None:
    """§10.2.1: the action count and its changes (Hyperfocus, Hold, Nauseated)."""
    state, combat = _fight()
    wren = state.party[0]
    assert actions_for(combat, wren) == 2
    wren.afflictions.add(Affliction.NAUSEATED)
    assert actions_for(combat, wren) == 1
    combat.hyperfocus.add("wren")
    assert actions_for(combat, wren) == 2
    combat.held.add("wren")
    assert actions_for(combat, wren) == 0


def test_slow_adventurers_act_in_the_gms_order_and_one_turn_at_a_time() -> None:
    """§10.2.1: fast in any order, slow in the GM's order; a started turn is finished first."""
    state, combat = _fight("wren", "ash", "kit")
    combat.fast, combat.slow = ["wren", "ash"], ["kit"]
    wren, ash, kit = (state.character(n) for n in ("wren", "ash", "kit"))
    assert waiting(state, combat) == ["wren", "ash"]
    verify_turn(state, combat, ash)  # any fast order
    with pytest.raises(IllegalAction):
        verify_turn(state, combat, kit)  # not the slow phase yet
    combat.active = "wren"
    with pytest.raises(IllegalAction, match="Wren's turn"):
        verify_turn(state, combat, ash)
    combat.active, combat.phase, combat.slow = "", CombatPhase.SLOW, ["kit", "ash"]
    combat.fast = ["wren"]
    with pytest.raises(IllegalAction, match="Kit first"):
        verify_turn(state, combat, ash)
    verify_turn(state, combat, kit)
    assert waiting(state, replace(combat, phase=CombatPhase.ENEMIES)) == [] and wren.can_act


def test_ending_the_last_turns_runs_the_enemies_then_the_slow_then_a_new_round() -> None:
    """§10.2.1: fast → enemies → slow → cleanup → round 2, fast again."""
    state, combat = _fight("wren", "ash")
    combat.fast, combat.slow = ["wren"], ["ash"]
    run(state, EndTurn(actor="wren"), [])
    assert combat.phase is CombatPhase.SLOW and combat.round == 1
    run(state, EndTurn(actor="ash"), [])
    assert combat.phase is CombatPhase.FAST and combat.round == 2 and combat.done == set()


def test_cleanup_drops_unused_dodge_tokens_keeps_shields_and_lets_the_pursued_go() -> None:
    """§10.2.1, §10.2.4, §16 #25: dodge tokens go, shield tokens stay; the pursued leave."""
    state, combat = _fight("wren", "ash")
    wren, foe = state.party[0], combat.foes[0]
    wren.tokens.shield, wren.tokens.dodge = 2, 2
    foe.tokens.shield, foe.tokens.dodge = 1, 1
    combat.pursued.add("ash")
    cleanup(Context(ScriptedDice([])), state, combat)
    assert (wren.tokens.shield, wren.tokens.dodge, foe.tokens.shield, foe.tokens.dodge) == (2, 0, 1, 0)
    assert combat.fled == {"ash"} and not combat.pursued


def test_a_new_round_clears_turns_and_gives_every_round_dodgers_their_token() -> None:
    """§10.2.1, HOUSE §6.4: round + 1, nobody done, "+1 dodge token every turn" at the round's start."""
    state, combat = _fight()
    combat.foes[0].defn = replace(rat(), dodge_each_round=1)
    combat.done.add("wren")
    begin_round(Context(ScriptedDice([])), state, combat)
    assert combat.round == 2 and not combat.done and combat.foes[0].tokens.dodge == 1


@pytest.mark.parametrize(
    ("change", "outcome"),
    [
        ("foes_out", CombatOutcome.VICTORY),
        ("all_fled", CombatOutcome.FLED),
        ("all_down", CombatOutcome.PARTY_DOWN),
    ],
)
def test_the_fight_ends_in_victory_flight_or_the_party_down(change: str, outcome: CombatOutcome) -> None:
    """§16 #25: no conscious foe is a victory; every able adventurer gone is flight; nobody able is down."""
    state, combat = _fight()
    turn = state.turn
    assert not resolve_default(check_end(Context(ScriptedDice([])), state, combat))
    if change == "foes_out":
        combat.foes[0].out = True
    elif change == "all_fled":
        combat.fled.add("wren")
    else:
        state.party[0].status = Status.FAINTED
    ctx = Context(ScriptedDice([1] * 20))
    assert resolve_default(check_end(ctx, state, combat))
    ended = [e for e in ctx.events if isinstance(e, CombatEnded)]
    assert ended[0].outcome is outcome
    assert state.expedition is not None and state.expedition.combat is None
    assert state.phase is Phase.EXPLORATION and state.turn == turn + 1  # the fight costs 1 ET (§10.1)


def test_a_won_fight_marks_its_encounter_defeated_and_takes_every_token() -> None:
    """§16 #25, §10.2.4: victory marks the room's encounter beaten; tokens do not outlast the fight."""
    state, combat = _fight()
    level = state.expedition.level  # type: ignore[union-attr]
    level.encounters.append(Encounter(room=0, enemies=("rat",), name="Rats", activity=4))
    combat.room = 0
    state.party[0].tokens.shield = 3
    combat.foes = [Foe(uid="foe1", key="rat", defn=rat(), out=True)]
    resolve_default(check_end(Context(ScriptedDice([1] * 20)), state, combat))
    assert level.encounters[0].defeated and state.party[0].tokens.shield == 0


def test_an_action_in_a_fight_needs_its_actions_left_and_no_stun() -> None:
    """§10.2.1, §10.2.2: a 2-action spell needs 2 actions left; a stunned adventurer may only Recover."""
    state = magic.make_state()
    wiz = state.character("wiz")
    magic.fight(state, "giant_rat")
    check_actions(state, "wiz", 2)
    with pytest.raises(IllegalAction, match="takes 3 actions"):
        check_actions(state, "wiz", 3)
    wiz.tokens.stun = 1
    with pytest.raises(IllegalAction, match="stunned"):
        check_actions(state, "wiz", 1)
