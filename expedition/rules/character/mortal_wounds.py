"""Provides mortal wounds (§4.4): the table, near death, and death."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

from expedition.rules.character.adventurer import Status
from expedition.rules.character.fainting import faint
from expedition.rules.character.traumas import gain_trauma
from expedition.rules.core.conditions import Trauma
from expedition.rules.core.decisions import Choice, Decision, Resolution
from expedition.rules.core.dice import risk_triggered
from expedition.rules.core.events import Event
from expedition.rules.core.hooks import Hook
from expedition.rules.core.skills import Trait

if TYPE_CHECKING:
    from expedition.rules.character.adventurer import Character
    from expedition.rules.core.context import Context


class MortalOutcome(StrEnum):
    """The rows of the mortal-wound table (§4.4), plus the Rejected by death escape."""

    CANCELLED = "cancelled"
    SCRATCH = "scratch"
    KNOCKED_OUT = "knocked_out"
    CHRONIC_PAIN = "chronic_pain"
    ANY_TRAUMA = "any_trauma"
    BRAIN_DAMAGE = "brain_damage"
    VISIONS = "visions"
    NEAR_DEATH = "near_death"
    DEAD = "dead"


_TABLE = (
    MortalOutcome.KNOCKED_OUT,
    MortalOutcome.CHRONIC_PAIN,
    MortalOutcome.ANY_TRAUMA,
    MortalOutcome.BRAIN_DAMAGE,
    MortalOutcome.VISIONS,
    MortalOutcome.NEAR_DEATH,
)
"""Table rows 1 to 6 (§4.4); 0 or less is a scratch, 7 or more is death."""

_ROW_TRAUMA = {
    MortalOutcome.CHRONIC_PAIN: Trauma.CHRONIC_PAIN,
    MortalOutcome.BRAIN_DAMAGE: Trauma.BRAIN_DAMAGE,
    MortalOutcome.VISIONS: Trauma.VISIONS,
}


@dataclass(frozen=True, slots=True)
class MortalResult:
    """What a mortal wound did.

    Attributes:
        outcome: The table row (or CANCELLED by Rejected by death).
        total: 1d6 + earlier mortal wounds + modifier; 0 when cancelled before rolling.
        trauma: The trauma gained, if any (None when none, or when already held).
    """

    outcome: MortalOutcome
    total: int = 0
    trauma: Trauma | None = None


DEATH_DEFERRED: Hook[Callable[[Context, Character, str], bool]] = Hook("a death is put off")
"""Asked when a living character would die, with the cause: True when a rule keeps them alive
for now (Borrowed Time, §11.2); that rule has then set their status and reported it. The first
rule to answer True decides, and the character does not die."""


def die(ctx: Context, character: Character, *, cause: str, rule: str) -> None:
    """Kill a character; death is final and a dead character never changes status again.

    A rule in `DEATH_DEFERRED` may put the death off (the character then stays as it left them).
    """
    if character.status is Status.DEAD:
        return
    if DEATH_DEFERRED.any(ctx, character, cause):
        return
    character.status = Status.DEAD
    character.near_death_turns = None
    character.faint_turns = 0
    ctx.emit(Died(rule=rule, character=character.id, cause=cause))


# --- mortal wounds (§4.4) ---------------------------------------------------------------------


def mortal_wound(
    ctx: Context, character: Character, *, modifier: int = 0, discarded: int = 1, rule: str = "§4.4"
) -> Resolution[MortalResult]:
    """Resolve a lethal wound that no attribute could hold (§4.4).

    Rejected by death first rolls 2d!; a trigger cancels the mortal wound. Otherwise roll 1d6,
    add 1 per earlier mortal wound this expedition (§16 #4) and `modifier`, and apply the row.
    Rows 2 to 6 leave the character mortally wounded until stabilised; a trauma the character
    already has is ignored (they are still mortally wounded). A character already mortally
    wounded dies at once (§4.2).

    Args:
        ctx: Dice and event log.
        character: Who took the lethal wound.
        modifier: Any other modifier to the roll.
        discarded: Wound points that could not be placed (turns down on a knock-out).
        rule: The section that dealt the wound.

    Returns:
        What happened. Asks the character's player which trauma to take on row 3.
    """
    if character.status is Status.DEAD:
        return MortalResult(MortalOutcome.DEAD)
    if character.status is Status.MORTALLY_WOUNDED:
        die(ctx, character, cause="damage while mortally wounded", rule="§4.2")
        return MortalResult(MortalOutcome.DEAD)
    if character.has(Trait.REJECTED_BY_DEATH):
        faces = ctx.roll(2, who=character.id, why="Rejected by death", rule="§6.2")
        if risk_triggered(faces):
            ctx.emit(MortalWoundCancelled(rule="§6.2", character=character.id))
            return MortalResult(MortalOutcome.CANCELLED)
    (face,) = ctx.roll(1, who=character.id, why="mortal wound", rule="§4.4")
    total = face + character.mortal_wounds + modifier
    outcome = _row(total)
    ctx.emit(MortalWoundRolled(rule="§4.4", character=character.id, total=total, outcome=outcome))
    if outcome is MortalOutcome.SCRATCH:
        return MortalResult(outcome, total)
    character.mortal_wounds += 1
    if outcome is MortalOutcome.DEAD:
        die(ctx, character, cause="mortal wound", rule="§4.4")
        return MortalResult(outcome, total)
    if outcome is MortalOutcome.KNOCKED_OUT:
        faint(ctx, character, discarded, rule="§4.4")
        return MortalResult(outcome, total)
    character.status = Status.MORTALLY_WOUNDED
    character.faint_turns = 0
    character.tokens.stun = 0
    near_death = outcome is MortalOutcome.NEAR_DEATH
    character.near_death_turns = 1 if near_death else None
    ctx.emit(MortallyWounded(rule=rule, character=character.id, near_death=near_death))
    trauma = yield from _trauma(ctx, character, outcome)
    return MortalResult(outcome, total, trauma)


def _row(total: int) -> MortalOutcome:
    if total <= 0:
        return MortalOutcome.SCRATCH
    if total >= 7:
        return MortalOutcome.DEAD
    return _TABLE[total - 1]


def _trauma(ctx: Context, character: Character, outcome: MortalOutcome) -> Resolution[Trauma | None]:
    trauma = _ROW_TRAUMA.get(outcome)
    if outcome is MortalOutcome.ANY_TRAUMA:
        options = [t for t in Trauma if t not in character.traumas]
        if not options:
            return None
        key = yield Decision(
            kind="trauma",
            owner=character.id,
            prompt=f"{character.name} is mortally wounded. Choose a trauma to gain.",
            choices=tuple(Choice(str(t), t.replace("_", " ").capitalize()) for t in options),
            default=str(options[0]),
            rule="§4.4",
        )
        trauma = Trauma(key)
    if trauma is None or trauma in character.traumas:
        return None
    gained = yield from gain_trauma(ctx, character, trauma, rule="§4.4")
    return trauma if gained else None


def near_death_turn(ctx: Context, character: Character, *, rule: str = "§4.4") -> bool:
    """Pass one combat turn for a near-death character (row 6); return True if they died."""
    if character.status is not Status.MORTALLY_WOUNDED or character.near_death_turns is None:
        return False
    character.near_death_turns -= 1
    if character.near_death_turns > 0:
        return False
    die(ctx, character, cause="not stabilised in time", rule=rule)
    return True


# --- events ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class Died(Event):
    """A character died."""

    character: str
    cause: str


@dataclass(frozen=True, slots=True, kw_only=True)
class MortalWoundCancelled(Event):
    """Rejected by death cancelled a mortal wound."""

    character: str


@dataclass(frozen=True, slots=True, kw_only=True)
class MortalWoundRolled(Event):
    """The mortal-wound table was rolled.

    Attributes:
        character: Who.
        total: 1d6 + earlier mortal wounds + modifiers.
        outcome: The row.
    """

    character: str
    total: int
    outcome: MortalOutcome


@dataclass(frozen=True, slots=True, kw_only=True)
class MortallyWounded(Event):
    """A character is mortally wounded: down until stabilised (near death: dies after 1 combat turn)."""

    character: str
    near_death: bool
