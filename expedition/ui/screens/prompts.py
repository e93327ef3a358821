"""Provides the prompts of an expedition: any decision, an attribute test's rerolls, fainting, mortal wounds.

Each is a `ModalScreen`. A decision prompt dismisses with the chosen key; the fainting and
mortal-wound prompts only need to be acknowledged, and explain what happened, with the dice,
the table row, what it means and what the party can do about it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from expedition.rules.core.decisions import Decision
from expedition.rules.core.errors import InvalidAction
from expedition.rules.core.events import DiceRolled, Event
from expedition.rules.core.odds import RollOdds, outcome_odds
from expedition.rules.core.rule_sections import cite
from expedition.rules.core.wording import plural
from expedition.ui.widgets.fitted_footer import FittedFooter
from expedition.ui.widgets.marked_list import MarkedList
from expedition.ui.widgets.odds_bars import odds_bars
from expedition.ui.widgets.odds_bars import percent as percent  # re-exported for the fight's prompts

KIND_TITLES = {
    "gain_one_of": "Affliction",
    "swap_affliction": "Affliction",
    "bliss_affliction": "Bliss",
    "table_option": "Table result",
    "party_wound": "Wound",
    "place_wound": "Wound",
    "decay_attr": "Decay",
    "entropy_attr": "Entropy",
    "miracle_cure": "Miracle",
    "miracle_restore": "Miracle",
    "miracle_target": "Miracle",
    "season_from": "Season",
    "season_to": "Season",
    "lifepath_skill": "Life path skill",
}
"""Titles for the decisions whose kind does not read as one ("Gain one of" said nothing)."""


def decision_title(kind: str) -> str:
    """A decision prompt's title from the decision's kind: "camp_supplies" → "Camp supplies"."""
    return KIND_TITLES.get(kind) or kind.replace("_", " ").capitalize()


class DecisionPrompt(ModalScreen[str]):
    """Ask for any decision: its question, its choices (the default first highlighted) and the rule.

    Args:
        decision: What is asked.
        who: The name of whoever decides, shown in the title.
    """

    BINDINGS = [Binding("escape", "take_default", "Take the default")]
    """Enter chooses the highlighted answer; Esc takes the default."""

    ESCAPE_WORDS = "Esc takes the default"
    """What the box's subtitle says Esc does (the same as its footer binding)."""

    SCREEN_NAME = "Decision"
    """Name shown in help."""
    HELP = "The game needs a decision. Choose with the arrows and Enter; Esc takes the suggested choice."
    """Shown on the help screen."""

    def __init__(self, decision: Decision, who: str = "") -> None:
        super().__init__()
        self.decision = decision
        """The decision asked."""
        self.who = who

    def compose(self) -> ComposeResult:
        with Vertical(id="prompt-box", classes="prompt-box") as box:
            box.border_title = self.title_text()
            box.border_subtitle = f"Enter chooses · {self.ESCAPE_WORDS}"
            yield from self.compose_body()
            yield MarkedList(*self.options(), id="prompt-choices")
        yield FittedFooter()

    def title_text(self) -> str:
        """The box's title: what is decided, in words, and who decides."""
        kind = decision_title(self.decision.kind)
        return f"{kind} — {self.who}" if self.who else kind

    def compose_body(self) -> ComposeResult:
        """The part above the choices: the question and the rule."""
        yield Static(Text(self.decision.prompt), id="prompt-question")
        if self.decision.rule:
            yield Static(Text(f"Rule: {cite(self.decision.rule)}", style="dim"), id="prompt-rule")

    def options(self) -> list[Option]:
        """One option per choice; the default is marked when the game advises it (`Decision.advised`)."""
        suggested = self.decision.default if self.decision.advised else None
        return [
            Option(choice.label + ("  (suggested)" if choice.key == suggested else ""), id=choice.key)
            for choice in self.decision.choices
        ]

    def on_mount(self) -> None:
        choices = self.query_one("#prompt-choices", OptionList)
        choices.highlighted = self.decision.keys.index(self.decision.default)
        choices.focus()

    @on(OptionList.OptionSelected, "#prompt-choices")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option_id is not None:
            self.dismiss(event.option_id)

    def action_take_default(self) -> None:
        """Answer with the decision's default."""
        self.dismiss(self.decision.default)


