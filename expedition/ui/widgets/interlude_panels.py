"""Provides the interlude screen's four sections: market, day, night and party.

Each section only draws what the screen hands it (`show(...)`) and posts an intent message up
when the player picks something; the screen turns intents into actions for the session. The
option ids carry the item, plan or bed key, never game state of their own.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, VerticalScroll
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Button, OptionList, Static
from textual.widgets.option_list import Option

from expedition.ui.widgets.interlude_text import MARKET_HEADING, Ware, ware_detail, ware_line
from expedition.ui.widgets.marked_list import MarkedList


@dataclass(frozen=True, slots=True)
class Entry:
    """One line of a section's list: the id sent back when chosen, its words, and whether it can be chosen."""

    key: str
    label: str
    enabled: bool = True


def _fill(options: OptionList, entries: Sequence[Entry]) -> None:
    # Keep the highlight on the same key across redraws, so buying twice needs no re-aiming.
    old = options.highlighted_option.id if options.highlighted_option is not None else None
    options.clear_options()
    options.add_options([Option(Text(e.label), id=e.key, disabled=not e.enabled) for e in entries])
    keys = [e.key for e in entries]
    if old in keys:
        options.highlighted = keys.index(old)
    elif entries:
        options.highlighted = 0


class Section(Widget):
    """A section of the interlude: an info box above a list, with buttons below."""

    DEFAULT_CSS = "Section { height: 1fr; }"

    @dataclass
    class Picked(Message):
        """The player chose a line (Enter or click) or pressed a button.

        Attributes:
            section: The section's id.
            verb: What to do: "select" for a line, else the button's verb.
            key: The chosen (or highlighted) line's key, "" when none.
        """

        section: str
        verb: str
        key: str

    BUTTONS: tuple[tuple[str, str], ...] = ()
    """The section's buttons: (verb, label)."""

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="section-info-box"):  # a long info box scrolls on a short terminal
            yield Static(id=f"{self.id}-info", classes="section-info")
        yield Static(id=f"{self.id}-heading", classes="section-heading")
        with Horizontal(classes="section-body"):
            yield MarkedList(id=f"{self.id}-list", classes="section-list")
            with VerticalScroll(classes="section-detail-box"):
                yield Static(id=f"{self.id}-detail", classes="section-detail")
        if self.BUTTONS:
            with Horizontal(classes="section-buttons"):
                for verb, label in self.BUTTONS:
                    yield Button(label, id=f"{self.id}-{verb}", compact=True)

    @property
    def options(self) -> OptionList:
        """The section's list."""
        return self.query_one(f"#{self.id}-list", OptionList)

    @property
    def highlighted(self) -> str:
        """The key of the highlighted line, "" when none."""
        option = self.options.highlighted_option
        return option.id or "" if option is not None else ""

    def show(self, info: str, heading: str, entries: Sequence[Entry], detail: str = "") -> None:
        """Redraw the section."""
        self.query_one(f"#{self.id}-info", Static).update(Text(info))
        self.query_one(f"#{self.id}-heading", Static).update(Text(heading, style="bold"))
        self.query_one(f"#{self.id}-heading", Static).display = bool(heading)
        _fill(self.options, entries)
        self.set_detail(detail)

    def set_detail(self, detail: str) -> None:
        """Redraw the box beside the list."""
        self.query_one(f"#{self.id}-detail", Static).update(Text(detail))

    @on(OptionList.OptionSelected)
    def _selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.post_message(self.Picked(self.id or "", "select", event.option_id or ""))

    @on(OptionList.OptionHighlighted)
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        self.post_message(self.Picked(self.id or "", "highlight", event.option_id or ""))

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        event.stop()
        verb = (event.button.id or "").removeprefix(f"{self.id}-")
        self.post_message(self.Picked(self.id or "", verb, self.highlighted))


class MarketSection(Section):
    """The market: stock with category, price and availability odds; buy, ask, haggle, trade network."""

    BUTTONS = (
        ("buy", "Buy (b)"),
        ("ask", "Ask price (a)"),
        ("haggle", "Haggle (h)"),
        ("trade", "Trade network (t)"),
    )

    def show_wares(self, purse: str, wares: Sequence[Ware]) -> None:
        """Redraw the market from its wares."""
        entries = [Entry(w.key, ware_line(w), enabled=not w.refused) for w in wares]
        self._wares = {w.key: w for w in wares}
        self.show(purse, MARKET_HEADING, entries)
        self.set_detail(ware_detail(self._wares.get(self.highlighted)))

    def describe(self, key: str) -> None:
        """Show the odds of the highlighted item."""
        self.set_detail(ware_detail(getattr(self, "_wares", {}).get(key)))


class DaySection(Section):
    """The day: each adventurer's plan, the event of the day, the prices in force; announce plans."""

    BUTTONS = (("end", "End the day (e)"),)


class NightSection(Section):
    """The night: where each sleeps, each place's cost and the odds of its table; choose a bed."""

    BUTTONS = (("end", "End the day (e)"),)


class InsightSection(Section):
    """The party's side panel: the stash and the purse above the insight spends, each with its cost."""


class StashSection(Section):
    """The party's items: the acting adventurer's trappings by place, then the stash; move them about."""

    BUTTONS = (("give", "Give (g)"), ("stash", "To stash (s)"), ("take", "Take (k)"))
