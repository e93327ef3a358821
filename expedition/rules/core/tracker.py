"""Provides the segmented tracker (§9): advance, lower and reset, each reported as an event.

Decay, doom, omens and the GM's own clocks (rising water, a ritual nearing completion) are all
`Tracker`s; the modules `decay`, `doom` and `omens` add what happens when theirs fill.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from expedition.rules.core.context import Context
from expedition.rules.core.errors import InvalidAction
from expedition.rules.core.events import Event


class Visibility(StrEnum):
    """Who may see a tracker (§9). The session filters values per seat; the rules always report them."""

    PUBLIC = "public"
    """Everyone sees the tracker and its value (decay)."""
    KNOWN_HIDDEN = "known_hidden"
    """Players know it exists and see when it moves, never its value (doom)."""
    HIDDEN = "hidden"
    """Only the GM, and characters a rule lets in, see it (omens, except to Third eye)."""


@dataclass(slots=True)
class Tracker:
    """A segmented clock: each advance fills one segment; the step that fills the last one triggers it.

    Attributes:
        name: Stable name, also shown in the log ("decay", "doom:tomb-1", "omens", "rising water").
        size: Number of segments (at least 1).
        filled: Segments filled, always within 0..size.
        visibility: Who may see it.
    """

    name: str
    size: int
    filled: int = 0
    visibility: Visibility = Visibility.PUBLIC

    def __post_init__(self) -> None:
        if self.size < 1:
            raise InvalidAction(f"the {self.name} tracker needs at least one segment, not {self.size}")
        if not 0 <= self.filled <= self.size:
            raise InvalidAction(f"the {self.name} tracker cannot hold {self.filled} of {self.size} segments")

    @property
    def full(self) -> bool:
        """True when every segment is filled."""
        return self.filled >= self.size

    @property
    def remaining(self) -> int:
        """Segments still empty."""
        return self.size - self.filled


def advance(ctx: Context, tracker: Tracker, steps: int = 1, *, rule: str, wrap: bool = False) -> int:
    """Fill `steps` segments one at a time (§9).

    The step that fills the last segment triggers the tracker (`TrackerTriggered`). With `wrap`
    the tracker then starts again from empty and the remaining steps carry on, so it can trigger
    several times; without it a full tracker stays full and steps beyond it are lost (the caller
    resolves the trigger, then resets). Advancing an already-full tracker does nothing.

    Args:
        ctx: Where events go.
        tracker: The tracker to advance.
        steps: Segments to fill; 0 does nothing.
        rule: The RULES.md section that advances it.
        wrap: Start again from empty each time it fills.

    Returns:
        How many times it filled (triggered).

    Raises:
        InvalidAction: If `steps` is negative (use `lower`).
    """
    if steps < 0:
        raise InvalidAction(f"a tracker cannot advance {steps} steps; lower it instead")
    triggered = 0
    pending = steps
    while pending > 0 and not tracker.full:
        moved = min(pending, tracker.remaining)
        tracker.filled += moved
        pending -= moved
        ctx.emit(
            TrackerAdvanced(
                rule=rule,
                tracker=tracker.name,
                steps=moved,
                value=tracker.filled,
                size=tracker.size,
                visibility=tracker.visibility,
            )
        )
        if tracker.full:
            triggered += 1
            ctx.emit(TrackerTriggered(rule=rule, tracker=tracker.name, size=tracker.size))
            if wrap:
                reset(ctx, tracker, rule=rule)
    return triggered


def lower(ctx: Context, tracker: Tracker, steps: int = 1, *, rule: str) -> int:
    """Empty up to `steps` segments; a tracker never goes below 0 (Ritualist, Lay low, §9.2–§9.4).

    Returns:
        How many segments were actually emptied.

    Raises:
        InvalidAction: If `steps` is negative.
    """
    if steps < 0:
        raise InvalidAction(f"a tracker cannot be lowered by {steps} steps")
    moved = min(steps, tracker.filled)
    if moved:
        tracker.filled -= moved
        ctx.emit(
            TrackerLowered(
                rule=rule,
                tracker=tracker.name,
                steps=moved,
                value=tracker.filled,
                visibility=tracker.visibility,
            )
        )
    return moved


def reset(ctx: Context, tracker: Tracker, *, rule: str, size: int | None = None) -> None:
    """Empty the tracker, optionally with a new size (omens roll a fresh size, §9.3).

    Raises:
        InvalidAction: If `size` is below 1.
    """
    if size is not None:
        if size < 1:
            raise InvalidAction(f"the {tracker.name} tracker needs at least one segment, not {size}")
        tracker.size = size
    tracker.filled = 0
    ctx.emit(TrackerReset(rule=rule, tracker=tracker.name, size=tracker.size, visibility=tracker.visibility))


@dataclass(frozen=True, slots=True, kw_only=True)
class TrackerAdvanced(Event):
    """A tracker filled segments. Emitted for hidden trackers too; the session hides `value` per seat.

    Attributes:
        tracker: The tracker's name.
        steps: Segments filled by this advance.
        value: Segments filled now.
        size: The tracker's size.
        visibility: Who may see `value`.
    """

    tracker: str
    steps: int
    value: int
    size: int
    visibility: Visibility


@dataclass(frozen=True, slots=True, kw_only=True)
class TrackerTriggered(Event):
    """A tracker's last segment was filled."""

    tracker: str
    size: int


@dataclass(frozen=True, slots=True, kw_only=True)
class TrackerReset(Event):
    """A tracker was emptied (and maybe resized)."""

    tracker: str
    size: int
    visibility: Visibility


@dataclass(frozen=True, slots=True, kw_only=True)
class TrackerLowered(Event):
    """A tracker lost filled segments."""

    tracker: str
    steps: int
    value: int
    visibility: Visibility
