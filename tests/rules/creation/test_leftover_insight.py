"""Tests for creation/leftover_insight.py:

Spending insight left when a character is finished (§5.1, §10.5.4).
"""

from __future__ import annotations

from expedition.rules.character.adventurer import Character, Insight
from expedition.rules.character.insight import InsightSpent, SpendKind
from expedition.rules.core.attributes import Attr
from expedition.rules.core.conditions import Trauma
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import Decision, answers, resolve, resolve_default
from expedition.rules.core.dice import ScriptedDice
from expedition.rules.core.skills import Skill
from expedition.rules.creation.leftover_insight import KEEP, spend_leftover_insight, spend_options


def _hero(insight: int) -> Character:
    hero = Character(id="c1", name="Ada")
    hero.insight = Insight(earned=insight)
    return hero


def test_one_point_buys_only_the_one_point_spends_section_10_5_4() -> None:
    """§10.5.4: with 1 insight, only moving a score, a skill or a trauma cure can be afforded."""
    hero = _hero(1)
    hero[Attr.STR].score = 2
    hero.traumas.add(Trauma.BROKEN_ARM)
    kinds = {spend.kind for _, _, spend in spend_options(hero)}
    assert kinds == {SpendKind.MOVE_SCORE, SpendKind.LEARN_SKILL, SpendKind.REMOVE_TRAUMA}
    keys = {key for key, _, _ in spend_options(hero)}
    assert {"learn_skill:cooking", "remove_trauma:broken_arm", "move_score:STR:DEX"} <= keys
    assert all("(1 insight)" in label for _, label, _ in spend_options(hero))


def test_creation_limits_hide_spends_that_would_pass_them_section_5_1() -> None:
    """§5.1 step 2: at creation a score stops at 3 and a proficiency at 2, so those raises are not offered."""
    hero = _hero(4)
    hero[Attr.STR].score = 3
    hero[Attr.DEX].proficiency = 2
    keys = {key for key, _, _ in spend_options(hero)}
    assert "raise_score:STR" not in keys and "raise_proficiency:DEX" not in keys
    assert "raise_score:INT" in keys and "raise_proficiency:INT" in keys


def test_a_known_skill_is_offered_as_its_upgrade_section_5_1() -> None:
    """§5.1 step 2: learning a held skill again is its advanced version, labelled as replacing it."""
    hero = _hero(1)
    hero.skills.add(Skill.COOKING)
    labels = {key: label for key, label, _ in spend_options(hero)}
    assert "learn_skill:cooking" not in labels
    assert labels["learn_skill:master_chef"].startswith("Learn master chef (replaces cooking)")


def test_keeping_is_the_default_and_spends_nothing_section_5_1() -> None:
    """§5.1 step 1: leftover insight may be kept for later."""
    hero = _hero(1)
    ctx = Context(ScriptedDice([]))
    assert resolve_default(spend_leftover_insight(ctx, hero)) == 0
    assert hero.insight.unspent == 1 and not any(isinstance(e, InsightSpent) for e in ctx.events)


def test_spending_asks_again_until_kept_or_nothing_is_left_section_5_1() -> None:
    """§5.1 step 1: each spend is applied at once, then the owner is asked again while insight remains."""
    hero = _hero(2)
    ctx = Context(ScriptedDice([]))
    seen: list[Decision] = []
    gen = spend_leftover_insight(ctx, hero)
    replies = iter(["learn_skill:cooking", "learn_skill:haggle"])

    def answer(decision: Decision) -> str:
        seen.append(decision)
        return next(replies)

    assert resolve(gen, answer) == 2
    assert {Skill.COOKING, Skill.HAGGLE} <= hero.skills and hero.insight.unspent == 0
    assert len(seen) == 2  # with no insight left, nothing more is asked
    assert seen[0].kind == "spend_insight" and seen[0].owner == "c1" and seen[0].default == KEEP
    assert [e.cost for e in ctx.events if isinstance(e, InsightSpent)] == [1, 1]


def test_keep_after_a_spend_stops_with_the_rest_unspent_section_5_1() -> None:
    """§5.1 step 1: the owner may spend part and keep the rest."""
    hero = _hero(3)
    spent = resolve(
        spend_leftover_insight(Context(ScriptedDice([])), hero), answers("learn_skill:pilfer", KEEP)
    )
    assert spent == 1 and hero.insight.unspent == 2 and Skill.PILFER in hero.skills


def test_no_insight_means_no_question_section_5_1() -> None:
    """§5.1: a character with no insight left is not asked anything."""
    hero = _hero(0)
    assert spend_options(hero) == []
    assert resolve(spend_leftover_insight(Context(ScriptedDice([])), hero), answers()) == 0
