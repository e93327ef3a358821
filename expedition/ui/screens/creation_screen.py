"""Provides the character-creation screen: who plays, each §5.1 decision with its dice, the sheets, the shop.

The screen holds a `CreationFlow` (the running rules generator and the party); widgets only
show it. Steps: setup (players and adventurers each), making (one decision at a time, the
log of dice and life-path rows, a live sheet), and the finished party with the starting shop.
"""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.reactive import var
from textual.screen import Screen
from textual.widgets import Button, ContentSwitcher, Input, OptionList, RichLog, Static
from textual.widgets.option_list import Option

from expedition.content.catalog import Catalog
from expedition.rules.character.adventurer import Character
from expedition.rules.character.party import Party
from expedition.rules.core.decisions import GM, Decision
from expedition.rules.core.rule_sections import cite
from expedition.rules.core.wording import plural, possessive
from expedition.rules.creation.party_creation import MAX_PARTY
from expedition.ui.creation_flow import CreationFlow, party_specs, split_party
from expedition.ui.screens.creation_shop import StartingShopScreen
from expedition.ui.widgets.character_sheet import CharacterSheet
from expedition.ui.widgets.creation_log import event_line
from expedition.ui.widgets.fitted_footer import FittedFooter
from expedition.ui.widgets.marked_list import MarkedList

SETUP, MAKING, READY = "setup", "making", "ready"
"""The screen's steps."""


def player_name(owner: str) -> str:
    """A player id in words: "player2" → "Player 2"."""
    return owner.replace("player", "Player ") if owner.startswith("player") else owner


