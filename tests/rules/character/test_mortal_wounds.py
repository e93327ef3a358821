"""Tests for mortal wounds, near death and death (§4.4, §16 #4)."""

from __future__ import annotations

import pytest

from expedition.rules.character.adventurer import Character, Status
from expedition.rules.character.harm import place_wounds
from expedition.rules.character.mortal_wounds import (
    MORTAL_WOUND_TABLE,
    Died,
    MortalOutcome,
    MortalResult,
    MortalWoundCancelled,
    MortalWoundRolled,
    mortal_wound,
    near_death_turn,
)
from expedition.rules.core.attributes import Attr
from expedition.rules.core.conditions import Trauma
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import Decision, answers, resolve, resolve_default
from expedition.rules.core.dice import ScriptedDice
from expedition.rules.core.roll_tables import coverage_faults
from expedition.rules.core.skills import Trait


def ctx(*faces: int) -> Context:
    return Context(ScriptedDice(faces))


def hero() -> Character:
    character = Character(id="ana", name="Ana")
    for attr in Attr:
        character[attr].score = 2
    return character


def test_mortal_table_is_open_at_both_ends_and_its_rows_are_the_outcomes() -> None:
    """§4.4: 0 or less is a scratch, 7+ is death, and each row's key is the outcome it gives."""
    mortal = MORTAL_WOUND_TABLE
    assert mortal.modified and coverage_faults(mortal) == []
    assert mortal.row_for(-5).key == "scratch"
    assert mortal.row_for(0).key == "scratch"
    assert mortal.row_for(7).key == "dead"
    assert mortal.row_for(40).key == "dead"
    assert (mortal.rows[0].label, mortal.rows[-1].label) == ("0 or less", "7+")
    outcomes = {outcome.value for outcome in MortalOutcome} - {"cancelled"}
    assert {row.key for row in mortal.rows} == outcomes
    for row in mortal.rows:
        for step in row.effect.steps:
            if step.verb == "trauma":
                assert step.args[0] == row.key and Trauma(step.args[0])


@pytest.mark.parametrize(
    ("face", "outcome", "status"),
    [
        (1, MortalOutcome.KNOCKED_OUT, Status.FAINTED),
        (2, MortalOutcome.CHRONIC_PAIN, Status.MORTALLY_WOUNDED),
        (4, MortalOutcome.BRAIN_DAMAGE, Status.MORTALLY_WOUNDED),
        (5, MortalOutcome.VISIONS, Status.MORTALLY_WOUNDED),
        (6, MortalOutcome.NEAR_DEATH, Status.MORTALLY_WOUNDED),
    ],
)
def test_mortal_wound_table_rows(face: int, outcome: MortalOutcome, status: Status) -> None:
    """§4.4: 1d6 picks the row; rows 2-6 leave the character mortally wounded."""
    c, x = hero(), ctx(face)
    result = resolve_default(mortal_wound(x, c))
    assert result.outcome is outcome and result.total == face
    assert c.status is status
    assert c.mortal_wounds == 1
    assert MortalWoundRolled(rule="§4.4", character="ana", total=face, outcome=outcome) in x.events


@pytest.mark.parametrize(
    ("face", "trauma"), [(2, Trauma.CHRONIC_PAIN), (4, Trauma.BRAIN_DAMAGE), (5, Trauma.VISIONS)]
)
def test_mortal_wound_rows_give_their_trauma(face: int, trauma: Trauma) -> None:
    """§4.4: rows 2, 4 and 5 give Chronic pain, Brain damage and Visions."""
    c, x = hero(), ctx(face)
    c[Attr.INT].proficiency = 1
    result = resolve_default(mortal_wound(x, c))
    assert result.trauma is trauma and trauma in c.traumas


def test_row_three_lets_the_player_pick_a_trauma_not_yet_held() -> None:
    """§4.4: row 3: any trauma the character does not already have, chosen by the player."""
    c, x = hero(), ctx(3)
    c.traumas.add(Trauma.BROKEN_ARM)
    asked: list[Decision] = []

    def answer(decision: Decision) -> str:
        asked.append(decision)
        return "fearful"

    result = resolve(mortal_wound(x, c), answer)
    assert asked[0].kind == "trauma" and asked[0].owner == "ana"
    assert "broken_arm" not in asked[0].keys
    assert result == MortalResult(MortalOutcome.ANY_TRAUMA, 3, Trauma.FEARFUL)
    assert Trauma.FEARFUL in c.traumas


