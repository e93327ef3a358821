"""Exploration through the session (§10.1): submit, journal and replay; and a walk on a generated dungeon."""

from __future__ import annotations

from pathlib import Path

import pytest

from expedition.persistence.state import body_to_state, state_hash, state_to_body
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import resolve_default
from expedition.rules.core.dice import SeededDice
from expedition.rules.core.skills import Skill
from expedition.rules.engine.dispatch import apply
from expedition.rules.engine.exploration_options import available_actions
from expedition.rules.exploration.expedition import start_expedition
from expedition.rules.exploration.finding_and_disarming_traps import LookForTraps
from expedition.rules.exploration.stepping import Step
from expedition.session.replay import replay_records
from expedition.session.session import Session
from expedition.session.views import Seat
from tests.rules.exploration_helpers import make_dungeon, make_state


def test_a_session_in_exploration_accepts_steps_and_looking_for_traps_and_replays_them() -> None:
    """§10.1: Step and LookForTraps go through `submit`, are journalled, and replay to the same hash."""
    state = make_state(skills=frozenset({Skill.INFILTRATION}))
    session = Session(state)
    host = Seat.host()
    for action in (Step(direction="east"), Step(direction="east"), LookForTraps(actor="wren")):
        result = session.submit(host, action)
        while result.ok and result.pending_decision is not None:
            result = session.answer(host, result.pending_decision.default)
        assert result.ok, result.reason
    kinds = [r["action"]["$type"] for r in session.records if r["k"] == "action"]
    assert kinds == ["Step", "Step", "LookForTraps"]
    assert session.state.expedition is not None and session.state.expedition.position == (4, 2)
    report = replay_records(session.records)
    assert report.final_hash == state_hash(session.state)


def test_the_expedition_state_survives_a_snapshot_round_trip() -> None:
    """§10.1, §9.2: the dungeon, its doom, the position and the map's memory survive save and load."""
    state = make_state()
    again = body_to_state(state_to_body(state))
    assert again.expedition is not None and again.expedition.seen == state.expedition.seen  # type: ignore[union-attr]
    assert state_hash(again) == state_hash(state)
    assert make_dungeon().levels[0].doors[(5, 2)].rooms == (0, 1)


def test_a_party_can_walk_a_generated_dungeon_with_seeded_dice() -> None:
    """§10.1: on a generated dungeon every enabled action applies, and the snapshot still round-trips."""
    dungeons = pytest.importorskip("expedition.content.dungeons")
    from expedition.dungeon.generate import generate_dungeon

    problems: list[object] = []
    book = dungeons.load_dungeons(Path(__file__).resolve().parents[2] / "assets", problems)
    dungeon = generate_dungeon(5, book.themes, width=60, height=40)
    state = make_state()
    state.expedition = None
    ctx = Context(SeededDice(state.seed))  # the campaign's own dice, as a snapshot requires
    start_expedition(ctx, state, dungeon)
    assert state.expedition is not None and state.expedition.position == dungeon.entrance
    for _ in range(30):
        options = [o for o in available_actions(state, "wren") if o.enabled and o.label.startswith("Step")]
        if not options:
            break
        resolve_default(apply(ctx, state, options[len(state.party[0].items) % len(options)].action))
    assert state_hash(body_to_state(state_to_body(state))) == state_hash(state)
