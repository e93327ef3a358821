"""Provides the campaign's bad omens tracker (§9.3): a hidden 2d6 clock whose omens the party must pay."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from expedition.rules.character.adventurer import Character, Status
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import GM, Choice, Decision, Resolution
from expedition.rules.core.dice import DiceExpr
from expedition.rules.core.events import Event
from expedition.rules.core.hooks import Hook
from expedition.rules.core.item_defs import Item, Tag
from expedition.rules.core.roll_tables import RollTable, TableRow, table_row
from expedition.rules.core.skills import Trait
from expedition.rules.core.tracker import Tracker, Visibility, advance, reset
from expedition.rules.items import inventory, usage

if TYPE_CHECKING:
    from expedition.rules.trackers.doom import DoomTracker

OMENS_NAME = "omens"
"""The omens tracker's name in events."""
OMENS_SIZE = DiceExpr(2, 6)
"""A new omens tracker has 2d6 segments (§9.3)."""
OMEN_COST = DiceExpr(2, 4)
"""What most omens cost the party: 2d4 items or units (§9.3)."""


OMENS_TABLE = RollTable(
    key="omens",
    name="Omens",
    dice=DiceExpr(1, 6),
    rule="§9.3",
    text="Rolled when the hidden omens tracker fills. If the party cannot pay the whole price, the new "
    "tracker moves one extra step, once.",
    rows=(
        table_row(
            1,
            1,
            "break_equipped",
            "Shattering",
            f"The party chooses {OMEN_COST} of the items they have equipped, and each one breaks.",
            f"break_equipped:{OMEN_COST}",
        ),
        table_row(
            2, 2, "decay_twice", "Rot", "Each adventurer rolls on the decay table twice over.", "roll_decay:2"
        ),
        table_row(
            3,
            3,
            "lose_water",
            "Spoiled water",
            f"{OMEN_COST} units of the party's water turn foul and must be poured out.",
            f"discard:water,{OMEN_COST}",
        ),
        table_row(
            4,
            4,
            "lose_rations",
            "Spoiled food",
            f"{OMEN_COST} of the party's rations rot and are thrown away.",
            f"discard:ration,{OMEN_COST}",
        ),
        table_row(
            5,
            5,
            "lose_torches",
            "Damp",
            f"{OMEN_COST} of the party's torches are ruined and discarded.",
            f"discard:torch,{OMEN_COST}",
        ),
        table_row(
            6,
            6,
            "lose_magic",
            "Fading power",
            f"{OMEN_COST} of the party's magic items or scrolls lose their power and are given up.",
            f"discard:magic,{OMEN_COST}",
        ),
    ),
)
"""The omens table (§9.3), one row per face. Play rolls on it and the compendium shows it."""


OMEN_OF_DECAY: Hook[
    Callable[[Context, Character, DoomTracker, Tracker, Sequence[Character]], Resolution[int]]
] = Hook("an omen makes an adventurer roll on the decay table")
"""Told (and run, a resolution) for each of the two decay rolls the omen of decay (row 2) gives each
living adventurer, with the doom, the omens and the party: the decay table is rolled (`decay`
registers; it advances doom, which advances omens, so this module cannot call it by name)."""


def _is_water(item: Item) -> bool:
    return item.defn.key == "water"


def _is_ration(item: Item) -> bool:
    return item.defn.key == "ration"


def _is_torch(item: Item) -> bool:
    return item.defn.key == "torch"


def _is_magic(item: Item) -> bool:
    return Tag.MAGIC in item.defn.tags or item.defn.key.startswith("scroll")


DISCARDS: dict[str, Callable[[Item], bool]] = {
    "lose_water": _is_water,
    "lose_rations": _is_ration,
    "lose_torches": _is_torch,
    "lose_magic": _is_magic,
}
"""Which carried things each throw-away omen takes."""


def start_omens(ctx: Context, *, rule: str = "§9.3") -> Tracker:
    """Roll the campaign's first omens tracker: 2d6 segments, empty, hidden (§9.3)."""
    size = ctx.roll_expr(OMENS_SIZE, who=GM, why="omens tracker size", rule=rule)
    omens = Tracker(name=OMENS_NAME, size=size, visibility=Visibility.HIDDEN)
    ctx.emit(OmensStarted(rule=rule, tracker=omens.name, size=size))
    return omens


def can_see_omens(character: Character) -> bool:
    """Only the Third eye trait lets a player see the omens tracker (§6.2, §9.3)."""
    return Trait.THIRD_EYE in character.traits


