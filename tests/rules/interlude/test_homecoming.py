"""Tests for interlude/homecoming.py: leaving by the exit ends the expedition, the interlude opens (§10.4)."""

from __future__ import annotations

from expedition.rules.core.phase import Phase
from expedition.rules.exploration.leaving_the_dungeon import ExitDungeon
from expedition.rules.exploration.stepping import Step
from expedition.rules.interlude.homecoming import VERBS, exit_dungeon
from expedition.rules.interlude.interlude_state import InterludeBegan
from expedition.rules.items.slots import lit_lights
from expedition.rules.items.usage import LightWentOut
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


def test_lights_are_put_out_on_the_way_home() -> None:
    """House ruling (§7.8, §10.4): nothing burns in town; the lantern lit in the dungeon is out."""
    state = make_state()
    wren = state.living[0]
    assert lit_lights(wren)
    run(state, Step(direction="south"), [])
    run(state, Step(direction="west"), [])
    ctx = run(state, ExitDungeon(), [])
    assert not lit_lights(wren)
    out = [e for e in ctx.events if isinstance(e, LightWentOut)]
    assert [e.character for e in out] == [wren.id]
    began = next(i for i, e in enumerate(ctx.events) if isinstance(e, InterludeBegan))
    assert ctx.events.index(out[0]) < began
