"""Tests for character.afflictions: cures, Bleeding, Nauseated and the plague surgeon (§4.6)."""

from __future__ import annotations

import pytest

from expedition.rules.character.adventurer import Character, Status
from expedition.rules.character.afflictions import (
    CURES,
    Cure,
    actions_per_turn,
    apply_cure,
    bleeding_tick,
    surgeon_cures_plague,
)
from expedition.rules.core.attributes import Attr
from expedition.rules.core.conditions import Affliction, AfflictionCured
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import Decision, answers, resolve
from expedition.rules.core.dice import ScriptedDice
from expedition.rules.core.errors import InvalidAction

A = Affliction


def make(faces: list[int] | None = None) -> tuple[Context, Character]:
    dee = Character(id="dee", name="Dee")
    for attr in Attr:
        dee[attr].score = 2
    return Context(ScriptedDice(faces or [])), dee


def no_decision(decision: Decision) -> str:
    raise AssertionError(f"unexpected decision {decision.kind}")


@pytest.mark.parametrize(
    ("cure", "removed"),
    [
        (Cure.RATION, {A.HUNGRY, A.PARCHED}),
        (Cure.SPECIAL_RATION, {A.PARCHED}),
        (Cure.WATER, {A.PARCHED}),
        (Cure.TEA, {A.PARCHED, A.ANGRY}),
        (Cure.HOT_CHOCOLATE, {A.PARCHED, A.ANGRY}),
        (Cure.COFFEE, {A.PARCHED, A.SLEEPY}),
        (Cure.BANDAGE, {A.BLEEDING}),
        (Cure.FIRST_AID, {A.BLEEDING}),
        (Cure.CAMPING, {A.SLEEPY}),
        (Cure.WOUNDED_IN_COMBAT, {A.SLEEPY}),
        (Cure.CAMP_REST, {A.SHAKEN}),
        (Cure.TONIC, {A.NAUSEATED}),
        (Cure.INTERLUDE, {A.NAUSEATED}),
        (Cure.ALCOHOL, {A.TERRIFIED}),
        (Cure.WINE, {A.PARCHED, A.TERRIFIED}),
        (Cure.CHALLENGING_FOE_DEFEATED, {A.TERRIFIED}),
        (Cure.LEFT_DUNGEON_ALIVE, {A.HOPELESS}),
        (Cure.CHALLENGING_FIGHT_SURVIVED, {A.HOPELESS}),
        (Cure.MAGIC, {A.CURSED, A.PLAGUED, A.DOOMED}),
        (Cure.MIRACLE, {A.CURSED, A.PLAGUED, A.DOOMED}),
    ],
)
def test_each_cure_removes_exactly_its_afflictions(cure: Cure, removed: set[Affliction]) -> None:
    """§4.6, §10.3: every cure lifts its afflictions and leaves the rest."""
    ctx, dee = make()
    dee.afflictions = set(Affliction)
    assert set(apply_cure(ctx, dee, cure, rule="§4.6")) == removed
    assert dee.afflictions == set(Affliction) - removed
    assert all(isinstance(event, AfflictionCured) for event in ctx.events)
    assert len(ctx.events) == len(removed)


def test_every_cure_is_in_the_table() -> None:
    """§4.6: the cure table covers every cure."""
    assert set(CURES) == set(Cure)


def test_a_ration_does_not_cure_what_is_not_there() -> None:
    """§4.6: curing an affliction not held reports nothing."""
    ctx, dee = make()
    dee.afflictions = {A.PARCHED}
    assert apply_cure(ctx, dee, Cure.RATION, rule="§10.3") == (A.PARCHED,)
    assert apply_cure(ctx, dee, Cure.RATION, rule="§10.3") == ()


def test_a_spell_can_lift_just_one_curse() -> None:
    """§4.6: magic may remove only the affliction a spell names."""
    ctx, dee = make()
    dee.afflictions = {A.CURSED, A.DOOMED}
    assert apply_cure(ctx, dee, Cure.MAGIC, only=A.DOOMED, rule="§11.1") == (A.DOOMED,)
    assert dee.afflictions == {A.CURSED}
    with pytest.raises(InvalidAction):
        apply_cure(ctx, dee, Cure.WATER, only=A.CURSED, rule="§4.6")


def test_surgeon_cures_plague_on_a_triggered_risk_die() -> None:
    """§4.6: in the interlude a surgeon cures Plagued when 1d! shows a 1."""
    ctx, dee = make([2, 1])
    dee.afflictions = {A.PLAGUED}
    assert surgeon_cures_plague(ctx, dee) is False
    assert A.PLAGUED in dee.afflictions
    assert surgeon_cures_plague(ctx, dee) is True
    assert dee.afflictions == set()


def test_surgeon_rolls_nothing_without_plague() -> None:
    """§4.6: no plague, no roll."""
    ctx, dee = make([])
    assert surgeon_cures_plague(ctx, dee) is False
    assert ctx.events == []


def test_nauseated_loses_one_action() -> None:
    """§4.6, §10.2.1: Nauseated: one fewer action per combat turn."""
    _, dee = make()
    assert actions_per_turn(dee) == 2
    dee.afflictions = {A.NAUSEATED}
    assert actions_per_turn(dee) == 1
    assert actions_per_turn(dee, base=3) == 2
    assert actions_per_turn(dee, base=0) == 0


def test_bleeding_puts_one_fatigue_where_the_player_picks() -> None:
    """§4.6, §16 #23: Bleeding gives 1 fatigue each turn, on the owner's chosen attribute."""
    ctx, dee = make()
    assert resolve(bleeding_tick(ctx, dee), no_decision) is None
    dee.afflictions = {A.BLEEDING}
    assert resolve(bleeding_tick(ctx, dee), answers("INT")) is Attr.INT
    assert dee[Attr.INT].fatigue == 1
    assert sum(dee[attr].fatigue for attr in Attr) == 1


def test_the_dead_do_not_bleed() -> None:
    """§4.6: a dead character takes no more fatigue."""
    ctx, dee = make()
    dee.afflictions = {A.BLEEDING}
    dee.status = Status.DEAD
    assert resolve(bleeding_tick(ctx, dee), no_decision) is None
