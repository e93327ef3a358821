"""Provides wear and tear: usage dice (§2), light sources (§7.8), using, breaking and losing items.

Packs: a pack ("torches, pack of 2") is one item with a quantity. Each unit has its own usage
die: when one unit's die is gone the quantity drops by one and the die starts full again.

Lights (house reading of §7.8): a lit light whose usage die runs out keeps burning through
the next turn, marked by `lit` with a spent die (`usage == 0`); `burn_out_lights`, called once
per exploration turn before that turn's decay, then puts it out and uses the unit up. So a
light spent at a decay burns during the following turn, and a new one must be lit by its end.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from expedition.rules.character.adventurer import Character
from expedition.rules.core.context import Context
from expedition.rules.core.dice import UsageDie
from expedition.rules.core.errors import IllegalAction, InvalidAction
from expedition.rules.core.events import Event
from expedition.rules.core.item_defs import Item
from expedition.rules.items.handling import carries, drop, take_away, verify_carried
from expedition.rules.items.slots import HANDS, NOTES, TORSO, inside, is_worn_container, items_in


def burning_last_turn(item: Item) -> bool:
    """True for a lit light whose usage die ran out: it goes out at the next `burn_out_lights`."""
    return item.lit and item.usage == 0 and item.defn.usage > 0


def roll_usage(ctx: Context, character: Character, item: Item, *, rule: str = "§2") -> bool:
    """Roll an item's usage die; a 1 or 2 steps it down, and a 1 or 2 on a d4 spends it (§2).

    A spent unit is used up (`ItemUsedUp`): the pack loses one and the die starts full again,
    or the item is gone. A lit light is not used up at once: it burns its last turn (§7.8), and
    rolling it again during that turn rolls nothing; a lit light with no usage die never runs out.

    Returns:
        True when the die ran out (a unit used up, or a light on its last turn).

    Raises:
        IllegalAction: If the character does not carry it.
        InvalidAction: If it has no usage die.
    """
    verify_carried(character, item)
    if burning_last_turn(item):
        return True
    if item.defn.usage == 0 and item.lit:
        return False  # a light without a usage die never burns out
    if item.usage == 0:
        raise InvalidAction(f"The {item.name} has no usage die.")
    before = item.usage
    (face,) = ctx.roll(1, before, who=character.id, why=f"usage die of the {item.name}", rule=rule)
    item.usage = UsageDie(before).after(face).sides
    ctx.emit(
        UsageRolled(
            rule=rule,
            character=character.id,
            item=item.uid,
            name=item.name,
            face=face,
            before=before,
            after=item.usage,
        )
    )
    if item.usage:
        return False
    if item.lit:
        ctx.emit(LightBurnedLow(rule=rule, character=character.id, item=item.uid, name=item.name))
        return True
    _use_up(ctx, character, item, rule)
    return True


def spend(ctx: Context, character: Character, item: Item, *, rule: str) -> None:
    """Spend one use of an item: roll its usage die if it has one, else use up one unit (§2)."""
    if item.defn.usage:
        roll_usage(ctx, character, item, rule=rule)
    else:
        use_one(ctx, character, item, rule=rule)


def use_one(ctx: Context, character: Character, item: Item, *, rule: str) -> None:
    """Use one unit of an item without a usage die (a ration, a bandage): the pack loses one.

    Raises:
        IllegalAction: If the character does not carry it.
        InvalidAction: If it has a usage die (roll it with `roll_usage` instead).
    """
    verify_carried(character, item)
    if item.defn.usage:
        raise InvalidAction(f"The {item.name} has a usage die; roll it instead.")
    _use_up(ctx, character, item, rule)


def _use_up(ctx: Context, character: Character, item: Item, rule: str) -> None:
    remaining = _lose_one(ctx, character, item, rule)
    ctx.emit(
        ItemUsedUp(rule=rule, character=character.id, item=item.uid, name=item.name, remaining=remaining)
    )


def _lose_one(ctx: Context, character: Character, item: Item, rule: str) -> int:
    """Take one unit away: a pack keeps the rest (fresh die, not lit), the last unit leaves."""
    if item.quantity > 1:
        item.quantity -= 1
        item.usage = item.defn.usage
        item.lit = False
        return item.quantity
    _remove(ctx, character, item, rule)
    return 0


def _remove(ctx: Context, character: Character, item: Item, rule: str) -> None:
    if is_worn_container(item):
        # What was inside a ruined container falls out; the container itself is reported by the caller.
        for thing in items_in(character, inside(item)):
            drop(ctx, character, thing, rule=rule)
    item.quantity = 0
    item.lit = False
    take_away(character, item)


def light(ctx: Context, character: Character, item: Item, *, rule: str = "§7.8") -> None:
    """Light a light source the character carries.

    Raises:
        IllegalAction: If it is not carried, not a light, already lit, or spent.
    """
    verify_carried(character, item)
    if item.defn.light is None:
        raise IllegalAction(f"The {item.name} does not give light.")
    if item.lit:
        raise IllegalAction(f"The {item.name} is already lit.")
    if item.defn.usage and not item.usage:
        raise IllegalAction(f"The {item.name} is spent.")
    item.lit = True
    ctx.emit(LightLit(rule=rule, character=character.id, item=item.uid, name=item.name))


def extinguish(ctx: Context, character: Character, item: Item, *, rule: str = "§7.8") -> None:
    """Put out a light; one burning its last turn is used up. Does nothing if it is not lit.

    Raises:
        IllegalAction: If the character does not carry it.
    """
    verify_carried(character, item)
    if not item.lit:
        return
    last = burning_last_turn(item)
    item.lit = False
    ctx.emit(LightWentOut(rule=rule, character=character.id, item=item.uid, name=item.name))
    if last:
        _use_up(ctx, character, item, rule)


def burn_out_lights(ctx: Context, character: Character, *, rule: str = "§7.8") -> list[Item]:
    """Put out every light that was burning its last turn and use that unit up (§7.8).

    Call once per exploration turn, before that turn's decay roll.

    Returns:
        The lights that went out.
    """
    spent = [item for item in character.items if burning_last_turn(item)]
    for item in spent:
        extinguish(ctx, character, item, rule=rule)
    return spent


def break_item(ctx: Context, character: Character, item: Item, *, rule: str) -> None:
    """An item breaks or is lost: one unit of a pack, or the whole item (§9.1 decay 12).

    A broken worn container spills what it held on the floor (`ItemDropped`). A lit light that
    breaks goes out.

    Raises:
        IllegalAction: If the character does not carry it.
    """
    verify_carried(character, item)
    if item.lit:
        item.lit = False
        ctx.emit(LightWentOut(rule=rule, character=character.id, item=item.uid, name=item.name))
    remaining = _lose_one(ctx, character, item, rule)
    ctx.emit(
        ItemBroken(rule=rule, character=character.id, item=item.uid, name=item.name, remaining=remaining)
    )


def break_random_item(ctx: Context, character: Character, *, rule: str = "§9.1") -> Item | None:
    """Break a random carried item, hands and torso first, chosen by the dice (§16 #29).

    Tiny things in the notes and worn containers are never picked. With one candidate nothing
    is rolled; otherwise one die with as many faces as candidates picks it.

    Returns:
        The broken item, or None when there was nothing to break.
    """
    first = [item for item in character.items if item.place in (*HANDS, TORSO)]
    rest = [
        item
        for item in character.items
        if item.place not in (*HANDS, TORSO, NOTES) and not is_worn_container(item)
    ]
    pool = first or rest
    if not pool:
        return None
    chosen = pool[0]
    if len(pool) > 1:
        (face,) = ctx.roll(1, len(pool), who=character.id, why="which item breaks", rule=rule)
        chosen = pool[face - 1]
    break_item(ctx, character, chosen, rule=rule)
    return chosen


def discard_matching(
    ctx: Context,
    party: Sequence[Character],
    predicate: Callable[[Item], bool],
    count: int,
    *,
    rule: str = "§9.3",
) -> int:
    """Throw away up to `count` units of matching items across the party (§9.3 omens).

    Units are taken in party order, then in carrying order; a pack gives up its units one by
    one (water gives up units, not slots).

    Returns:
        How many units were thrown away (less than `count` when the party ran short).
    """
    removed = 0
    for character in party:
        for item in [item for item in character.items if predicate(item)]:
            if removed >= count:
                return removed
            if not carries(character, item):
                continue  # it spilled out of a container thrown away just before
            units = min(item.quantity, count - removed)
            removed += units
            if units == item.quantity:
                _remove(ctx, character, item, rule)
            else:
                item.quantity -= units
            ctx.emit(
                ItemsDiscarded(
                    rule=rule,
                    character=character.id,
                    item=item.uid,
                    name=item.name,
                    units=units,
                    remaining=item.quantity,
                )
            )
    return removed


@dataclass(frozen=True, slots=True, kw_only=True)
class UsageRolled(Event):
    """An item's usage die was rolled (§2).

    Attributes:
        character: Who carries it.
        item: The item's uid.
        name: The item's name.
        face: The face rolled.
        before: Die sides before the roll.
        after: Die sides after it; 0 when spent.
    """

    character: str
    item: int
    name: str
    face: int
    before: int
    after: int


@dataclass(frozen=True, slots=True, kw_only=True)
class ItemUsedUp(Event):
    """One unit of an item was used up; `remaining` units are left (0: the item is gone)."""

    character: str
    item: int
    name: str
    remaining: int


@dataclass(frozen=True, slots=True, kw_only=True)
class ItemBroken(Event):
    """One unit of an item broke or was lost; `remaining` units are left (0: the item is gone)."""

    character: str
    item: int
    name: str
    remaining: int


@dataclass(frozen=True, slots=True, kw_only=True)
class ItemsDiscarded(Event):
    """Units of an item were thrown away; `remaining` units are left (0: the item is gone)."""

    character: str
    item: int
    name: str
    units: int
    remaining: int


@dataclass(frozen=True, slots=True, kw_only=True)
class LightLit(Event):
    """A light source was lit."""

    character: str
    item: int
    name: str


@dataclass(frozen=True, slots=True, kw_only=True)
class LightBurnedLow(Event):
    """A lit light's usage die ran out: it goes out next turn (§7.8)."""

    character: str
    item: int
    name: str


@dataclass(frozen=True, slots=True, kw_only=True)
class LightWentOut(Event):
    """A light stopped burning (put out, burned out or broken)."""

    character: str
    item: int
    name: str
