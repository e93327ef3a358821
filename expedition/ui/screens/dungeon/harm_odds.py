"""Provides the odds shown on the armour roll (§4.2), Hardened (§6.2) and Dauntless (§3.7) offers.

Each is worked out exactly by the rules' own odds (`rules.core.odds`): `armour_odds` for the
armour dice, `outcome_odds` for Hardened's STR test (as a defence's odds are), `dauntless_odds`
for the two extra dice, and shown as a table with a bar per line, as `expedition odds` draws them.
"""

from __future__ import annotations

from fractions import Fraction

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.widgets import Static

from expedition.rules.character.adventurer import Character
from expedition.rules.character.armour import PADDED, SOLDIER_HELMET
from expedition.rules.core.attributes import Attr
from expedition.rules.core.conditions import Affliction
from expedition.rules.core.decisions import Decision
from expedition.rules.core.errors import RuleError
from expedition.rules.core.item_defs import Item
from expedition.rules.core.judging import Outcome, tires
from expedition.rules.core.odds import ArmourOdds, armour_odds, dauntless_odds, outcome_odds
from expedition.rules.core.rolls import available_dice
from expedition.rules.core.rule_sections import cite
from expedition.ui.screens.prompts import DecisionPrompt, RollInfo
from expedition.ui.widgets.odds_bars import odds_bars, percent

__all__ = ["OddsPrompt", "armour_prompt", "dauntless_prompt", "hardened_prompt"]


class OddsPrompt(DecisionPrompt):
    """A decision shown with the exact odds of each answer: a table, then bars.

    Args:
        decision: What is asked.
        table: Each answer with its chances.
        bars: The chances drawn as bars.
        who: Who decides.
    """

    SCREEN_NAME = "Odds"
    """Name shown in help."""
    HELP = (
        "The game needs a decision; each answer comes with its exact odds, worked out before any die "
        "is thrown. Bars: '#' is the chance, '.' the rest. Choose with the arrows and Enter."
    )
    """Shown on the help screen."""

    def __init__(self, decision: Decision, table: Table, bars: Text, who: str = "") -> None:
        super().__init__(decision, who)
        self.table = table
        """The answers' odds."""
        self.bars = bars

    def compose_body(self) -> ComposeResult:
        yield Static(Text(self.decision.prompt), id="prompt-question")
        yield Static(Text("Odds before rolling:", style="bold"), classes="test-heading")
        yield Static(self.table, id="odds-table")
        yield Static(self.bars, id="odds-bars")
        if self.decision.rule:
            yield Static(Text(f"Rule: {cite(self.decision.rule)}", style="dim"), id="prompt-rule")


def _armour_table(rows: list[tuple[str, ArmourOdds | None]]) -> tuple[Table, Text]:
    table = Table(box=None, padding=(0, 1), show_edge=False)
    table.add_column("answer")
    for heading in ("blocks 1+", "blocks (avg)", "breaks AP"):
        table.add_column(heading, justify="right")
    bars: list[tuple[str, Fraction]] = []
    for label, odds in rows:
        if odds is None:
            table.add_row(label, "0%", "0", "0%")
            continue
        table.add_row(
            label, percent(odds.at_least(1)), f"{float(odds.expected):.1f}", percent(odds.any_broken)
        )
        bars.append((f"{label}: blocks 1+", odds.at_least(1)))
        bars.append((f"{label}: breaks AP", odds.any_broken))
    return table, odds_bars(bars)


def _odds_of(item: Item, dice: int) -> ArmourOdds:
    key = item.defn.key
    return armour_odds(dice, padded=key in PADDED, soldier_helmet=key in SOLDIER_HELMET)


def armour_prompt(member: Character, decision: Decision, who: str) -> OddsPrompt | None:
    """The armour roll (which piece, or how many of its dice) with each answer's odds; None if unknown."""
    rows: list[tuple[str, ArmourOdds | None]] = []
    if decision.kind == "armour":
        for choice in decision.choices:
            uid, _, part = choice.key.partition(":")
            item = next((i for i in member.items if str(i.uid) == uid), None)
            if item is None or not part.isdigit():
                rows.append((choice.label, None))
                continue
            rows.append((choice.label, _odds_of(item, item.working_ap(int(part)))))
    else:  # "armour_dice": the piece is the one the question names
        item = next((i for i in member.items if i.defn.armour and i.name in decision.prompt), None)
        if item is None:
            return None
        rows = [(c.label, _odds_of(item, int(c.key))) for c in decision.choices if c.key.isdigit()]
    table, bars = _armour_table(rows)
    return OddsPrompt(decision, table, bars, who)


def hardened_prompt(member: Character, decision: Decision, who: str) -> OddsPrompt | None:
    """Hardened's offer with the exact odds of its STR test: a success resists 1 wound, a great one 2."""
    try:
        odds = outcome_odds(
            available_dice(member, Attr.STR, combat=True),
            proficiency=0 if member.has(Affliction.ANGRY) else member[Attr.STR].proficiency,
            terrified=member.has(Affliction.TERRIFIED),
            hopeless=member.has(Affliction.HOPELESS),
        )
    except RuleError:
        return None
    table = Table(box=None, padding=(0, 1), show_edge=False)
    table.add_column("answer")
    for heading in ("resist 2", "resist 1", "resist 0", "fatigue"):
        table.add_column(heading, justify="right")
    for choice in decision.choices:
        if choice.key == "test":
            failed = odds.failure + odds.critical_failure
            cells = (odds.great_success, odds.success, failed, odds.fatigue)
            table.add_row(choice.label, *(percent(cell) for cell in cells))
        else:
            table.add_row(choice.label, "0%", "0%", "100%", "0%")
    bars = odds_bars(
        [
            ("resist 2 (great success)", odds.great_success),
            ("resist 1 (success)", odds.success),
            ("resist 0 (failure)", odds.failure + odds.critical_failure),
            ("fatigue", odds.fatigue),
        ]
    )
    return OddsPrompt(decision, table, bars, who)


def dauntless_prompt(decision: Decision, test: RollInfo | None, who: str) -> OddsPrompt | None:
    """Dauntless's offer with the odds of the 2 dice: a great success, and a fatigue not yet due."""
    if test is None or not test.faces:
        return None
    faces = test.faces
    own = faces[:-1] if test.helped else faces
    tired = test.effort or test.safe or tires(own, Outcome.SUCCESS, hopeless=test.hopeless)
    odds = dauntless_odds(faces, tired=tired, hopeless=test.hopeless)
    great_now = Fraction(1) if faces.count(6) >= 2 else Fraction(0)
    table = Table(box=None, padding=(0, 1), show_edge=False)
    table.add_column("answer")
    table.add_column("great success", justify="right")
    table.add_column("new fatigue", justify="right")
    for choice in decision.choices:
        if choice.key == "roll":
            table.add_row(choice.label, percent(odds.great_success), percent(odds.fatigue))
        else:
            table.add_row(choice.label, percent(great_now), "0%")
    bars = odds_bars([("great success", odds.great_success), ("new fatigue", odds.fatigue)])
    return OddsPrompt(decision, table, bars, who)
