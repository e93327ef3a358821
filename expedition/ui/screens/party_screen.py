"""Provides the party screen: the campaign's home, with its header, clocks, recent events and every sheet.

Everything shown comes from the seat's view, so a hidden tracker appears only as "???" (with
"moved" when it just moved), and the omens only to a seat one of whose characters may see them
(§6.2, §9.3). Renaming a player, handing an adventurer on and setting out are the view's table
options.

The tabs follow the party: an adventurer who dies or leaves loses their tab at once (no restart
needed), and the header lists the fallen by name; a recruit gets a tab as soon as they join.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from rich.text import Text
from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import RichLog, Static, TabbedContent, TabPane

from expedition.rules.character.adventurer import Character
from expedition.rules.core.events import Event
from expedition.rules.core.wording import plural
from expedition.rules.engine.campaign import Fate
from expedition.session.port import SessionPort, Update
from expedition.session.seat_options import TABLE
from expedition.session.seat_view import SeatOption, SeatView
from expedition.session.views import Seat
from expedition.ui.screens.destination import ask_destination
from expedition.ui.screens.dungeon.expedition_screen import ExpeditionScreen
from expedition.ui.screens.game_screen import GameScreen
from expedition.ui.screens.name_prompt import NamePrompt
from expedition.ui.screens.sheet_screen import SheetScreen
from expedition.ui.screens.town.interlude_screen import InterludeScreen
from expedition.ui.session_feed import feed_of
from expedition.ui.widgets.character_sheet import CharacterSheet
from expedition.ui.widgets.fitted_footer import FittedFooter
from expedition.ui.widgets.log_text import describe

FILLED = "■"
"""A filled segment of a clock."""
EMPTY = "□"
"""An empty segment of a clock."""
HIDDEN_VALUE = "???"
"""Shown in place of a value the seat may not see."""
LOG_LINES = 200
"""Events kept in the log."""


def segments(filled: int, size: int) -> str:
    """A clock drawn as segments with the count, "■■□□□□ 2/6" (shape, not colour, tells them apart)."""
    filled = max(0, min(filled, size))
    return f"{FILLED * filled}{EMPTY * (size - filled)} {filled}/{size}"


def header_text(view: SeatView, campaign: str) -> str:
    """One line: campaign, day, phase, location and silver, from a seat's view."""
    state = view.state
    phase = state.phase.value.capitalize()
    where = view.place_title(state.location)
    return f"{campaign} · Day {state.day} · {phase} · at {where} · {state.silver} silver"


def fallen_line(view: SeatView) -> str:
    """The dead of this campaign, from the roster the seat sees: "Fallen: Ada (day 3, …)", "" for none."""
    dead = [entry for entry in view.state.roster if entry.fate is Fate.DEAD]
    if not dead:
        return ""
    named = (f"{entry.character.name} (day {entry.day}, {entry.cause})" for entry in dead)
    return "Fallen: " + "; ".join(named)


def clock_lines(view: SeatView) -> list[str]:
    """The clocks a seat may read: decay's segments, each doom as "???" unless revealed, omens if seen."""
    lines: list[str] = []
    decay = view.trackers.get("decay")
    if decay is not None and decay.size is not None and decay.filled is not None:
        lines.append(f"Decay  {segments(decay.filled, decay.size)}")
    here = view.state.location
    # The party's location first: its doom is the one that matters now.
    for key in sorted(view.state.locations, key=lambda name: (name != here, name)):
        doom = view.doom_of(key)
        label = f"Doom of {view.place_title(key)}"  # a dungeon's name, never its key
        if doom is None:
            continue
        if doom.hidden:
            shown = HIDDEN_VALUE
            if doom.revealed is not None:
                shown = f"{doom.revealed} (as {doom.revealed_by} read it)"
            lines.append(f"{label}: {shown}" + ("  — moved" if doom.moved else ""))
        elif doom.size is not None and doom.filled is not None:
            lines.append(f"{label}  {segments(doom.filled, doom.size)}")
    omens = view.trackers.get("omens")
    if (
        omens is not None and omens.size is not None and omens.filled is not None
    ):  # only when the seat may see it
        lines.append(f"Omens  {segments(omens.filled, omens.size)}")
    return lines


