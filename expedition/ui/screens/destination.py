"""Provides the question "where to?" asked before an expedition sets out (§10, §9.2).

A party can go to a new dungeon the dice make, back to one it already knows (as it left it, with
its doom), or to an authored dungeon such as the sample one: each is one of the seat's SetOut
options. When there is nothing to choose from, the party sets out for a new dungeon without being
asked.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from textual.app import App
from textual.binding import Binding

from expedition.rules.core.decisions import Choice, Decision
from expedition.session.seat_options import NEW_DUNGEON
from expedition.session.seat_view import SeatOption
from expedition.ui.screens.prompts import DecisionPrompt

NEW_KEY = NEW_DUNGEON
"""The choice key of a new dungeon."""
STAY = "stay"
"""What the prompt answers when the players stay in town."""


class DestinationPrompt(DecisionPrompt):
    """The destination list; Esc stays in town instead of taking a default."""

    BINDINGS = [Binding("escape", "stay", "Stay in town")]
    """Enter sets out for the highlighted place; Esc cancels."""

    ESCAPE_WORDS = "Esc stays in town"
    """The subtitle says what the footer says."""

    SCREEN_NAME = "Where to?"
    """Name shown in help."""
    HELP = "Choose where the party goes: a new dungeon, or back to one it knows (its doom is kept)."
    """Shown on the help screen."""

    def action_stay(self) -> None:
        """Cancel: nobody sets out."""
        self.dismiss(STAY)


def ask_destination(
    app: App[object], places: Sequence[SeatOption], then: Callable[[SeatOption | None], None]
) -> None:
    """Ask where to go when there is a choice, then call `then` with that SetOut option (None: stay).

    Args:
        app: The app to ask in.
        places: The seat's SetOut options, a new dungeon first (`seat_options.set_out_options`).
        then: Called with the chosen option, or None when the party stays (or may not set out).
    """
    if len(places) <= 1:
        then(places[0] if places else None)
        return
    choices = tuple(Choice(place.target, place.label) for place in places)
    decision = Decision("destination", "", "Where does the party go?", choices, places[0].target, "§10")

    def answered(key: str | None) -> None:
        then(None if key in (None, STAY) else next((p for p in places if p.target == key), None))

    app.push_screen(DestinationPrompt(decision, "the party"), answered)
