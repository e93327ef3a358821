"""Combat through the session (§10.2.2): attacks submitted by a seat, journalled, replayed alike."""

from __future__ import annotations

from expedition.persistence.state import body_to_state, state_hash, state_to_body
from expedition.rules.combat.attacking import AttackFoe
from expedition.rules.combat.fight_setup import start_combat
from expedition.rules.combat.fighter_turn import EndTurn
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import resolve_default
from expedition.rules.core.dice import SeededDice
from expedition.rules.core.phase import Phase
from expedition.rules.engine.legal_actions import legal_actions
from expedition.session.replay import replay_records
from expedition.session.session import Session
from expedition.session.views import Seat
from tests.rules.combat.test_fights import make_state, rat


def _in_combat(seed: int) -> Session:
    state = make_state("wren", "ash")
    state.seed = seed  # the saved dice state must belong to the campaign's own seed
    ctx = Context(SeededDice(seed))
    resolve_default(start_combat(ctx, state, [rat(), rat()], ambush=True))
    state.dice = ctx.dice.state()  # type: ignore[attr-defined]
    return Session(state)


def test_a_fight_in_progress_survives_a_snapshot_round_trip() -> None:
    """§10.2.1: a fight under way (foes with stat blocks, places, turn order) saves and loads unchanged."""
    session = _in_combat(3)
    state = session.state
    again = body_to_state(state_to_body(state))
    assert state_hash(again) == state_hash(state)
    assert again.expedition is not None and again.expedition.combat is not None
    assert again.expedition.combat.foes[0].defn == state.expedition.combat.foes[0].defn  # type: ignore[union-attr]


def test_attacks_go_through_the_session_and_the_journal_replays_to_the_same_hash() -> None:
    """§10.2.2: AttackFoe and EndTurn are submitted by the host; replay reproduces the state exactly."""
    session = _in_combat(5)
    host = Seat.host()
    submitted = 0
    for _ in range(60):
        if session.state.phase is not Phase.COMBAT:
            break
        actions = legal_actions(session.state)
        choice = next((a for a in actions if isinstance(a, AttackFoe)), None) or next(
            a for a in actions if isinstance(a, EndTurn)
        )
        result = session.submit(host, choice)
        while result.ok and result.pending_decision is not None:
            result = session.answer(host, result.pending_decision.default)
        assert result.ok, result.reason
        submitted += 1
    kinds = {r["action"]["$type"] for r in session.records if r["k"] == "action"}
    assert submitted and kinds <= {"AttackFoe", "EndTurn"}
    report = replay_records(session.records)
    assert report.final_hash == state_hash(session.state)