@dataclass(frozen=True, slots=True)
class RollInfo:
    """What a reroll prompt shows about the test being rolled.

    Attributes:
        roller: The roller's name.
        why: The roll ("STR test").
        pool: Dice thrown.
        proficiency: The roller's proficiency rerolls at the start.
        advantage: Net advantage rerolls at the start.
        disadvantage: Net disadvantage rerolls at the start.
        first: The faces as they first landed.
        faces: The faces now.
        history: Each reroll so far, in words.
        keep_lowest: Only the lowest die counts (a zero-dice roll).
        tokens: Shield and dodge tokens that may each pay a reroll (a defence test, §10.2.3).
        dice: The dice before keeping it safe, effort and help (None: work it out from `pool`).
        check: A check: no fatigue.
        safe: Keeping it safe.
        effort: Extra effort.
        helped: A helper's die is in the pool.
        terrified: The roller is Terrified.
        hopeless: The roller is Hopeless.
        roller_id: The roller's id (to match the dice that follow).
    """

    roller: str
    why: str
    pool: int
    proficiency: int = 0
    advantage: int = 0
    disadvantage: int = 0
    first: tuple[int, ...] = ()
    faces: tuple[int, ...] = ()
    history: tuple[str, ...] = ()
    keep_lowest: bool = False
    tokens: int = 0
    dice: int | None = None
    check: bool = False
    safe: bool = False
    effort: bool = False
    helped: bool = False
    terrified: bool = False
    hopeless: bool = False
    roller_id: str = ""


def face_mark(face: int, *, terrified: bool = False) -> str:
    """A die face with a mark telling what it does: ★ six, ✓ success, ✗ one, · nothing.

    Terrified, only a 5 or a 6 succeeds (§3.6), so a 4 gets no ✓.
    """
    if face == 6:
        return f"[{face}]★"
    if face >= (5 if terrified else 4):
        return f"[{face}]✓"
    if face == 1:
        return f"[{face}]✗"
    return f"[{face}]·"


def face_marks(faces: Sequence[int], info: RollInfo) -> str:
    """The dice with their marks; in a zero-dice roll only the lowest die counts (§3.5): only it is marked."""
    if info.keep_lowest and faces:
        kept = faces.index(min(faces))
        return " ".join(
            face_mark(face, terrified=info.terrified) if index == kept else f"[{face}]·"
            for index, face in enumerate(faces)
        )
    return " ".join(face_mark(face, terrified=info.terrified) for face in faces)


FACE_LEGEND = "✓ 4+ succeeds · ★ a 6 (two make a great success) · ✗ a 1 (critical if the test fails)"
"""The key to the face marks."""

TIRING = {
    "test": "any 4 or 1 costs 1 fatigue on the attribute (once a test, pass or fail)",
    "check": "a check never tires",
    "safe": "kept safe: a 4 or a 1 costs 1 fatigue only if the test fails",
    "effort": "extra effort: the fatigue is paid, 4s and 1s cost no more",
}
"""What tires in each kind of roll (§3.2, §3.5), judged on the final dice (ruling 22)."""


def face_legend(info: RollInfo) -> str:
    """The key to the face marks, with the fatigue rule for this roll (§3.2, §3.5, §3.6).

    It says what is different about this roller's dice: Terrified, a 4 fails; Hopeless, a 5 tires
    too; with no dice, only the lowest counts.
    """
    kind = "check" if info.check else "effort" if info.effort else "safe" if info.safe else "test"
    legend = FACE_LEGEND
    if info.terrified:
        legend = legend.replace("✓ 4+ succeeds", "✓ 5+ succeeds (Terrified: a 4 fails)")
    if info.keep_lowest:
        legend = f"only the lowest die counts · {legend}"
    legend += f" · {TIRING[kind]}"
    if info.hopeless and kind in ("test", "safe"):
        legend += " · Hopeless: a 5 tires too"
    return legend


def odds_of(info: RollInfo) -> RollOdds | None:
    """Exact odds before rolling, from `outcome_odds`, or None when too large to compute."""
    fallback = 2 - info.pool if info.keep_lowest else info.pool
    dice = info.dice if info.dice is not None else fallback
    try:
        return outcome_odds(
            dice,
            proficiency=info.proficiency + info.tokens,
            advantage=info.advantage,
            disadvantage=info.disadvantage,
            terrified=info.terrified,
            hopeless=info.hopeless,
            safe=info.safe,
            effort=info.effort,
            helper=info.helped,
            check=info.check,
        )
    except InvalidAction:
        return None


