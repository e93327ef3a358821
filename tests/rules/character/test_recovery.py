"""Tests for expedition.rules.character.recovery: recovering fatigue (§4.1) and healing wounds (§4.4)."""

from __future__ import annotations

import pytest

from expedition.rules.character.adventurer import Character, Status
from expedition.rules.character.recovery import (
    FatigueRecovered,
    WoundHealed,
    can_catch_breath,
    can_heal,
    catch_breath,
    heal_chosen_wound,
    heal_wound,
    recover_chosen_fatigue,
    recover_fatigue,
    rest_all_fatigue,
)
from expedition.rules.core.attributes import Attr
from expedition.rules.core.conditions import Affliction
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import Decision, answers, resolve, resolve_default
from expedition.rules.core.dice import ScriptedDice
from expedition.rules.core.errors import IllegalAction, InvalidAction
from expedition.rules.core.events import Note


def make() -> tuple[Context, Character]:
    cy = Character(id="cy", name="Cy")
    for attr in Attr:
        cy[attr].score = 3
    return Context(ScriptedDice([])), cy


def fatigue(character: Character) -> tuple[int, ...]:
    return tuple(character[attr].fatigue for attr in Attr)


def no_decision(decision: Decision) -> str:
    raise AssertionError(f"unexpected decision {decision.kind}")


def test_recover_fatigue_removes_up_to_the_fatigue_there() -> None:
    """§4.1: recovering removes fatigue, never more than the attribute has."""
    ctx, cy = make()
    cy[Attr.STR].fatigue = 2
    assert recover_fatigue(ctx, cy, Attr.STR, 3, rule="§10.2.2") == 2
    assert cy[Attr.STR].fatigue == 0
    assert ctx.events == [FatigueRecovered(rule="§10.2.2", character="cy", attr=Attr.STR, amount=2)]
    assert recover_fatigue(ctx, cy, Attr.STR, rule="§10.2.2") == 0
    with pytest.raises(InvalidAction):
        recover_fatigue(ctx, cy, Attr.STR, -1, rule="§10.2.2")


def test_parched_recovers_no_fatigue() -> None:
    """§4.1, §4.6: a Parched character cannot recover fatigue."""
    ctx, cy = make()
    cy[Attr.DEX].fatigue = 2
    cy.afflictions = {Affliction.PARCHED}
    assert recover_fatigue(ctx, cy, Attr.DEX, rule="§10.2.2") == 0
    assert cy[Attr.DEX].fatigue == 2
    assert isinstance(ctx.events[0], Note)


def test_catch_breath_recovers_one_on_every_attribute() -> None:
    """§10.1, §10.2.2: catching breath recovers 1 fatigue on each attribute."""
    ctx, cy = make()
    cy[Attr.STR].fatigue = 2
    cy[Attr.INT].fatigue = 1
    assert catch_breath(ctx, cy) == 2
    assert fatigue(cy) == (1, 0, 0, 0)


def test_shaken_cannot_catch_breath() -> None:
    """§4.6: Shaken forbids Catch breath."""
    ctx, cy = make()
    cy[Attr.STR].fatigue = 1
    cy.afflictions = {Affliction.SHAKEN}
    assert not can_catch_breath(cy)
    with pytest.raises(IllegalAction, match="shaken"):
        catch_breath(ctx, cy)
    assert cy[Attr.STR].fatigue == 1


def test_fainted_cannot_catch_breath() -> None:
    """§4.3: a fainted character takes no actions."""
    _, cy = make()
    cy.status = Status.FAINTED
    assert not can_catch_breath(cy)


def test_parched_may_catch_breath_but_recovers_nothing() -> None:
    """§4.6: Parched does not forbid the action, it only makes it recover nothing."""
    ctx, cy = make()
    cy[Attr.PRE].fatigue = 1
    cy.afflictions = {Affliction.PARCHED}
    assert catch_breath(ctx, cy) == 0
    assert cy[Attr.PRE].fatigue == 1


