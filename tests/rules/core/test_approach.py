"""The approach decision before a test: each way to roll, with its exact odds (§3.5)."""

from __future__ import annotations

from expedition.rules.character.adventurer import Character
from expedition.rules.core.approach import approach_choices, approached_test
from expedition.rules.core.attributes import Attr
from expedition.rules.core.conditions import Affliction
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import Decision, answers, resolve
from expedition.rules.core.dice import ScriptedDice
from expedition.rules.core.judging import Outcome


def _hero(score: int = 3) -> Character:
    hero = Character("h", "Hale")
    hero[Attr.INT].score = score
    hero.burden = "debt"
    return hero


def test_choices_carry_exact_odds_section_3_5() -> None:
    """§3.2: three plain dice succeed 1 − (1/2)^3 = 88% of the time and tire 1 − (2/3)^3 = 70%."""
    labels = {choice.key: choice.label for choice in approach_choices(_hero(), Attr.INT)}
    assert set(labels) == {"roll", "safe", "effort", "burden", "decline"}
    assert "88% success" in labels["roll"] and "70% fatigue" in labels["roll"]


def test_a_score_of_zero_warns_that_a_tiring_die_faints_section_4_3() -> None:
    """§3.5, §4.1, §4.3: with no dice, roll 2 and keep the lowest; a 4 or a 1 then has nowhere to go."""
    hero = _hero(score=0)
    labels = {choice.key: choice.label for choice in approach_choices(hero, Attr.INT)}
    assert labels["roll"].startswith("Roll 2 dice and keep the lowest (INT has no dice left)")
    assert "a 4 or a 1 makes Hale faint at once" in labels["roll"]
    ctx = Context(ScriptedDice([4, 5, 6]))  # the kept 4 succeeds and tires; the faint's wake die after
    resolve(approached_test(ctx, hero, Attr.INT, purpose="to read runes"), answers("roll"))
    assert hero.faint_turns >= 1, "the warned faint happens"


def test_rolling_is_not_advised_when_a_tiring_die_faints_the_roller_section_4_3() -> None:
    """§4.3: where a 4 or a 1 faints the roller, rolling is only the default, not the game's advice.

    Rolling, keeping it safe and rolling nothing trade success against fainting; no answer is
    best for every player, so none is marked suggested (`Decision.advised`).
    """
    asked: list[Decision] = []

    def first(decision: Decision) -> str:
        asked.append(decision)
        return "decline"

    resolve(approached_test(Context(ScriptedDice([])), _hero(score=0), Attr.INT, purpose="to read"), first)
    resolve(approached_test(Context(ScriptedDice([])), _hero(score=3), Attr.INT, purpose="to read"), first)
    assert [(d.default, d.advised) for d in asked] == [("roll", False), ("roll", True)]


def test_one_die_is_one_die_and_a_roomy_attribute_gets_no_warning_section_3_2() -> None:
    labels = {choice.key: choice.label for choice in approach_choices(_hero(score=1), Attr.INT)}
    assert labels["roll"].startswith("Roll 1 INT die —") and "faint" not in labels["roll"]
    three = {choice.key: choice.label for choice in approach_choices(_hero(), Attr.INT)}
    assert three["roll"].startswith("Roll 3 INT dice —") and "faint" not in three["roll"]


def test_sleepy_cannot_choose_extra_effort_and_a_used_burden_is_gone_section_3_6() -> None:
    """§3.6, §3.5: Sleepy forbids extra effort; the burden is once per session."""
    hero = _hero()
    hero.afflictions.add(Affliction.SLEEPY)
    hero.burden_used = True
    keys = {choice.key for choice in approach_choices(hero, Attr.INT)}
    assert "effort" not in keys and "burden" not in keys


def test_declining_fails_without_dice_or_fatigue_section_3_2() -> None:
    """§3.2: rolling no dice is a failure, and no die means no fatigue."""
    hero = _hero()
    ctx = Context(ScriptedDice([]))
    result = resolve(approached_test(ctx, hero, Attr.INT, purpose="to read runes"), answers("decline"))
    assert result.outcome is Outcome.FAILURE and hero[Attr.INT].fatigue == 0


def test_keeping_it_safe_rolls_two_fewer_dice_section_3_5() -> None:
    """§3.5: safe rolls 2 fewer dice; a success with a 4 then costs no fatigue."""
    hero = _hero()
    ctx = Context(ScriptedDice([4]))
    result = resolve(approached_test(ctx, hero, Attr.INT, purpose="to read runes"), answers("safe"))
    assert result.outcome is Outcome.SUCCESS and result.faces == (4,)
    assert hero[Attr.INT].fatigue == 0


def test_the_prompt_says_what_the_test_is_for_section_3_2() -> None:
    """§3.2: the question names the roller, the attribute and the purpose."""
    hero = _hero()
    decision = next(approached_test(Context(ScriptedDice([])), hero, Attr.INT, purpose="to find traps"))
    assert decision.prompt == "Hale tests INT to find traps. How do they roll?"
    bare = next(approached_test(Context(ScriptedDice([])), hero, Attr.INT, purpose=""))
    assert bare.prompt == "Hale tests INT. How do they roll?"


def test_keeping_one_die_safe_says_it_rolls_three_and_keeps_the_lowest_section_3_5() -> None:
    """Issue #16: "2 fewer dice" on a one-die pool read as nonsense: it is −1, so 3 kept lowest (§3.5)."""
    one = {choice.key: choice.label for choice in approach_choices(_hero(score=1), Attr.INT)}
    assert one["safe"].startswith("Keep it safe (2 fewer dice: roll 3 and keep the lowest) —")
    hero = _hero(score=1)
    ctx = Context(ScriptedDice([6, 5, 3]))  # the lowest of three is kept: a 3 fails
    result = resolve(approached_test(ctx, hero, Attr.INT, purpose="to read runes"), answers("safe"))
    assert result.outcome is Outcome.FAILURE and result.faces == (3,)
    three = {choice.key: choice.label for choice in approach_choices(_hero(), Attr.INT)}
    assert three["safe"].startswith("Keep it safe (2 fewer dice) —")
