"""Provides harm to adventurers: taking fatigue (§4.1), placing wounds (§4.2) and the events they report."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from expedition.rules.character.adventurer import Attribute, Status
from expedition.rules.character.armour import (
    WoundsResisted,
    armour_defence,
)
from expedition.rules.character.fainting import faint
from expedition.rules.character.mortal_wounds import die, mortal_wound
from expedition.rules.core.attributes import Attr
from expedition.rules.core.conditions import Affliction
from expedition.rules.core.decisions import Choice, Decision, Resolution
from expedition.rules.core.events import Event
from expedition.rules.core.judging import Outcome
from expedition.rules.core.rolls import TIRED, attribute_test
from expedition.rules.core.skills import Trait
from expedition.rules.core.wording import plural

if TYPE_CHECKING:
    from expedition.rules.character.adventurer import Character
    from expedition.rules.core.context import Context
    from expedition.rules.core.item_defs import Item

__all__ = [
    "FatigueBecameWound",
    "FatigueTaken",
    "WoundTaken",
    "choose_attribute",
    "place_wounds",
    "receive_wounds",
    "take_fatigue",
]


def take_fatigue(
    ctx: Context, character: Character, attr: Attr, amount: int = 1, *, rule: str = "§4.1"
) -> None:
    """Put `amount` fatigue points on `attr`, one at a time (§4.1).

    A point that would push available dice below 0 turns one fatigue already there into a
    wound (a wound no armour can reduce). A point that finds the attribute full of wounds is
    thrown away, and the character faints for at least that many turns (§4.3). A Plagued
    character takes each point as a wound on the same attribute instead (§4.6). Fatigue is
    not damage: it never mortally wounds or kills. A dead character takes nothing.

    Args:
        ctx: Dice and event log.
        character: Who takes the fatigue.
        attr: The attribute the rule (or the player's choice) names.
        amount: Points of fatigue.
        rule: The section that deals the fatigue.
    """
    if amount <= 0 or character.status is Status.DEAD:
        return
    attribute = character[attr]
    plagued = character.has(Affliction.PLAGUED)
    fatigue = wounds = converted = discarded = 0
    for _ in range(amount):
        if attribute.available > 0:
            if plagued:
                attribute.wounds += 1
                wounds += 1
            else:
                attribute.fatigue += 1
                fatigue += 1
        elif attribute.fatigue > 0:
            _convert(attribute)
            converted += 1
        else:
            discarded += 1
    if fatigue:
        ctx.emit(FatigueTaken(rule=rule, character=character.id, attr=attr, points=fatigue))
    if wounds:
        ctx.emit(WoundTaken(rule="§4.6", character=character.id, attr=attr, points=wounds))
    if converted:
        ctx.emit(FatigueBecameWound(rule="§4.1", character=character.id, attr=attr, points=converted))
    if discarded:
        faint(ctx, character, discarded, rule="§4.3")


@TIRED.register
def _tired_by_a_test(ctx: Context, character: Character, attr: Attr, rule: str) -> None:
    """A test's fatigue point goes on the tested attribute like any other point (§3.2, §4.1)."""
    take_fatigue(ctx, character, attr, 1, rule=rule)


def _convert(attribute: Attribute) -> None:
    attribute.fatigue -= 1
    attribute.wounds += 1


def choose_attribute(character: Character, *, prompt: str, kind: str, rule: str) -> Resolution[Attr]:
    """Ask the character's player which attribute takes unnamed fatigue or wounds (§16 #23).

    The default is the attribute with the most available dice.
    """
    best = max(Attr, key=lambda attr: character[attr].available)
    key = yield Decision(
        kind=kind,
        owner=character.id,
        prompt=prompt,
        choices=tuple(Choice(str(attr), _describe(character, attr)) for attr in Attr),
        default=str(best),
        rule=rule,
    )
    return Attr(key)


def place_wounds(
    ctx: Context,
    character: Character,
    amount: int,
    *,
    named: Attr | None = None,
    lethal: bool = True,
    rule: str = "§4.2",
) -> Resolution[int]:
    """Place `amount` wounds on a character, one point at a time (§4.2).

    Each point goes on the named attribute, or on one the player picks. It adds a wound mark,
    or turns a fatigue already there into a wound; the player chooses where both are
    possible, and an attribute with no empty box can only take the second. An attribute never
    holds more wounds than its score. When no attribute can hold a lethal point the character
    is mortally wounded (§4.4) and the rest is lost; when only the named attribute is full, or
    the wounds are non-lethal (N), the rest is lost and the character faints (§4.3). A
    mortally wounded character who takes lethal damage dies; non-lethal damage is ignored.

    Returns:
        Wound points placed.
    """
    if amount <= 0 or character.status is Status.DEAD:
        return 0
    if character.status is Status.MORTALLY_WOUNDED:
        if lethal:
            die(ctx, character, cause="damage while mortally wounded", rule="§4.2")
        return 0
    placed = 0
    for point in range(amount):
        remaining = amount - point
        holders = [attr for attr in Attr if _can_hold(character[attr])]
        if not holders:
            if lethal:
                yield from mortal_wound(ctx, character, discarded=remaining)
            else:
                faint(ctx, character, remaining, rule="§4.2")
            break
        if named is not None and named not in holders:
            faint(ctx, character, remaining, rule="§4.2")
            break
        spot = yield from _choose_spot(character, [named] if named is not None else holders, remaining, rule)
        _place_one(ctx, character, spot, rule)
        placed += 1
    return placed


def receive_wounds(
    ctx: Context,
    character: Character,
    raw: int,
    *,
    armour: Sequence[Item] = (),
    pierce: bool = False,
    unreducible: bool = False,
    nonlethal: bool = False,
    named: Attr | None = None,
    resistance: int = 0,
    attack: bool = True,
    rule: str = "§4.2",
) -> Resolution[int]:
    """Take a hit: armour roll, other reductions, then place what is left (§4.2).

    The player picks which worn piece (and part) rolls and how many of its dice, or none
    (P skips this). Then, unless the damage is R, flat `resistance` comes off and a Hardened
    character who is up may make a STR test against an attack: success resists 1 wound, great
    success 2 (§6.2). Whatever is left is placed with `place_wounds`.

    Args:
        ctx: Dice and event log.
        character: Who is hit.
        raw: Raw damage (BASE, plus CRIT on a critical).
        armour: Armour the character wears and may roll.
        pierce: P: no armour roll.
        unreducible: R: only armour reduces it.
        nonlethal: N: overflow faints instead of mortally wounding or killing.
        named: The attribute the source names, if any.
        resistance: Flat reduction the character has from some effect.
        attack: The damage comes from an attack (Hardened applies only then).
        rule: The section dealing the damage.

    Returns:
        Wound points placed.
    """
    if raw <= 0 or character.status is Status.DEAD:
        return 0
    damage = raw
    if not pierce:
        damage -= yield from armour_defence(ctx, character, armour, damage, rule=rule)
    if not unreducible and damage > 0:
        if resistance > 0:
            ctx.emit(
                WoundsResisted(
                    rule=rule, who=character.id, source="resistance", points=min(resistance, damage)
                )
            )
            damage -= resistance
        if damage > 0 and attack and character.can_act and character.has(Trait.HARDENED):
            damage -= yield from _hardened(ctx, character, damage)
    if damage <= 0:
        return 0
    return (yield from place_wounds(ctx, character, damage, named=named, lethal=not nonlethal, rule=rule))


def _hardened(ctx: Context, character: Character, damage: int) -> Resolution[int]:
    key = yield Decision(
        kind="hardened",
        owner=character.id,
        prompt=f"{character.name} is Hardened: make a STR test to resist {plural(damage, 'wound')}?",
        choices=(Choice("test", "Make the STR test"), Choice("pass", "Do not test")),
        default="test",
        rule="§6.2",
    )
    if key != "test":
        return 0
    result = yield from attribute_test(ctx, character, Attr.STR, combat=True, rule="§6.2")
    resisted = 2 if result.outcome is Outcome.GREAT_SUCCESS else int(result.outcome.succeeded)
    resisted = min(resisted, damage)
    if resisted:
        ctx.emit(WoundsResisted(rule="§6.2", who=character.id, source="Hardened", points=resisted))
    return resisted


def _can_hold(attribute: Attribute) -> bool:
    return attribute.available > 0 or (attribute.fatigue > 0 and attribute.wounds < attribute.score)


def _choose_spot(
    character: Character, holders: list[Attr], remaining: int, rule: str
) -> Resolution[tuple[Attr, bool]]:
    """Pick (attribute, turn a fatigue into the wound?) for one wound point."""
    choices: list[Choice] = []
    for attr in holders:
        attribute = character[attr]
        if attribute.available > 0:
            choices.append(Choice(str(attr), f"{_describe(character, attr)}: new wound"))
            if attribute.fatigue > 0:
                choices.append(Choice(f"{attr}:fatigue", f"{attr}: turn a fatigue into a wound"))
        else:
            choices.append(Choice(f"{attr}:fatigue", f"{attr}: turn a fatigue into a wound"))
    if len(choices) == 1:
        key = choices[0].key
    else:
        key = yield Decision(
            kind="place_wound",
            owner=character.id,
            prompt=f"{character.name} takes a wound ({remaining} left to place). Where does it go?",
            choices=tuple(choices),
            default=_default_spot(character, choices),
            rule=rule,
        )
    name, _, how = key.partition(":")
    return Attr(name), how == "fatigue"


def _default_spot(character: Character, choices: list[Choice]) -> str:
    new = [c.key for c in choices if ":" not in c.key]
    if new:
        return max(new, key=lambda key: character[Attr(key)].available)
    return max((c.key for c in choices), key=lambda key: character[Attr(key.split(":")[0])].fatigue)


def _place_one(ctx: Context, character: Character, spot: tuple[Attr, bool], rule: str) -> None:
    attr, convert = spot
    attribute = character[attr]
    if convert:
        _convert(attribute)
        ctx.emit(FatigueBecameWound(rule=rule, character=character.id, attr=attr, points=1))
    else:
        attribute.wounds += 1
        ctx.emit(WoundTaken(rule=rule, character=character.id, attr=attr, points=1))


def _describe(character: Character, attr: Attr) -> str:
    a = character[attr]
    dice, wounds = plural(a.score, "die"), plural(a.wounds, "wound")
    return f"{attr} ({a.free} of {dice} free, {a.fatigue} fatigue, {wounds})"


# --- events ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class FatigueTaken(Event):
    """Fatigue marks were added to an attribute.

    Attributes:
        character: Who.
        attr: Which attribute.
        points: How many marks.
    """

    character: str
    attr: Attr
    points: int


@dataclass(frozen=True, slots=True, kw_only=True)
class FatigueBecameWound(Event):
    """Fatigue already on an attribute turned into wounds (overflow, or a wound placed on it)."""

    character: str
    attr: Attr
    points: int


@dataclass(frozen=True, slots=True, kw_only=True)
class WoundTaken(Event):
    """New wound marks were added to an attribute."""

    character: str
    attr: Attr
    points: int
