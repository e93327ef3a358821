"""Tests for core/conditions.py: the afflictions and traumas, gaining and curing afflictions (§4.5, §4.6)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from expedition.rules.character.adventurer import Character
from expedition.rules.core.conditions import (
    Affliction,
    AfflictionCured,
    AfflictionGained,
    Trauma,
    cure_affliction,
    gain_affliction,
)
from expedition.rules.core.context import Context
from expedition.rules.core.dice import ScriptedDice


def make() -> tuple[Context, Character]:
    return Context(ScriptedDice([])), Character(id="ana", name="Ana")


def test_the_sheet_has_twelve_afflictions() -> None:
    """§4.6: the twelve checkboxes of the character sheet."""
    assert {a.value for a in Affliction} == {
        "hungry",
        "parched",
        "bleeding",
        "sleepy",
        "angry",
        "shaken",
        "nauseated",
        "terrified",
        "hopeless",
        "cursed",
        "plagued",
        "doomed",
    }


def test_there_are_seven_traumas() -> None:
    """§4.5: the seven traumas of the table."""
    assert {t.value for t in Trauma} == {
        "broken_arm",
        "broken_leg",
        "chronic_pain",
        "brain_damage",
        "paranoid",
        "fearful",
        "visions",
    }


def test_gaining_an_affliction_reports_it_once() -> None:
    """§4.6: gaining an affliction already held does nothing."""
    ctx, ana = make()
    assert gain_affliction(ctx, ana, Affliction.SLEEPY, rule="§9.1")
    assert not gain_affliction(ctx, ana, Affliction.SLEEPY, rule="§9.1")
    assert ana.afflictions == {Affliction.SLEEPY}
    assert ctx.events == [AfflictionGained(rule="§9.1", character="ana", affliction=Affliction.SLEEPY)]


def test_a_tonic_of_bravery_keeps_terror_away() -> None:
    """§4.6, §11.1: while a Tonic of bravery works, Terrified cannot be gained (other afflictions can)."""
    ctx, ana = make()
    ana.magic.effects.append("item:tonic_of_bravery")
    assert not gain_affliction(ctx, ana, Affliction.TERRIFIED, rule="§9.1")
    assert gain_affliction(ctx, ana, Affliction.HOPELESS, rule="§9.1")
    assert ana.afflictions == {Affliction.HOPELESS}


def test_curing_removes_only_what_is_there() -> None:
    """§4.6: a cure removes the affliction and says so; curing one not held does nothing."""
    ctx, ana = make()
    ana.afflictions = {Affliction.PARCHED}
    assert not cure_affliction(ctx, ana, Affliction.HUNGRY, rule="§4.6")
    assert ctx.events == []
    assert cure_affliction(ctx, ana, Affliction.PARCHED, rule="§4.6")
    assert ana.afflictions == set()
    assert ctx.events == [AfflictionCured(rule="§4.6", character="ana", affliction=Affliction.PARCHED)]


@given(st.lists(st.tuples(st.booleans(), st.sampled_from(list(Affliction))), max_size=30))
def test_events_replay_to_the_held_set(steps: list[tuple[bool, Affliction]]) -> None:
    """§4.6: gained and cured events alone tell exactly which afflictions are held."""
    ctx, ana = make()
    for gain, affliction in steps:
        if gain:
            gain_affliction(ctx, ana, affliction, rule="§4.6")
        else:
            cure_affliction(ctx, ana, affliction, rule="§4.6")
    held: set[Affliction] = set()
    for event in ctx.events:
        if isinstance(event, AfflictionGained):
            assert event.affliction not in held
            held.add(event.affliction)
        elif isinstance(event, AfflictionCured):
            held.remove(event.affliction)
    assert held == ana.afflictions
