"""Provides character growth: score and proficiency limits (§3.1, §16 #30), skills, traits, insight earned.

Spending insight lives in `expedition.rules.character.insight`; this module holds the verbs it builds on.
"""

from __future__ import annotations

from dataclasses import dataclass

from expedition.rules.character.adventurer import (
    CREATION_PROFICIENCY,
    CREATION_SCORE,
    INSIGHT_CIRCLES,
    LATER_PROFICIENCY,
    LATER_SCORE,
    Character,
)
from expedition.rules.core.attributes import Attr
from expedition.rules.core.context import Context
from expedition.rules.core.errors import IllegalAction, InvalidAction
from expedition.rules.core.events import Event
from expedition.rules.core.rolls import BURDEN_USED
from expedition.rules.core.skills import ADVANCED, BASIC, Skill, Trait


def score_limits(*, creation: bool) -> tuple[int, int]:
    """The lowest and highest score allowed: 0–3 during creation (§3.1), 0–5 after (§16 #30)."""
    return CREATION_SCORE if creation else LATER_SCORE


def proficiency_limits(*, creation: bool) -> tuple[int, int]:
    """The lowest and highest proficiency allowed: 0–2 during creation (§3.1), 0–3 after (§16 #30)."""
    return CREATION_PROFICIENCY if creation else LATER_PROFICIENCY


def _clamped(current: int, delta: int, limits: tuple[int, int]) -> int:
    # Move towards current + delta but never past a limit, and never against the direction of
    # delta (a value already outside the limits is not dragged back by an unrelated change).
    low, high = limits
    if delta > 0:
        return max(current, min(current + delta, high))
    if delta < 0:
        return min(current, max(current + delta, low))
    return current


def change_score(
    ctx: Context, character: Character, attr: Attr, delta: int, *, creation: bool, rule: str
) -> int:
    """Raise or lower an attribute score, keeping it within the limits; points beyond them are lost.

    When a lowered score no longer holds the marks on its track, the excess fatigue is dropped
    first and then the excess wounds (§4.5 Chronic pain: our reading; the book is silent).

    Args:
        ctx: Dice and event log.
        character: Whose score changes.
        attr: Which attribute.
        delta: Points to add (negative to lower).
        creation: True during character creation (limits 0–3), False after (0–5).
        rule: The section applied.

    Returns:
        The change actually applied.
    """
    attribute = character[attr]
    old = attribute.score
    new = _clamped(old, delta, score_limits(creation=creation))
    if new == old:
        return 0
    attribute.score = new
    fatigue_dropped = min(attribute.fatigue, max(0, attribute.fatigue + attribute.wounds - new))
    attribute.fatigue -= fatigue_dropped
    wounds_dropped = max(0, attribute.wounds - new)
    attribute.wounds -= wounds_dropped
    ctx.emit(
        ScoreChanged(
            rule=rule,
            character=character.id,
            attr=attr,
            old=old,
            new=new,
            lost=delta - (new - old),
            fatigue_dropped=fatigue_dropped,
            wounds_dropped=wounds_dropped,
        )
    )
    return new - old


def change_proficiency(
    ctx: Context, character: Character, attr: Attr, delta: int, *, creation: bool, rule: str
) -> int:
    """Raise or lower a proficiency, keeping it within the limits; points beyond them are lost.

    Returns:
        The change actually applied.
    """
    attribute = character[attr]
    old = attribute.proficiency
    new = _clamped(old, delta, proficiency_limits(creation=creation))
    if new == old:
        return 0
    attribute.proficiency = new
    ctx.emit(
        ProficiencyChanged(
            rule=rule, character=character.id, attr=attr, old=old, new=new, lost=delta - (new - old)
        )
    )
    return new - old


