"""Tests for core/rolls.py: attribute tests and checks end to end: dice, rerolls, options, traits (§3)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from expedition.rules.character.adventurer import Character, Status
from expedition.rules.character.fainting import Fainted
from expedition.rules.character.harm import FatigueBecameWound, FatigueTaken, WoundTaken
from expedition.rules.character.progression import InsightEarned
from expedition.rules.core.attributes import Attr
from expedition.rules.core.conditions import Affliction, Trauma
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import GM, Decision, Resolution, resolve, resolve_default
from expedition.rules.core.dice import ScriptedDice, SeededDice
from expedition.rules.core.errors import IllegalAction, InvalidAction
from expedition.rules.core.events import DiceRolled, Event
from expedition.rules.core.judging import Outcome, RollResult
from expedition.rules.core.rerolls import DieRerolled
from expedition.rules.core.roll_events import BurdenInvoked, RollJudged
from expedition.rules.core.rolls import attribute_check, attribute_test
from expedition.rules.core.skills import Trait

STR, DEX = Attr.STR, Attr.DEX
TIRING = (FatigueTaken, WoundTaken, FatigueBecameWound)


def hero(
    name: str = "Ada", *, score: int = 2, proficiency: int = 0, fatigue: int = 0, wounds: int = 0
) -> Character:
    character = Character(id=name.lower(), name=name)
    for attr in Attr:
        character[attr].score = score
        character[attr].proficiency = proficiency
    character[STR].fatigue = fatigue
    character[STR].wounds = wounds
    return character


def table(*faces: int) -> Context:
    return Context(ScriptedDice(faces))


class Script:
    """Answers decisions with the given keys in order, then defaults, and records every decision."""

    def __init__(self, *keys: str) -> None:
        self.keys = list(keys)
        self.asked: list[Decision] = []

    def __call__(self, decision: Decision) -> str:
        self.asked.append(decision)
        return self.keys.pop(0) if self.keys else decision.default


def run(ctx: Context, resolution: Resolution[RollResult], *keys: str) -> tuple[RollResult, Script]:
    script = Script(*keys)
    result = resolve(resolution, script)
    assert isinstance(ctx.dice, ScriptedDice)
    assert ctx.dice.remaining == 0, "every scripted die should have been rolled"
    return result, script


E = TypeVar("E", bound=Event)


def of(ctx: Context, kind: type[E]) -> list[E]:
    return [event for event in ctx.events if isinstance(event, kind)]


def marks(character: Character, attr: Attr = STR) -> int:
    return character[attr].fatigue + character[attr].wounds


# --- dice counts (§3.1, §3.2, §3.5) --------------------------------------------------------


def test_available_dice_are_score_minus_fatigue_and_wounds_section_3_1() -> None:
    """§3.1: score 4 with 1 fatigue and 1 wound rolls 2 dice."""
    ada = hero(score=4, fatigue=1, wounds=1)
    ctx = table(5, 3)
    result, _ = run(ctx, attribute_test(ctx, ada, STR))
    assert result.faces == (5, 3) and result.outcome is Outcome.SUCCESS
    assert of(ctx, DiceRolled) == [DiceRolled(rule="§3.2", who="ada", why="STR test", sides=6, faces=(5, 3))]


def test_rolling_fewer_dice_section_3_2() -> None:
    """§3.2: the player may roll fewer dice than available."""
    ctx = table(2)
    result, _ = run(ctx, attribute_test(ctx, hero(score=3), STR, dice=1))
    assert result.faces == (2,) and result.outcome is Outcome.FAILURE


def test_rolling_no_dice_is_a_plain_failure_without_fatigue_section_3_2() -> None:
    """§3.2: choosing to roll none counts as a (non-critical) failure; nothing is rolled."""
    ada = hero(score=3)
    ctx = table()
    result, script = run(ctx, attribute_test(ctx, ada, STR, dice=0))
    assert result == RollResult(Outcome.FAILURE, ())
    assert script.asked == [] and marks(ada) == 0
    assert [type(e) for e in ctx.events] == [RollJudged]


def test_more_dice_than_available_is_invalid_section_3_2() -> None:
    """§3.2: at most the available dice."""
    with pytest.raises(InvalidAction):
        attribute_test(table(), hero(score=2, fatigue=1), STR, dice=2)
    with pytest.raises(InvalidAction):
        attribute_test(table(), hero(), STR, dice=0, safe=True)


def test_zero_dice_rolls_two_and_keeps_the_lowest_section_3_5() -> None:
    """§3.5: with 0 available dice roll 2 and keep the lowest; only it is judged and tires."""
    ada = hero(score=2, fatigue=2)
    ctx = table(6, 2)
    result, _ = run(ctx, attribute_test(ctx, ada, STR))
    assert result.faces == (2,) and result.outcome is Outcome.FAILURE and not result.fatigue
    ctx = table(6, 6)
    assert run(ctx, attribute_test(ctx, ada, STR))[0].outcome is Outcome.SUCCESS  # one kept 6 is not great
    ctx = table(5, 4)
    result, _ = run(ctx, attribute_test(ctx, ada, STR))
    assert result.faces == (4,) and result.fatigue and result.outcome is Outcome.SUCCESS


def test_negative_dice_roll_two_plus_n_keep_lowest_section_3_5() -> None:
    """§3.5: −n dice (here 1 available − 2 for keeping it safe) rolls 3 and keeps the lowest."""
    ctx = table(6, 5, 3)
    result, _ = run(ctx, attribute_test(ctx, hero(score=1), STR, safe=True))
    assert result.faces == (3,) and result.outcome is Outcome.FAILURE


def test_zero_dice_kept_die_is_lowest_after_rerolls_section_3_8() -> None:
    """§3.8: the kept die is chosen after the rerolls."""
    ada = hero(score=1, proficiency=1, fatigue=1)
    ctx = table(2, 5, 4)
    result, _ = run(ctx, attribute_test(ctx, ada, STR), "proficiency:0")
    assert result.faces == (4,) and result.outcome is Outcome.SUCCESS and result.fatigue


# --- rerolls (§3.2 step 7, §3.3, §3.4, §16 #1, §16 #22) ------------------------------------


def test_proficiency_rerolls_one_die_section_3_3() -> None:
    """§3.3: proficiency rerolls a die; the event records it."""
    ctx = table(2, 3, 5)
    result, script = run(ctx, attribute_test(ctx, hero(proficiency=1), STR), "proficiency:0")
    assert result.faces == (5, 3) and result.outcome is Outcome.SUCCESS
    assert script.asked[0].owner == "ada" and script.asked[0].kind == "reroll"
    assert of(ctx, DieRerolled) == [
        DieRerolled(
            rule="§3.3",
            character="ada",
            by="ada",
            resource="proficiency",
            index=0,
            old=2,
            new=5,
            why="STR test",
        )
    ]


def test_rerolled_die_keeps_its_worse_new_value_section_16_1() -> None:
    """§16 #1: a rerolled die keeps its new face even when it is worse."""
    ctx = table(4, 2, 1)
    result, _ = run(ctx, attribute_test(ctx, hero(proficiency=1), STR), "proficiency:0")
    assert result.faces == (1, 2) and result.outcome is Outcome.CRITICAL_FAILURE