def odds_table(odds: RollOdds, *, check: bool = False) -> Table:
    """The odds as a one-row table with a header (a check has no fatigue column: checks never tire)."""
    table = Table(box=None, padding=(0, 1), show_edge=False)
    headings = ("critical", "failure", "success", "great") + (() if check else ("fatigue",))
    for heading in headings:
        table.add_column(heading, justify="right")
    cells = [odds.critical_failure, odds.failure, odds.success, odds.great_success]
    if not check:
        cells.append(odds.fatigue)
    table.add_row(*(percent(float(cell)) for cell in cells))
    return table


def odds_bar_lines(odds: RollOdds, *, check: bool = False) -> Text:
    """The same odds as bars, one outcome a line, as `expedition odds` draws them."""
    rows = [
        ("critical failure", odds.critical_failure),
        ("failure", odds.failure),
        ("success", odds.success),
        ("great success", odds.great_success),
    ]
    if not check:
        rows.append(("fatigue", odds.fatigue))
    return odds_bars(rows)


def track_roll(info: RollInfo | None, event: Event, names: Mapping[str, str]) -> RollInfo | None:
    """The test being rolled after `event`: a thrown pool starts one, its dice and rerolls update it."""
    kind = type(event).__name__
    if kind == "PoolThrown":
        who = str(getattr(event, "character", ""))
        attr = str(getattr(event, "attr", ""))
        check = bool(getattr(event, "check", False))
        return RollInfo(
            names.get(who, who),
            f"{attr} {'check' if check else 'test'}",
            int(getattr(event, "count", 0)),
            proficiency=int(getattr(event, "proficiency", 0)),
            advantage=int(getattr(event, "advantage", 0)),
            disadvantage=int(getattr(event, "disadvantage", 0)),
            keep_lowest=bool(getattr(event, "keep_lowest", False)),
            tokens=int(getattr(event, "tokens", 0)),
            dice=int(getattr(event, "dice", 0)),
            check=check,
            safe=bool(getattr(event, "safe", False)),
            effort=bool(getattr(event, "effort", False)),
            helped=bool(getattr(event, "helper", "")),
            terrified=bool(getattr(event, "terrified", False)),
            hopeless=bool(getattr(event, "hopeless", False)),
            roller_id=who,
        )
    if info is None:
        return None
    if isinstance(event, DiceRolled) and event.who == info.roller_id and event.why == info.why:
        return replace(info, first=event.faces, faces=event.faces)
    if isinstance(event, DiceRolled) and event.why.startswith("helping ") and info.helped:
        joined = (*info.faces, *event.faces)
        return replace(info, first=joined, faces=joined)
    if kind == "DieRerolled":
        index, new = int(getattr(event, "index", 0)), int(getattr(event, "new", 0))
        faces = list(info.faces)
        if 0 <= index < len(faces):
            faces[index] = new
        old, paid = getattr(event, "old", "?"), getattr(event, "resource", "")
        line = f"die {index + 1}: {old} → {new} ({paid})"
        return replace(info, faces=tuple(faces), history=(*info.history, line))
    return info


class TestPrompt(DecisionPrompt):
    """The reroll decision of a test: pool, exact odds, the dice as they landed, one reroll at a time.

    Args:
        decision: The "reroll" decision.
        info: What is known about the roll.
        who: Who decides.
    """

    __test__ = False  # not a pytest class, whatever its name says

    SCREEN_NAME = "Test"
    """Name shown in help."""
    HELP = (
        "An attribute test is being rolled. The odds were worked out exactly before the dice landed, "
        "with the rerolls played well. Reroll one die at a time with proficiency, tokens or advantage, "
        "or keep the dice. " + FACE_LEGEND + "; in a test " + TIRING["test"] + "."
    )
    """Shown on the help screen."""

    def __init__(self, decision: Decision, info: RollInfo, who: str = "") -> None:
        super().__init__(decision, who)
        self.info = info
        """The roll."""

    def title_text(self) -> str:
        return f"{self.info.roller}'s {self.info.why}"

    def compose_body(self) -> ComposeResult:
        info = self.info
        rerolls = [f"proficiency {info.proficiency}"] if info.proficiency else []
        if info.tokens:
            rerolls.append(f"tokens {info.tokens}")
        if info.advantage:
            rerolls.append(f"advantage {info.advantage}")
        if info.disadvantage:
            rerolls.append(f"disadvantage {info.disadvantage} (the GM's)")
        pool = f"Pool: {plural(info.pool, 'die')}"
        if info.keep_lowest:
            pool += ", only the lowest counts"
        pool += " · rerolls: " + (", ".join(rerolls) or "none")
        yield Static(Text(pool), id="test-pool")
        odds = odds_of(info)
        if odds is not None:
            yield Static(Text("Odds before rolling:", style="bold"), classes="test-heading")
            yield Static(odds_table(odds, check=info.check), id="test-odds")
            yield Static(odds_bar_lines(odds, check=info.check), id="test-odds-bars")
        landed = Text("Landed: ", style="bold")
        landed.append(face_marks(info.first, info))
        yield Static(landed, id="test-landed")
        for line in info.history:
            yield Static(Text(f"  {line}"), classes="test-history")
        now = Text("Now:    ", style="bold")
        now.append(face_marks(info.faces, info))
        yield Static(now, id="test-faces")
        yield Static(Text(face_legend(info), style="dim"), id="test-legend")
        yield Static(Text(f"Rule: {cite(self.decision.rule)}", style="dim"), id="prompt-rule")


