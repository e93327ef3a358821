"""Tests for combat/combat_events.py: the fight's events, registry and rule sections (§10.2, §16 #21, #25)."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from expedition.persistence.codec import decode, encode
from expedition.rules.character.adventurer import Tokens
from expedition.rules.combat import combat_events
from expedition.rules.combat.attacking import AttackFoe
from expedition.rules.combat.combat_events import (
    CombatEnded,
    CombatMoved,
    CombatOutcome,
    CombatStarted,
    FoeKnockedOut,
    FoePlaced,
    RoundStarted,
    TokensChanged,
    report_tokens,
)
from expedition.rules.combat.fight_setup import start_combat
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import resolve_default
from expedition.rules.core.dice import ScriptedDice
from expedition.rules.core.events import EVENT_TYPES, Event
from tests.rules.combat.test_fights import make_state, place, rat, run

CLASSES = [
    cls
    for cls in vars(combat_events).values()
    if isinstance(cls, type) and issubclass(cls, Event) and cls.__module__ == combat_events.__name__
]


def test_every_combat_event_is_registered_under_its_own_name() -> None:
    """§10.2: each event class is known to the registry by name (saved logs can name it)."""
    assert len(CLASSES) >= 14  # AdventurerFled lives with Flee (`moving_and_fleeing`)
    for cls in CLASSES:
        assert EVENT_TYPES[cls.__name__] is cls


def test_combat_events_are_frozen_and_keyword_only() -> None:
    """§10.2: events are values: built by keyword and never changed."""
    moved = CombatMoved(rule="§10.2.2", who="wren", path=((1, 1), (2, 1)))
    with pytest.raises(dataclasses.FrozenInstanceError):
        moved.who = "ash"  # type: ignore[misc]
    with pytest.raises(TypeError):
        RoundStarted("§10.2.1", 2)  # type: ignore[misc]


def test_combat_events_survive_the_save_codec() -> None:
    """§16 #25: an ended fight's outcome (an enum) and a move's path (tuples) round-trip unchanged."""
    for event in (
        CombatEnded(rule="§16 #25", outcome=CombatOutcome.FLED, rounds=3, group="Rats"),
        CombatMoved(rule="§10.2.2", who="foe1", path=((3, 3), (3, 4))),
        CombatStarted(
            rule="§10.2.1", group="", foes=("foe1",), fast=("a",), slow=(), ambush=True, surprised=False
        ),
    ):
        assert decode(encode(event, Event), Event) == event


@given(st.integers(0, 5), st.integers(0, 5), st.integers(0, 5))
def test_report_tokens_mirrors_the_tokens_as_they_stand(shield: int, dodge: int, stun: int) -> None:
    """§10.2.4: a token report carries exactly the shield, dodge and stun counts held."""
    event = report_tokens("wren", Tokens(shield=shield, dodge=dodge, stun=stun), "defend", "§10.2.2")
    assert (event.shield, event.dodge, event.stun) == (shield, dodge, stun)
    assert isinstance(event, TokensChanged) and event.who == "wren" and event.rule == "§10.2.2"


def test_a_fight_reports_setup_rounds_knock_out_and_end_under_their_sections() -> None:
    """§10.2.1, §16 #21, §16 #25: placing, the round, the knock-out and the end each name their rule."""
    state = make_state()
    ctx = Context(ScriptedDice([]))
    resolve_default(start_combat(ctx, state, [rat()], ambush=True))
    rules = {type(e): e.rule for e in ctx.events}
    assert rules[FoePlaced] == rules[CombatStarted] == rules[RoundStarted] == "§10.2.1"
    foe = place(state, (3, 3))
    foe.wounds = 2
    ctx = run(state, AttackFoe(actor="wren", target=foe.uid, weapon_uid=1), [5, 2])
    knocked = [e for e in ctx.events if isinstance(e, FoeKnockedOut)]
    ended = [e for e in ctx.events if isinstance(e, CombatEnded)]
    assert knocked[0].rule == "§16 #21" and knocked[0].by == "wren"
    assert ended[0].rule == "§16 #25" and ended[0].outcome is CombatOutcome.VICTORY and ended[0].rounds == 1
