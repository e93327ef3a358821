"""Provides the decay tracker (§9.1): six exploration turns, then the decay table and the lights burn down."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from expedition.rules.character import harm
from expedition.rules.character.adventurer import Character, Status
from expedition.rules.core.conditions import Affliction, gain_affliction
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import Resolution
from expedition.rules.core.events import Event
from expedition.rules.core.tracker import Tracker, Visibility, advance, reset
from expedition.rules.items import slots, usage
from expedition.rules.trackers.doom import DoomTracker, advance_doom
from expedition.rules.trackers.omens import OMEN_OF_DECAY

DECAY_SIZE = 6
"""Segments on the decay tracker: it fills every sixth exploration turn (§9.1)."""


@dataclass(frozen=True, slots=True)
class DecayRow:
    """One row of the decay table (§9.1).

    Attributes:
        roll: The 2d6 total.
        key: Stable identifier.
        description: What happens, in our words.
        affliction: The affliction it gives, when it gives one (the rows a result can be bumped past).
    """

    roll: int
    key: str
    description: str
    affliction: Affliction | None = None


DECAY_TABLE: tuple[DecayRow, ...] = (
    DecayRow(2, "press_on", "Nothing happens; the adventurer presses on."),
    DecayRow(3, "fatigue", "1 fatigue, on an attribute the player picks."),
    DecayRow(4, "terrified", "The adventurer becomes Terrified.", Affliction.TERRIFIED),
    DecayRow(5, "sleepy", "The adventurer becomes Sleepy.", Affliction.SLEEPY),
    DecayRow(6, "parched", "The adventurer becomes Parched.", Affliction.PARCHED),
    DecayRow(7, "doom", "The location's doom tracker advances."),
    DecayRow(8, "hungry", "The adventurer becomes Hungry.", Affliction.HUNGRY),
    DecayRow(9, "hopeless", "The adventurer becomes Hopeless.", Affliction.HOPELESS),
    DecayRow(10, "angry", "The adventurer becomes Angry.", Affliction.ANGRY),
    DecayRow(11, "wound", "1 wound, placed where the player picks."),
    DecayRow(12, "lose_item", "One carried item breaks or is lost, picked by the dice."),
)
"""The decay table, indexed by 2d6 total − 2."""


def decay_row(result: int) -> DecayRow:
    """The decay-table row for a 2d6 total (2–12)."""
    return DECAY_TABLE[result - 2]


def new_decay() -> Tracker:
    """A fresh, visible decay tracker of six segments (§9.1)."""
    return Tracker(name="decay", size=DECAY_SIZE, visibility=Visibility.PUBLIC)


def bumped_result(character: Character, roll: int) -> int:
    """Apply the already-have bump (§9.1): past each affliction the character has, add 1; never above 12."""
    result = roll
    while result < 12:
        affliction = decay_row(result).affliction
        if affliction is None or affliction not in character.afflictions:
            break
        result += 1
    return result


@dataclass(frozen=True, slots=True)
class DecayRoll:
    """One adventurer's roll on the decay table.

    Attributes:
        character: The character's id.
        roll: The 2d6 total.
        result: The row applied after the already-have bump.
    """

    character: str
    roll: int
    result: int


def roll_decay_table(
    ctx: Context,
    character: Character,
    doom: DoomTracker,
    omens: Tracker,
    *,
    party: Sequence[Character],
    rule: str = "§9.1",
) -> Resolution[int]:
    """Roll 2d6 on the decay table for one adventurer and apply the row (§9.1).

    Args:
        ctx: Dice and events.
        character: Who rolls.
        doom: The location's doom, advanced on a 7.
        omens: The campaign's omens, advanced when that reaches a doom effect.
        party: The whole party (Doomed on anyone, and who pays an omen).
        rule: The RULES.md section that calls for the roll (hunger in the interlude uses §10.4.5).

    Returns:
        The row applied, after the already-have bump.
    """
    return (yield from _roll(ctx, character, doom, omens, party, rule)).result


@OMEN_OF_DECAY.register
def _omen_of_decay(
    ctx: Context, character: Character, doom: DoomTracker, omens: Tracker, party: Sequence[Character]
) -> Resolution[int]:
    """The omen of decay rolls this table for an adventurer, as the sixth turn does (§9.3)."""
    return (yield from roll_decay_table(ctx, character, doom, omens, party=party))


def _roll(
    ctx: Context,
    character: Character,
    doom: DoomTracker,
    omens: Tracker,
    party: Sequence[Character],
    rule: str,
) -> Resolution[DecayRoll]:
    roll = sum(ctx.roll(2, 6, who=character.id, why="decay table", rule=rule))
    result = bumped_result(character, roll)
    row = decay_row(result)
    ctx.emit(DecayTableRolled(rule="§9.1", character=character.id, roll=roll, result=result, effect=row.key))
    if row.affliction is not None:
        gain_affliction(ctx, character, row.affliction, rule="§9.1")
    elif row.key == "fatigue":
        attr = yield from harm.choose_attribute(
            character, prompt="Decay: which attribute takes 1 fatigue?", kind="decay_fatigue", rule="§16 #23"
        )
        harm.take_fatigue(ctx, character, attr, 1, rule="§9.1")
    elif row.key == "doom":
        yield from advance_doom(ctx, doom, omens, party, 1, rule="§9.1")
    elif row.key == "wound":
        yield from harm.place_wounds(ctx, character, 1, rule="§9.1")
    elif row.key == "lose_item":
        usage.break_random_item(ctx, character, rule="§16 #29")
    return DecayRoll(character.id, roll, result)


def decay_turn(
    ctx: Context,
    decay: Tracker,
    party: Sequence[Character],
    doom: DoomTracker,
    omens: Tracker,
    *,
    times: int = 1,
    rule: str = "§9.1",
) -> Resolution[tuple[DecayRoll, ...]]:
    """Advance decay for one exploration turn in the dungeon; when it fills, resolve it (§9.1).

    The caller decides whether the turn counts: never in safe places, outside or in combat.
    On the sixth turn every living adventurer rolls on the decay table (`times` rolls each:
    the sample dungeon's last doom step makes it 2), then every lit light rolls its usage
    die (§7.8), then the tracker empties.

    Returns:
        Each decay-table roll in order; empty when the tracker did not fill.
    """
    if not advance(ctx, decay, 1, rule=rule):
        return ()
    rolls: list[DecayRoll] = []
    for character in party:
        if character.status is Status.DEAD:
            continue
        for _ in range(times):
            rolls.append((yield from _roll(ctx, character, doom, omens, party, "§9.1")))
    for character in party:
        for light in slots.lit_lights(character):
            usage.roll_usage(ctx, character, light, rule="§7.8")
    reset(ctx, decay, rule="§9.1")
    return tuple(rolls)


@dataclass(frozen=True, slots=True, kw_only=True)
class DecayTableRolled(Event):
    """An adventurer rolled on the decay table.

    Attributes:
        character: Who rolled.
        roll: The 2d6 total.
        result: The row applied after the already-have bump.
        effect: That row's key.
    """

    character: str
    roll: int
    result: int
    effect: str
