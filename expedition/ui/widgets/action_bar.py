"""Provides `ActionBar`: what the party can do here, each with its cost in turns, before committing."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from expedition.ui.widgets.marked_list import MarkedList


@dataclass(frozen=True, slots=True)
class ActionChoice:
    """One line of the action bar.

    Attributes:
        label: What the action does, in words.
        cost: Its cost in exploration turns (0 for a free action).
        reason: Why it cannot be done now ("" when it can).
        key: The key that does it directly ("" for none).
        action: The action to submit (opaque to the bar).
        unit: What the cost counts: "turn" (exploration turns) or "action" (a fight's actions).
    """

    label: str
    cost: int = 0
    reason: str = ""
    key: str = ""
    action: Any = None
    unit: str = "turn"

    @property
    def enabled(self) -> bool:
        """True if it can be done now."""
        return not self.reason


def cost_text(cost: int, unit: str = "turn") -> str:
    """A cost in words: "free", "1 turn", "6 turns" (or "2 actions" with `unit` "action")."""
    if cost <= 0:
        return "free"
    return f"{cost} {unit}" if cost == 1 else f"{cost} {unit}s"


def choice_text(choice: ActionChoice) -> Text:
    """An action's line: key, label and cost; a disabled one says why (not by colour alone: "✗")."""
    text = Text()
    text.append(f"{choice.key:>2} " if choice.key else "   ", style="bold")
    if choice.enabled:
        text.append(choice.label)
        text.append(f"  ({cost_text(choice.cost, choice.unit)})", style="italic")
    else:
        text.append(f"✗ {choice.label}", style="dim strike")  # dim as a disabled line was
        text.append(f" — {choice.reason}", style="dim italic")
    return text


def distinct(choices: Sequence[ActionChoice]) -> list[ActionChoice]:
    """The choices with a line read the same as an earlier one's left out (the first is kept).

    An adventurer with three bundles of torches was offered "Light the Torches" three times over:
    a player cannot tell such lines apart, so choosing any of them is choosing the first.
    """
    seen: set[tuple[str, int, str, str, str]] = set()
    kept: list[ActionChoice] = []
    for choice in choices:
        line = (choice.label, choice.cost, choice.unit, choice.reason, choice.key)
        if line not in seen:
            seen.add(line)
            kept.append(choice)
    return kept


class ActionBar(Widget):
    """The actions available here; set `choices` to redraw. Enter on one posts `ActionBar.Chosen`."""

    BINDINGS = [Binding("escape", "leave", "Back to the map", show=False)]
    """Esc leaves the list (the screen decides where the keys go: `ActionBar.Left`)."""

    choices: reactive[tuple[ActionChoice, ...]] = reactive((), always_update=True, init=False)
    _shown: tuple[ActionChoice, ...] = ()
    """The choices on screen before the latest `set_choices` (to keep the highlight's action)."""
    """The actions, enabled ones first."""

    @dataclass
    class Chosen(Message):
        """The player picked an action to do."""

        bar: ActionBar
        choice: ActionChoice

        @property
        def control(self) -> ActionBar:
            """The bar."""
            return self.bar

    @dataclass
    class Left(Message):
        """The player left the list without choosing (Esc)."""

        bar: ActionBar

        @property
        def control(self) -> ActionBar:
            """The bar."""
            return self.bar

    def compose(self) -> ComposeResult:
        yield MarkedList(id="action-list")

    def action_leave(self) -> None:
        """Give the keys back to the screen."""
        self.post_message(self.Left(self))

    def on_mount(self) -> None:
        self.watch_choices(self.choices)

    def set_choices(self, choices: Sequence[ActionChoice]) -> None:
        """Show `choices`, the ones that can be done first, each line once (`distinct`)."""
        self._shown = self.choices
        self.choices = tuple(sorted(distinct(choices), key=lambda choice: not choice.enabled))

    def watch_choices(self, choices: tuple[ActionChoice, ...]) -> None:
        listing = self.query_one("#action-list", OptionList)
        # Keep the highlight on the same action, not the same row: the list is rebuilt after
        # every update and its order can change under the cursor.
        before = self._highlighted_action
        # A refused line stays reachable by the cursor (not `disabled`): Enter on it says why, and
        # the list scrolls to it like to any other ("✗" and the reason already mark it).
        options = [Option(choice_text(choice)) for choice in choices]
        if not options:
            options = [Option(Text("Nothing can be done here now.", style="italic"), disabled=True)]
        listing.set_options(options)
        rows = [index for index, choice in enumerate(choices) if choice.action == before]
        listing.highlighted = rows[0] if rows else None

    @property
    def _highlighted_action(self) -> object | None:
        listing = self.query_one("#action-list", OptionList)
        index = listing.highlighted
        shown = self._shown
        if index is None or index >= len(shown):
            return None
        action: object | None = shown[index].action
        return action

    @on(OptionList.OptionSelected, "#action-list")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option_index < len(self.choices):
            # A refused choice goes up too: the screen shows its reason rather than doing nothing.
            self.post_message(self.Chosen(self, self.choices[event.option_index]))

    def focus_list(self) -> None:
        """Move the keyboard to the list, its cursor on a line in view (the first, unless one is kept)."""
        listing = self.query_one("#action-list", OptionList)
        if self.choices and (listing.highlighted is None or listing.highlighted >= len(self.choices)):
            listing.highlighted = 0
        listing.focus()
        listing.scroll_to_highlight()
        self.call_after_refresh(listing.scroll_to_highlight)  # once the taller open list is laid out
