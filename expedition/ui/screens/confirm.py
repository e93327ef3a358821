"""Provides `ConfirmPrompt`: "are you sure?" before a step that cannot be taken back (ending a day, leaving).

It is a decision prompt with two answers, the cursor on the safe one: `y`, or Enter on the first,
goes ahead; Esc, `n` or Enter on "Go back" keeps things as they are. Nothing is sent to the game
until the player said yes.
"""

from __future__ import annotations

from collections.abc import Callable

from textual.app import App
from textual.binding import Binding
from textual.widgets.option_list import Option

from expedition.rules.core.decisions import Choice, Decision
from expedition.ui.screens.prompts import DecisionPrompt

YES, NO = "yes", "no"
"""The two answers."""


class ConfirmPrompt(DecisionPrompt):
    """Ask before an irreversible step; dismisses with "yes" or "no"."""

    BINDINGS = [
        Binding("escape", "take_default", "Go back"),
        Binding("y", "answer('yes')", "Yes"),
        Binding("n", "answer('no')", "No"),
    ]
    """Esc or n: no; y: yes (Enter takes the highlighted answer)."""

    ESCAPE_WORDS = "Esc goes back"
    """The subtitle says what the footer says."""

    SCREEN_NAME = "Are you sure?"
    """Name shown in help."""
    HELP = "This step cannot be taken back. y or Enter on the first line goes ahead; n or Esc goes back."
    """Shown on the help screen."""

    def options(self) -> list[Option]:
        """The two answers, with no "suggested" mark: the game does not advise here."""
        return [Option(choice.label, id=choice.key) for choice in self.decision.choices]

    def action_answer(self, key: str) -> None:
        """Answer `key` at once."""
        self.dismiss(key)


def ask_confirm(app: App[object], title: str, question: str, go: str, then: Callable[[], object]) -> None:
    """Ask `question`; call `then` only if the player goes ahead.

    Args:
        app: The app to ask in.
        title: What is confirmed, for the box's title ("End the day").
        question: What happens, and that it cannot be undone.
        go: The words of the answer that goes ahead ("End day 2").
        then: Called when the player says yes.
    """
    decision = Decision(title, "", question, (Choice(YES, go), Choice(NO, "Go back")), NO, "")

    def answered(key: str | None) -> None:
        if key == YES:
            then()

    app.push_screen(ConfirmPrompt(decision), answered)
