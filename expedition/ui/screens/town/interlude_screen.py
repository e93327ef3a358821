"""Provides the interlude screen: a settlement's market, day, night and party, between expeditions (§10.4).

The screen shows the seat's view and takes its interlude options (PlanDay, Buy, Haggle,
TradeNetwork, AskPrice, ChooseBed, EndDay, SpendInsight, SetOut, and GiveItem / StashItem /
TakeFromStash from the party section); it redraws from the view after every update and keeps no
game state of its own. Camping out opens the camp screen over it until the camp breaks. The
settlement's doom is drawn the way a dungeon's is: known to exist, its value hidden ("??"); the
prices, beds and refusals that depend on it come worked out in the options.

Its parts: `interlude_base` (the seat, who acts, taking options), `interlude_moves` (giving,
stashing and taking items, and plans that name items); the sections' widgets are in
`expedition.ui.widgets.interlude_panels`. The app's decision router asks its decisions.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Static, TabbedContent, TabPane

from expedition.rules.core.events import Event
from expedition.session.port import Update
from expedition.session.seat_options import TABLE
from expedition.session.seat_view import SeatOption
from expedition.ui.screens.confirm import ask_confirm
from expedition.ui.screens.destination import ask_destination
from expedition.ui.screens.dungeon.camp_screen import CampScreen
from expedition.ui.screens.explain import ExplainScreen
from expedition.ui.screens.town.interlude_base import TABS
from expedition.ui.screens.town.interlude_items import item_entries, items_info
from expedition.ui.screens.town.interlude_moves import InterludeMoves
from expedition.ui.screens.town.interlude_view import (
    bed_entries,
    day_entries,
    day_info,
    doom_words,
    insight_entries,
    insight_info,
    night_detail,
    night_info,
)
from expedition.ui.widgets.character_sheet import CharacterSheet
from expedition.ui.widgets.fitted_footer import FittedFooter
from expedition.ui.widgets.interlude_panels import (
    DaySection,
    InsightSection,
    MarketSection,
    NightSection,
    Section,
    StashSection,
)
from expedition.ui.widgets.interlude_text import SIZE_NAMES, purse_line, wares
from expedition.ui.widgets.log import GameLog
from expedition.ui.widgets.log_text import LogEntry, describe, explain

__all__ = [
    "LOG_LINES",
    "InterludeScreen",
]

LOG_LINES = 300
"""Log lines kept on screen."""


class InterludeScreen(InterludeMoves):
    """An interlude in a settlement, seen from one seat; dismisses with True when the party set out.

    Args:
        port: The game in play, local or served.
        seat: Whose eyes the screen shows it through and who acts.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        *[Binding(str(n), f"pick({n})", "Who acts", show=n == 1, key_display="1-4") for n in range(1, 5)],
        Binding("m", "tab('market')", "Market", show=False),
        Binding("d", "tab('day')", "Day", show=False),
        Binding("n", "tab('night')", "Night", show=False),
        Binding("y", "tab('party')", "Party", show=False),
        Binding("b", "market('buy')", "Buy", show=False),
        Binding("a", "market('ask')", "Ask price", show=False),
        Binding("h", "market('haggle')", "Haggle", show=False),
        Binding("t", "market('trade')", "Trade network", show=False),
        Binding("v", "items", "Items"),
        Binding("g", "move('give')", "Give"),
        Binding("s", "move('stash')", "To stash"),
        Binding("k", "move('take')", "Take"),
        Binding("e", "end_day", "End the day"),
        Binding("o", "set_out", "Set out"),
        Binding("escape", "leave", "Party screen"),
        Binding("slash", "search_log", "Search log", key_display="/"),
    ]
    """Keys on the interlude screen (Enter does the highlighted line of a section)."""

    SCREEN_NAME = "Interlude"
    """Name shown in help."""
    HELP = (
        "The party is back in a settlement. 1-4 choose who acts. Market (m): Enter or b buys the "
        "highlighted item, a asks its price, h haggles, t uses Trade network; availability shows its "
        "risk dice and odds. Day (d): announce each adventurer's daily action (Go shopping opens the "
        "market to them; Sell asks which items). Night (n): choose where to sleep; each place shows its "
        "cost and the odds of its table; whoever sleeps at the camp first holds a camp (the camp screen), "
        "then rolls the camp table instead of an ambush. Party (y): the sheet, the items and the stash "
        "(v focuses them; g gives the highlighted item to another adventurer, s leaves it in the stash, "
        "k or Enter takes it back) and insight to spend. e ends "
        "the day (actions, hunger, then the night) once you confirm, o sets out. / searches the log "
        "(what you type there never acts); Enter on a log line shows its dice and rule, Esc leaves "
        "the log. The settlement's doom shows as ??."
    )
    """Shown on the help screen."""

    def compose(self) -> ComposeResult:
        yield Static(id="int-header")
        with TabbedContent(id="int-tabs"):
            with TabPane("Market (m)", id=TABS["market"]):
                yield MarketSection(id="market")
            with TabPane("Day (d)", id=TABS["day"]):
                yield DaySection(id="day")
            with TabPane("Night (n)", id=TABS["night"]):
                yield NightSection(id="night")
            with TabPane("Party (y)", id=TABS["party"]), Horizontal(id="int-party"):
                with VerticalScroll(id="int-sheet-box"):
                    yield CharacterSheet(None, id="int-sheet")
                with Vertical(id="int-party-side"):
                    yield StashSection(id="stash")
                    yield InsightSection(id="insight")
        yield GameLog(unit="Day", id="int-log")
        yield FittedFooter()

    def on_mount(self) -> None:
        self.query_one("#int-log", GameLog).border_title = "Log (/ searches)"
        self.follow_game()
        self.refresh_from_session()
        interlude = self.interlude
        if interlude is not None:
            where = interlude.settlement.replace("_", " ").title()
            self._add_lines(
                [LogEntry(interlude.day, f"In {where}, day {interlude.day} of the interlude.", ())]
            )
        self.ask_decisions()
        self._open_camp()

    # --- from the session ---------------------------------------------------------------------

    def show_update(self, update: Update) -> None:
        self.log_events(update.events)
        if self.interlude is None:
            self._finish(self.view.state.expedition is not None)
            return
        self.refresh_from_session()
        self._open_camp()

    def _open_camp(self) -> None:
        """Camping out (house, §10.3): show the camp screen while the rules hold a camp."""
        if self.view.state.camp is None:
            return
        if not any(isinstance(screen, CampScreen) for screen in self.app.screen_stack):
            # The night's decisions wait until the camp screen has gone (it pops whatever is on top).
            self.app.push_screen(CampScreen(self.port, self.seat), lambda _: self.ask_decisions())

    def log_events(self, events: Iterable[Event]) -> None:
        """Add events to the log in words, dice with their faces."""
        interlude = self.interlude
        day = interlude.day if interlude is not None else 0
        lines = [LogEntry(day, text, (event,)) for event in events if (text := describe(event, self._names))]
        self._add_lines(lines)

    def _add_lines(self, lines: list[LogEntry]) -> None:
        if lines:
            self._entries = (self._entries + lines)[-LOG_LINES:]
            self.query_one("#int-log", GameLog).entries = tuple(self._entries)

    def action_search_log(self) -> None:
        """Search the log (typing there never presses the screen's keys)."""
        self.query_one("#int-log", GameLog).action_search()

    @on(GameLog.Left)
    def _log_left(self, event: GameLog.Left) -> None:
        self.action_tab(self._tab_name())

    def _tab_name(self) -> str:
        active = self.query_one("#int-tabs", TabbedContent).active
        return next((name for name, pane in TABS.items() if pane == active), "market")

    @on(GameLog.LineSelected)
    def _explain(self, event: GameLog.LineSelected) -> None:
        self.app.push_screen(ExplainScreen(event.entry, explain(event.entry, self._names)), self._explained)

    def _explained(self, leave: bool | None) -> None:
        if leave:
            self._log_left(GameLog.Left(self.query_one("#int-log", GameLog)))

    def refresh_from_session(self) -> None:
        """Redraw every section from this seat's view."""
        view = self.view
        state = view.state
        self._names.update({member.id: member.name for member in state.party})
        interlude, content = self.interlude, self.content
        header = self.query_one("#int-header", Static)
        if interlude is None:
            header.update(Text("The interlude is over."))
            return
        size = SIZE_NAMES.get(interlude.size, str(interlude.size))
        header.update(
            Text.assemble(
                (interlude.settlement.replace("_", " ").title(), "bold"),
                f" · {size} ({interlude.size}) · day {interlude.day} of the interlude · {state.silver} silver"
                f" · doom {doom_words(view.doom_of(interlude.settlement))}",
                # On a line of its own: at 80 columns the line above wraps, and it split "acting:"
                # from the name it introduces.
                ("\nActing: ", "bold"),
                self._actor_name(),
            )
        )
        actor = self.actor
        market = self.query_one("#market", MarketSection)
        if content is not None:
            market.show_wares(
                purse_line(state, interlude, actor), wares(interlude, content, self.options_of("AskPrice"))
            )
        day = self.query_one("#day", DaySection)
        plans = day_entries(state, actor, self.options_of("PlanDay"))
        day.show(day_info(state, interlude, content), f"Plans for {self._actor_name()}", plans)
        night = self.query_one("#night", NightSection)
        beds = bed_entries(state, interlude, self.options_of("ChooseBed")) if content is not None else []
        night.show(night_info(state, interlude, content), "", beds)
        night.set_detail(night_detail(content, night.highlighted))
        sheet = self.query_one("#int-sheet", CharacterSheet)
        if actor is not None:
            sheet.lines = self.sheet_lines(actor.id)
            sheet.character = actor
        self.query_one("#stash", StashSection).show(
            items_info(actor), f"Items of {self._actor_name()}, then the stash", item_entries(state, actor)
        )
        self.query_one("#insight", InsightSection).show(
            insight_info(state, actor),
            "Spend insight (Enter)",
            insight_entries(actor, self.options_of("SpendInsight")),
        )

    # --- who acts -----------------------------------------------------------------------------

    def action_pick(self, number: int) -> None:
        """Choose which of this seat's adventurers acts (buys, plans, sleeps, spends)."""
        mine = self._mine()
        if not 1 <= number <= len(mine):
            self.notify(f"There is no adventurer {number} here.", severity="warning", timeout=3)
            return
        member = mine[number - 1]
        actor = self.actor
        if actor is not None and member.id == actor.id:
            self.notify(f"{member.name} already acts.", timeout=2)
            return
        self._chosen = member.id
        self.refresh_from_session()

    def action_tab(self, name: str) -> None:
        """Show a section."""
        self.query_one("#int-tabs", TabbedContent).active = TABS[name]
        section = "insight" if name == "party" else name
        self.query_one(f"#{section}", Section).options.focus()

    # --- acting -------------------------------------------------------------------------------

    def action_market(self, verb: str) -> None:
        """Buy, ask the price of, haggle over or use Trade network on the highlighted item."""
        self._market(verb, self.query_one("#market", MarketSection).highlighted)

    def _market(self, verb: str, item: str) -> None:
        actor = self.actor
        if actor is None or not item:
            return
        kinds = {
            "buy": "Buy",
            "select": "Buy",
            "ask": "AskPrice",
            "haggle": "Haggle",
            "trade": "TradeNetwork",
        }
        self.take(kinds[verb], item)

    def action_end_day(self) -> None:
        """End the day once the player confirms: announced actions, hunger, the night and the morning."""
        option = self.find_option(TABLE, "EndDay", target="")
        if option is None:
            self.warn_missing()
            return
        if not option.enabled:
            self.submit_option(option)  # says why not
            return
        interlude = self.interlude
        day = f"day {interlude.day}" if interlude is not None else "the day"
        question = (
            f"End {day}? Every announced action is carried out, hunger is paid and the night falls. "
            "It cannot be taken back."
        )
        ask_confirm(self.app, "End the day", question, f"End {day}", lambda: self.submit_option(option))

    def action_set_out(self) -> None:
        """End the interlude and set out on an expedition: a new dungeon, or one the party knows."""
        places = [o for o in self.view.options_for(TABLE) if o.kind == "SetOut"]
        if not places:
            self.warn_missing("Nobody can set out from this seat.")
            return
        ask_destination(self.app, places, self._set_out_to)

    def _set_out_to(self, place: SeatOption | None) -> None:
        if place is not None and self.submit_option(place):
            self._finish(True)

    def action_leave(self) -> None:
        """Back to the party screen (the interlude goes on; `i` there comes back)."""
        self._finish(False)

    def _finish(self, set_out: bool) -> None:
        # The session's own update may also ask to close; a second dismiss would pop the next screen.
        if not self._finished and self.is_current:
            self._finished = True
            self.dismiss(set_out)

    @on(Section.Picked)
    def _picked(self, event: Section.Picked) -> None:
        actor = self.actor
        if event.verb == "end":
            self.action_end_day()
        elif event.section == "market":
            if event.verb == "highlight":
                self.query_one("#market", MarketSection).describe(event.key)
            else:
                self._market(event.verb, event.key)
        elif event.verb == "highlight":
            if event.section == "night":
                self.query_one("#night", NightSection).set_detail(night_detail(self.content, event.key))
        elif actor is None or not event.key:
            return
        elif event.section == "day":
            self._plan(actor, event.key)
        elif event.section == "night":
            self.take("ChooseBed", event.key)
        elif event.section == "stash":
            self._move(actor, event.verb, event.key)
        elif event.section == "insight":
            self.take("SpendInsight", event.key)