def test_fatigue_is_judged_on_the_final_dice_section_16_22() -> None:
    """§16 #22: a 4 rerolled away no longer tires; a new 1 does."""
    ada = hero(proficiency=1)
    ctx = table(4, 3, 5)
    result, _ = run(ctx, attribute_test(ctx, ada, STR), "proficiency:0")
    assert result.faces == (5, 3) and not result.fatigue and marks(ada) == 0
    ctx = table(5, 3, 1)
    result, _ = run(ctx, attribute_test(ctx, ada, STR), "proficiency:1")
    assert result.faces == (5, 1) and result.fatigue and ada[STR].fatigue == 1


def test_default_player_rerolls_a_failing_die_and_passes_on_success_section_3_3() -> None:
    """§3.3: by default the player rerolls while failing (the lowest die) and keeps a success."""
    ctx = table(3, 1, 6)
    result, script = run(ctx, attribute_test(ctx, hero(proficiency=2), STR))
    assert script.asked[0].default == "proficiency:1"
    assert script.asked[1].default == "pass"
    assert result.faces == (3, 6) and len(script.asked) == 2


def test_a_zero_dice_roll_two_rerolls_can_turn_is_suggested_for_a_reroll_section_3_5() -> None:
    """§3.5, §3.3: with no dice only the lowest of two counts; [3][2] needs both dice rerolled: suggested.

    One look ahead sees no single reroll that helps (the other die still fails) and kept the dice;
    the suggestion now plays the rerolls as the odds before the roll assume.
    """
    ctx = table(3, 2, 5, 6)
    result, script = run(ctx, attribute_test(ctx, hero(score=0, proficiency=2), STR))
    assert script.asked[0].default != "pass"
    assert script.asked[1].default != "pass"
    assert result.outcome is Outcome.SUCCESS and result.faces == (5,)  # the lowest of the two new dice