def test_rest_clears_all_fatigue_unless_parched() -> None:
    """§10.3: a camp rest or sleep recovers all fatigue; Parched blocks it (§4.6)."""
    ctx, cy = make()
    cy[Attr.STR].fatigue = 3
    cy[Attr.PRE].fatigue = 2
    cy.afflictions = {Affliction.PARCHED}
    assert rest_all_fatigue(ctx, cy) == 0
    cy.afflictions = set()
    assert rest_all_fatigue(ctx, cy) == 5
    assert fatigue(cy) == (0, 0, 0, 0)


def test_recover_chosen_fatigue_asks_only_among_fatigued() -> None:
    """§10.2.2: the Recover action recovers 1 fatigue on an attribute the player picks."""
    ctx, cy = make()
    cy[Attr.DEX].fatigue = 1
    assert resolve(recover_chosen_fatigue(ctx, cy, rule="§10.2.2"), no_decision) == 1
    cy[Attr.STR].fatigue = 1
    cy[Attr.INT].fatigue = 2
    seen: list[Decision] = []

    def pick(decision: Decision) -> str:
        seen.append(decision)
        return "STR"

    assert resolve(recover_chosen_fatigue(ctx, cy, rule="§10.2.2"), pick) == 1
    assert seen[0].keys == ("STR", "INT") and seen[0].default == "INT"
    assert fatigue(cy) == (0, 0, 2, 0)


def test_heal_wound_removes_one_wound() -> None:
    """§4.4: healing removes one wound from the attribute."""
    ctx, cy = make()
    cy[Attr.STR].wounds = 2
    assert heal_wound(ctx, cy, Attr.STR, rule="§7.4") is True
    assert cy[Attr.STR].wounds == 1
    assert ctx.events == [WoundHealed(rule="§7.4", character="cy", attr=Attr.STR)]
    assert heal_wound(ctx, cy, Attr.DEX, rule="§7.4") is False


def test_hungry_blocks_all_healing() -> None:
    """§4.4, §4.6: Hungry: wounds do not heal at all."""
    ctx, cy = make()
    cy[Attr.STR].wounds = 1
    cy.afflictions = {Affliction.HUNGRY}
    assert not can_heal(cy)
    assert heal_wound(ctx, cy, Attr.STR, rule="§7.4") is False
    assert heal_wound(ctx, cy, Attr.STR, resting=True, rule="§10.3") is False
    assert cy[Attr.STR].wounds == 1


def test_cursed_blocks_healing_by_resting_only() -> None:
    """§4.4, §4.6: Cursed wounds do not heal by resting, but items still heal them."""
    ctx, cy = make()
    cy[Attr.STR].wounds = 2
    cy.afflictions = {Affliction.CURSED}
    assert heal_wound(ctx, cy, Attr.STR, resting=True, rule="§10.3") is False
    assert heal_wound(ctx, cy, Attr.STR, rule="§7.4") is True
    assert cy[Attr.STR].wounds == 1


def test_heal_chosen_wound_respects_the_allowed_attributes() -> None:
    """§4.4: a first aid kit heals 1 STR or DEX wound, the player's pick."""
    ctx, cy = make()
    cy[Attr.INT].wounds = 1
    allowed = (Attr.STR, Attr.DEX)
    assert resolve(heal_chosen_wound(ctx, cy, allowed=allowed, rule="§7.4"), no_decision) is None
    cy[Attr.STR].wounds = 1
    cy[Attr.DEX].wounds = 2
    assert resolve_default(heal_chosen_wound(ctx, cy, allowed=allowed, rule="§7.4")) is Attr.DEX
    assert resolve(heal_chosen_wound(ctx, cy, allowed=allowed, rule="§7.4"), answers("STR")) is Attr.STR
    assert (cy[Attr.STR].wounds, cy[Attr.DEX].wounds, cy[Attr.INT].wounds) == (0, 1, 1)


def test_heal_chosen_wound_while_hungry_asks_nothing() -> None:
    """§4.6: a Hungry character heals nothing, so no choice is offered."""
    ctx, cy = make()
    cy[Attr.STR].wounds = 1
    cy[Attr.DEX].wounds = 1
    cy.afflictions = {Affliction.HUNGRY}
    assert resolve(heal_chosen_wound(ctx, cy, resting=True, rule="§10.3"), no_decision) is None
    assert (cy[Attr.STR].wounds, cy[Attr.DEX].wounds) == (1, 1)