def test_trauma_already_held_is_ignored() -> None:
    """§4.4: a row naming a trauma the character already has does nothing more."""
    c, x = hero(), ctx(5)
    c.traumas.add(Trauma.VISIONS)
    result = resolve_default(mortal_wound(x, c))
    assert result.trauma is None and c.traumas == {Trauma.VISIONS}
    assert c.status is Status.MORTALLY_WOUNDED


def test_earlier_mortal_wounds_add_to_the_roll() -> None:
    """§4.4, §16 #4: +1 per earlier mortal wound this expedition."""
    c, x = hero(), ctx(4)
    c.mortal_wounds = 3
    result = resolve_default(mortal_wound(x, c))
    assert result.outcome is MortalOutcome.DEAD and result.total == 7
    assert c.status is Status.DEAD
    assert any(isinstance(e, Died) for e in x.events)


def test_modifier_to_zero_is_only_a_scratch() -> None:
    """§4.4: a total of 0 or less is only a scratch: not mortally wounded, still standing."""
    c, x = hero(), ctx(2)
    result = resolve_default(mortal_wound(x, c, modifier=-2))
    assert result.outcome is MortalOutcome.SCRATCH
    assert c.status is Status.ACTIVE and c.mortal_wounds == 0


def test_rejected_by_death_trigger_cancels_the_mortal_wound() -> None:
    """§4.4, §6.2: Rejected by death rolls 2d! first; a trigger cancels the mortal wound."""
    c, x = hero(), ctx(4, 1)
    c.traits.add(Trait.REJECTED_BY_DEATH)
    result = resolve_default(mortal_wound(x, c))
    assert result.outcome is MortalOutcome.CANCELLED
    assert c.status is Status.ACTIVE and c.mortal_wounds == 0
    assert MortalWoundCancelled(rule="§6.2", character="ana") in x.events


def test_rejected_by_death_without_trigger_rolls_the_table() -> None:
    """§4.4, §6.2: without a 1 on the 2d!, the table is rolled as usual."""
    c, x = hero(), ctx(4, 3, 5)
    c.traits.add(Trait.REJECTED_BY_DEATH)
    assert resolve_default(mortal_wound(x, c)).outcome is MortalOutcome.VISIONS


def test_near_death_dies_unless_stabilised_within_one_combat_turn() -> None:
    """§4.4: row 6: the character dies after one combat turn without being stabilised."""
    c, x = hero(), ctx(6)
    resolve_default(mortal_wound(x, c))
    assert c.near_death_turns == 1
    assert near_death_turn(x, c) is True
    assert c.status is Status.DEAD


def test_mortally_wounded_without_near_death_does_not_die_by_turns() -> None:
    """§4.4: rows 2-5 wait for stabilising without a countdown."""
    c, x = hero(), ctx(5)
    resolve_default(mortal_wound(x, c))
    assert near_death_turn(x, c) is False and c.status is Status.MORTALLY_WOUNDED


def test_named_wound_when_every_attribute_is_full_mortally_wounds() -> None:
    """§4.2, §4.4: when no attribute at all can hold a lethal wound, even a named one mortally wounds."""
    c, x = hero(), ctx(5)
    for attr in Attr:
        c[attr].wounds = 2
    resolve(place_wounds(x, c, 1, named=Attr.STR), answers())
    assert c.status is Status.MORTALLY_WOUNDED


def test_a_dead_character_stays_dead() -> None:
    """§4.4: nothing brings a dead character back through these rules."""
    c, x = hero(), ctx()
    c.status = Status.DEAD
    assert resolve_default(mortal_wound(x, c)).outcome is MortalOutcome.DEAD
    resolve_default(place_wounds(x, c, 3))
    assert c.status is Status.DEAD and x.events == []
