"""Provides attribute tests and checks (§3): counting dice, rerolls, judging, and fatigue from the dice."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from expedition.rules.core.attributes import Attr
from expedition.rules.core.conditions import Affliction, Trauma
from expedition.rules.core.decisions import Choice, Decision, Resolution
from expedition.rules.core.errors import IllegalAction, InvalidAction
from expedition.rules.core.hooks import Hook
from expedition.rules.core.judging import Outcome, RollResult, outcome_of, tires
from expedition.rules.core.reroll_game import Table
from expedition.rules.core.rerolls import Budget, Pool, negotiate
from expedition.rules.core.roll_events import BurdenInvoked, PoolThrown, RollJudged
from expedition.rules.core.skills import Trait

if TYPE_CHECKING:
    from expedition.rules.character.adventurer import Character
    from expedition.rules.core.context import Context

__all__ = [
    "BURDEN_USED",
    "EXTRA_DICE",
    "ROLL_BEGINS",
    "TEST_DISADVANTAGE",
    "TIRED",
    "UNHURT",
    "attribute_check",
    "attribute_test",
    "available_dice",
]

# --- hook points: what other rules add to a test or check ------------------------------------------

UNHURT: Hook[Callable[[Character], bool]] = Hook("a roller counts their dice as if unhurt")
"""Asked whenever a roller's dice are counted: True lets them roll their whole score, fatigue and
wounds ignored (Euphoria, §11.2)."""
EXTRA_DICE: Hook[Callable[[Character], int]] = Hook("dice a rule adds to a roller's test or check")
"""Asked as a test or check is planned: dice added to the pool before anything else changes it
(Righteous Fury's 3, §11.2)."""
TEST_DISADVANTAGE: Hook[Callable[[Character], int]] = Hook("disadvantage a roller has on every test")
"""Asked as a test (never a check) is planned: instances of disadvantage added to the GM's (the
blind, house reading of mishap 5)."""
ROLL_BEGINS: Hook[Callable[[Character], None]] = Hook("a test or check is about to be thrown")
"""Told before the first die of a test or check (a declined roll too), so that a mark lasting
"until the next roll" is used up (Righteous Fury's extra wound, §11.2)."""
BURDEN_USED: Hook[Callable[[Context, Character], None]] = Hook("a roller used their burden")
"""Told once the burden is invoked (§3.5), before the dice: using it earns insight (`progression`)."""
TIRED: Hook[Callable[[Context, Character, Attr, str], None]] = Hook("a test tires someone")
"""Told for each fatigue point a test gives (extra effort, the judged dice, a helper's die; §3.2,
§3.5), with the tested attribute and the section: placing it is `harm`'s (§4.1)."""


def available_dice(character: Character, attr: Attr, *, combat: bool = False) -> int:
    """Dice the character may roll for `attr`: score − fatigue − wounds (§3.1).

    A Berserker testing STR in combat ignores STR fatigue and wounds and rolls the score (§3.7).
    """
    attribute = character[attr]
    if combat and attr is Attr.STR and character.has(Trait.BERSERKER):
        return attribute.score
    if UNHURT.any(character):
        return attribute.score
    return attribute.available


@dataclass(frozen=True, slots=True)
class _Plan:
    count: int  # dice thrown, the helper's included
    keep_lowest: bool
    declined: bool
    budget: Budget
    safe: bool
    effort: bool
    helper: Character | None
    burden: bool
    tiring: bool = True
    base: int = 0  # the dice before keeping it safe, effort and help (what `odds.outcome_odds` takes)


def attribute_test(
    ctx: Context,
    character: Character,
    attr: Attr,
    *,
    advantage: int = 0,
    disadvantage: int = 0,
    safe: bool = False,
    effort: bool = False,
    helper: Character | None = None,
    burden: bool = False,
    combat: bool = False,
    tokens: bool = False,
    shields: bool = True,
    dice: int | None = None,
    bonus_dice: int = 0,
    tiring: bool = True,
    rule: str = "§3.2",
) -> Resolution[RollResult]:
    """Make an attribute test (§3.2–§3.7, §3.8), asking for rerolls as decisions.

    Dice: the available dice (or `dice`, fewer; 0 declines the roll, a plain failure), +1 for
    extra effort, −2 for keeping it safe, +1 die of the helper's. At 0 or below (−n), 2 + n
    dice are thrown and only the lowest counts; a helper's die is then one of them. Rerolls
    are negotiated as in `rerolls.negotiate`, then the final dice are judged. A 1 or 4 (or 5
    when Hopeless) among the roller's judged dice gives them one fatigue point; the helper's
    die tires the helper instead. A Dauntless roller may then throw 2 more dice into a success
    (decision kind "dauntless", "roll" or "pass"). Bad omens turns a critical failure into
    `omens=1`. The hooks above add dice or disadvantage (a prayer, blindness) and place the
    fatigue (`TIRED`).

    Extra effort pays its fatigue point before the roll and adds a die to the dice available
    before that point. A Berserker testing STR in combat rolls the full score; the fatigue and
    wounds are still recorded, and a point that no longer fits makes them faint (that collapse
    is the fatigue rule's, told through `TIRED`).

    Args:
        ctx: Dice and event log.
        character: The main roller.
        attr: The tested attribute.
        advantage: Advantage instances (player rerolls); they cancel disadvantage one for one.
        disadvantage: Disadvantage instances (GM rerolls).
        safe: Keep it safe: 2 fewer dice, no fatigue unless the test fails.
        effort: Extra effort: 1 fatigue first, +1 die, no more fatigue from the dice.
        helper: One helper, who adds 1 die and may reroll it with their own proficiency.
        burden: Use the burden (§3.5): +1 disadvantage, no proficiency, +1 insight; once a session.
        combat: The test happens in combat (Berserker).
        tokens: A defence test: the roller's shield and dodge tokens may each pay one reroll.
        shields: False when the attack ignores shields (§16 #7): only dodge tokens may be spent.
        dice: Roll only this many of the available dice; 0 declines.
        bonus_dice: Extra dice a rule adds to the pool (Knife in the back, §5.7.2).
        tiring: False when the dice cause no fatigue (a defence under Turtle, §5.7.1).
        rule: The section that asks for the test.

    Returns:
        A resolution yielding the reroll (and Dauntless) decisions and returning the result.

    Raises:
        InvalidAction: For negative numbers, more dice than available, or a declined roll
            combined with other options.
        IllegalAction: For safe with effort, effort that would wound or while Sleepy, a Sleepy
            or absent helper, helping a Paranoid roller, or a burden already used this session.
    """
    if helper is not None:
        _verify_help(character, helper)
    if burden and character.burden_used:
        raise IllegalAction(f"{character.name} has already used their burden this session.")
    if effort:
        if safe:
            raise IllegalAction("Keeping it safe cannot be combined with extra effort.")
        if character.has(Affliction.SLEEPY):
            raise IllegalAction(f"{character.name} is Sleepy and cannot make an extra effort.")
        if character[attr].available <= 0 or character.has(Affliction.PLAGUED):
            raise IllegalAction(f"The extra effort's fatigue would wound {character.name}'s {attr}.")
    plan = _plan(
        character,
        attr,
        advantage,
        disadvantage + TEST_DISADVANTAGE.total(character),
        safe,
        effort,
        helper,
        burden,
        combat,
        tokens,
        shields,
        dice,
        bonus=bonus_dice,
    )
    if not tiring:
        plan = replace(plan, tiring=False)
    return _run(ctx, character, attr, plan, check=False, rule=rule)


def attribute_check(
    ctx: Context,
    character: Character,
    attr: Attr,
    *,
    advantage: int = 0,
    disadvantage: int = 0,
    dice: int | None = None,
    rule: str = "§3.5",
) -> Resolution[RollResult]:
    """Make an attribute check (§3.5): rolled like a test, proficiency included, but the dice never tire.

    Args:
        ctx: Dice and event log.
        character: The roller.
        attr: The checked attribute.
        advantage: Advantage instances.
        disadvantage: Disadvantage instances.
        dice: Roll only this many of the available dice; 0 declines.
        rule: The section that asks for the check (initiative is "§10.2.1").

    Returns:
        A resolution yielding reroll decisions and returning the result (never with fatigue or omens).

    Raises:
        InvalidAction: For negative numbers or more dice than available.
    """
    plan = _plan(
        character, attr, advantage, disadvantage, False, False, None, False, False, False, True, dice
    )
    return _run(ctx, character, attr, plan, check=True, rule=rule)


def _verify_help(character: Character, helper: Character) -> None:
    if helper is character or helper.id == character.id:
        raise InvalidAction(f"{character.name} cannot help themselves.")
    if character.has(Trauma.PARANOID):
        raise IllegalAction(f"{character.name} is Paranoid and will not accept help.")
    if helper.has(Affliction.SLEEPY):
        raise IllegalAction(f"{helper.name} is Sleepy and cannot help.")
    if not helper.can_act:
        raise IllegalAction(f"{helper.name} cannot act, so cannot help.")


def _plan(
    character: Character,
    attr: Attr,
    advantage: int,
    disadvantage: int,
    safe: bool,
    effort: bool,
    helper: Character | None,
    burden: bool,
    combat: bool,
    tokens: bool,
    shields: bool,
    dice: int | None,
    *,
    bonus: int = 0,
) -> _Plan:
    if advantage < 0 or disadvantage < 0:
        raise InvalidAction("Advantage and disadvantage cannot be negative.")
    limit = available_dice(character, attr, combat=combat)
    if dice is not None and not 0 <= dice <= max(limit, 0):
        raise InvalidAction(f"{character.name} can roll 0 to {max(limit, 0)} {attr} dice, not {dice}.")
    declined = dice == 0
    if declined and (safe or effort or burden or helper is not None):
        raise InvalidAction(
            "Rolling no dice cannot be combined with keeping it safe, effort, help or a burden."
        )
    extra = EXTRA_DICE.total(character)
    total = (limit if dice is None else dice) + bonus + extra + effort - 2 * safe + (helper is not None)
    count, keep_lowest = (2 - total, True) if total <= 0 else (total, False)
    disadvantage += burden
    angry = character.has(Affliction.ANGRY)
    budget = Budget(
        proficiency=0 if angry or burden else character[attr].proficiency,
        advantage=max(advantage - disadvantage, 0),
        shield=character.tokens.shield if tokens and shields else 0,
        dodge=character.tokens.dodge if tokens else 0,
        helper=0 if helper is None or helper.has(Affliction.ANGRY) else helper[attr].proficiency,
        gm=max(disadvantage - advantage, 0),
    )
    base = (limit if dice is None else dice) + bonus + extra
    return _Plan(count, keep_lowest, declined, budget, safe, effort, helper, burden, base=base)


def _run(
    ctx: Context, character: Character, attr: Attr, plan: _Plan, *, check: bool, rule: str
) -> Resolution[RollResult]:
    why = f"{attr} {'check' if check else 'test'}"
    helper = plan.helper
    ROLL_BEGINS.each(character)
    if plan.declined:
        return _finish(ctx, character, attr, RollResult(Outcome.FAILURE, ()), helper, check, rule)
    if plan.burden:
        character.burden_used = True
        ctx.emit(BurdenInvoked(rule="§3.5", character=character.id, burden=character.burden))
        BURDEN_USED.each(ctx, character)
    if plan.effort:
        TIRED.each(ctx, character, attr, "§3.5")
    budget = plan.budget
    ctx.emit(
        PoolThrown(
            rule=rule,
            character=character.id,
            attr=attr,
            check=check,
            dice=plan.base,
            count=plan.count,
            keep_lowest=plan.keep_lowest,
            proficiency=budget.proficiency,
            advantage=budget.advantage,
            disadvantage=budget.gm,
            tokens=budget.shield + budget.dodge,
            safe=plan.safe,
            effort=plan.effort,
            helper=helper.id if helper is not None else "",
            terrified=character.has(Affliction.TERRIFIED),
            hopeless=character.has(Affliction.HOPELESS),
        )
    )
    faces = ctx.roll(plan.count - (helper is not None), who=character.id, why=why, rule=rule)
    if helper is not None:
        faces += ctx.roll(1, who=helper.id, why=f"helping {character.name}'s {why}", rule="§3.5")
    pool = Pool(faces, helped=helper is not None, keep_lowest=plan.keep_lowest)
    terrified = character.has(Affliction.TERRIFIED)

    def score(candidate: Pool) -> int:
        own, helped = candidate.kept()
        return outcome_of(own + helped, terrified=terrified).rank

    table = Table(  # how the dice will be judged, for the roller's suggested rerolls
        terrified=terrified,
        hopeless=character.has(Affliction.HOPELESS),
        safe=plan.safe,
        effort=plan.effort,
        check=check or not plan.tiring,
        keep_lowest=plan.keep_lowest,
    )
    pool = yield from negotiate(
        ctx, pool, plan.budget, roller=character, helper=helper, score=score, why=why, table=table
    )
    own, helped = pool.kept()
    outcome = outcome_of(own + helped, terrified=terrified)
    hopeless = character.has(Affliction.HOPELESS)
    if outcome.succeeded and not check and character.has(Trait.DAUNTLESS):
        tired = plan.effort or plan.safe or tires(own, outcome, hopeless=hopeless)
        own += yield from _dauntless(ctx, character, own + helped, outcome, tired=tired, why=why)
        outcome = outcome_of(own + helped, terrified=terrified)
    fatigue = plan.tiring and tires(
        own, outcome, hopeless=hopeless, check=check, safe=plan.safe, effort=plan.effort
    )
    helper_fatigue = helper is not None and tires(
        helped, outcome, hopeless=helper.has(Affliction.HOPELESS), check=check, safe=plan.safe
    )
    omens = int(outcome is Outcome.CRITICAL_FAILURE and not check and character.has(Trait.BAD_OMENS))
    result = RollResult(outcome, own + helped, fatigue, helper_fatigue, omens)
    return _finish(ctx, character, attr, result, helper, check, rule)


def _dauntless(
    ctx: Context, character: Character, faces: tuple[int, ...], outcome: Outcome, *, tired: bool, why: str
) -> Resolution[tuple[int, ...]]:
    """Offer the Dauntless dice (§3.7) and return them (empty when declined).

    By default they are thrown only into a plain success that can cost no extra fatigue
    (`tired`: effort paid, keeping it safe, or the dice already tire the roller).
    """
    default = "roll" if outcome is Outcome.SUCCESS and tired else "pass"
    choices = (Choice("roll", "Throw 2 more dice into the result"), Choice("pass", "Keep the result"))
    prompt = f"{character.name} succeeded ({', '.join(map(str, faces))}). Dauntless: throw 2 more dice?"
    decision = Decision("dauntless", character.id, prompt, choices, default, "§3.7")
    key = yield decision
    if key not in decision.keys:
        raise InvalidAction(f"{key!r} is not a choice here; choose one of {', '.join(decision.keys)}")
    if key == "pass":
        return ()
    return ctx.roll(2, who=character.id, why=f"{why}, Dauntless", rule="§3.7")


def _finish(
    ctx: Context,
    character: Character,
    attr: Attr,
    result: RollResult,
    helper: Character | None,
    check: bool,
    rule: str,
) -> RollResult:
    ctx.emit(
        RollJudged(
            rule=rule,
            character=character.id,
            attr=attr,
            check=check,
            outcome=result.outcome,
            faces=result.faces,
            fatigue=result.fatigue,
            helper="" if helper is None else helper.id,
            helper_fatigue=result.helper_fatigue,
            omens=result.omens,
        )
    )
    if result.fatigue:
        TIRED.each(ctx, character, attr, "§3.2")
    if result.helper_fatigue and helper is not None:
        TIRED.each(ctx, helper, attr, "§3.5")
    return result