def event_lines(events: Iterable[Event], names: Mapping[str, str]) -> list[str]:
    """Events as the log words them (the same sentences as every other log), ids as names."""
    return [line for event in events if (line := describe(event, names)) is not None]


def campaign_line(campaign: str, day: int, phase: str, actions: int) -> str:
    """The party screen's first log line: the campaign, its day and phase, and the actions taken so far."""
    return f"{campaign}: day {day}, {phase}, {plural(actions, 'action')} so far."


class PartyScreen(GameScreen[None]):
    """The campaign's home screen: who is in the party, where they are, and how the clocks stand.

    Args:
        port: The game in play, local or served.
        seat: The seat looking at it (filters every hidden value).
        campaign: The campaign's name for the header; the game's own name by default.
    """

    BINDINGS = [
        Binding("n,right_square_bracket", "next_character", "Next adventurer", key_display="n"),
        Binding("p,left_square_bracket", "previous_character", "Previous", key_display="p"),
        Binding("s", "sheet", "Full sheet"),
        Binding("o", "set_out", "Set out"),
        Binding("i", "interlude", "Interlude"),
        Binding("r", "rename_player", "Rename player"),
        Binding("g", "give_character", "Give to next player"),
        Binding("escape", "leave", "Title"),
        Binding("q", "app.quit", "Quit"),
    ]
    """Keys on the party screen."""

    SCREEN_NAME = "Party"
    """Name shown in help."""
    HELP = (
        "The party between decisions: each adventurer's sheet (one tab each), the day, phase, "
        "place and silver, and the clocks. Decay shows its segments (■ filled, □ empty); doom is "
        "kept by the game master, so you see only '???' and whether it moved. Every action is "
        "saved as soon as it is done."
    )
    """Shown on the help screen."""

    def __init__(self, port: SessionPort, seat: Seat | None = None, *, campaign: str | None = None) -> None:
        super().__init__(port, seat)
        self.campaign = campaign or port.name or "Campaign"
        """The campaign's name."""
        self._tabbed: list[str] = []
        """The ids of the adventurers who have a tab, in order."""

    def compose(self) -> ComposeResult:
        yield Static(id="party-header")
        with Horizontal(id="party-top"):
            yield Static(id="party-clocks")
            yield RichLog(id="party-log", max_lines=LOG_LINES, wrap=True, markup=False)
        state = self.view.state
        with TabbedContent(id="party-tabs"):
            for member in state.party:
                yield self._pane(member)
        self._tabbed = [member.id for member in state.party]
        yield FittedFooter()

    def _pane(self, member: Character) -> TabPane:
        """One adventurer's tab: their sheet."""
        lines = self.sheet_lines(member.id)
        sheet = CharacterSheet(member, lines=lines, id=f"sheet-{member.id}")
        return TabPane(member.name, VerticalScroll(sheet), id=f"tab-{member.id}")

    def _follow_party(self) -> None:
        """Drop the tab of whoever left the party (the dead, the retired) and add one for a newcomer."""
        party = [member.id for member in self.view.state.party]
        tabs = self.query_one("#party-tabs", TabbedContent)
        for gone in [uid for uid in self._tabbed if uid not in party]:
            tabs.remove_pane(f"tab-{gone}")
        for member in self.view.state.party:
            if member.id not in self._tabbed:
                tabs.add_pane(self._pane(member))
        self._tabbed = party

    def on_mount(self) -> None:
        self.query_one("#party-clocks", Static).border_title = "Clocks"
        self.query_one("#party-log", RichLog).border_title = "Log"
        self.follow_game()
        self._draw()
        state = self.view.state
        self.log_lines([campaign_line(self.campaign, state.day, str(state.phase), state.actions)])
        report = self.port.load_report
        if report is not None:
            self.log_lines(report.lines())
        if state.expedition is not None:
            self.call_after_refresh(self.show_expedition)

    def show_update(self, update: Update) -> None:
        state = self.view.state
        names = {player.id: player.name for player in state.players}
        names.update({member.id: member.name for member in state.party})
        self.log_lines(event_lines(update.events, names))
        self._draw()
        if self.view.state.expedition is not None and self.app.screen is self:
            # Someone else (a co-op player, or the host a spectator watches) set out: follow them.
            self.show_expedition()

    def warn(self, text: str) -> None:
        """Show why something was refused."""
        self.notify(text, severity="warning")

    def log_lines(self, lines: Iterable[str]) -> None:
        """Add lines to the screen's log."""
        log = self.query_one("#party-log", RichLog)
        for line in lines:
            log.write(Text(line))

    def _draw(self) -> None:
        view = self.view
        state = view.state
        header = header_text(view, self.campaign)
        shown = self.shown_character()
        if shown is not None and len(state.players) > 1:
            header += f" · {shown.name} is played by {self._player_name(shown.owner)}"
        fallen = fallen_line(view)
        if fallen:
            header += f"\n{fallen}"
        banner = self.port.banner  # a served game says who plays and who watches
        if banner:
            header += f"\n{banner}"
        self.query_one("#party-header", Static).update(Text(header))
        self._follow_party()
        self.refresh_bindings()
        self.query_one("#party-clocks", Static).update(Text("\n".join(clock_lines(view)) or "No clocks yet."))
        for member in state.party:
            for sheet in self.query(f"#sheet-{member.id}").results(CharacterSheet):
                sheet.character = member

    def redraw(self) -> None:
        """Redraw the header, clocks and sheets from the session (the log keeps its lines)."""
        self._draw()

    def _cycle(self, step: int) -> None:
        ids = [f"tab-{member.id}" for member in self.view.state.party]
        tabs = self.query_one("#party-tabs", TabbedContent)
        if not ids:
            return
        current = ids.index(tabs.active) if tabs.active in ids else 0
        tabs.active = ids[(current + step) % len(ids)]

    def action_next_character(self) -> None:
        """Show the next adventurer's sheet."""
        self._cycle(1)

    def action_previous_character(self) -> None:
        """Show the previous adventurer's sheet."""
        self._cycle(-1)

    def shown_character(self) -> Character | None:
        """The adventurer whose tab is showing."""
        tabs = self.query("#party-tabs").results(TabbedContent)
        active = next((t.active for t in tabs), "").removeprefix("tab-")
        party = self.view.state.party
        return next((m for m in party if m.id == active), party[0] if party else None)

    def _player_name(self, player_id: str) -> str:
        return next((p.name for p in self.view.state.players if p.id == player_id), player_id)

    def _table(self, kind: str, **where: str) -> SeatOption | None:
        """The table option of that kind whose fields match `where`."""
        return self.find_option(TABLE, kind, **where)

    def on_tabbed_content_tab_activated(self, _: TabbedContent.TabActivated) -> None:
        self._draw()

    def action_sheet(self) -> None:
        """Open the shown adventurer's sheet full screen."""
        member = self.shown_character()
        if member is not None:
            self.app.push_screen(SheetScreen(member, self.sheet_lines(member.id)))

    def action_rename_player(self) -> None:
        """Ask for a new name for the player of the shown adventurer."""
        member = self.shown_character()
        if member is None:
            return
        player = member.owner
        name = self._player_name(player)
        self.app.push_screen(
            NamePrompt(f"A new name for {name} (who plays {member.name}):", name),
            lambda new: self._renamed(player, new),
        )

    def _renamed(self, player: str, name: str | None) -> None:
        if name is None or name == self._player_name(player):
            return
        option = self._table("RenamePlayer", target=player)
        if option is None:
            self.warn_missing("That player cannot be renamed here.")
            return
        if not option.enabled:
            self.warn(option.reason)
            return
        self.submit(option.completed(name=name))

    def action_give_character(self) -> None:
        """Give the shown adventurer to the next player (between expeditions)."""
        member = self.shown_character()
        if member is None:
            return
        option = self._table("ReassignCharacter", actor=member.id)
        if option is None:
            self.warn_missing("There is no other player to give them to.")
            return
        if not self.submit_option(option):
            return
        self.notify(f"{self._player_name(option.target)} plays {member.name} from now on.")

    def action_set_out(self) -> None:
        """Leave the settlement for a new dungeon, or go back to the expedition under way."""
        if self.view.state.expedition is not None:
            self.show_expedition()
            return
        places = [o for o in self.view.options_for(TABLE) if o.kind == "SetOut"]
        if not places:
            self.warn_missing("Nobody can set out from this seat.")
            return
        ask_destination(self.app, places, self._set_out_to)

    def _set_out_to(self, option: SeatOption | None) -> None:
        if option is None or not self.submit_option(option):
            return
        self.show_expedition()

    def show_expedition(self) -> None:
        """Show the expedition under way on its own screen (never a second one over the first)."""
        if any(isinstance(screen, ExpeditionScreen) for screen in self.app.screen_stack):
            return
        self.app.push_screen(ExpeditionScreen(self.port, self.seat), self._expedition_closed)

    def _expedition_closed(self, _: None = None) -> None:
        # The expedition's summary first, then (leaving the dungeon begins the interlude) the settlement.
        summary = feed_of(self.app).take_summary()
        if summary is not None:
            self.app.push_screen(summary, self._to_settlement)
        else:
            self._to_settlement()

    def _to_settlement(self, _: None = None) -> None:
        state = self.view.state
        if state.expedition is None and state.interlude is not None:
            self.action_interlude()

    def palette_commands(self) -> Iterable[SystemCommand]:
        """Ctrl+P on the party screen: what this seat may do here.

        The sheets for every seat; setting out, the interlude, renaming and handing on only to a
        seat whose view offers them (never to a spectator).
        """
        yield SystemCommand(
            "Next adventurer", "Show the next adventurer's sheet (key n)", self.action_next_character
        )
        yield SystemCommand(
            "Previous adventurer",
            "Show the previous adventurer's sheet (key p)",
            self.action_previous_character,
        )
        yield SystemCommand(
            "Full sheet", "The shown adventurer's sheet, full screen (key s)", self.action_sheet
        )
        view = self.view
        table = view.options_for(TABLE)
        if view.state.expedition is not None:
            yield SystemCommand(
                "Expedition", "Back to the expedition under way (key o)", self.show_expedition
            )
        elif any(option.kind == "SetOut" and option.enabled for option in table):
            yield SystemCommand(
                "Set out",
                "Leave for a dungeon: a new one, one the party knows, or the sample (key o)",
                self.action_set_out,
            )
        if view.refusal:
            return
        if self.check_action("interlude", ()):
            yield SystemCommand(
                "Interlude", "The settlement: market, day, night and party (key i)", self.action_interlude
            )
        shown = self.shown_character()
        rename = self._table("RenamePlayer", target=shown.owner) if shown is not None else None
        if rename is not None and rename.enabled:
            yield SystemCommand(
                "Rename player",
                f"A new name for {self._player_name(rename.target)} (key r)",
                self.action_rename_player,
            )
        if self.check_action("give_character", ()):
            yield SystemCommand(
                "Give to next player",
                "The next player plays the shown adventurer (key g)",
                self.action_give_character,
            )

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Show the interlude key only during an interlude, the give key only between expeditions."""
        if action == "interlude":
            state = self.view.state
            return state.interlude is not None and state.expedition is None
        if action == "give_character":
            gives = [o for o in self.view.options_for(TABLE) if o.kind == "ReassignCharacter"]
            return len(self.view.state.players) > 1 and any(o.enabled for o in gives)
        return True

    def action_interlude(self) -> None:
        """Open the settlement (market, day, night, party) while an interlude is under way."""
        state = self.view.state
        if state.interlude is None or state.expedition is not None:
            self.notify("There is no interlude under way.", severity="warning")
            return
        if any(isinstance(screen, InterludeScreen) for screen in self.app.screen_stack):
            return
        self.app.push_screen(InterludeScreen(self.port, self.seat), self._interlude_closed)

    def _interlude_closed(self, set_out: bool | None) -> None:
        self.refresh_bindings()
        if set_out and self.view.state.expedition is not None:
            self.show_expedition()

    def action_leave(self) -> None:
        """Go back to the title screen (the campaign is already saved)."""
        self.dismiss(None)