def test_a_success_is_kept_when_a_reroll_could_tire_and_chased_when_it_cannot_section_3_2_3_5() -> None:
    """§3.2, §3.5: [6][5][2] succeeds; rerolling the 2 can only add a great success, but it may tire.

    In a test a 4 or a 1 costs fatigue, so keeping the dice is suggested; in a check nothing tires,
    so the free reroll of the 2 is.
    """
    ctx = table(6, 5, 2)
    _, script = run(ctx, attribute_test(ctx, hero(score=3, proficiency=1), STR))
    assert script.asked[0].default == "pass"
    ctx = table(6, 5, 2, 6)
    result, script = run(ctx, attribute_check(ctx, hero(score=3, proficiency=1), STR))
    assert script.asked[0].default == "proficiency:2"
    assert result.outcome is Outcome.GREAT_SUCCESS


def test_angry_blocks_proficiency_section_3_6() -> None:
    """§3.6: Angry: no proficiency rerolls, so no decision is asked."""
    ada = hero(proficiency=2)
    ada.afflictions.add(Affliction.ANGRY)
    ctx = table(2, 3)
    result, script = run(ctx, attribute_test(ctx, ada, STR))
    assert script.asked == [] and result.outcome is Outcome.FAILURE


def test_advantage_gives_the_player_a_reroll_section_3_4() -> None:
    """§3.4: advantage lets the player reroll one die."""
    ctx = table(2, 6)
    result, script = run(ctx, attribute_test(ctx, hero(score=1), STR, advantage=1), "advantage:0")
    assert script.asked[0].keys == ("pass", "advantage:0")
    assert result.faces == (6,)


def test_disadvantage_gm_default_rerolls_the_only_success_section_3_4() -> None:
    """§3.4: disadvantage is the GM's reroll; by default it takes the die that helps most."""
    ctx = table(6, 2, 3)
    result, script = run(ctx, attribute_test(ctx, hero(), STR, disadvantage=1))
    assert script.asked[0].owner == GM and script.asked[0].default == "die:0"
    assert result.faces == (3, 2) and result.outcome is Outcome.FAILURE
    assert of(ctx, DieRerolled)[0].resource == "disadvantage"


def test_gm_default_breaks_a_great_success_and_passes_on_a_failure_section_3_4() -> None:
    """§3.4: the GM's default rerolls a 6 of a great success, and leaves a failing roll alone."""
    ctx = table(6, 3, 6, 2)
    result, script = run(ctx, attribute_test(ctx, hero(score=3), STR, disadvantage=1))
    assert script.asked[0].default in ("die:0", "die:2")
    assert result.outcome is Outcome.SUCCESS
    ctx = table(2, 3)
    result, script = run(ctx, attribute_test(ctx, hero(), STR, disadvantage=1))
    assert script.asked[0].default == "pass" and result.faces == (2, 3)


def test_advantage_and_disadvantage_cancel_section_3_4() -> None:
    """§3.4: two advantage and one disadvantage leave the player one reroll and the GM none."""
    ctx = table(2, 3, 4)
    result, script = run(ctx, attribute_test(ctx, hero(), STR, advantage=2, disadvantage=1))
    assert [d.owner for d in script.asked] == ["ada"]
    assert result.faces == (4, 3)
    ctx = table(6, 3)
    _, script = run(ctx, attribute_test(ctx, hero(), STR, advantage=1, disadvantage=1))
    assert script.asked == []


