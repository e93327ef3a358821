"""Tests for rules/core/rerolls.py: the reroll negotiation, one die at a time until all pass (§3.2–§3.5)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from expedition.rules.character.adventurer import Character
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import GM, Decision, Resolution, resolve
from expedition.rules.core.dice import ScriptedDice
from expedition.rules.core.errors import InvalidAction
from expedition.rules.core.judging import outcome_of
from expedition.rules.core.rerolls import Budget, DieRerolled, Pool, negotiate


def score(pool: Pool) -> int:
    own, helped = pool.kept()
    return outcome_of(own + helped).rank


class Log:
    """Answers with the given keys in order, then defaults, recording each decision."""

    def __init__(self, *keys: str) -> None:
        self.keys, self.asked = list(keys), list[Decision]()

    def __call__(self, decision: Decision) -> str:
        self.asked.append(decision)
        return self.keys.pop(0) if self.keys else decision.default


def haggle(
    pool: Pool, budget: Budget, rolls: list[int], *keys: str, helper: Character | None = None
) -> tuple[Pool, Log, Context, Character]:
    roller = Character("ada", "Ada")
    ctx = Context(ScriptedDice(rolls))
    resolution: Resolution[Pool] = negotiate(
        ctx, pool, budget, roller=roller, helper=helper, score=score, why="STR test"
    )
    log = Log(*keys)
    final = resolve(resolution, log)
    assert isinstance(ctx.dice, ScriptedDice) and ctx.dice.remaining == 0
    return final, log, ctx, roller


def test_pool_keeps_everything_or_only_the_lowest_section_3_5() -> None:
    """§3.5: a zero-dice pool keeps only its lowest die; a tie with the helper's die is the roller's."""
    assert Pool((5, 2, 6), helped=True).kept() == ((5, 2), (6,))
    assert Pool((5, 3), keep_lowest=True).kept() == ((3,), ())
    assert Pool((5, 2), helped=True, keep_lowest=True).kept() == ((), (2,))
    assert Pool((2, 2), helped=True, keep_lowest=True).kept() == ((2,), ())
    assert Pool((4, 1)).with_face(1, 6) == Pool((4, 6))


def test_nobody_with_rerolls_means_no_decision_section_3_2() -> None:
    """§3.2 step 7: with no rerolls on either side the dice stand as thrown."""
    final, log, _, _ = haggle(Pool((2, 3)), Budget(), [])
    assert final == Pool((2, 3)) and log.asked == []


def test_stacked_advantage_gives_that_many_rerolls_section_3_4() -> None:
    """§3.4: two advantage are two rerolls, spent one at a time, each new face kept (§16 #1)."""
    budget = Budget(advantage=2)
    final, log, ctx, _ = haggle(Pool((2, 3)), budget, [1, 3], "advantage:0", "advantage:0")
    assert final.faces == (3, 3) and budget.advantage == 0
    assert [d.owner for d in log.asked] == ["ada", "ada"]
    rerolls = [e for e in ctx.events if isinstance(e, DieRerolled)]
    assert [(e.old, e.new, e.resource, e.rule) for e in rerolls] == [
        (2, 1, "advantage", "§3.4"),
        (1, 3, "advantage", "§3.4"),
    ]


def test_stacked_disadvantage_lets_the_gm_answer_each_player_reroll_section_3_4() -> None:
    """§3.2 step 7, §3.4: player and GM alternate; the rerolls end only when both pass in a row."""
    budget = Budget(proficiency=2, gm=2)
    # ada passes on 5; GM makes it a 2; ada rerolls into 6; GM makes it 4; ada passes; GM passes.
    final, log, _, _ = haggle(Pool((5,)), budget, [2, 6, 4], "pass", "die:0", "proficiency:0", "die:0")
    assert [d.owner for d in log.asked] == ["ada", GM, "ada", GM, "ada"]
    assert final.faces == (4,) and (budget.proficiency, budget.gm) == (1, 0)


def test_the_helper_rerolls_only_their_die_and_the_gm_may_too_section_3_5() -> None:
    """§3.5: the roller never touches the helper's die; the GM's reroll of it is charged to the helper."""
    bo = Character("bo", "Bo")
    budget = Budget(proficiency=1, helper=1, gm=1)
    final, log, ctx, _ = haggle(
        Pool((2, 6), helped=True), budget, [3, 5], "pass", "pass", "die:1", "pass", "proficiency:1", helper=bo
    )
    assert [d.owner for d in log.asked] == ["ada", "bo", GM, "ada", "bo", "ada"]
    ada_keys, gm_keys, helper_keys = log.asked[0].keys, log.asked[2].keys, log.asked[4].keys
    assert "proficiency:1" not in ada_keys and "die:1" in gm_keys
    assert helper_keys == ("pass", "proficiency:1")
    rerolls = [e for e in ctx.events if isinstance(e, DieRerolled)]
    assert [(e.character, e.by, e.resource) for e in rerolls] == [
        ("bo", GM, "disadvantage"),
        ("bo", "bo", "proficiency"),
    ]
    assert final.faces == (2, 5)


def test_tokens_are_taken_from_the_roller_when_spent_section_10_2_3() -> None:
    """§10.2.3: a shield or dodge token paying a reroll leaves the roller's tokens."""
    budget = Budget(shield=1, dodge=1)
    roller = Character("ada", "Ada")
    roller.tokens.shield, roller.tokens.dodge = 1, 1
    ctx = Context(ScriptedDice([2, 5]))
    final = resolve(
        negotiate(ctx, Pool((1,)), budget, roller=roller, helper=None, score=score, why="DEX test"),
        Log("shield:0", "dodge:0"),
    )
    assert final.faces == (5,) and (roller.tokens.shield, roller.tokens.dodge) == (0, 0)


def test_an_answer_that_is_not_offered_is_refused_section_3_2() -> None:
    """§3.2: the roller cannot reroll with a resource they lack."""
    with pytest.raises(InvalidAction, match="not a choice"):
        haggle(Pool((2,)), Budget(proficiency=1), [], "advantage:0")


@given(faces=st.lists(st.integers(1, 6), min_size=1, max_size=4).map(tuple), rerolls=st.integers(1, 3))
def test_default_player_never_rerolls_a_success_section_3_3(faces: tuple[int, ...], rerolls: int) -> None:
    """§3.3: by default the player keeps a success and spends rerolls only while failing."""
    ctx = Context(ScriptedDice([3] * rerolls))
    roller = Character("ada", "Ada")
    gen = negotiate(
        ctx, Pool(faces), Budget(proficiency=rerolls), roller=roller, helper=None, score=score, why="t"
    )
    decision = next(gen)
    if outcome_of(faces).succeeded:
        assert decision.default == "pass"
    else:
        assert decision.default != "pass"
