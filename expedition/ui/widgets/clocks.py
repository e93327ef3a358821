"""Provides `TrackerClock`: a tracker (decay, doom, omens) drawn as a row of segments.

A public tracker shows its filled segments (■) and empty ones (□) with the count in words. A
hidden one shows only that it exists ("??"), and a "moved" flash when the last action advanced
it; a Veteran's reading shows what they learned. Nothing is shown by colour alone.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from expedition.session.seat_view import TrackerView

FILLED = "■"
"""A filled segment."""
EMPTY = "□"
"""An empty segment."""
UNKNOWN = "??"
"""Drawn for a hidden tracker's segments."""
MOVED = "⚡moved"
"""The flash beside a tracker that moved during the last action."""


@dataclass(frozen=True, slots=True)
class ClockData:
    """What one clock shows.

    Attributes:
        label: The tracker's name in words ("Decay", "Doom").
        size: Segments, or 0 when hidden.
        filled: Filled segments, or None when hidden.
        moved: The tracker moved during the last action.
        shown: False when this seat may not even know it (omens without Third eye).
        note: A word on what is known (a Veteran's reading, steps to the next effect).
    """

    label: str
    size: int = 0
    filled: int | None = None
    moved: bool = False
    shown: bool = True
    note: str = ""

    @property
    def hidden(self) -> bool:
        """True when the value is unknown to this seat."""
        return self.filled is None


def clock_from_view(label: str, tracker: Mapping[str, Any] | None) -> ClockData:
    """A clock from a tracker as the session's per-seat view gives it.

    A visible tracker is its encoding (`size`, `filled`); a hidden one is `{"exists": True,
    "moved": bool}` with `revealed` when one of the seat's Veterans read it (§6.1).
    """
    if tracker is None:
        return ClockData(label, shown=False)
    if "filled" in tracker:
        return ClockData(label, int(tracker["size"]), int(tracker["filled"]), bool(tracker.get("moved")))
    revealed = tracker.get("revealed")
    if revealed:
        steps = revealed.get("steps_to_next")
        note = f"read: {revealed['value']}" + (f", {steps} to next" if steps is not None else "")
        return ClockData(label, moved=bool(tracker.get("moved")), note=note)
    return ClockData(label, moved=bool(tracker.get("moved")))


def clock_from_tracker(label: str, tracker: TrackerView | None) -> ClockData:
    """A clock from a tracker as the seat's view knows it (`SeatView.trackers`); as `clock_from_view`."""
    if tracker is None:
        return ClockData(label, shown=False)
    if tracker.size is not None and tracker.filled is not None:
        return ClockData(label, tracker.size, tracker.filled, tracker.moved)
    if tracker.revealed is not None:
        steps = tracker.steps_to_next
        note = f"read: {tracker.revealed}" + (f", {steps} to next" if steps is not None else "")
        return ClockData(label, moved=tracker.moved, note=note)
    return ClockData(label, moved=tracker.moved)


def clock_text(data: ClockData) -> Text:
    """The clock as one line of text: label, segments, count or "??", and the moved flash."""
    text = Text()
    text.append(f"{data.label} ", style="bold")
    if data.filled is None:
        text.append(f"{UNKNOWN} (hidden)")
    else:
        filled = max(0, min(data.filled, data.size))
        text.append(FILLED * filled)
        text.append(EMPTY * (data.size - filled), style="dim")
        text.append(f" {filled}/{data.size}")
    if data.note:
        text.append(f" ({data.note})", style="italic")
    if data.moved:
        text.append(f" {MOVED}", style="bold reverse")
    return text


class TrackerClock(Widget):
    """One tracker as a segmented clock; set `data` to redraw.

    State classes: `-hidden` for a hidden value, `-moved` while flashing, and `display: none`
    when the seat may not know the tracker at all.
    """

    DEFAULT_CSS = """
    TrackerClock { height: 1; width: auto; }
    """

    data: reactive[ClockData] = reactive(ClockData(""), layout=True)
    """What the clock shows."""

    def __init__(
        self,
        data: ClockData | None = None,
        *,
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(name=name, id=id, classes=classes)
        if data is not None:
            self.set_reactive(TrackerClock.data, data)

    def on_mount(self) -> None:
        self.watch_data(self.data)

    def watch_data(self, data: ClockData) -> None:
        self.display = data.shown
        self.set_class(data.hidden, "-hidden")
        self.set_class(data.moved, "-moved")

    def render(self) -> Text:
        return clock_text(self.data)