def test_player_and_gm_alternate_until_both_pass_section_3_2() -> None:
    """§3.2 step 7: one reroll at a time, each side reacting to the other."""
    ctx = table(2, 6, 3, 5)
    result, script = run(ctx, attribute_test(ctx, hero(proficiency=2), STR, disadvantage=1))
    # player passes on a success, GM rerolls the 6 into a 3, player answers with proficiency,
    # the GM is out of rerolls, the player passes.
    assert [d.owner for d in script.asked] == ["ada", GM, "ada", "ada"]
    assert [d.default for d in script.asked] == ["pass", "die:1", "proficiency:0", "pass"]
    assert result.faces == (5, 3)


def test_negotiation_ends_when_both_pass_in_a_row_section_3_2() -> None:
    """§3.2 step 7: once both sides pass, the dice are judged, rerolls unused."""
    ctx = table(2, 3)
    _, script = run(ctx, attribute_test(ctx, hero(proficiency=2), STR, disadvantage=2), "pass", "pass")
    assert [d.owner for d in script.asked] == ["ada", GM]


def test_unknown_answer_is_invalid_section_3_2() -> None:
    """§3.2: a reroll answer must be one of the offered keys."""
    with pytest.raises(InvalidAction):
        resolve(attribute_test(table(2, 3), hero(proficiency=1), STR), lambda d: "proficiency:7")


def test_defence_tokens_pay_rerolls_and_are_spent_section_10_2_3() -> None:
    """§10.2.3: shield and dodge tokens each reroll one own die and are used up."""
    ada = hero(score=1)
    ada.tokens.shield, ada.tokens.dodge = 2, 1
    ctx = table(1, 2, 5)
    result, script = run(ctx, attribute_test(ctx, ada, DEX, tokens=True), "shield:0", "dodge:0")
    assert script.asked[0].keys == ("pass", "dodge:0", "shield:0")
    assert result.faces == (5,)
    assert (ada.tokens.shield, ada.tokens.dodge) == (1, 0)
    assert [e.resource for e in of(ctx, DieRerolled)] == ["shield", "dodge"]


def test_tokens_only_on_defence_and_shields_can_be_ignored_section_16_7() -> None:
    """§10.2.3, §16 #7: tokens need `tokens=True`; an attack that ignores shields leaves only dodge."""
    ada = hero(score=1)
    ada.tokens.shield, ada.tokens.dodge = 1, 1
    ctx = table(2)
    _, script = run(ctx, attribute_test(ctx, ada, DEX))
    assert script.asked == []
    ctx = table(2)
    _, script = run(ctx, attribute_test(ctx, ada, DEX, tokens=True, shields=False), "pass")
    assert script.asked[0].keys == ("pass", "dodge:0")


# --- keeping it safe, extra effort, help, burden (§3.5) -----------------------------------


def test_keeping_it_safe_rolls_two_fewer_and_tires_only_on_failure_section_3_5() -> None:
    """§3.5: safe: 2 fewer dice; a 4 on a success does not tire, a 1 on a failure does."""
    ada = hero(score=3)
    ctx = table(4)
    result, _ = run(ctx, attribute_test(ctx, ada, STR, safe=True))
    assert result.outcome is Outcome.SUCCESS and not result.fatigue and marks(ada) == 0
    ctx = table(1)
    result, _ = run(ctx, attribute_test(ctx, ada, STR, safe=True))
    assert result.fatigue and ada[STR].fatigue == 1


def test_safe_with_effort_is_illegal_section_3_5() -> None:
    """§3.5: keeping it safe cannot be combined with extra effort."""
    with pytest.raises(IllegalAction):
        attribute_test(table(), hero(), STR, safe=True, effort=True)


def test_extra_effort_pays_one_fatigue_first_for_one_more_die_section_3_5() -> None:
    """§3.5: effort: 1 fatigue before rolling, +1 die, and the dice tire no further."""
    ada = hero(score=2)
    ctx = table(1, 4, 4)
    result, _ = run(ctx, attribute_test(ctx, ada, STR, effort=True))
    assert result.faces == (1, 4, 4) and not result.fatigue
    assert ada[STR].fatigue == 1
    kinds = [type(e) for e in ctx.events]
    assert kinds.index(FatigueTaken) < kinds.index(DiceRolled)