def advance_omens(
    ctx: Context,
    omens: Tracker,
    party: Sequence[Character],
    doom: DoomTracker,
    steps: int = 1,
    *,
    rule: str,
    shortfall_advance: bool = True,
) -> Resolution[int]:
    """Advance omens one step at a time; each time it fills, the omen is paid and a new tracker starts (§9.3).

    Args:
        ctx: Dice and events.
        omens: The campaign's omens tracker.
        party: Who pays the omen.
        doom: The current location's doom (an omen of decay can advance it).
        steps: Steps to advance (a doom effect, a Bad omens critical failure, an event).
        rule: The RULES.md section that advances it.
        shortfall_advance: Whether an omen the party cannot pay in full earns the one extra
            advance of §16 #13. That extra advance passes False, so it never chains.

    Returns:
        How many omens were fulfilled.
    """
    fulfilled = 0
    for _ in range(steps):
        if advance(ctx, omens, 1, rule=rule):
            fulfilled += 1
            fulfilled += yield from fulfil_omen(ctx, omens, party, doom, shortfall_advance=shortfall_advance)
    return fulfilled


def fulfil_omen(
    ctx: Context,
    omens: Tracker,
    party: Sequence[Character],
    doom: DoomTracker,
    *,
    shortfall_advance: bool = True,
) -> Resolution[int]:
    """Pay a filled omens tracker: roll the omens table, start afresh at 2d6, pay, then any shortfall (§9.3).

    If the party could not pay the whole cost, the new tracker is advanced exactly once more
    (§16 #13). That advance cannot chain: should it fill the tracker again, that omen is paid
    too, but a shortfall in it earns no further advance.

    Returns:
        How many further omens the shortfall advance fulfilled (0 or 1).
    """
    face = ctx.roll(1, 6, who=GM, why="omens table", rule="§9.3")[0]
    row = OMENS_TABLE.row_for(face)
    ctx.emit(OmenRolled(rule="§9.3", face=face, omen=row.key, description=row.text))
    # The fresh tracker starts before the omen is paid, so that advances the payment itself
    # causes (decay → doom effect → omens) land on it instead of being lost on a full tracker.
    size = ctx.roll_expr(OMENS_SIZE, who=GM, why="omens tracker size", rule="§9.3")
    reset(ctx, omens, rule="§9.3", size=size)
    owed, paid = yield from _pay(ctx, row, omens, party, doom)
    if paid >= owed:
        return 0
    ctx.emit(OmenShortfall(rule="§16 #13", omen=row.key, owed=owed, paid=paid, extra=shortfall_advance))
    if not shortfall_advance:
        return 0
    return (yield from advance_omens(ctx, omens, party, doom, 1, rule="§16 #13", shortfall_advance=False))


def _pay(
    ctx: Context, row: TableRow, omens: Tracker, party: Sequence[Character], doom: DoomTracker
) -> Resolution[tuple[int, int]]:
    if row.key == "decay_twice":
        for character in party:
            if character.status is not Status.DEAD:
                for _ in range(2):
                    for roll_decay in OMEN_OF_DECAY:
                        yield from roll_decay(ctx, character, doom, omens, party)
        return 0, 0
    owed = ctx.roll_expr(OMEN_COST, who=GM, why=row.key.replace("_", " "), rule="§9.3")
    if row.key == "break_equipped":
        return owed, (yield from _break_equipped(ctx, party, owed))
    return owed, usage.discard_matching(ctx, party, DISCARDS[row.key], owed, rule="§9.3")


def _break_equipped(ctx: Context, party: Sequence[Character], owed: int) -> Resolution[int]:
    broken = 0
    chooser = next((c.id for c in party if c.status is not Status.DEAD), GM)
    while broken < owed:
        equipped = [(c, item) for c in party for item in inventory.equipped_items(c)]
        if not equipped:
            break
        choices = tuple(Choice(f"item:{item.uid}", f"{c.name}: {item.name}") for c, item in equipped)
        key = yield Decision(
            kind="omen_break",
            owner=chooser,
            prompt=f"A bad omen: choose an equipped item to break ({broken + 1} of {owed}).",
            choices=choices,
            default=choices[0].key,
            rule="§9.3",
        )
        owner, item = next((c, item) for c, item in equipped if f"item:{item.uid}" == key)
        usage.break_item(ctx, owner, item, rule="§9.3")
        broken += 1
    return broken


@dataclass(frozen=True, slots=True, kw_only=True)
class OmensStarted(Event):
    """The campaign's first omens tracker was rolled."""

    tracker: str
    size: int


@dataclass(frozen=True, slots=True, kw_only=True)
class OmenRolled(Event):
    """The omens tracker filled and the omens table was rolled."""

    face: int
    omen: str
    description: str


@dataclass(frozen=True, slots=True, kw_only=True)
class OmenShortfall(Event):
    """The party could not pay an omen in full.

    Attributes:
        omen: The omen's key.
        owed: Items or units owed.
        paid: Items or units actually lost.
        extra: Whether this earns the one extra omens advance (§16 #13); never for the extra's own omen.
    """

    omen: str
    owed: int
    paid: int
    extra: bool
