"""Provides the party screen: the campaign's home, with its header, clocks, recent events and every sheet.

Everything shown comes from the session's view for the screen's seat, so a hidden tracker
appears only as "???" (with "moved" when it just moved), and the omens only to a seat one of
whose characters may see them (§6.2, §9.3).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, RichLog, Static, TabbedContent, TabPane

from expedition.content.catalog import Catalog
from expedition.rules.character.adventurer import Character
from expedition.rules.core.events import DiceRolled, Event
from expedition.rules.engine.dispatch import RenamePlayer
from expedition.rules.engine.hand_over import ReassignCharacter, between_expeditions, next_player
from expedition.rules.interlude.setting_out import SetOut
from expedition.session.catalog_world import CatalogWorld
from expedition.session.session import Session, Update
from expedition.session.views import Seat
from expedition.ui.messages import SessionUpdated
from expedition.ui.screens.destination import ask_destination
from expedition.ui.screens.dungeon.expedition_screen import ExpeditionScreen
from expedition.ui.screens.name_prompt import NamePrompt
from expedition.ui.screens.sheet_screen import SheetScreen
from expedition.ui.screens.town.interlude_screen import InterludeScreen
from expedition.ui.sheet_lines import lines_for
from expedition.ui.widgets.character_sheet import CharacterSheet

FILLED = "■"
"""A filled segment of a clock."""
EMPTY = "□"
"""An empty segment of a clock."""
HIDDEN_VALUE = "???"
"""Shown in place of a value the seat may not see."""
LOG_LINES = 200
"""Events kept in the log."""


def place_name(key: str) -> str:
    """A location key in the player's words: "blacksalt" → "Blacksalt"."""
    return key.replace("_", " ").replace("-", " ").capitalize() if key else "nowhere"


def segments(filled: int, size: int) -> str:
    """A clock drawn as segments with the count, "■■□□□□ 2/6" (shape, not colour, tells them apart)."""
    filled = max(0, min(filled, size))
    return f"{FILLED * filled}{EMPTY * (size - filled)} {filled}/{size}"


def header_text(view: dict[str, Any], campaign: str) -> str:
    """One line: campaign, day, phase, location and silver, from a seat's view."""
    phase = str(view.get("phase", "")).capitalize()
    return (
        f"{campaign} · Day {view.get('day', '?')} · {phase} · at {place_name(str(view.get('location', '')))}"
        f" · {view.get('silver', 0)} silver"
    )


def _hidden(tracker: dict[str, Any]) -> bool:
    return tracker.get("exists") is True and "filled" not in tracker


def clock_lines(view: dict[str, Any]) -> list[str]:
    """The clocks a seat may read: decay's segments, each doom as "???" unless revealed, omens if seen."""
    lines: list[str] = []
    decay = view.get("decay", {})
    if "filled" in decay:
        lines.append(f"Decay  {segments(decay['filled'], decay['size'])}")
    here = view.get("location")
    locations: dict[str, Any] = view.get("locations", {})
    # The party's location first: its doom is the one that matters now.
    for key in sorted(locations, key=lambda name: (name != here, name)):
        doom = locations[key].get("doom", {})
        label = f"Doom of {place_name(key)}"
        if _hidden(doom):
            shown = HIDDEN_VALUE
            revealed = doom.get("revealed")
            if isinstance(revealed, dict):
                shown = f"{revealed.get('value')} (as {revealed.get('by')} read it)"
            lines.append(f"{label}: {shown}" + ("  — moved" if doom.get("moved") else ""))
        elif "filled" in doom:
            lines.append(f"{label}  {segments(doom['filled'], doom['size'])}")
    omens = view.get("omens", {})
    if "filled" in omens:  # present only when the seat may see it
        lines.append(f"Omens  {segments(omens['filled'], omens['size'])}")
    return lines


def _words(name: str) -> str:
    spaced = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", " ", name)
    return spaced[:1] + spaced[1:].lower()


def event_line(event: Event) -> str:
    """An event in a few words for the log: what happened, its values, and the rule applied."""
    fields = [
        f"{name.replace('_', ' ')} {getattr(event, name)}"
        for name in getattr(event, "__dataclass_fields__", {})
        if name != "rule"
    ]
    if isinstance(event, DiceRolled):
        fields = [
            f"{name.replace('_', ' ')} {getattr(event, name)}"
            for name in ("why", "who")
            if hasattr(event, name)
        ]
    text = _words(type(event).__name__) + (f": {', '.join(fields)}" if fields else "")
    return text + (f" ({event.rule})" if event.rule else "")