@dataclass(frozen=True, slots=True)
class HarmInfo:
    """What a fainting or mortal-wound prompt explains.

    Attributes:
        name: The character's name.
        happened: What happened, in a sentence.
        dice: The dice that decided it, in words ("mortal wound: d6 [5] +1 earlier wound = 6").
        row: The table row that applies.
        meaning: What it means now (turns down, trauma gained, death).
        options: What the party can do about it.
        rule: The rule section applied (shown by its title).
        table: The whole table, each row as (roll, result), to show where the row sits.
        dead: The character died.
    """

    name: str
    happened: str
    dice: str = ""
    row: str = ""
    meaning: Sequence[str] = ()
    options: Sequence[str] = ()
    rule: str = ""
    table: Sequence[tuple[str, str]] = ()
    dead: bool = False


class HarmPrompt(ModalScreen[None]):
    """A misfortune the player must acknowledge (base of the fainting and mortal-wound prompts).

    Args:
        info: What happened and what it means.
    """

    BINDINGS = [Binding("enter,escape,space", "acknowledge", "Understood")]
    """Any of these closes it."""

    TITLE_WORD = "Harm"
    """The box title's first word."""

    def __init__(self, info: HarmInfo) -> None:
        super().__init__()
        self.info = info
        """What the prompt explains."""

    def compose(self) -> ComposeResult:
        info = self.info
        with Vertical(id="harm-box", classes="prompt-box") as box:
            box.border_title = f"{self.TITLE_WORD} — {info.name}"
            box.border_subtitle = "Enter: understood"
            yield Static(Text(info.happened, style="bold"), id="harm-happened")
            if info.dice:
                yield Static(Text(f"Dice: {info.dice}"), id="harm-dice")
            if info.table:
                yield Static(self._table(), id="harm-table")
            elif info.row:
                yield Static(Text(f"Result: {info.row}"), id="harm-row")
            if info.meaning:
                yield Static(Text("What it means", style="bold"), classes="harm-heading")
                yield Static(Text("\n".join(f"• {line}" for line in info.meaning)), id="harm-meaning")
            if info.options:
                yield Static(Text("What the party can do", style="bold"), classes="harm-heading")
                yield Static(Text("\n".join(f"• {line}" for line in info.options)), id="harm-options")
            if info.rule:
                yield Static(Text(f"Rule: {cite(info.rule)}", style="dim"), id="harm-rule")
        yield FittedFooter()

    def _table(self) -> Table:
        table = Table(box=None, padding=(0, 1), show_header=True, show_edge=False)
        table.add_column("roll")
        table.add_column("result")
        for roll, result in self.info.table:
            here = result == self.info.row
            shown = Text(f"▶ {result}" if here else f"  {result}", style="bold reverse" if here else "")
            table.add_row(roll, shown)
        return table

    def action_acknowledge(self) -> None:
        """Close the prompt."""
        self.dismiss(None)


class FaintingPrompt(HarmPrompt):
    """A character fainted: how long they stay down and how the party can wake them (§4.3)."""

    TITLE_WORD = "Fainted"
    SCREEN_NAME = "Fainted"
    """Name shown in help."""
    HELP = "A character fainted. Read what it means, then press Enter."
    """Shown on the help screen."""


class MortalWoundPrompt(HarmPrompt):
    """A character took a mortal wound: the roll, the table row, and stabilising them (§4.4)."""

    TITLE_WORD = "Mortal wound"
    SCREEN_NAME = "Mortal wound"
    """Name shown in help."""
    HELP = "A character took a mortal wound. Read the roll and what it means, then press Enter."
    """Shown on the help screen."""