def test_extra_effort_illegal_when_it_would_wound_or_sleepy_section_3_5() -> None:
    """§3.5, §3.6: no effort at 0 available dice, while Plagued, or while Sleepy."""
    with pytest.raises(IllegalAction):
        attribute_test(table(), hero(score=1, fatigue=1), STR, effort=True)
    sleepy = hero()
    sleepy.afflictions.add(Affliction.SLEEPY)
    with pytest.raises(IllegalAction):
        attribute_test(table(), sleepy, STR, effort=True)
    plagued = hero()
    plagued.afflictions.add(Affliction.PLAGUED)
    with pytest.raises(IllegalAction):
        attribute_test(table(), plagued, STR, effort=True)


def test_helper_adds_a_die_only_the_helper_may_reroll_section_3_5() -> None:
    """§3.5: the helper's die joins the roll; the helper rerolls it with their proficiency."""
    ada, bo = hero(proficiency=1), hero("Bo", proficiency=1)
    ctx = table(2, 3, 1, 5)
    result, script = run(ctx, attribute_test(ctx, ada, STR, helper=bo), "pass", "proficiency:2")
    assert script.asked[0].owner == "ada" and "proficiency:2" not in script.asked[0].keys
    assert script.asked[1].owner == "bo" and script.asked[1].keys == ("pass", "proficiency:2")
    assert result.faces == (2, 3, 5) and result.outcome is Outcome.SUCCESS
    assert of(ctx, DiceRolled)[1].who == "bo"


def test_helper_die_tires_the_helper_not_the_roller_section_3_5() -> None:
    """§3.5: a 1 or 4 on the helper's die gives the helper the fatigue."""
    ada, bo = hero(), hero("Bo")
    ctx = table(5, 3, 4)
    result, _ = run(ctx, attribute_test(ctx, ada, STR, helper=bo))
    assert not result.fatigue and result.helper_fatigue
    assert marks(ada) == 0 and bo[STR].fatigue == 1
    ctx = table(1, 3, 6)
    result, _ = run(ctx, attribute_test(ctx, ada, STR, helper=bo))
    assert result.fatigue and not result.helper_fatigue and ada[STR].fatigue == 1


def test_helper_with_zero_dice_is_one_of_the_kept_lowest_section_3_8() -> None:
    """§3.8: 0 available + helper = 1 die, the helper's; no fatigue for the roller."""
    ada, bo = hero(score=1, fatigue=1), hero("Bo")
    ctx = table(4)
    result, _ = run(ctx, attribute_test(ctx, ada, STR, helper=bo))
    assert result.faces == (4,) and result.helper_fatigue and not result.fatigue


def test_sleepy_helper_and_paranoid_roller_are_illegal_section_3_5() -> None:
    """§3.5, §4.5: Sleepy characters cannot help; a Paranoid one cannot be helped."""
    ada, bo = hero(), hero("Bo")
    bo.afflictions.add(Affliction.SLEEPY)
    with pytest.raises(IllegalAction):
        attribute_test(table(), ada, STR, helper=bo)
    bo.afflictions.clear()
    ada.traumas.add(Trauma.PARANOID)
    with pytest.raises(IllegalAction):
        attribute_test(table(), ada, STR, helper=bo)
    with pytest.raises(InvalidAction):
        attribute_test(table(), bo, STR, helper=bo)


def test_burden_gives_disadvantage_no_proficiency_and_insight_section_3_5() -> None:
    """§3.5: a burden test: disadvantage, no proficiency, +1 insight, once a session."""
    ada = hero(proficiency=2)
    ada.burden = "debt"
    ctx = table(2, 6, 3)
    result, script = run(ctx, attribute_test(ctx, ada, STR, burden=True))
    assert [d.owner for d in script.asked] == [GM]
    assert result.outcome is Outcome.FAILURE
    assert ada.burden_used and ada.insight.earned == 1
    assert of(ctx, BurdenInvoked) == [BurdenInvoked(rule="§3.5", character="ada", burden="debt")]
    assert len(of(ctx, InsightEarned)) == 1
    with pytest.raises(IllegalAction):
        attribute_test(table(), ada, STR, burden=True)


# --- afflictions and traits (§3.6, §3.7, §6.2) --------------------------------------------


def test_terrified_roller_needs_fives_section_3_6() -> None:
    """§3.6: a Terrified roller's 4 is no success (and still tires)."""
    ada = hero()
    ada.afflictions.add(Affliction.TERRIFIED)
    ctx = table(4, 3)
    result, _ = run(ctx, attribute_test(ctx, ada, STR))
    assert result.outcome is Outcome.FAILURE and result.fatigue


