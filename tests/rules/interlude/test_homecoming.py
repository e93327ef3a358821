"""Tests for interlude/homecoming.py: leaving by the exit ends the expedition, the interlude opens (§10.4)."""

from __future__ import annotations

from expedition.rules.core.phase import Phase
from expedition.rules.exploration.leaving_the_dungeon import ExitDungeon
from expedition.rules.exploration.stepping import Step
from expedition.rules.interlude.homecoming import VERBS, exit_dungeon
from expedition.rules.interlude.interlude_state import InterludeBegan
from tests.rules.exploration_helpers import make_state, run


def test_the_exit_is_the_homecomings_verb() -> None:
    """§10.1: the dispatch finds the exit's verb here, not among exploration's."""
    assert {ExitDungeon: exit_dungeon} == VERBS


def test_leaving_by_the_exit_ends_the_expedition_and_the_interlude_begins() -> None:
    """§10.1, §10.4: the dungeon is left (doom +2), then the party arrives in the settlement."""
    state = make_state()
    run(state, Step(direction="south"), [])
    run(state, Step(direction="west"), [])  # (1,3) is the exit tile
    ctx = run(state, ExitDungeon(), [])
    assert state.phase is Phase.INTERLUDE and state.expedition is None
    assert state.interlude is not None and state.interlude.settlement == state.settlement
    assert any(isinstance(e, InterludeBegan) for e in ctx.events)
