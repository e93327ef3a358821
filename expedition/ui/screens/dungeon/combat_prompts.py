"""Provides the fight's prompts: whom to attack and how to defend against an attack, with exact odds."""

from __future__ import annotations

from collections.abc import Mapping

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Static
from textual.widgets.option_list import Option

from expedition.rules.core.decisions import Decision
from expedition.rules.core.odds import RollOdds
from expedition.rules.core.rule_sections import cite
from expedition.ui.screens.prompts import DecisionPrompt, percent


class TargetPrompt(DecisionPrompt):
    """Choose an attack among those in reach, each with its exact chance to hit; Esc attacks nobody.

    Args:
        decision: The "attack" decision built by the screen (`combat_odds.attack_decision`).
        who: The attacker's name.
    """

    BINDINGS = [Binding("escape", "take_default", "Go back")]
    """Enter attacks the highlighted foe; Esc attacks nobody (so the footer says "Go back")."""

    ESCAPE_WORDS = "Esc goes back"
    """The subtitle says what the footer says."""

    SCREEN_NAME = "Attack"
    """Name shown in help."""
    HELP = (
        "Choose whom to attack and with what. Each line gives the exact chance of a hit (a success or "
        "better) and of a great success (extra wounds); the foe's shield and dodge tokens count as "
        "rerolls against you. Esc goes back without attacking."
    )
    """Shown on the help screen."""

    def __init__(self, decision: Decision, who: str = "", suggested: str = "") -> None:
        super().__init__(decision, who)
        self.suggested = suggested
        """The key of the attack marked suggested ("" when none is worth it)."""

    def options(self) -> list[Option]:
        """One option per attack; only the suggested one (the best, `best_attack`) is marked."""
        return [
            Option(choice.label + ("  (suggested)" if choice.key == self.suggested else ""), id=choice.key)
            for choice in self.decision.choices
        ]

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one("#prompt-box").border_subtitle = f"Enter attacks · {self.ESCAPE_WORDS}"

    def action_take_default(self) -> None:
        """Go back without attacking."""
        self.dismiss("")


def defence_table(decision: Decision, odds: Mapping[str, RollOdds]) -> Table:
    """Each answer of a defend decision with its chances: avoided, hit, critical hit, fatigue."""
    table = Table(box=None, padding=(0, 1), show_edge=False)
    table.add_column("answer")
    for heading in ("avoid", "hit", "critical", "fatigue"):
        table.add_column(heading, justify="right")
    for choice in decision.choices:
        chance = odds.get(choice.key)
        if chance is not None:
            table.add_row(
                choice.label,
                percent(float(chance.succeeded)),
                percent(float(chance.failure)),
                percent(float(chance.critical_failure)),
                percent(float(chance.fatigue)),
            )
        elif choice.key == "decline":
            table.add_row(choice.label, "0%", "100%", "0%", "0%")
    return table


class DefendPrompt(DecisionPrompt):
    """An enemy attacks: roll to defend (which attribute) or decline, with the exact odds of each (§10.2.3).

    Args:
        decision: The "defend" decision.
        odds: The odds of each "roll:<ATTR>" answer.
        tokens: The defender's tokens as glyphs ("" for none).
        who: The defender's name.
    """

    SCREEN_NAME = "Defend"
    """Name shown in help."""
    HELP = (
        "An enemy attacks. Enemies never roll: you test to avoid the blow. A failure takes the attack's "
        "wounds, a critical failure its critical wounds too. Declining rolls nothing (no fatigue) and takes "
        "the hit. The odds count your proficiency and your shield and dodge tokens as rerolls."
    )
    """Shown on the help screen."""

    def __init__(
        self, decision: Decision, odds: Mapping[str, RollOdds], tokens: str = "", who: str = ""
    ) -> None:
        super().__init__(decision, who)
        self.odds = dict(odds)
        """The odds of each answer that rolls."""
        self.tokens = tokens

    def compose_body(self) -> ComposeResult:
        yield Static(Text(self.decision.prompt), id="prompt-question")
        if self.tokens:
            yield Static(Text(f"Tokens to reroll with: {self.tokens}"), id="defend-tokens")
        yield Static(Text("Odds before rolling:", style="bold"), classes="test-heading")
        yield Static(defence_table(self.decision, self.odds), id="defend-odds")
        if self.decision.rule:
            yield Static(Text(f"Rule: {cite(self.decision.rule)}", style="dim"), id="prompt-rule")