def test_hopeless_roller_tires_on_a_five_section_3_6() -> None:
    """§3.6: Hopeless: a 5 tires."""
    ada = hero()
    ada.afflictions.add(Affliction.HOPELESS)
    ctx = table(5, 3)
    result, _ = run(ctx, attribute_test(ctx, ada, STR))
    assert result.outcome is Outcome.SUCCESS and result.fatigue and ada[STR].fatigue == 1


def test_dauntless_adds_two_dice_after_a_success_section_3_7() -> None:
    """§3.7: Dauntless may throw 2 more dice into a success, which can make it great."""
    ada = hero()
    ada.traits.add(Trait.DAUNTLESS)
    ctx = table(4, 2, 6, 6)
    result, script = run(ctx, attribute_test(ctx, ada, STR))
    assert script.asked[0].kind == "dauntless" and script.asked[0].default == "roll"
    assert result.faces == (4, 2, 6, 6) and result.outcome is Outcome.GREAT_SUCCESS


def test_dauntless_dice_can_tire_and_can_be_declined_section_3_7() -> None:
    """§3.7: the bonus dice can cause fatigue; declining throws nothing."""
    ada = hero()
    ada.traits.add(Trait.DAUNTLESS)
    ctx = table(5, 2, 1, 3)
    result, script = run(ctx, attribute_test(ctx, ada, STR), "roll")
    assert script.asked[0].default == "pass"
    assert result.outcome is Outcome.SUCCESS and result.fatigue and ada[STR].fatigue == 1
    ada[STR].fatigue = 0
    ctx = table(5, 2)
    result, _ = run(ctx, attribute_test(ctx, ada, STR), "pass")
    assert result.faces == (5, 2)
    ctx = table(2, 3)
    _, script = run(ctx, attribute_test(ctx, ada, STR))
    assert script.asked == []  # no offer after a failure


def test_berserker_ignores_str_marks_in_combat_section_3_7() -> None:
    """§3.7: a Berserker rolls the full STR score in combat, marks still recorded."""
    ada = hero(score=3, fatigue=1, wounds=1)
    ada.traits.add(Trait.BERSERKER)
    ctx = table(2, 3, 5)
    result, _ = run(ctx, attribute_test(ctx, ada, STR, combat=True))
    assert result.faces == (2, 3, 5) and (ada[STR].fatigue, ada[STR].wounds) == (1, 1)
    ctx = table(1, 3, 5)
    result, _ = run(ctx, attribute_test(ctx, ada, STR, combat=True, dice=3))
    assert result.fatigue and ada[STR].fatigue == 2  # still recorded
    ada[STR].fatigue = 1
    ctx = table(2)
    assert len(run(ctx, attribute_test(ctx, ada, STR))[0].faces) == 1  # out of combat


def test_berserker_whose_str_is_full_collapses_on_fatigue_section_3_7() -> None:
    """§3.7, §4.3: a Berserker at 0 available STR still rolls the score in combat; a point that no
    longer fits makes them collapse (faint), and the marks stay recorded."""
    ada = hero(score=2, wounds=2)
    ada.traits.add(Trait.BERSERKER)
    ctx = table(1, 5)
    result, _ = run(ctx, attribute_test(ctx, ada, STR, combat=True))
    assert result.faces == (1, 5) and result.outcome is Outcome.SUCCESS and result.fatigue
    assert ada[STR].wounds == 2 and ada.status is Status.FAINTED
    assert of(ctx, Fainted)[0].discarded == 1


def test_advantage_and_disadvantage_stack_section_3_4() -> None:
    """§3.4: three disadvantage and one advantage leave the GM two rerolls and the player none."""
    ctx = table(6, 5, 2, 3)
    result, script = run(ctx, attribute_test(ctx, hero(), STR, advantage=1, disadvantage=3), "die:0", "die:1")
    assert [d.owner for d in script.asked] == [GM, GM]
    assert result.faces == (2, 3) and result.outcome is Outcome.FAILURE


