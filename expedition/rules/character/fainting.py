"""Provides fainting (§4.3): going down when points cannot be placed, waking up, and being stabilised."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

from expedition.rules.character.adventurer import Status
from expedition.rules.core.dice import risk_triggered
from expedition.rules.core.events import Event

if TYPE_CHECKING:
    from expedition.rules.character.adventurer import Character
    from expedition.rules.core.context import Context


class Means(StrEnum):
    """What an ally may use to stabilise or wake a character (§4.3, §4.4)."""

    FIRST_AID_KIT = "first_aid_kit"
    MEDICAL_SUPPLY = "medical_supply"
    HEALING_SPELL = "healing_spell"


def faint(ctx: Context, character: Character, discarded: int, *, rule: str = "§4.3") -> None:
    """Make a character faint because `discarded` points could not be placed (§4.3).

    The character stays down for at least `discarded` turns and loses every stun token.
    Points thrown away while already fainted add to the turns still to stay down. A mortally
    wounded or dead character keeps that worse status.

    Args:
        ctx: Dice and event log.
        character: Who faints.
        discarded: Fatigue or wound points that could not be placed (0 for other causes).
        rule: The section that caused it.
    """
    if character.status in (Status.DEAD, Status.MORTALLY_WOUNDED):
        return
    already = character.status is Status.FAINTED
    character.status = Status.FAINTED
    character.faint_turns = (character.faint_turns if already else 0) + max(0, discarded)
    stun = character.tokens.stun
    character.tokens.stun = 0
    ctx.emit(
        Fainted(
            rule=rule,
            character=character.id,
            discarded=max(0, discarded),
            turns=character.faint_turns,
            stun_discarded=stun,
        )
    )


def faint_turn(ctx: Context, character: Character, *, rule: str = "§4.3") -> bool:
    """Pass one turn for a fainted character; return True if they woke (§4.3, §16 #12).

    While minimum turns remain, one is used up. After that the character rolls 1d! each
    turn and wakes on a trigger (any 1).
    """
    if character.status is not Status.FAINTED:
        return False
    if character.faint_turns > 0:
        character.faint_turns -= 1
        ctx.emit(FaintTurnPassed(rule=rule, character=character.id, turns_left=character.faint_turns))
        return False
    faces = ctx.roll(1, who=character.id, why="wake-up roll", rule="§16 #12")
    if not risk_triggered(faces):
        return False
    _wake(ctx, character, how="wake-up roll", rule=rule)
    return True


def stabilise(ctx: Context, character: Character, *, means: Means, rule: str = "§4.4") -> bool:
    """Stabilise a mortally wounded character or wake a fainted one with a kit, supply or spell.

    Using up the item or casting the spell is the caller's job.

    Returns:
        True if the character was down and is now active.
    """
    if character.status not in (Status.FAINTED, Status.MORTALLY_WOUNDED):
        return False
    was_mortal = character.status is Status.MORTALLY_WOUNDED
    character.near_death_turns = None
    if was_mortal:
        ctx.emit(Stabilised(rule=rule, character=character.id, means=means))
    _wake(ctx, character, how=str(means), rule=rule)
    return True


def come_round_in_town(ctx: Context, character: Character) -> bool:
    """In a settlement the fainted wake and the mortally wounded are stabilised (§16 #31, #33).

    The interlude has days, not the combat or exploration turns that count a faint down (§4.3),
    so a fainted adventurer comes round on arrival and by each morning after; one still mortally
    wounded is tended by the settlement's healers, stabilised and awake, keeping their wounds
    and any trauma the table gave.

    Returns:
        True if the character was down and is now active.
    """
    if character.status is Status.FAINTED:
        _wake(ctx, character, how="back in town", rule="§16 #31")
        return True
    if character.status is Status.MORTALLY_WOUNDED:
        character.near_death_turns = None
        ctx.emit(Stabilised(rule="§16 #33", character=character.id, means="healer"))
        _wake(ctx, character, how="healer", rule="§16 #33")
        return True
    return False


def _wake(ctx: Context, character: Character, *, how: str, rule: str) -> None:
    character.status = Status.ACTIVE
    character.faint_turns = 0
    ctx.emit(Woke(rule=rule, character=character.id, how=how))


# --- events ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class Fainted(Event):
    """A character fainted (or, already down, had more points thrown away).

    Attributes:
        character: Who.
        discarded: Points that could not be placed.
        turns: Turns they must now stay down before wake-up rolls.
        stun_discarded: Stun tokens lost.
    """

    character: str
    discarded: int
    turns: int
    stun_discarded: int


@dataclass(frozen=True, slots=True, kw_only=True)
class FaintTurnPassed(Event):
    """One of a fainted character's minimum turns down went by."""

    character: str
    turns_left: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Woke(Event):
    """A fainted or mortally wounded character is up and active again.

    Attributes:
        character: Who.
        how: "wake-up roll", a `Means` value, or "scratch".
    """

    character: str
    how: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Stabilised(Event):
    """A mortally wounded character was stabilised."""

    character: str
    means: str