class PartyScreen(Screen[None]):
    """The campaign's home screen: who is in the party, where they are, and how the clocks stand.

    Args:
        session: The campaign in play.
        seat: The seat looking at it (filters every hidden value).
        campaign: The campaign's name for the header; the store's folder name by default.
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

    def __init__(self, session: Session, seat: Seat | None = None, *, campaign: str | None = None) -> None:
        super().__init__()
        self.session = session
        """The campaign in play."""
        self.seat = seat if seat is not None else Seat.host()
        """Whose eyes the screen shows the campaign through."""
        store_name = session.store.name if session.store is not None else "Campaign"
        self.campaign = campaign or store_name
        """The campaign's name."""
        self._unsubscribe: Callable[[], None] | None = None

    def compose(self) -> ComposeResult:
        yield Static(id="party-header")
        with Horizontal(id="party-top"):
            yield Static(id="party-clocks")
            yield RichLog(id="party-log", max_lines=LOG_LINES, wrap=True, markup=False)
        with TabbedContent(id="party-tabs"):
            for member in self.session.state.party:
                with TabPane(member.name, id=f"tab-{member.id}"), VerticalScroll():
                    lines = lines_for(self.session.state.sheets.get(member.id), self._catalog())
                    yield CharacterSheet(member, lines=lines, id=f"sheet-{member.id}")
        yield Footer()

    def _catalog(self) -> Catalog | None:
        world = self.session.world
        return world.catalog if isinstance(world, CatalogWorld) else None

    def on_mount(self) -> None:
        self.query_one("#party-clocks", Static).border_title = "Clocks"
        self.query_one("#party-log", RichLog).border_title = "Log"
        self._unsubscribe = self.session.subscribe(self._session_updated, self.seat)
        self._draw()
        state = self.session.state
        self.log_lines(
            [f"{self.campaign}: day {state.day}, {state.phase.value}, {state.actions} actions so far."]
        )
        report = self.session.load_report
        if report is not None:
            self.log_lines(report.lines())
        if state.expedition is not None:
            self.call_after_refresh(self.show_expedition)

    def on_unmount(self) -> None:
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None

    def _session_updated(self, update: Update) -> None:
        # Called by the session, possibly from another thread later on: post_message is thread-safe.
        self.post_message(SessionUpdated(update))

    def on_session_updated(self, message: SessionUpdated) -> None:
        self.log_lines(event_line(event) for event in message.session_update.events)
        self._draw()
        if self.session.state.expedition is not None and self.app.screen is self:
            # Someone else (a co-op player, or the host a spectator watches) set out: follow them.
            self.show_expedition()

    def log_lines(self, lines: Iterable[str]) -> None:
        """Add lines to the screen's log."""
        log = self.query_one("#party-log", RichLog)
        for line in lines:
            log.write(Text(line))

    def _draw(self) -> None:
        view = self.session.view(self.seat)
        header = header_text(view, self.campaign)
        shown = self.shown_character()
        if shown is not None and len(self.session.state.players) > 1:
            header += f" · {shown.name} is played by {self._player_name(shown.owner)}"
        banner = getattr(self.session, "banner", "")  # a served game says who plays and who watches
        if banner:
            header += f"\n{banner}"
        self.query_one("#party-header", Static).update(Text(header))
        self.refresh_bindings()
        self.query_one("#party-clocks", Static).update(Text("\n".join(clock_lines(view)) or "No clocks yet."))
        for member in self.session.state.party:
            for sheet in self.query(f"#sheet-{member.id}").results(CharacterSheet):
                sheet.character = member

    def redraw(self) -> None:
        """Redraw the header, clocks and sheets from the session (the log keeps its lines)."""
        self._draw()

    def _cycle(self, step: int) -> None:
        ids = [f"tab-{member.id}" for member in self.session.state.party]
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
        party = self.session.state.party
        return next((m for m in party if m.id == active), party[0] if party else None)

    def _player_name(self, player_id: str) -> str:
        return next((p.name for p in self.session.state.players if p.id == player_id), player_id)

    def on_tabbed_content_tab_activated(self, _: TabbedContent.TabActivated) -> None:
        self._draw()

    def action_sheet(self) -> None:
        """Open the shown adventurer's sheet full screen."""
        member = self.shown_character()
        if member is not None:
            self.app.push_screen(SheetScreen(member))

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
        result = self.session.submit(self.seat, RenamePlayer(player=player, name=name))
        if not result.ok:
            self.notify(result.reason, severity="warning")

    def action_give_character(self) -> None:
        """Give the shown adventurer to the next player (between expeditions)."""
        member = self.shown_character()
        if member is None:
            return
        target = next_player(self.session.state, member.id)
        if not target:
            self.notify("There is no other player to give them to.", severity="warning")
            return
        result = self.session.submit(self.seat, ReassignCharacter(actor=member.id, player=target))
        if not result.ok:
            self.notify(result.reason, severity="warning")
            return
        self.notify(f"{self._player_name(target)} plays {member.name} from now on.")

    def action_set_out(self) -> None:
        """Leave the settlement for a new dungeon, or go back to the expedition under way."""
        if self.session.state.expedition is not None:
            self.show_expedition()
            return

        ask_destination(self.app, self.session.state, self.session.world, self._set_out_to)

    def _set_out_to(self, place: str | None) -> None:
        if place is None:
            return
        result = self.session.submit(self.seat, SetOut(dungeon=place))
        if not result.ok:
            self.notify(result.reason, severity="warning")
            return
        self.show_expedition()

    def show_expedition(self) -> None:
        """Show the expedition under way on its own screen."""
        self.app.push_screen(ExpeditionScreen(self.session, self.seat), self._expedition_closed)

    def _expedition_closed(self, _: None = None) -> None:
        # Leaving the dungeon begins the interlude: go straight to the settlement.
        state = self.session.state
        if state.expedition is None and state.interlude is not None:
            self.action_interlude()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Show the interlude key only during an interlude, the give key only between expeditions."""
        if action == "interlude":
            state = self.session.state
            return state.interlude is not None and state.expedition is None
        if action == "give_character":
            return len(self.session.state.players) > 1 and between_expeditions(self.session.state)
        return True

    def action_interlude(self) -> None:
        """Open the settlement (market, day, night, party) while an interlude is under way."""
        state = self.session.state
        if state.interlude is None or state.expedition is not None:
            self.notify("There is no interlude under way.", severity="warning")
            return
        self.app.push_screen(InterludeScreen(self.session, self.seat), self._interlude_closed)

    def _interlude_closed(self, set_out: bool | None) -> None:
        self.refresh_bindings()
        if set_out and self.session.state.expedition is not None:
            self.show_expedition()

    def action_leave(self) -> None:
        """Go back to the title screen (the campaign is already saved)."""
        self.dismiss(None)
