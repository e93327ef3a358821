"""Tests for fainting, waking and stabilising (§4.3, §16 #12)."""

from __future__ import annotations

from expedition.rules.character.adventurer import Character, Status
from expedition.rules.character.fainting import Fainted, Means, Stabilised, Woke, faint, faint_turn, stabilise
from expedition.rules.core.context import Context
from expedition.rules.core.dice import ScriptedDice


def ctx(*faces: int) -> Context:
    return Context(ScriptedDice(faces))


def hero() -> Character:
    return Character(id="ana", name="Ana")


def test_fainting_sets_minimum_turns_and_discards_stun() -> None:
    """§4.3: a fainted character stays down for the discarded points and loses all stun tokens."""
    c, x = hero(), ctx()
    c.tokens.stun, c.tokens.shield = 3, 2
    faint(x, c, 2)
    assert c.status is Status.FAINTED and not c.can_act
    assert c.faint_turns == 2
    assert c.tokens.stun == 0 and c.tokens.shield == 2
    assert x.events == [Fainted(rule="§4.3", character="ana", discarded=2, turns=2, stun_discarded=3)]


def test_more_points_discarded_while_down_add_turns() -> None:
    """§4.3: points thrown away while already fainted add to the turns down."""
    c, x = hero(), ctx()
    faint(x, c, 1)
    faint(x, c, 2)
    assert c.faint_turns == 3


def test_minimum_turns_pass_before_any_wake_roll() -> None:
    """§4.3, §16 #12: no wake-up roll while minimum turns remain."""
    c, x = hero(), ctx()
    faint(x, c, 2)
    assert faint_turn(x, c) is False
    assert faint_turn(x, c) is False
    assert c.faint_turns == 0 and c.status is Status.FAINTED


def test_wake_roll_triggers_on_a_one() -> None:
    """§16 #12: after the minimum turns, roll 1d! each turn; a 1 wakes the character."""
    c, x = hero(), ctx(3, 1)
    faint(x, c, 0)
    assert faint_turn(x, c) is False
    assert faint_turn(x, c) is True
    assert c.status is Status.ACTIVE
    assert x.events[-1] == Woke(rule="§4.3", character="ana", how="wake-up roll")


def test_faint_turn_does_nothing_to_an_active_character() -> None:
    """§4.3: only fainted characters tick."""
    c, x = hero(), ctx()
    assert faint_turn(x, c) is False and x.events == []


def test_first_aid_wakes_a_fainted_character() -> None:
    """§4.3: a first aid kit, medical supply or healing spell wakes a fainted character."""
    c, x = hero(), ctx()
    faint(x, c, 4)
    assert stabilise(x, c, means=Means.FIRST_AID_KIT) is True
    assert c.status is Status.ACTIVE and c.faint_turns == 0


def test_stabilising_a_mortally_wounded_character() -> None:
    """§4.4: stabilising ends mortal wounding (and near death) and the character is up again."""
    c, x = hero(), ctx()
    c.status, c.near_death_turns = Status.MORTALLY_WOUNDED, 1
    assert stabilise(x, c, means=Means.HEALING_SPELL) is True
    assert c.status is Status.ACTIVE and c.near_death_turns is None
    assert Stabilised(rule="§4.4", character="ana", means="healing_spell") in x.events


def test_cannot_stabilise_the_dead_or_the_standing() -> None:
    """§4.4: stabilising does nothing to a dead or active character."""
    c, x = hero(), ctx()
    assert stabilise(x, c, means=Means.MEDICAL_SUPPLY) is False
    c.status = Status.DEAD
    assert stabilise(x, c, means=Means.MEDICAL_SUPPLY) is False
    assert c.status is Status.DEAD


def test_fainting_does_not_lift_a_worse_status() -> None:
    """§4.3, §4.4: a mortally wounded or dead character does not become merely fainted."""
    c, x = hero(), ctx()
    c.status = Status.MORTALLY_WOUNDED
    faint(x, c, 2)
    assert c.status is Status.MORTALLY_WOUNDED
    c.status = Status.DEAD
    faint(x, c, 2)
    assert c.status is Status.DEAD
