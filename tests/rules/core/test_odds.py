"""Tests for core/odds.py: exact odds of tests and checks with rerolls (§3), risk dice and tables (§2)."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from expedition.rules.character.adventurer import Character
from expedition.rules.character.armour import armour_roll
from expedition.rules.core.attributes import Attr
from expedition.rules.core.conditions import Affliction
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import GM, Decision, resolve
from expedition.rules.core.dice import ScriptedDice, SeededDice
from expedition.rules.core.errors import InvalidAction
from expedition.rules.core.events import DiceRolled
from expedition.rules.core.judging import Outcome, outcome_of, tires
from expedition.rules.core.odds import (
    GM_SIDE,
    PLAYER,
    DauntlessOdds,
    RollOdds,
    armour_odds,
    best_reroll,
    dauntless_odds,
    outcome_odds,
    risk_odds,
    rolled_dice,
    table_odds,
)
from expedition.rules.core.rerolls import DieRerolled
from expedition.rules.core.rolls import attribute_test

HALF, THIRD, SIXTH = Fraction(1, 2), Fraction(1, 3), Fraction(1, 6)
OUTCOMES = ("critical_failure", "failure", "success", "great_success")


def total(odds: RollOdds) -> Fraction:
    return odds.critical_failure + odds.failure + odds.success + odds.great_success


# --- plain dice: closed forms (§3.2) ----------------------------------------------------------


@pytest.mark.parametrize("n", range(1, 9))
def test_plain_dice_match_the_closed_forms_section_3_2(n: int) -> None:
    odds = outcome_odds(n)
    assert odds.succeeded == 1 - HALF**n
    assert odds.great_success == 1 - Fraction(5, 6) ** n - n * SIXTH * Fraction(5, 6) ** (n - 1)
    assert odds.critical_failure == HALF**n - THIRD**n
    assert odds.fatigue == 1 - Fraction(2, 3) ** n
    assert odds.helper_fatigue == 0
    assert all(isinstance(getattr(odds, name), Fraction) for name in (*OUTCOMES, "fatigue"))


def test_terrified_needs_a_five_section_3_6() -> None:
    """§3.6: with only 5 and 6 succeeding, n plain dice succeed with 1 − (2/3)^n."""
    for n in range(1, 6):
        assert outcome_odds(n, terrified=True).succeeded == 1 - Fraction(2, 3) ** n


def test_hopeless_fives_also_tire_section_3_6() -> None:
    for n in range(1, 6):
        assert outcome_odds(n, hopeless=True).fatigue == 1 - HALF**n


def test_checks_never_tire_section_3_5() -> None:
    odds = outcome_odds(4, proficiency=1, hopeless=True, check=True)
    assert odds.fatigue == 0
    assert odds.succeeded == outcome_odds(4, proficiency=1).succeeded


def test_extra_effort_adds_a_die_and_the_dice_tire_no_further_section_3_5() -> None:
    odds = outcome_odds(2, effort=True)
    assert odds.fatigue == 0
    assert odds.succeeded == outcome_odds(3).succeeded
    assert odds.great_success == outcome_odds(3).great_success


def test_keeping_it_safe_rolls_two_fewer_and_tires_only_on_failure_section_3_5() -> None:
    """§3.5: 4 dice kept safe roll 2; a failure shows only 1–3, so it tires exactly when it is critical."""
    odds = outcome_odds(4, safe=True)
    assert odds.succeeded == 1 - HALF**2
    assert odds.fatigue == odds.critical_failure == HALF**2 - THIRD**2


def test_zero_dice_roll_two_and_keep_the_lowest_section_3_5() -> None:
    odds = outcome_odds(0)
    assert odds.succeeded == HALF**2
    assert odds.great_success == 0
    assert odds.critical_failure == 1 - Fraction(5, 6) ** 2
    # The kept (lowest) die is a 1 or a 4: P(min = 1) + P(min = 4).
    assert odds.fatigue == (1 - Fraction(5, 6) ** 2) + (HALF**2 - THIRD**2)


def test_negative_dice_roll_two_plus_n_and_keep_the_lowest_section_3_5() -> None:
    assert rolled_dice(-1) == (3, True)
    assert rolled_dice(1, safe=True) == (3, True)
    assert rolled_dice(0, helper=True) == (1, False)
    assert outcome_odds(-1).succeeded == HALF**3


def test_helper_die_joins_the_roll_and_tires_the_helper_section_3_5() -> None:
    odds = outcome_odds(1, helper=True)
    assert odds.succeeded == 1 - HALF**2
    assert odds.fatigue == THIRD
    assert odds.helper_fatigue == THIRD


# --- rerolls (§3.3, §3.4) ---------------------------------------------------------------------


def test_one_die_with_proficiency_rerolls_only_a_failure_section_3_3() -> None:
    """§3.3: a failing die is rerolled once; a kept 4 still tires (§16 #22 judges the final die)."""
    odds = outcome_odds(1, proficiency=1)
    assert odds.succeeded == HALF + HALF * HALF
    assert odds.critical_failure == HALF * SIXTH
    assert odds.fatigue == SIXTH + HALF * THIRD


def test_one_die_with_disadvantage_gm_rerolls_a_success_section_16_1() -> None:
    """§3.4, §16 #1: the GM rerolls any success and the new face stands."""
    odds = outcome_odds(1, disadvantage=1)
    assert odds.succeeded == HALF * HALF


def test_advantage_and_disadvantage_cancel_one_for_one_section_3_4() -> None:
    assert outcome_odds(3, advantage=2, disadvantage=1) is outcome_odds(3, advantage=1)
    assert outcome_odds(3, advantage=1, disadvantage=1) is outcome_odds(3)
    assert outcome_odds(3, proficiency=1, advantage=1) is outcome_odds(3, proficiency=2)


def test_more_rerolls_never_hurt_the_player_and_disadvantage_always_does_section_3_4() -> None:
    for n in range(1, 5):
        chances = [outcome_odds(n, proficiency=p).succeeded for p in range(4)]
        assert chances == sorted(chances) and chances[0] < chances[-1]
        against = [outcome_odds(n, proficiency=1, disadvantage=d).succeeded for d in range(3)]
        assert against == sorted(against, reverse=True) and against[0] > against[-1]


def test_player_never_rerolls_the_helpers_die_section_3_5() -> None:
    assert best_reroll([2, 1], side=PLAYER, player_rerolls=1, gm_rerolls=0, helper_index=1) == 0
    assert best_reroll([3], side=PLAYER, player_rerolls=2, gm_rerolls=0, helper_index=0) is None
    # The GM may reroll any die, the helper's included.
    assert best_reroll([3, 6], side=GM_SIDE, player_rerolls=0, gm_rerolls=1, helper_index=1) == 1


def test_best_reroll_passes_on_a_success_and_rerolls_a_failure_section_3_3() -> None:
    assert best_reroll([5, 2], side=PLAYER, player_rerolls=1, gm_rerolls=0) is None
    assert best_reroll([3, 2], side=PLAYER, player_rerolls=1, gm_rerolls=0) in (0, 1)
    assert best_reroll([3, 1], side=PLAYER, player_rerolls=1, gm_rerolls=0) == 1  # the 1 also tires
    assert best_reroll([3, 2], side=GM_SIDE, player_rerolls=0, gm_rerolls=1) is None
    with pytest.raises(InvalidAction):
        best_reroll([7], side=PLAYER, player_rerolls=1, gm_rerolls=0)
    with pytest.raises(InvalidAction):
        best_reroll([3], side="helper", player_rerolls=1, gm_rerolls=0)
    with pytest.raises(InvalidAction):
        best_reroll([3], side=PLAYER, player_rerolls=-1, gm_rerolls=0)


@settings(max_examples=60, deadline=None)
@given(
    dice=st.integers(-2, 4),
    proficiency=st.integers(0, 2),
    advantage=st.integers(0, 2),
    disadvantage=st.integers(0, 2),
    flags=st.fixed_dictionaries(
        {name: st.booleans() for name in ("terrified", "hopeless", "safe", "helper", "check")}
    ),
)
def test_outcomes_are_exclusive_and_sum_to_one_section_3_2(
    dice: int, proficiency: int, advantage: int, disadvantage: int, flags: dict[str, bool]
) -> None:
    odds = outcome_odds(
        dice, proficiency=proficiency, advantage=advantage, disadvantage=disadvantage, **flags
    )
    assert total(odds) == 1
    for value in (*(getattr(odds, name) for name in OUTCOMES), odds.fatigue, odds.helper_fatigue):
        assert 0 <= value <= 1
    if not flags["helper"]:
        assert odds.helper_fatigue == 0


def test_repeated_query_is_served_from_the_cache_section_3_2() -> None:
    first = outcome_odds(5, proficiency=2, disadvantage=1, helper=True)
    assert outcome_odds(5, disadvantage=1, helper=True, proficiency=2) is first


def test_bad_requests_are_refused_section_3_5() -> None:
    with pytest.raises(InvalidAction):
        outcome_odds(3, proficiency=-1)
    with pytest.raises(InvalidAction):
        outcome_odds(3, safe=True, effort=True)
    with pytest.raises(InvalidAction):
        outcome_odds(40, proficiency=6, disadvantage=8)


# --- simulation with the same policy (§3.2–§3.5) -----------------------------------------------


def judge_locally(
    faces: list[int], helper_index: int | None, *, keep_lowest: bool, terrified: bool, hopeless: bool
) -> tuple[str, bool]:
    """An independent reading of §3.2/§3.5/§3.6 for tests (no safe, effort or check)."""
    own = [face for i, face in enumerate(faces) if i != helper_index]
    kept = [min(faces)] if keep_lowest else faces
    if keep_lowest:
        own = [kept[0]] if kept[0] in own else []
    if any(face >= (5 if terrified else 4) for face in kept):
        outcome = "great_success" if kept.count(6) >= 2 else "success"
    else:
        outcome = "critical_failure" if 1 in kept else "failure"
    return outcome, any(face in ((1, 4, 5) if hopeless else (1, 4)) for face in own)


def simulate(
    rng: random.Random,
    dice: int,
    rolls: int,
    *,
    proficiency: int = 0,
    advantage: int = 0,
    disadvantage: int = 0,
    helper: bool = False,
    terrified: bool = False,
    hopeless: bool = False,
) -> dict[str, float]:
    count, keep_lowest = rolled_dice(dice, helper=helper)
    helper_index = count - 1 if helper else None
    tally: Counter[str] = Counter()
    for _ in range(rolls):
        faces = [rng.randint(1, 6) for _ in range(count)]
        left = {
            PLAYER: proficiency + max(advantage - disadvantage, 0),
            GM_SIDE: max(disadvantage - advantage, 0),
        }
        side, passed = PLAYER, False
        while True:
            index = None
            if left[side]:
                index = best_reroll(
                    faces,
                    side=side,
                    player_rerolls=left[PLAYER],
                    gm_rerolls=left[GM_SIDE],
                    passed=passed,
                    helper_index=helper_index,
                    keep_lowest=keep_lowest,
                    terrified=terrified,
                    hopeless=hopeless,
                )
            if index is None:
                if passed:
                    break
                passed = True
            else:
                faces[index] = rng.randint(1, 6)
                left[side] -= 1
                passed = False
            side = GM_SIDE if side == PLAYER else PLAYER
        outcome, tired = judge_locally(
            faces, helper_index, keep_lowest=keep_lowest, terrified=terrified, hopeless=hopeless
        )
        tally[outcome] += 1
        tally["fatigue"] += tired
    return {name: tally[name] / rolls for name in (*OUTCOMES, "fatigue")}


@pytest.mark.parametrize(
    ("dice", "options"),
    [
        (3, {"proficiency": 2, "disadvantage": 1, "helper": True, "hopeless": True}),
        (0, {"proficiency": 1, "advantage": 2, "disadvantage": 1, "terrified": True}),
    ],
)
def test_rerolls_agree_with_a_seeded_simulation_section_3_4(dice: int, options: dict[str, Any]) -> None:
    """§3.3–§3.5: 200,000 simulated rolls under the same policy land within 0.5 points of the exact odds.

    With 200,000 rolls one standard error is at most 0.11 points, so 0.5 points is over 4 errors.
    """
    exact = outcome_odds(dice, **options)
    seen = simulate(random.Random(20240611), dice, 200_000, **options)
    for name, chance in exact.as_floats().items():
        assert abs(seen[name] - chance) < 0.005, (name, seen[name], chance)


# --- the real engine driven by the same policy (§3.2–§3.5) ---------------------------------------


class PolicyBot:
    """Answers `attribute_test` reroll decisions with `best_reroll`, following the pool through the events."""

    def __init__(self, ctx: Context, roller: str, player: int, gm: int, **table: Any) -> None:
        self.ctx, self.roller, self.table = ctx, roller, table
        self.left = {PLAYER: player, GM_SIDE: gm}
        self.last: tuple[str, str] | None = None

    def faces(self) -> list[int]:
        faces: list[int] = []
        for event in self.ctx.events:
            if isinstance(event, DiceRolled) and not event.why.endswith("reroll"):
                faces += event.faces
            elif isinstance(event, DieRerolled):
                faces[event.index] = event.new
        return faces

    def __call__(self, decision: Decision) -> str:
        side = GM_SIDE if decision.owner == GM else PLAYER
        assert decision.owner in (GM, self.roller), "only the roller and the GM reroll here"
        faces = self.faces()
        passed = self.last is not None and self.last[0] != side and self.last[1] == "pass"
        index = best_reroll(
            faces,
            side=side,
            player_rerolls=self.left[PLAYER],
            gm_rerolls=self.left[GM_SIDE],
            passed=passed,
            **self.table,
        )
        key = "pass"
        if index is not None:
            key = next(k for k in decision.keys if k != "pass" and k.endswith(f":{index}"))
            self.left[side] -= 1
        self.last = (side, key)
        return key


def test_engine_agrees_with_the_exact_odds_under_the_same_policy_section_3_4() -> None:
    """§3.2–§3.5: 20,000 real `attribute_test` rolls, rerolls chosen by `best_reroll`, match the odds.

    Tolerance: 4.5 standard errors of each chance at 20,000 rolls (at most 1.6 points).
    """
    rolls, hits = 20_000, Counter[str]()
    dice = SeededDice(7)
    for _ in range(rolls):
        roller = Character(id="ada", name="Ada")
        roller[Attr.STR].score, roller[Attr.STR].proficiency = 3, 2
        roller.afflictions.add(Affliction.TERRIFIED)
        helper = Character(id="bo", name="Bo")
        ctx = Context(dice)
        bot = PolicyBot(ctx, "ada", 2, 1, helper_index=3, terrified=True)
        result = resolve(attribute_test(ctx, roller, Attr.STR, disadvantage=1, helper=helper), bot)
        hits[str(result.outcome)] += 1
        hits["fatigue"] += result.fatigue
    exact = outcome_odds(3, proficiency=2, disadvantage=1, helper=True, terrified=True)
    for name, chance in exact.as_floats().items():
        tolerance = 4.5 * math.sqrt(chance * (1 - chance) / rolls) + 1e-9
        assert abs(hits[name] / rolls - chance) <= tolerance, (name, hits[name] / rolls, chance)


# --- risk dice and table rolls (§2) -------------------------------------------------------------


def test_risk_odds_match_the_table_section_2() -> None:
    assert risk_odds(1) == SIXTH
    assert [round(float(risk_odds(n)) * 100, 1) for n in range(1, 5)] == [16.7, 30.6, 42.1, 51.8]
    assert risk_odds(0) == 0


def test_table_odds_are_the_sum_of_d6_section_2() -> None:
    two, three, four = table_odds(2), table_odds(3), table_odds(4)
    assert two[7] == Fraction(6, 36) and two[2] == two[12] == Fraction(1, 36)
    assert list(two) == list(range(2, 13))
    assert three[10] == three[11] == Fraction(27, 216)
    assert four[14] == Fraction(146, 1296)
    assert sum(two.values()) == sum(three.values()) == sum(four.values()) == 1
    with pytest.raises(InvalidAction):
        table_odds(-1)


# --- the public contract (issue #2: "Exact odds") ------------------------------------------------


def test_outcome_odds_has_the_agreed_signature_and_states_its_policy_section_3_4() -> None:
    """§3.4: `outcome_odds(dice, *, ...)` with the agreed defaults, and a docstring stating the policy."""
    import inspect

    params = inspect.signature(outcome_odds).parameters
    assert list(params) == [
        "dice",
        "proficiency",
        "advantage",
        "disadvantage",
        "terrified",
        "hopeless",
        "safe",
        "effort",
        "helper",
        "check",
    ]
    assert params["dice"].kind is inspect.Parameter.POSITIONAL_OR_KEYWORD
    assert all(p.kind is inspect.Parameter.KEYWORD_ONLY for name, p in params.items() if name != "dice")
    assert [params[n].default for n in ("proficiency", "advantage", "disadvantage")] == [0, 0, 0]
    assert all(params[n].default is False for n in list(params)[4:])
    doc = inspect.getdoc(outcome_odds) or ""
    assert "Policy:" in doc and "player maximises" in doc and "GM minimises" in doc


@pytest.mark.parametrize(("padded", "helmet"), [(False, False), (True, False), (False, True)])
@pytest.mark.parametrize("dice", [0, 1, 2, 3])
def test_armour_odds_match_every_way_the_armour_dice_can_land(dice: int, padded: bool, helmet: bool) -> None:
    """§4.2, §7.6: the odds are what `armour_roll` does over all 6^n landings, counted exactly."""
    reduced: Counter[int] = Counter()
    broken: Counter[int] = Counter()
    for faces in itertools.product(range(1, 7), repeat=dice):
        result = armour_roll(
            Context(ScriptedDice(list(faces))), "wren", 3, dice=dice, padded=padded, soldier_helmet=helmet
        )
        reduced[result.reduced] += 1
        broken[result.broken] += 1
    odds = armour_odds(dice, padded=padded, soldier_helmet=helmet)
    total = 6**dice
    assert {k: v for k, v in odds.reduced.items() if v} == {k: Fraction(v, total) for k, v in reduced.items()}
    assert {k: v for k, v in odds.broken.items() if v} == {k: Fraction(v, total) for k, v in broken.items()}
    assert odds.at_least(0) == 1 and odds.expected == Fraction(dice, 2)


def test_armour_odds_refuse_negative_dice() -> None:
    with pytest.raises(InvalidAction):
        armour_odds(-1)


@pytest.mark.parametrize("faces", [(4,), (6,), (5, 2), (6, 3, 2)])
@pytest.mark.parametrize("tired", [False, True])
@pytest.mark.parametrize("hopeless", [False, True])
def test_dauntless_odds_count_every_pair_of_dice(faces: tuple[int, ...], tired: bool, hopeless: bool) -> None:
    """§3.7: a great success needs two 6s among all the dice; new fatigue only if none was due."""
    pairs = list(itertools.product(range(1, 7), repeat=2))
    great = sum(outcome_of((*faces, *pair)) is Outcome.GREAT_SUCCESS for pair in pairs)
    tiring = sum(not tired and tires(pair, Outcome.SUCCESS, hopeless=hopeless) for pair in pairs)
    odds = dauntless_odds(faces, tired=tired, hopeless=hopeless)
    assert odds == DauntlessOdds(Fraction(great, 36), Fraction(tiring, 36))