def test_bad_omens_on_a_critical_failure_section_6_2() -> None:
    """§6.2: Bad omens: a critical failure on a test reports one omens advance."""
    ada = hero()
    ada.traits.add(Trait.BAD_OMENS)
    ctx = table(1, 3)
    assert run(ctx, attribute_test(ctx, ada, STR))[0].omens == 1
    ada[STR].fatigue = 0
    ctx = table(2, 3)
    assert run(ctx, attribute_test(ctx, ada, STR))[0].omens == 0
    ctx = table(1, 3)
    assert run(ctx, attribute_check(ctx, ada, STR))[0].omens == 0


# --- checks (§3.5) ------------------------------------------------------------------------


def test_checks_never_tire_but_use_proficiency_section_3_5() -> None:
    """§3.5: a check is rolled like a test, proficiency included, without fatigue."""
    ada = hero(proficiency=1)
    ctx = table(1, 2, 4)
    result, _ = run(ctx, attribute_check(ctx, ada, DEX), "proficiency:1")
    assert result.faces == (1, 4) and result.outcome is Outcome.SUCCESS and not result.fatigue
    assert marks(ada, DEX) == 0
    judged = of(ctx, RollJudged)
    assert len(judged) == 1 and judged[0].check


# --- invariants (§3.2, §4.1) ---------------------------------------------------------------


@st.composite
def situations(draw: st.DrawFn) -> tuple[Character, Character | None, dict[str, object]]:
    score = draw(st.integers(0, 5))
    fatigue = draw(st.integers(0, score))
    wounds = draw(st.integers(0, score - fatigue))
    ada = hero(score=score, proficiency=draw(st.integers(0, 3)), fatigue=fatigue, wounds=wounds)
    ada.afflictions |= draw(st.sets(st.sampled_from(list(Affliction))))
    ada.traits |= draw(st.sets(st.sampled_from([Trait.BERSERKER, Trait.DAUNTLESS, Trait.BAD_OMENS])))
    ada.tokens.shield, ada.tokens.dodge = draw(st.integers(0, 2)), draw(st.integers(0, 2))
    helper = hero("Bo", score=draw(st.integers(0, 3)), proficiency=1) if draw(st.booleans()) else None
    options: dict[str, object] = {
        "advantage": draw(st.integers(0, 2)),
        "disadvantage": draw(st.integers(0, 2)),
        "safe": draw(st.booleans()),
        "effort": draw(st.booleans()),
        "combat": draw(st.booleans()),
        "tokens": draw(st.booleans()),
        "burden": draw(st.booleans()),
    }
    return ada, helper, options


@settings(max_examples=300, deadline=None)
@given(situation=situations(), seed=st.integers(0, 10**6), data=st.data())
def test_invariants_of_any_test_section_3_2(
    situation: tuple[Character, Character | None, dict[str, object]], seed: int, data: st.DataObject
) -> None:
    """§3.2, §4.1: at most one fatigue mark for the roller; one of four outcomes; marks fit the score."""
    ada, helper, options = situation
    ctx = Context(SeededDice(seed))
    before = marks(ada)
    try:
        resolution = attribute_test(ctx, ada, STR, helper=helper, **options)  # type: ignore[arg-type]
    except IllegalAction:
        return
    answer: Callable[[Decision], str] = lambda d: data.draw(st.sampled_from(d.keys))  # noqa: E731
    result = resolve(resolution, answer)
    assert result.outcome in set(Outcome)
    assert marks(ada) - before <= 1
    points = [e.points for e in ctx.events if isinstance(e, TIRING) and e.character == ada.id]
    assert sum(points) <= 1
    for who in (ada, helper):
        if who is not None:
            assert all(marks(who, attr) <= who[attr].score for attr in Attr)
            assert who.tokens.shield >= 0 and who.tokens.dodge >= 0
    if result.fatigue:
        assert not options["effort"]
    assert ada.status in set(Status)


@settings(max_examples=200, deadline=None)
@given(situation=situations(), seed=st.integers(0, 10**6))
def test_checks_never_change_marks_section_3_5(
    situation: tuple[Character, Character | None, dict[str, object]], seed: int
) -> None:
    """§3.5: a check never adds fatigue or wounds, whatever the dice."""
    ada, _, _ = situation
    before = [marks(ada, attr) for attr in Attr]
    result = resolve_default(attribute_check(Context(SeededDice(seed)), ada, STR))
    assert result.outcome in set(Outcome) and not result.fatigue
    assert [marks(ada, attr) for attr in Attr] == before
