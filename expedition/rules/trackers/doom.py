"""Provides doom trackers (§9.2): thresholds that fire once, omens on each, and settlement doom (§9.4)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from expedition.rules.character.adventurer import Character, Status
from expedition.rules.core.conditions import Affliction
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import Resolution
from expedition.rules.core.errors import InvalidAction
from expedition.rules.core.events import Event, Note
from expedition.rules.core.item_defs import Category
from expedition.rules.core.tracker import Tracker, Visibility, advance
from expedition.rules.trackers.omens import advance_omens


@dataclass(frozen=True, slots=True)
class DoomThreshold:
    """One effect on a doom tracker.

    Attributes:
        segment: The filled value at which it fires (1-based).
        key: Stable identifier of the effect ("goblins_appear").
        description: What happens, for the GM's log.
    """

    segment: int
    key: str
    description: str


@dataclass(slots=True)
class DoomTracker(Tracker):
    """A location's doom tracker (§9.2): a `Tracker` with ordered thresholds.

    Each threshold fires the first time doom reaches it. Lowering doom (Ritualist, Lay low) and
    climbing back does not fire it again, since its monsters or collapse already happened; `peak`
    remembers how far doom has ever gone. Build one with `new_doom`.

    Attributes:
        thresholds: Effects in increasing segment order, each within 1..size.
        peak: The highest value doom has reached.
    """

    thresholds: tuple[DoomThreshold, ...] = ()
    peak: int = 0

    def __post_init__(self) -> None:
        # Explicit base call: zero-argument super() breaks in slotted dataclasses.
        Tracker.__post_init__(self)
        segments = [threshold.segment for threshold in self.thresholds]
        if segments != sorted(set(segments)) or any(not 1 <= s <= self.size for s in segments):
            raise InvalidAction(f"the {self.name} thresholds must rise strictly within 1..{self.size}")
        self.peak = max(self.peak, self.filled)

    def next_threshold(self) -> DoomThreshold | None:
        """The first threshold above the current value, or None when none is left."""
        return next((t for t in self.thresholds if t.segment > self.filled), None)


def new_doom(location: str, thresholds: Sequence[DoomThreshold], *, size: int | None = None) -> DoomTracker:
    """Start a location's doom tracker: empty, known to exist but its value hidden (§9.2).

    Args:
        location: The dungeon or settlement it belongs to; the tracker is named "doom:<location>".
        thresholds: Its effects, in increasing segment order.
        size: Segments; defaults to the last threshold's segment.
    """
    if size is None:
        size = thresholds[-1].segment if thresholds else 1
    return DoomTracker(
        name=f"doom:{location}", size=size, visibility=Visibility.KNOWN_HIDDEN, thresholds=tuple(thresholds)
    )


def party_doomed(party: Sequence[Character]) -> bool:
    """True if anyone alive in the party has the Doomed affliction (§4.6)."""
    return any(c.status is not Status.DEAD and Affliction.DOOMED in c.afflictions for c in party)


def advance_doom(
    ctx: Context,
    doom: DoomTracker,
    omens: Tracker,
    party: Sequence[Character],
    steps: int = 1,
    *,
    rule: str,
) -> Resolution[tuple[DoomThreshold, ...]]:
    """Advance doom (§9.2): Doomed adds 1 extra; each threshold reached fires and advances omens 1.

    Args:
        ctx: Dice and events.
        doom: The location's doom tracker.
        omens: The campaign's omens tracker, advanced once per threshold reached.
        party: The adventurers: Doomed is checked on them, and an omen that fills is paid by them.
        steps: How far the rule advances doom; 0 does nothing (Doomed adds only to a real advance).
        rule: The RULES.md section that advances it.

    Returns:
        The thresholds reached for the first time, in order.
    """
    total = steps
    if steps > 0 and party_doomed(party):
        total += 1
        ctx.emit(Note(rule="§4.6", text="Doomed: doom advances 1 extra."))
    advance(ctx, doom, total, rule=rule)
    reached = tuple(t for t in doom.thresholds if doom.peak < t.segment <= doom.filled)
    doom.peak = max(doom.peak, doom.filled)
    for threshold in reached:
        ctx.emit(
            DoomEffectReached(
                rule="§9.2",
                tracker=doom.name,
                segment=threshold.segment,
                effect=threshold.key,
                description=threshold.description,
            )
        )
        yield from advance_omens(ctx, omens, party, doom, 1, rule="§9.2")
    return reached


def veteran_reveal(doom: DoomTracker) -> tuple[int, int | None]:
    """What a Veteran's successful PRE test learns (§6.1): doom's value and the steps to its next effect.

    Returns:
        `(value, steps_to_next)`; `steps_to_next` is None when no effect is left above the value.
    """
    upcoming = doom.next_threshold()
    return doom.filled, None if upcoming is None else upcoming.segment - doom.filled


@dataclass(frozen=True, slots=True, kw_only=True)
class DoomEffectReached(Event):
    """Doom reached one of its effects for the first time.

    Attributes:
        tracker: The doom tracker's name.
        segment: The threshold's segment.
        effect: The effect's key.
        description: What happens.
    """

    tracker: str
    segment: int
    effect: str
    description: str


# --- Settlement doom (§9.4) -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SettlementDoomStep:
    """One step of settlement doom (§9.4); each adds to the ones below it.

    Attributes:
        step: The doom value at which it applies.
        key: Stable identifier.
        name: A short title.
        text: What it means for the party, in our words (the compendium's).
        log: What the log says when doom reaches it. Every settlement's doom tracker keeps this
            line, so saved campaigns hold it too; rewording it changes their state hashes.
    """

    step: int
    key: str
    name: str
    text: str
    log: str


SETTLEMENT_DOOM: tuple[SettlementDoomStep, ...] = (
    SettlementDoomStep(
        1,
        "suspicion",
        "Suspicion",
        "Traders eye the party warily and charge 1 silver more for everything.",
        "Folk grow suspicious: every item costs 1 silver more.",
    ),
    SettlementDoomStep(
        2,
        "inn_surcharge",
        "Unwelcome guests",
        "The innkeeper wants 1 more silver from each of them.",
        "The inn asks 1 silver more from each guest.",
    ),
    SettlementDoomStep(
        3,
        "uncommon_only",
        "Closed stalls",
        "Only common and uncommon goods are offered to them, and prices climb by another silver.",
        "Merchants sell only common and uncommon goods, 1 silver dearer again.",
    ),
    SettlementDoomStep(
        4,
        "inn_closed",
        "No room at the inn",
        "The inn will not take them in.",
        "The inn turns the party away.",
    ),
    SettlementDoomStep(
        5,
        "common_only",
        "Bare shelves",
        "Only common goods are offered to them, another silver dearer.",
        "Merchants sell only common goods, 1 silver dearer again.",
    ),
    SettlementDoomStep(
        6,
        "shunned",
        "Shunned",
        "Nobody will sell them anything; surgeons, witch doctors and entertainers all turn them away.",
        "Nobody sells to the party; surgeon, witch doctor and entertainers refuse them.",
    ),
    SettlementDoomStep(
        7,
        "hunted",
        "Hunted",
        "The townsfolk come for them. The settlement is no longer a safe place.",
        "The locals hunt the party; the settlement is no longer safe.",
    ),
)
"""The default settlement doom steps (§9.4). Play builds each settlement's tracker from them and
the compendium shows them."""

SETTLEMENT_DOOM_EFFECTS: tuple[DoomThreshold, ...] = tuple(
    DoomThreshold(step.step, step.key, step.log) for step in SETTLEMENT_DOOM
)
"""The default settlement doom effects as a doom tracker's thresholds; each adds to those below it."""

_EVERY_CATEGORY = frozenset(Category)


def settlement_doom(settlement: str) -> DoomTracker:
    """Start a settlement's doom tracker with the default cumulative effects (§9.4)."""
    return new_doom(settlement, SETTLEMENT_DOOM_EFFECTS)


def price_surcharge(doom_value: int) -> int:
    """Silver added to every item price: +1 from doom 1, +1 more from 3, +1 more from 5 (§9.4)."""
    return sum(1 for step in (1, 3, 5) if doom_value >= step)


def inn_surcharge(doom_value: int) -> int:
    """Silver the inn adds per person: 1 from doom 2 (§9.4)."""
    return 1 if doom_value >= 2 else 0


def inn_closed(doom_value: int) -> bool:
    """The inn refuses the party from doom 4 (§9.4)."""
    return doom_value >= 4


def allowed_categories(doom_value: int) -> frozenset[Category]:
    """Price categories merchants still sell (§9.4).

    All of them below doom 3; common and uncommon from 3; common from 5; nothing from 6.
    Free things stay free to take until nobody will deal with the party at all.
    """
    if doom_value >= 6:
        return frozenset()
    if doom_value >= 5:
        return frozenset({Category.FREE, Category.COMMON})
    if doom_value >= 3:
        return frozenset({Category.FREE, Category.COMMON, Category.UNCOMMON})
    return _EVERY_CATEGORY


def services_closed(doom_value: int) -> bool:
    """Surgeon, witch doctor and entertainment refuse the party from doom 6 (§9.4)."""
    return doom_value >= 6


def hunted(doom_value: int) -> bool:
    """At doom 7 the locals hunt the party and the settlement is not safe (§9.4)."""
    return doom_value >= 7
