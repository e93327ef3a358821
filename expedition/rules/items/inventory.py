"""Provides the inventory rules in one place (§7.1, §7.3, §7.8, §2 usage dice, §16 #29) and encumbrance.

The work is split by concept: `places` (where items go, slots, capacity — and the house
ruling on how capacity and containers relate, in its docstring), `handling` (put, drop, give,
wield) and `usage` (usage dice, lights, breaking, discarding). Import from here.

House ruling in short: the torso (4 slots, armour only), each hand (2 slots, one wielded item),
worn containers (their capacity) and the notes (tiny things) are the places items can go, and
no place ever overflows; 7 + 3 × STR score is how many slots a character carries before being
encumbered. Worn containers take no slot. Whichever limit is lower applies.
"""

from __future__ import annotations

from expedition.rules.character.adventurer import Character
from expedition.rules.core.attributes import Attr
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import Resolution
from expedition.rules.core.events import Note
from expedition.rules.core.item_defs import Item
from expedition.rules.core.rolls import attribute_test
from expedition.rules.items.handling import (
    drop,
)
from expedition.rules.items.slots import (
    HANDS,
    NOTES,
    TORSO,
    capacity,
    encumbered,
    is_worn_container,
    slots_used,
)

__all__ = [
    "encumbrance_tick",
    "equipped_items",
]


def equipped_items(character: Character) -> list[Item]:
    """Items in the hands and on the torso: what the character has equipped (§9.3, §16 #29)."""
    return [item for item in character.items if item.place in (*HANDS, TORSO)]


def encumbrance_tick(ctx: Context, character: Character) -> Resolution[Item | None]:
    """Once per turn while encumbered: a STR test, and on a failure a random item drops (§7.1).

    The log says why the test comes (a player saw "Nim rolls STR test" at the start of a turn with
    no reason given).

    The dropped item is picked among everything carried except tiny things in the notes and
    worn containers, by one die with as many faces as candidates (none rolled for one).
    A Bad omens `omens` point from the test is not applied here; the test reports it.

    Returns:
        A resolution (the test's reroll decisions) returning the dropped item, or None.
    """
    if not encumbered(character):
        return None
    carried = f"{slots_used(character)} of {capacity(character)} slots"
    ctx.emit(
        Note(rule="§7.1", text=f"{character.name} is encumbered ({carried}): a STR test, or something drops.")
    )
    result = yield from attribute_test(ctx, character, Attr.STR, rule="§7.1")
    if result.succeeded:
        return None
    pool = [item for item in character.items if item.place != NOTES and not is_worn_container(item)]
    if not pool:
        return None
    chosen = pool[0]
    if len(pool) > 1:
        (face,) = ctx.roll(1, len(pool), who=character.id, why="which item drops", rule="§7.1")
        chosen = pool[face - 1]
    drop(ctx, character, chosen, rule="§7.1")
    return chosen
