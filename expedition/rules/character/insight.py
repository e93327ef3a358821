"""Provides spending insight (§10.5.2–§10.5.4): the costs, a reason-giving guard, and the spend itself.

Insight is spent during the interlude or straight after character creation (§5.1, §10.5.2);
the caller knows the phase and passes `creation=True` for the latter, which applies the
creation limits (score 0–3, proficiency 0–2) instead of the later ones (§16 #30: 5 and 3).
Earning insight is `progression.earn_insight`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from expedition.rules.character.adventurer import Character
from expedition.rules.character.progression import (
    change_proficiency,
    change_score,
    learn_skill,
    proficiency_limits,
    score_limits,
    skill_after_learning,
)
from expedition.rules.character.traumas import remove_trauma
from expedition.rules.core.attributes import Attr
from expedition.rules.core.conditions import Trauma
from expedition.rules.core.context import Context
from expedition.rules.core.errors import IllegalAction, InvalidAction
from expedition.rules.core.events import Event
from expedition.rules.core.skills import Skill


class SpendKind(StrEnum):
    """The ways to spend insight (§10.5.4)."""

    MOVE_SCORE = "move_score"
    LEARN_SKILL = "learn_skill"
    REMOVE_TRAUMA = "remove_trauma"
    RAISE_LOWEST_SCORE = "raise_lowest_score"
    RAISE_SCORE = "raise_score"
    RAISE_PROFICIENCY = "raise_proficiency"


INSIGHT_COSTS: dict[SpendKind, int] = {
    SpendKind.MOVE_SCORE: 1,
    SpendKind.LEARN_SKILL: 1,
    SpendKind.REMOVE_TRAUMA: 1,
    SpendKind.RAISE_LOWEST_SCORE: 2,
    SpendKind.RAISE_SCORE: 3,
    SpendKind.RAISE_PROFICIENCY: 4,
}
"""Insight points each spend costs (§10.5.4)."""


@dataclass(frozen=True, slots=True)
class InsightSpend:
    """One purchase with insight.

    Attributes:
        kind: What is bought.
        attr: The attribute raised (or receiving the moved point); for the score and proficiency spends.
        source: The highest attribute giving up a point, for `MOVE_SCORE`.
        skill: The skill learned, for `LEARN_SKILL`.
        trauma: The trauma removed, for `REMOVE_TRAUMA`.
    """

    kind: SpendKind
    attr: Attr | None = None
    source: Attr | None = None
    skill: Skill | None = None
    trauma: Trauma | None = None


def insight_cost(spend: InsightSpend) -> int:
    """Insight points `spend` costs (§10.5.4)."""
    return INSIGHT_COSTS[spend.kind]


def verify_spend(character: Character, spend: InsightSpend, *, creation: bool = False) -> None:
    """Raise unless `character` may make `spend` now.

    "Highest" and "lowest" allow ties: any attribute sharing the highest score may give the
    point, to any attribute whose score is strictly lower; any attribute sharing the lowest score
    may take the cheap +1. A spend that would change nothing (a score or proficiency already at
    its limit, a skill that would not change) is refused rather than wasting the points.

    Raises:
        InvalidAction: When the spend lacks what its kind needs.
        IllegalAction: With the reason it is not allowed.
    """
    cost = insight_cost(spend)
    if character.insight.unspent < cost:
        raise IllegalAction(
            f"{character.name} has {character.insight.unspent} unspent insight; this costs {cost}."
        )
    kind = spend.kind
    if kind is SpendKind.LEARN_SKILL:
        if spend.skill is None:
            raise InvalidAction("name the skill to learn")
        if skill_after_learning(character, spend.skill) is None:
            raise IllegalAction(f"{character.name} would gain nothing from {_words(spend.skill)}.")
        return
    if kind is SpendKind.REMOVE_TRAUMA:
        if spend.trauma is None:
            raise InvalidAction("name the trauma to remove")
        if spend.trauma not in character.traumas:
            raise IllegalAction(f"{character.name} does not suffer from {_words(spend.trauma)}.")
        return
    if spend.attr is None:
        raise InvalidAction("name the attribute to raise")
    target = character[spend.attr]
    scores = {attr: character[attr].score for attr in Attr}
    if kind is SpendKind.RAISE_PROFICIENCY:
        top = proficiency_limits(creation=creation)[1]
        if target.proficiency >= top:
            raise IllegalAction(f"{spend.attr.value} proficiency cannot go above {top}.")
        return
    if kind is SpendKind.MOVE_SCORE:
        if spend.source is None:
            raise InvalidAction("name the attribute that gives up the point")
        if scores[spend.source] != max(scores.values()):
            raise IllegalAction(f"The point must come from the highest score, not {spend.source.value}.")
        if scores[spend.attr] >= scores[spend.source]:
            raise IllegalAction(f"{spend.attr.value} is not lower than {spend.source.value}.")
        return
    if kind is SpendKind.RAISE_LOWEST_SCORE and scores[spend.attr] != min(scores.values()):
        raise IllegalAction(f"{spend.attr.value} is not the lowest score.")
    top = score_limits(creation=creation)[1]
    if target.score >= top:
        raise IllegalAction(f"{spend.attr.value} score cannot go above {top}.")


def can_spend(character: Character, spend: InsightSpend, *, creation: bool = False) -> bool:
    """True if `verify_spend` would allow `spend`."""
    try:
        verify_spend(character, spend, creation=creation)
    except (IllegalAction, InvalidAction):
        return False
    return True


def spend_insight(
    ctx: Context, character: Character, spend: InsightSpend, *, creation: bool = False, rule: str = "§10.5.4"
) -> None:
    """Spend insight on `spend`: fill its circles, then apply it.

    When the twelfth circle is filled the character can earn no more and may retire (§10.5.3);
    a `RetirementReached` event says so.

    Raises:
        InvalidAction: When the spend lacks what its kind needs.
        IllegalAction: When it is not allowed (see `verify_spend`).
    """
    verify_spend(character, spend, creation=creation)
    cost = insight_cost(spend)
    character.insight.spent += cost
    ctx.emit(InsightSpent(rule=rule, character=character.id, kind=spend.kind, cost=cost))
    kind = spend.kind
    if kind is SpendKind.LEARN_SKILL:
        assert spend.skill is not None  # checked by verify_spend
        learn_skill(ctx, character, spend.skill, rule=rule)
    elif kind is SpendKind.REMOVE_TRAUMA:
        assert spend.trauma is not None
        remove_trauma(ctx, character, spend.trauma, rule=rule)
    elif kind is SpendKind.RAISE_PROFICIENCY:
        assert spend.attr is not None
        change_proficiency(ctx, character, spend.attr, 1, creation=creation, rule=rule)
    else:
        assert spend.attr is not None
        if kind is SpendKind.MOVE_SCORE:
            assert spend.source is not None
            change_score(ctx, character, spend.source, -1, creation=creation, rule=rule)
        change_score(ctx, character, spend.attr, 1, creation=creation, rule=rule)
    if character.insight.retired:
        ctx.emit(RetirementReached(rule="§10.5.3", character=character.id))


def _words(name: str) -> str:
    return name.replace("_", " ")


@dataclass(frozen=True, slots=True, kw_only=True)
class InsightSpent(Event):
    """Insight circles were filled to buy `kind`."""

    character: str
    kind: SpendKind
    cost: int


@dataclass(frozen=True, slots=True, kw_only=True)
class RetirementReached(Event):
    """All twelve insight circles are filled: no more insight, and the character may retire."""

    character: str
