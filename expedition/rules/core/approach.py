"""Provides `approached_test`: before an attribute test, the player says how they roll it (§3.5).

Keeping it safe, extra effort and using the burden must be announced before the dice are
thrown, and a roller may always throw no dice at all. So every test a player makes in play
starts with an "approach" decision whose choices carry the exact odds of each way to roll,
then runs `rolls.attribute_test` the way the player chose.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from expedition.rules.core.conditions import Affliction
from expedition.rules.core.decisions import Choice, Decision
from expedition.rules.core.judging import RollResult
from expedition.rules.core.odds import outcome_odds
from expedition.rules.core.rolls import attribute_test, available_dice
from expedition.rules.core.wording import plural

if TYPE_CHECKING:
    from expedition.rules.character.adventurer import Character
    from expedition.rules.core.attributes import Attr
    from expedition.rules.core.context import Context
    from expedition.rules.core.decisions import Resolution

ROLL, SAFE, EFFORT, BURDEN, DECLINE = "roll", "safe", "effort", "burden", "decline"
"""The approach decision's keys."""


def _percent(value: float) -> str:
    return f"{round(100 * value)}%"


def faints_if_tired(character: Character, attr: Attr) -> bool:
    """True when one fatigue point on `attr` would make `character` faint (§4.1, §4.3).

    The point finds no free die and no fatigue to turn into a wound: it is thrown away, and a
    thrown-away point faints the character (a score of 0, or every die taken by wounds).
    """
    attribute = character[attr]
    return attribute.available <= 0 and attribute.fatigue <= 0


def approach_choices(
    character: Character, attr: Attr, *, advantage: int = 0, disadvantage: int = 0, combat: bool = False
) -> tuple[Choice, ...]:
    """The ways `character` may roll this test now, each labelled with its exact odds (§3.2-§3.5)."""
    dice = available_dice(character, attr, combat=combat)
    common = {
        "proficiency": 0 if character.has(Affliction.ANGRY) else character[attr].proficiency,
        "terrified": character.has(Affliction.TERRIFIED),
        "hopeless": character.has(Affliction.HOPELESS),
    }

    def label(text: str, **options: bool | int) -> str:
        merged = {**common, "advantage": advantage, "disadvantage": disadvantage, **options}
        odds = outcome_odds(dice, **merged)  # type: ignore[arg-type]
        return f"{text} — {_percent(float(odds.succeeded))} success, {_percent(float(odds.fatigue))} fatigue"

    if dice >= 1:
        roll = label(f"Roll {plural(dice, f'{attr} die', f'{attr} dice')}")
    else:  # §3.5: with 0 dice (or −n) roll 2 (2+n) and keep the lowest
        roll = label(f"Roll {2 - dice} dice and keep the lowest ({attr} has no dice left)")
    if faints_if_tired(character, attr):
        # §4.1, §4.3: a test's fatigue point with nowhere to go is thrown away, and the roller faints.
        roll += f" — a 4 or a 1 makes {character.name} faint at once (no room for fatigue on {attr})"
    choices = [Choice(ROLL, roll)]
    if dice >= 1:
        # §3.5 again: two fewer than one or two dice is zero or less, so the lowest of 2 or 3 counts.
        fewer = "2 fewer dice" if dice > 2 else f"2 fewer dice: roll {4 - dice} and keep the lowest"
        choices.append(Choice(SAFE, label(f"Keep it safe ({fewer})", safe=True)))
    if dice >= 1 and not character.has(Affliction.SLEEPY) and not character.has(Affliction.PLAGUED):
        choices.append(Choice(EFFORT, label("Extra effort (1 fatigue now, +1 die)", effort=True)))
    if character.burden and not character.burden_used:
        burden = label("Use the burden (+1 insight; disadvantage, no proficiency)", proficiency=0,
                       disadvantage=disadvantage + 1)  # fmt: skip
        choices.append(Choice(BURDEN, burden))
    choices.append(Choice(DECLINE, "Roll no dice — a sure failure, but no fatigue"))
    return tuple(choices)


def approached_test(
    ctx: Context,
    character: Character,
    attr: Attr,
    *,
    purpose: str,
    advantage: int = 0,
    disadvantage: int = 0,
    combat: bool = False,
    tokens: bool = False,
    shields: bool = True,
    helper: Character | None = None,
    rule: str = "§3.2",
) -> Resolution[RollResult]:
    """Ask how `character` rolls (decision kind "approach"), then make the test that way.

    Args:
        ctx: Dice and events.
        character: The roller, who owns the decision.
        attr: The attribute tested.
        purpose: What the test is for, in a few words ("to find traps").
        advantage: Advantage instances.
        disadvantage: Disadvantage instances.
        combat: In combat (Berserker).
        tokens: A defence test: shield and dodge tokens pay for rerolls.
        shields: False when the attack ignores shields.
        helper: A helper, if any.
        rule: The section asking for the test.

    Returns:
        The test's result.
    """
    choices = approach_choices(character, attr, advantage=advantage, disadvantage=disadvantage, combat=combat)
    if helper is not None:
        # Help changes the dice; the odds shown stay the roller's own, so say so.
        purpose += f" (with {helper.name}'s help: +1 die)"
    key = yield Decision(
        kind="approach",
        owner=character.id,
        prompt=f"{character.name} tests {attr}{' ' + purpose if purpose else ''}. How do they roll?",
        choices=choices,
        default=ROLL,
        rule="§3.5",
        # Where a tiring die faints the roller, rolling is no better than keeping it safe or
        # rolling nothing: the player weighs the odds and the risk, the game does not advise.
        advised=not faints_if_tired(character, attr),
    )
    result = yield from attribute_test(
        ctx,
        character,
        attr,
        advantage=advantage,
        disadvantage=disadvantage,
        safe=key == SAFE,
        effort=key == EFFORT,
        burden=key == BURDEN,
        combat=combat,
        tokens=tokens,
        shields=shields,
        helper=None if key == DECLINE else helper,
        dice=0 if key == DECLINE else None,
        rule=rule,
    )
    return result
