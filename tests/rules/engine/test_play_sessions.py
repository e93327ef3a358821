"""Tests for rules/engine/play_sessions.py: a new play session gives every burden back (§3.5)."""

from __future__ import annotations

import pytest

from expedition.persistence.state import action_from_plain, action_to_plain
from expedition.rules.character.adventurer import Character
from expedition.rules.core.attributes import Attr
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import resolve_default
from expedition.rules.core.dice import ScriptedDice
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.rolls import attribute_test
from expedition.rules.engine.campaign import CampaignState, Fate, Player, RosterEntry, new_campaign
from expedition.rules.engine.dispatch import apply, can
from expedition.rules.engine.play_sessions import BeginPlaySession, PlaySessionBegun, begin_play_session
from expedition.session.session import Session
from expedition.session.views import Seat


def _campaign() -> CampaignState:
    party = [Character("wren", "Wren", owner="ann", burden="debt"), Character("bo", "Bo", owner="ann")]
    return new_campaign(3, party, [Player("ann", "Ann")])


def _use_burden(character: Character) -> None:
    ctx = Context(ScriptedDice([5, 2]))  # the burden's disadvantage lets the GM reroll the 5
    resolve_default(attribute_test(ctx, character, Attr.STR, burden=True))


def test_a_burden_used_once_is_refused_until_the_next_play_session_section_3_5() -> None:
    """§3.5: once per play session: a second use waits for the next session, then works again."""
    state = _campaign()
    wren = state.character("wren")
    _use_burden(wren)
    with pytest.raises(IllegalAction, match="already used their burden"):
        attribute_test(Context(ScriptedDice([])), wren, Attr.STR, burden=True)
    ctx = Context(ScriptedDice([]))
    begin_play_session(ctx, state)
    assert not wren.burden_used and state.play_session == 2
    assert ctx.events == [PlaySessionBegun(rule="§3.5", number=2, burdens=("wren",))]
    _use_burden(wren)
    assert wren.burden_used and wren.insight.earned == 2


def test_the_roster_gets_its_burdens_back_too_section_3_5() -> None:
    """§3.5: a character waiting in the settlement is not stuck with last session's mark."""
    state = _campaign()
    waiting = Character("cy", "Cy", owner="ann", burden="oath")
    waiting.burden_used = True
    state.roster.append(RosterEntry(waiting, Fate.WAITING))
    ctx = Context(ScriptedDice([]))
    begin_play_session(ctx, state)
    assert not waiting.burden_used
    assert ctx.events[-1] == PlaySessionBegun(rule="§3.5", number=2, burdens=("cy",))


def test_beginning_a_play_session_is_an_action_that_rolls_nothing_section_3_5() -> None:
    """§3.5: the action is always allowed, rolls no dice and counts as one journaled action."""
    state = _campaign()
    state.character("wren").burden_used = True
    before = state.dice
    assert can(state, BeginPlaySession())
    resolve_default(apply(Context(ScriptedDice([])), state, BeginPlaySession()))
    assert (state.play_session, state.actions, state.dice) == (2, 1, before)
    assert not state.character("wren").burden_used


def test_a_session_submits_it_and_the_journal_can_replay_it_section_3_5() -> None:
    """§3.5: the host submits it through the session; its journal form reads back the same."""
    session = Session(_campaign())
    session.state.character("wren").burden_used = True
    assert session.submit(Seat.host(), BeginPlaySession()).ok
    assert session.state.play_session == 2 and not session.state.character("wren").burden_used
    record = session.records[-1]
    assert action_from_plain(record["action"]) == BeginPlaySession()
    assert action_from_plain(action_to_plain(BeginPlaySession())) == BeginPlaySession()
