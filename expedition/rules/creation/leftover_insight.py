"""Provides spending the insight left over when a character is finished (§5.1 step 1, §10.5.4)."""

from __future__ import annotations

from expedition.rules.character.adventurer import Character
from expedition.rules.character.insight import (
    INSIGHT_COSTS,
    InsightSpend,
    SpendKind,
    can_spend,
    spend_insight,
)
from expedition.rules.core.attributes import Attr
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import Choice, Decision, Resolution
from expedition.rules.core.skills import BASIC, Skill

KEEP = "keep"
"""The answer that keeps the remaining insight for later."""


def spend_options(character: Character) -> list[tuple[str, str, InsightSpend]]:
    """Every spend the character can afford now under the creation limits, as (key, label, spend).

    Keys are stable: `raise_score:STR`, `move_score:STR:DEX` (from STR to DEX),
    `learn_skill:cooking`, `remove_trauma:<trauma>`.
    """
    candidates: list[tuple[str, str, InsightSpend]] = []
    for attr in Attr:
        for source in Attr:
            if source is not attr:
                candidates.append(
                    (
                        f"move_score:{source.value}:{attr.value}",
                        f"Move a point of score from {source.value} to {attr.value}",
                        InsightSpend(SpendKind.MOVE_SCORE, attr=attr, source=source),
                    )
                )
        candidates.append(
            (f"raise_lowest_score:{attr.value}", f"+1 {attr.value} (lowest score)",
             InsightSpend(SpendKind.RAISE_LOWEST_SCORE, attr=attr))
        )  # fmt: skip
        candidates.append(
            (f"raise_score:{attr.value}", f"+1 {attr.value}", InsightSpend(SpendKind.RAISE_SCORE, attr=attr))
        )
        candidates.append(
            (f"raise_proficiency:{attr.value}", f"+1 {attr.value} proficiency",
             InsightSpend(SpendKind.RAISE_PROFICIENCY, attr=attr))
        )  # fmt: skip
    for skill in Skill:
        if skill in character.skills:
            continue  # learning it again means its advanced skill, offered under that name
        words = skill.value.replace("_", " ")
        basic = BASIC.get(skill)
        if basic is not None and basic in character.skills:
            words += f" (replaces {basic.value.replace('_', ' ')})"
        candidates.append(
            (f"learn_skill:{skill.value}", f"Learn {words}", InsightSpend(SpendKind.LEARN_SKILL, skill=skill))
        )
    for trauma in sorted(character.traumas):
        words = trauma.value.replace("_", " ")
        candidates.append(
            (
                f"remove_trauma:{trauma.value}",
                f"Remove {words}",
                InsightSpend(SpendKind.REMOVE_TRAUMA, trauma=trauma),
            )
        )
    return [
        (key, f"{label} ({INSIGHT_COSTS[spend.kind]} insight)", spend)
        for key, label, spend in candidates
        if can_spend(character, spend, creation=True)
    ]


def spend_leftover_insight(ctx: Context, character: Character) -> Resolution[int]:
    """Ask the owner, again and again, what to buy with the insight left; "keep" stops (§5.1, §10.5.4).

    The book encourages spending it now, since lifetime insight is capped; keeping it is the default.

    Returns:
        The insight points spent.
    """
    spent = 0
    while True:
        options = spend_options(character)
        if not options:
            return spent
        by_key = {key: spend for key, _, spend in options}
        answer = yield Decision(
            kind="spend_insight",
            owner=character.id,
            prompt=f"{character.name} has {character.insight.unspent} insight left. Spend it now?",
            choices=(Choice(KEEP, "Keep it for later"), *(Choice(key, label) for key, label, _ in options)),
            default=KEEP,
            rule="§5.1",
        )
        if answer == KEEP:
            return spent
        spend = by_key[answer]
        spend_insight(ctx, character, spend, creation=True, rule="§5.1")
        spent += INSIGHT_COSTS[spend.kind]