class CreationScreen(Screen[Party | None]):
    """Make a party step by step (§5.1) and dismiss with it, or with None when cancelled.

    Args:
        catalog: The content (life-path tables, classes, items, settlements).
        seed: Seeds the creation dice: the same seed and answers make the same party.
    """

    BINDINGS = [
        Binding("q", "quick", "Quick party"),
        Binding("s", "toggle_sheet", "Sheet / log"),
        # The arrows mean "fewer / more" in the setup and "previous / next adventurer" after it: one
        # binding each way per meaning, so the footer says the one that holds (see `check_action`).
        Binding("left", "fewer", "Fewer", key_display="←"),
        Binding("right", "more", "More", key_display="→"),
        Binding("left", "previous", "Previous", key_display="←"),
        Binding("right", "next", "Next", key_display="→"),
        Binding("b", "shop", "Shop"),
        Binding("o", "set_out", "Set out"),
        Binding("escape", "cancel", "Cancel"),
    ]
    """Keys; each works only in the steps where it means something (see `check_action`)."""

    SCREEN_NAME = "Character creation"
    """Name shown in help."""
    HELP = (
        "Setup: ↑↓ pick a row, ←→ change it, Enter begins; names are optional. "
        "Each decision: ↑↓ and Enter (the default is highlighted); q answers every remaining "
        "decision with its default. s switches between the log and the sheet. When the party is "
        "ready: ←→ adventurer, b shop with the party's silver (nothing can be sold yet), o set out."
    )
    """Shown on the help screen."""

    step: var[str] = var(SETUP, init=False)
    """Which step is showing: setup, making or ready."""

    def __init__(self, catalog: Catalog, seed: int) -> None:
        super().__init__()
        self.catalog = catalog
        self.seed = seed
        self.counts: list[int] = split_party(1)
        """Adventurers per player, from the setup step."""
        self.flow: CreationFlow | None = None
        """The creation in progress, once it has begun."""
        self.shown: str = ""
        """Id of the adventurer whose sheet is showing."""
        self._logged = 0

    def compose(self) -> ComposeResult:
        with ContentSwitcher(initial=SETUP, id="creation-steps"):
            with Vertical(id=SETUP):
                yield Static(
                    "New party. How many people are playing, and how many adventurers does each "
                    f"play? At most {MAX_PARTY} adventurers in all.",
                    id="setup-intro",
                )
                yield MarkedList(id="setup-list")
                yield Input(placeholder="Names, separated by commas (optional)", id="setup-names")
                with Horizontal(id="setup-buttons"):
                    yield Button("Begin", id="begin", variant="primary")
                    yield Button("Quick party (q)", id="quick")
            with Vertical(id=MAKING):
                yield Static(id="making-status")
                with ContentSwitcher(initial="making-log", id="making-view"):
                    yield RichLog(id="making-log", wrap=True)
                    yield CharacterSheet(id="making-sheet")
                with Vertical(id="prompt"):
                    yield Static(id="prompt-text")
                    yield MarkedList(id="prompt-choices")
            with Vertical(id=READY):
                yield Static(id="ready-status")
                yield CharacterSheet(id="ready-sheet")
        yield FittedFooter()

    def on_mount(self) -> None:
        self._draw_setup()
        self.query_one("#setup-list", MarkedList).focus()
        self.query_one("#making-log", RichLog).border_title = "Dice, life path and what it gives"

    def watch_step(self, step: str) -> None:
        self.query_one("#creation-steps", ContentSwitcher).current = step
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Offer each key only in the steps where it does something."""
        allowed = {
            "quick": (SETUP, MAKING),
            "toggle_sheet": (MAKING,),
            "fewer": (SETUP,),
            "more": (SETUP,),
            "previous": (MAKING, READY),
            "next": (MAKING, READY),
            "shop": (READY,),
            "set_out": (READY,),
        }
        return action not in allowed or self.step in allowed[action]

    # --- setup ---------------------------------------------------------------------------------

    def _draw_setup(self) -> None:
        menu = self.query_one("#setup-list", MarkedList)
        keep = menu.highlighted or 0
        rows = [Option(f"Players: {len(self.counts)}   (← fewer, → more)", id="players")]
        for seat, count in enumerate(self.counts, 1):
            rows.append(Option(f"Player {seat} plays {plural(count, 'adventurer')}", id=f"player{seat}"))
        menu.clear_options()
        menu.add_options(rows)
        menu.highlighted = min(keep, len(rows) - 1)

    def _change_setup(self, delta: int) -> None:
        menu = self.query_one("#setup-list", MarkedList)
        row = menu.highlighted or 0
        if row == 0:
            players = len(self.counts) + delta
            if 1 <= players <= MAX_PARTY:
                self.counts = split_party(players)
        else:
            counts = list(self.counts)
            counts[row - 1] += delta
            if counts[row - 1] >= 1 and sum(counts) <= MAX_PARTY:
                self.counts = counts
        self._draw_setup()

    @on(OptionList.OptionSelected, "#setup-list")
    @on(Input.Submitted, "#setup-names")
    @on(Button.Pressed, "#begin")
    def _begin_pressed(self) -> None:
        self.begin()

    @on(Button.Pressed, "#quick")
    def _quick_pressed(self) -> None:
        self.action_quick()

    def begin(self) -> None:
        """Start making the party the setup describes."""
        if self.flow is not None:
            return
        self._start_flow()
        self._refresh_making(asked=True)
        if self.step == MAKING:
            self.query_one("#prompt-choices", MarkedList).focus()

    def _start_flow(self) -> CreationFlow:
        names = self.query_one("#setup-names", Input).value.split(",")
        classes = list(self.catalog.classes.classes)
        self.flow = CreationFlow(self.catalog, self.seed, party_specs(self.counts, names, classes))
        self.step = MAKING
        return self.flow

    # --- making --------------------------------------------------------------------------------

    def _name_of(self, who: str) -> str:
        character = self.flow.character(who) if self.flow else None
        if character is not None:
            return character.name
        return {GM: "The GM", "party": "The party"}.get(who, who)

    def _write_log(self) -> None:
        assert self.flow is not None
        log = self.query_one("#making-log", RichLog)
        events = self.flow.ctx.events
        for event in events[self._logged :]:
            line = event_line(event, self._name_of, self.flow.table)
            if line is not None:
                log.write(line)
        self._logged = len(events)

    def _refresh_making(self, *, asked: bool = False) -> None:
        """Redraw the making step; `asked` when a new decision is waiting (its owner's sheet shows)."""
        flow = self.flow
        assert flow is not None
        self._write_log()
        decision = flow.decision
        if decision is None:
            self._show_ready()
            return
        if asked:
            if flow.character(decision.owner) is not None:
                self.shown = decision.owner
            self._draw_prompt(decision)
        self._draw_sheet("#making-sheet")
        seat = next((i for i, c in enumerate(flow.characters, 1) if c.id == self.shown), 0)
        view = self.query_one("#making-view", ContentSwitcher).current
        # "the log", but "Ada's sheet": a name takes no "the".
        showing = "the log" if view == "making-log" else f"{possessive(self._name_of(self.shown))} sheet"
        self.query_one("#making-status", Static).update(
            f"Adventurer {seat} of {len(flow.characters)} · {cite(decision.rule or '§5.1')} · showing "
            f"{showing} · s: log or sheet · ←→: other sheets · q: every default"
        )

    def _draw_prompt(self, decision: Decision) -> None:
        assert self.flow is not None
        box = self.query_one("#prompt", Vertical)
        character = self.flow.character(decision.owner)
        if character is None:
            box.border_title = "The GM decides"
        else:
            box.border_title = f"{player_name(character.owner)} decides for {character.name}"
        self.query_one("#prompt-text", Static).update(decision.prompt)
        choices = self.query_one("#prompt-choices", MarkedList)
        choices.clear_options()
        choices.add_options(
            [
                Option(
                    choice.label + ("  (default)" if choice.key == decision.default else ""), id=choice.key
                )
                for choice in decision.choices
            ]
        )
        choices.highlighted = decision.keys.index(decision.default)

    def _draw_sheet(self, selector: str) -> None:
        assert self.flow is not None
        character = self.flow.character(self.shown)
        sheet = self.query_one(selector, CharacterSheet)
        sheet.lines = self.flow.sheet_lines(self.shown)
        sheet.character = character

    @on(OptionList.OptionSelected, "#prompt-choices")
    def _choice_made(self, event: OptionList.OptionSelected) -> None:
        if self.flow is None or self.flow.decision is None or event.option_id is None:
            return
        self.flow.answer(event.option_id)
        self._refresh_making(asked=True)

    # --- ready ---------------------------------------------------------------------------------

    def _show_ready(self) -> None:
        flow = self.flow
        assert flow is not None and flow.party is not None
        if flow.character(self.shown) is None:
            self.shown = flow.characters[0].id
        self.step = READY
        self._draw_ready()
        # Nothing to choose from a list now; with no focus, ←→ reach the screen and show in the footer.
        self.set_focus(None)

    def _draw_ready(self) -> None:
        flow = self.flow
        assert flow is not None and flow.party is not None
        party = flow.party
        character = flow.character(self.shown)
        assert character is not None
        seat = flow.characters.index(character) + 1
        fakes = f" (and {party.counterfeit} counterfeit)" if party.counterfeit else ""
        self.query_one("#ready-status", Static).update(
            f"The party is ready · {character.name} ({seat} of {len(flow.characters)}, "
            f"{player_name(character.owner)}) · party silver {party.silver}{fakes} · "
            f"stash {len(party.stash)}"
        )
        self._draw_sheet("#ready-sheet")

    def _cycle(self, delta: int) -> None:
        flow = self.flow
        if flow is None or not flow.characters:
            return
        ids = [c.id for c in flow.characters]
        index = ids.index(self.shown) if self.shown in ids else 0
        self.shown = ids[(index + delta) % len(ids)]
        if self.step == READY:
            self._draw_ready()
        else:
            self._draw_sheet("#making-sheet")
            self.query_one("#making-view", ContentSwitcher).current = "making-sheet"
            self._refresh_making()

    # --- actions -------------------------------------------------------------------------------

    def action_quick(self) -> None:
        """Answer every remaining decision with its default: a whole random party in one key."""
        flow = self.flow or self._start_flow()
        if flow.decision is not None:
            flow.finish_with_defaults()
            self._refresh_making(asked=True)

    def action_toggle_sheet(self) -> None:
        """Switch between the log of dice and the sheet of the adventurer deciding."""
        view = self.query_one("#making-view", ContentSwitcher)
        view.current = "making-sheet" if view.current == "making-log" else "making-log"
        if self.flow is not None and self.flow.decision is not None:
            self._refresh_making()

    def action_fewer(self) -> None:
        """Setup: one fewer on the highlighted row."""
        self._change_setup(-1)

    def action_more(self) -> None:
        """Setup: one more on the highlighted row."""
        self._change_setup(+1)

    def action_previous(self) -> None:
        """The previous adventurer's sheet."""
        self._cycle(-1)

    def action_next(self) -> None:
        """The next adventurer's sheet."""
        self._cycle(+1)

    def action_shop(self) -> None:
        """Open the starting shop for the adventurer on show."""
        flow = self.flow
        if flow is None or flow.party is None:
            return
        buyer: Character | None = flow.character(self.shown)
        self.app.push_screen(StartingShopScreen(flow, buyer), lambda _: self._draw_ready())

    def action_set_out(self) -> None:
        """Leave with the finished party."""
        if self.flow is not None and self.flow.party is not None:
            self.dismiss(self.flow.party)

    def action_cancel(self) -> None:
        """Give up on this party."""
        self.dismiss(None)
