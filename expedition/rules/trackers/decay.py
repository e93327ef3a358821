"""Provides the decay tracker (§9.1): six exploration turns, then the decay table and the lights burn down."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from expedition.rules.character import harm
from expedition.rules.character.adventurer import Character, Status
from expedition.rules.core.conditions import Affliction, gain_affliction
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import Resolution
from expedition.rules.core.dice import DiceExpr
from expedition.rules.core.events import Event
from expedition.rules.core.roll_tables import RollTable, TableRow, table_row
from expedition.rules.core.tracker import Tracker, Visibility, advance, reset
from expedition.rules.items import slots, usage
from expedition.rules.trackers.doom import DoomTracker, advance_doom
from expedition.rules.trackers.omens import OMEN_OF_DECAY

DECAY_SIZE = 6
"""Segments on the decay tracker: it fills every sixth exploration turn (§9.1)."""


DECAY_TABLE = RollTable(
    key="decay",
    name="Decay",
    dice=DiceExpr(2, 6),
    rule="§9.1",
    text="Rolled by each adventurer whenever the decay tracker fills. An affliction they already "
    "carry moves the result up one row, again and again, stopping at 12.",
    rows=(
        table_row(2, 2, "press_on", "Press on", "Nothing happens this time.", "none"),
        table_row(
            3,
            3,
            "fatigue",
            "Weariness",
            "One point of fatigue, on an attribute of the player's choosing.",
            "fatigue:1",
        ),
        table_row(
            4, 4, "terrified", "Dread", "The darkness gets to them: they become Terrified.", "gain:terrified"
        ),
        table_row(
            5, 5, "sleepy", "Drowsiness", "Their eyelids grow heavy: they become Sleepy.", "gain:sleepy"
        ),
        table_row(6, 6, "parched", "Thirst", "Their throat dries out: they become Parched.", "gain:parched"),
        table_row(
            7, 7, "doom", "Something stirs", "The doom of this place creeps one step closer.", "doom:1"
        ),
        table_row(8, 8, "hungry", "Hunger", "Their stomach aches: they become Hungry.", "gain:hungry"),
        table_row(9, 9, "hopeless", "Despair", "Hope drains away: they become Hopeless.", "gain:hopeless"),
        table_row(10, 10, "angry", "Short temper", "Their patience snaps: they become Angry.", "gain:angry"),
        table_row(
            11,
            11,
            "wound",
            "Mishap",
            "They hurt themselves: one wound, placed where the player decides.",
            "wound:1",
        ),
        table_row(
            12,
            12,
            "lose_item",
            "Lost or broken",
            "One thing they carry breaks or goes missing; the dice pick which.",
            "lose_item",
        ),
    ),
)
"""The decay table (§9.1), one row per 2d6 total. Play rolls on it and the compendium shows it."""


def decay_row(result: int) -> TableRow:
    """The decay-table row for a 2d6 total (2–12)."""
    return DECAY_TABLE.row_for(result)


def row_affliction(row: TableRow) -> Affliction | None:
    """The affliction a decay row gives (its `gain` step): the rows a result can be bumped past."""
    return next((Affliction(step.args[0]) for step in row.effect.steps if step.verb == "gain"), None)


def new_decay() -> Tracker:
    """A fresh, visible decay tracker of six segments (§9.1)."""
    return Tracker(name="decay", size=DECAY_SIZE, visibility=Visibility.PUBLIC)


def bumped_result(character: Character, roll: int) -> int:
    """Apply the already-have bump (§9.1): past each affliction the character has, add 1; never above 12."""
    result = roll
    while result < 12:
        affliction = row_affliction(decay_row(result))
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
    ctx.emit(
        DecayTableRolled(
            rule="§9.1", character=character.id, roll=roll, result=result, effect=row.key, title=row.name
        )
    )
    affliction = row_affliction(row)
    if affliction is not None:
        gain_affliction(ctx, character, affliction, rule="§9.1")
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
        title: That row's short title ("Mishap"), for the log.
    """

    character: str
    roll: int
    result: int
    effect: str
    title: str = ""
