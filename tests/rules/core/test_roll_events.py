"""Tests for rules/core/roll_events.py: what a test or check reports — pool, judgement, burden (§3.2–§3.5)."""

from __future__ import annotations

import dataclasses
import typing

import pytest

from expedition.rules.character.adventurer import Character
from expedition.rules.character.harm import FatigueTaken
from expedition.rules.core.attributes import Attr
from expedition.rules.core.conditions import Affliction
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import resolve
from expedition.rules.core.dice import ScriptedDice
from expedition.rules.core.events import EVENT_TYPES, DiceRolled
from expedition.rules.core.judging import Outcome
from expedition.rules.core.roll_events import BurdenInvoked, PoolThrown, RollJudged
from expedition.rules.core.rolls import attribute_check, attribute_test

STR, DEX = Attr.STR, Attr.DEX
EVENTS = (PoolThrown, RollJudged, BurdenInvoked)
PLAIN = {str, int, bool, Attr, Outcome, tuple[int, ...]}


def hero(*, score: int = 2, proficiency: int = 0, fatigue: int = 0) -> Character:
    ada = Character("ada", "Ada", burden="debt")
    for attr in Attr:
        ada[attr].score, ada[attr].proficiency = score, proficiency
    ada[STR].fatigue = fatigue
    return ada


def table(*faces: int) -> Context:
    return Context(ScriptedDice(faces))


def run(ctx: Context, resolution: typing.Any, *keys: str) -> None:
    queue = list(keys)
    resolve(resolution, lambda d: queue.pop(0) if queue else d.default)


def of(ctx: Context, kind: type) -> list[typing.Any]:
    return [event for event in ctx.events if isinstance(event, kind)]


@pytest.mark.parametrize("kind", EVENTS)
def test_roll_events_are_registered_frozen_keyword_only_and_plain_section_3_2(kind: type) -> None:
    """§3.2: each event is in the registry, cannot change, is built by keyword, and holds plain types."""
    assert EVENT_TYPES[kind.__name__] is kind
    params = dataclasses.fields(kind)
    assert all(f.kw_only for f in params)
    assert {typing.get_type_hints(kind)[f.name] for f in params} <= PLAIN
    event = BurdenInvoked(rule="§3.5", character="ada", burden="debt")
    with pytest.raises(dataclasses.FrozenInstanceError):
        event.burden = "oath"  # type: ignore[misc]


def test_a_thrown_pool_tells_everything_its_odds_depend_on() -> None:
    """§3.2/§3.3: before the dice land, the pool is announced: dice, zero-dice rule, rerolls, afflictions."""
    ada = hero(score=1, proficiency=1, fatigue=1)  # STR 1 with 1 fatigue: 0 dice, so 2 thrown, lowest kept
    ada.afflictions.add(Affliction.TERRIFIED)
    ctx = table(3, 5)
    run(ctx, attribute_test(ctx, ada, STR, disadvantage=1), "pass")
    (pool,) = of(ctx, PoolThrown)
    assert (pool.dice, pool.count, pool.keep_lowest) == (0, 2, True)
    assert (pool.proficiency, pool.advantage, pool.disadvantage) == (1, 0, 1)
    assert pool.terrified and not pool.hopeless and not pool.check
    assert ctx.events.index(pool) < next(i for i, e in enumerate(ctx.events) if isinstance(e, DiceRolled))


def test_a_check_announces_itself_as_one() -> None:
    """§3.5: a check's pool says it is a check (no fatigue to show)."""
    ctx = table(4, 4)
    run(ctx, attribute_check(ctx, hero(), DEX))
    (pool,) = of(ctx, PoolThrown)
    assert pool.check and pool.count == 2 and not pool.keep_lowest


def test_a_test_reports_pool_dice_judgement_then_fatigue_in_order_section_3_2() -> None:
    """§3.2: the pool is announced, the dice land, the judgement follows, then the fatigue it causes."""
    ctx = table(4, 3)
    run(ctx, attribute_test(ctx, hero(), STR))
    kinds = [type(e) for e in ctx.events]
    assert kinds == [PoolThrown, DiceRolled, RollJudged, FatigueTaken]
    (judged,) = of(ctx, RollJudged)
    assert judged == RollJudged(
        rule="§3.2",
        character="ada",
        attr=STR,
        check=False,
        outcome=Outcome.SUCCESS,
        faces=(4, 3),
        fatigue=True,
        helper="",
        helper_fatigue=False,
        omens=0,
    )


def test_a_burden_is_reported_before_the_pool_section_3_5() -> None:
    """§3.5: using the burden is reported first; the pool then shows no proficiency and one disadvantage."""
    ada = hero(proficiency=2)
    ctx = table(2, 3)
    run(ctx, attribute_test(ctx, ada, STR, burden=True))
    assert ctx.events[0] == BurdenInvoked(rule="§3.5", character="ada", burden="debt")
    (pool,) = of(ctx, PoolThrown)
    assert (pool.proficiency, pool.disadvantage) == (0, 1)


def test_the_pool_names_help_safety_and_effort_section_3_5() -> None:
    """§3.5: the pool tells who helps and which options were announced; `dice` is before the options."""
    ada, bo = hero(score=3), Character("bo", "Bo")
    ada.afflictions.add(Affliction.HOPELESS)
    ctx = table(5, 2)
    run(ctx, attribute_test(ctx, ada, STR, safe=True, helper=bo))
    (pool,) = of(ctx, PoolThrown)
    assert (pool.dice, pool.count, pool.safe, pool.effort, pool.helper) == (3, 2, True, False, "bo")
    assert pool.hopeless and not pool.terrified
    assert of(ctx, RollJudged)[0].helper == "bo"
