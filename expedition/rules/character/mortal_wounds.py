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
from expedition.rules.core.dice import DiceExpr, risk_triggered
from expedition.rules.core.events import Event
from expedition.rules.core.hooks import Hook
from expedition.rules.core.roll_tables import RollTable, table_row
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


MORTAL_WOUND_TABLE = RollTable(
    key="mortal_wound",
    name="Mortal wounds",
    dice=DiceExpr(1, 6),
    rule="§4.4",
    text="Rolled when a lethal wound has nowhere to go. Add 1 for each mortal wound the character already "
    "suffered this expedition, plus any other modifier. A trauma the character already has means the "
    "result does nothing.",
    modified=True,
    rows=(
        table_row(
            None,
            0,
            "scratch",
            "Only a scratch",
            "It looked worse than it was: the character is not mortally wounded and keeps standing.",
            "scratch",
            brief="Only a scratch: still standing",
        ),
        table_row(
            1,
            1,
            "knocked_out",
            "Knocked out",
            "They drop unconscious but suffer nothing lasting; this works like fainting.",
            "faint",
            brief="Knocked out, no lasting harm (as fainting)",
        ),
        table_row(
            2,
            2,
            "chronic_pain",
            "Lasting pain",
            "They gain the Chronic pain trauma.",
            "trauma:chronic_pain",
            brief="Chronic pain trauma",
        ),
        table_row(
            3,
            3,
            "any_trauma",
            "Scarred",
            "They gain a trauma of their choice among those they do not have yet.",
            "trauma_choice",
            brief="A trauma of their choice they lack",
        ),
        table_row(
            4,
            4,
            "brain_damage",
            "Bleeding inside",
            "The blow does harm within: they gain the Brain damage trauma.",
            "trauma:brain_damage",
            brief="Internal bleeding: Brain damage trauma",
        ),
        table_row(
            5,
            5,
            "visions",
            "The other side",
            "They glimpse what waits beyond death and gain the Visions trauma.",
            "trauma:visions",
            brief="Glimpse beyond: Visions trauma",
        ),
        table_row(
            6,
            6,
            "near_death",
            "At death's door",
            "Unless someone stabilises them within one combat turn they die; if saved, nothing lasting "
            "remains.",
            "near_death",
            brief="Near death: dies unless stabilised within 1 combat turn",
        ),
        table_row(7, None, "dead", "Dead", "The character dies.", "die", brief="Dead"),
    ),
)
"""The mortal-wound table (§4.4): each row's key is its `MortalOutcome`; open below 1 and above 6.

Play rolls on it, the compendium shows it, and the mortal-wound prompt shows its briefs.
"""


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
    return MortalOutcome(MORTAL_WOUND_TABLE.row_for(total).key)


def _row_trauma(outcome: MortalOutcome) -> Trauma | None:
    """The trauma a row names (its `trauma` step), if it names one."""
    steps = MORTAL_WOUND_TABLE.row(outcome.value).effect.steps
    return next((Trauma(step.args[0]) for step in steps if step.verb == "trauma"), None)


def _trauma(ctx: Context, character: Character, outcome: MortalOutcome) -> Resolution[Trauma | None]:
    trauma = _row_trauma(outcome)
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