def skill_after_learning(character: Character, skill: Skill, *, squire: bool = False) -> Skill | None:
    """What learning `skill` would give (§5.1, §6.1), without changing anything.

    Returns:
        The skill the character would end up with, or None when learning it changes nothing
        (already held with no advanced version, or its advanced version already held).

    Raises:
        IllegalAction: For an advanced skill without its basic one (unless `squire`, §16 #18).
    """
    if skill in character.skills:
        upgrade = ADVANCED.get(skill)
        if upgrade is None or upgrade in character.skills:
            return None
        return upgrade
    if skill in ADVANCED and ADVANCED[skill] in character.skills:
        return None  # the advanced skill already includes this one
    basic = BASIC.get(skill)
    if basic is not None and basic not in character.skills and not squire:
        raise IllegalAction(
            f"{character.name} must know {basic.replace('_', ' ')} before learning {skill.replace('_', ' ')}."
        )
    return skill


def learn_skill(
    ctx: Context, character: Character, skill: Skill, *, rule: str, squire: bool = False
) -> Skill:
    """Learn a skill (§6.1): a held basic skill becomes its advanced one, replacing it (§5.1).

    An advanced skill needs its basic skill, which it replaces; the Squire career grants
    Shield master directly (`squire=True`, §16 #18). Learning something already held with no
    upgrade, or an advanced skill already held, does nothing.

    Returns:
        The skill the character now holds for it (the advanced one after an upgrade).

    Raises:
        IllegalAction: For an advanced skill without its basic one.
    """
    result = skill_after_learning(character, skill, squire=squire)
    if result is None:
        held = ADVANCED.get(skill, skill)
        return held if held in character.skills else skill
    replaced = BASIC.get(result)
    if replaced is not None and replaced in character.skills:
        character.skills.discard(replaced)
    else:
        replaced = None
    character.skills.add(result)
    ctx.emit(SkillLearned(rule=rule, character=character.id, skill=result, replaced=replaced))
    return result


def gain_trait(ctx: Context, character: Character, trait: Trait, *, rule: str) -> bool:
    """Gain a special trait (§6.2); one already held does nothing.

    Returns:
        True if the trait is new.
    """
    if trait in character.traits:
        return False
    character.traits.add(trait)
    ctx.emit(TraitGained(rule=rule, character=character.id, trait=trait))
    return True


def earn_insight(ctx: Context, character: Character, amount: int = 1, *, rule: str) -> int:
    """Earn insight (§10.5.1): each point slashes a circle; no more than 12 for life (§10.5.3).

    Returns:
        The points actually earned (fewer than `amount` once the circles run out).

    Raises:
        InvalidAction: For a negative amount.
    """
    if amount < 0:
        raise InvalidAction(f"cannot earn {amount} insight")
    earned = min(amount, INSIGHT_CIRCLES - character.insight.earned)
    if earned > 0:
        character.insight.earned += earned
        ctx.emit(InsightEarned(rule=rule, character=character.id, amount=earned, lost=amount - earned))
    return max(0, earned)


@BURDEN_USED.register
def _burden_earns_insight(ctx: Context, character: Character) -> None:
    """Using the burden in a test earns 1 insight (§3.5)."""
    earn_insight(ctx, character, 1, rule="§3.5")


@dataclass(frozen=True, slots=True, kw_only=True)
class ScoreChanged(Event):
    """An attribute score went up or down.

    Attributes:
        character: Whose score.
        attr: Which attribute.
        old: Score before.
        new: Score after.
        lost: Points of the change that the limits threw away.
        fatigue_dropped: Fatigue removed because the track got shorter.
        wounds_dropped: Wounds removed because the track got shorter.
    """

    character: str
    attr: Attr
    old: int
    new: int
    lost: int = 0
    fatigue_dropped: int = 0
    wounds_dropped: int = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class ProficiencyChanged(Event):
    """A proficiency went up or down (`lost`: points the limits threw away)."""

    character: str
    attr: Attr
    old: int
    new: int
    lost: int = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class SkillLearned(Event):
    """A skill was learned; `replaced` is the basic skill an advanced one took the place of."""

    character: str
    skill: Skill
    replaced: Skill | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class TraitGained(Event):
    """A special trait was gained."""

    character: str
    trait: Trait


@dataclass(frozen=True, slots=True, kw_only=True)
class InsightEarned(Event):
    """Insight circles were slashed; `lost` points found no free circle."""

    character: str
    amount: int
    lost: int = 0
