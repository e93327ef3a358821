"""Provides recovering fatigue (§4.1) and healing wounds (§4.4), with the afflictions that block them.

The sources (catch breath, camp rest and sleep, Recover action, items, prayers, the interlude)
call these verbs; Parched blocks all fatigue recovery, Hungry all healing, and Cursed healing
by resting (§4.6).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from expedition.rules.character.adventurer import Character
from expedition.rules.core.attributes import Attr
from expedition.rules.core.conditions import Affliction
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import Choice, Decision, Resolution
from expedition.rules.core.errors import IllegalAction, InvalidAction
from expedition.rules.core.events import Event, Note


def recover_fatigue(ctx: Context, character: Character, attr: Attr, amount: int = 1, *, rule: str) -> int:
    """Remove up to `amount` fatigue from one attribute; nothing while Parched (§4.1, §4.6).

    Returns:
        The points recovered.

    Raises:
        InvalidAction: For a negative amount.
    """
    if amount < 0:
        raise InvalidAction(f"cannot recover {amount} fatigue")
    attribute = character[attr]
    recovered = min(amount, attribute.fatigue)
    if recovered == 0:
        return 0
    if Affliction.PARCHED in character.afflictions:
        ctx.emit(Note(rule="§4.6", text=f"{character.name} is parched and recovers no fatigue."))
        return 0
    attribute.fatigue -= recovered
    ctx.emit(FatigueRecovered(rule=rule, character=character.id, attr=attr, amount=recovered))
    return recovered


def verify_catch_breath(character: Character) -> None:
    """Raise unless the character may catch their breath.

    Raises:
        IllegalAction: When Shaken (§4.6) or unable to act.
    """
    if not character.can_act:
        raise IllegalAction(f"{character.name} cannot act.")
    if Affliction.SHAKEN in character.afflictions:
        raise IllegalAction(f"{character.name} is shaken and cannot catch their breath.")


def can_catch_breath(character: Character) -> bool:
    """True if `verify_catch_breath` would allow it."""
    try:
        verify_catch_breath(character)
    except IllegalAction:
        return False
    return True


def catch_breath(ctx: Context, character: Character, *, rule: str = "§10.1") -> int:
    """Catch your breath (§10.1, §10.2.2): recover 1 fatigue on every attribute.

    Allowed while Parched, but then nothing is recovered.

    Returns:
        The total fatigue recovered.

    Raises:
        IllegalAction: When Shaken or unable to act.
    """
    verify_catch_breath(character)
    return sum(recover_fatigue(ctx, character, attr, 1, rule=rule) for attr in Attr)


def rest_all_fatigue(ctx: Context, character: Character, *, rule: str = "§10.3") -> int:
    """Recover all fatigue on every attribute (camp rest or sleep, good sleep tables); not while Parched.

    Returns:
        The total fatigue recovered.
    """
    return sum(recover_fatigue(ctx, character, attr, character[attr].fatigue, rule=rule) for attr in Attr)


def recover_chosen_fatigue(
    ctx: Context, character: Character, amount: int = 1, *, rule: str
) -> Resolution[int]:
    """Recover fatigue on one attribute the character's owner picks (Recover action, sleep tables).

    Asks a "recover_fatigue" decision (keys "STR" … "PRE") only when more than one attribute
    carries fatigue; the default is the one with the most.

    Returns:
        The points recovered.
    """
    options = [attr for attr in Attr if character[attr].fatigue > 0]
    if not options:
        return 0
    attr = yield from _choose(
        character,
        options,
        {a: character[a].fatigue for a in options},
        "recover_fatigue",
        "Recover fatigue on which attribute?",
        rule,
    )
    return recover_fatigue(ctx, character, attr, amount, rule=rule)


def can_heal(character: Character, *, resting: bool = False) -> bool:
    """Whether wounds can heal now: never while Hungry, not by resting while Cursed (§4.4, §4.6)."""
    if Affliction.HUNGRY in character.afflictions:
        return False
    return not (resting and Affliction.CURSED in character.afflictions)


def heal_wound(ctx: Context, character: Character, attr: Attr, *, resting: bool = False, rule: str) -> bool:
    """Heal one wound on `attr` (§4.4).

    Args:
        ctx: Dice and event log.
        character: Who heals.
        attr: Which attribute's wound.
        resting: True when the healing comes from rest (camp Sleep, sleep tables, interlude Rest),
            which the Cursed cannot use.
        rule: The section applied.

    Returns:
        True if a wound was healed (False without a wound there, or when blocked).
    """
    attribute = character[attr]
    if attribute.wounds == 0:
        return False
    if not can_heal(character, resting=resting):
        blocker = "hungry" if Affliction.HUNGRY in character.afflictions else "cursed"
        ctx.emit(Note(rule="§4.6", text=f"{character.name} is {blocker}: the wound does not heal."))
        return False
    attribute.wounds -= 1
    ctx.emit(WoundHealed(rule=rule, character=character.id, attr=attr))
    return True


def heal_chosen_wound(
    ctx: Context,
    character: Character,
    *,
    allowed: Iterable[Attr] = tuple(Attr),
    resting: bool = False,
    rule: str,
) -> Resolution[Attr | None]:
    """Heal one wound on an attribute the owner picks among `allowed` (first aid kit: STR or DEX).

    Asks a "heal_wound" decision only when more than one allowed attribute is wounded.

    Returns:
        The attribute healed, or None when nothing could be healed.
    """
    options = [attr for attr in allowed if character[attr].wounds > 0]
    if not options:
        return None
    if not can_heal(character, resting=resting):
        heal_wound(ctx, character, options[0], resting=resting, rule=rule)  # reports why
        return None
    attr = yield from _choose(
        character,
        options,
        {a: character[a].wounds for a in options},
        "heal_wound",
        "Heal a wound on which attribute?",
        rule,
    )
    return attr if heal_wound(ctx, character, attr, resting=resting, rule=rule) else None


def _choose(
    character: Character, options: list[Attr], marks: dict[Attr, int], kind: str, prompt: str, rule: str
) -> Resolution[Attr]:
    if len(options) == 1:
        return options[0]
    # Default: the attribute with the most marks to remove (the first in sheet order on a tie).
    default = max(options, key=lambda attr: marks[attr])
    key = yield Decision(
        kind=kind,
        owner=character.id,
        prompt=f"{character.name}: {prompt}",
        choices=tuple(Choice(attr.value, attr.value) for attr in options),
        default=default.value,
        rule=rule,
    )
    return Attr(key)


@dataclass(frozen=True, slots=True, kw_only=True)
class FatigueRecovered(Event):
    """Fatigue was removed from an attribute."""

    character: str
    attr: Attr
    amount: int


@dataclass(frozen=True, slots=True, kw_only=True)
class WoundHealed(Event):
    """One wound was healed on an attribute."""

    character: str
    attr: Attr
