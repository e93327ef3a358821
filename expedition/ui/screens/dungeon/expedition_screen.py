"""Provides the expedition screen: the tile map, the party, the clocks, the actions and the log.

The screen only shows the seat's view and submits its options. Keys move the party a tile at a
time; the action bar lists everything else with its cost in turns; a decision the game waits
for opens a prompt (the reroll prompt for a test: the app's decision router asks it, with the
dungeon's prompts while this screen is up); fainting and mortal wounds are explained in prompts
the player acknowledges.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.command import Provider
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Static

from expedition.rules.character.adventurer import Character
from expedition.rules.core.actions import Action
from expedition.rules.core.events import Event
from expedition.rules.core.lasting import labels
from expedition.rules.core.tracker import TrackerAdvanced
from expedition.session.campaigns import default_saves_dir
from expedition.session.port import SessionPort, Update
from expedition.session.seat_view import SeatOption, SeatView
from expedition.session.views import Seat
from expedition.ui.keymap import DEFAULT_KEYS, KeysFile, read_keys
from expedition.ui.screens.confirm import ask_confirm
from expedition.ui.screens.dungeon.camp_screen import CampScreen
from expedition.ui.screens.dungeon.combat_screen import COMBAT_BINDINGS, CombatMode
from expedition.ui.screens.dungeon.expedition_commands import ActionCommands
from expedition.ui.screens.dungeon.expedition_view import (
    DIRECTIONS,
    NOT_HERE,
    action_choices,
    bodies_here,
    clocks,
    map_view,
    steps_to,
)
from expedition.ui.screens.dungeon.history_screen import HistoryScreen
from expedition.ui.screens.dungeon.look_screen import LookScreen, look_words
from expedition.ui.screens.explain import ExplainScreen
from expedition.ui.screens.handover import HandOver
from expedition.ui.screens.sheet_screen import SheetScreen
from expedition.ui.widgets.action_bar import ActionBar, ActionChoice
from expedition.ui.widgets.clocks import TrackerClock
from expedition.ui.widgets.combat_panel import CombatPanel
from expedition.ui.widgets.fitted_footer import FittedFooter
from expedition.ui.widgets.log import GameLog
from expedition.ui.widgets.log_text import LogEntry, build_entries, explain
from expedition.ui.widgets.party_panel import LEGEND, PartyPanel
from expedition.ui.widgets.tile_map import Pos, TileMap

MAX_ENTRIES = 2000
"""Log lines kept in memory."""


def _move_bindings() -> list[BindingType]:
    return [
        Binding(
            DEFAULT_KEYS[f"move-{name}"], f"step('{name}')", f"Move {name}", show=False, id=f"move-{name}"
        )
        for name in ("up", "down", "left", "right")
    ]


def _key(name: str, action: str, description: str, **more: Any) -> Binding:
    """A binding the keys file may change: its id is the action's name there (`ui.keymap`)."""
    return Binding(DEFAULT_KEYS[name], action, description, id=name, **more)


QUIET_EVENTS = frozenset({"PartyStepped", "ExplorationTurnPassed"})
"""What a plain step onto a known tile brings; anything else stops a walk (a trap, a sound, the doom)."""


def _quiet(event: Event) -> bool:
    """True for what every walk brings: the step, the turn passing, the decay clock filling with it."""
    if isinstance(event, TrackerAdvanced):
        return event.tracker == "decay"
    return type(event).__name__ in QUIET_EVENTS


def _leaving_words(view: SeatView) -> str:
    """What leaving the dungeon does, naming whoever would be left behind or carried out down."""
    state = view.state
    words = "Leave the dungeon? The expedition ends, the doom rises by 2, and the party goes back to town."
    down = [member.name for member in state.party if not member.can_act]
    if down:
        words += f" Down now: {', '.join(down)}."
    return words + " It cannot be taken back."


class ExpeditionScreen(CombatMode):
    """An expedition in play, seen from one seat.

    Args:
        port: The game in play, local or served.
        seat: Whose eyes the screen shows it through and who acts.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        *COMBAT_BINDINGS,  # first, so that in a fight `a` attacks and Enter confirms a tile
        *_move_bindings(),
        _key("act", "act", "Act", key_display="⏎"),
        _key("loot", "do_key('g')", "Loot"),
        _key("traps", "do_key('t')", "Traps"),
        _key("search", "do_key('f')", "Search"),
        _key("catch-breath", "do_key('r')", "Catch breath"),
        _key("wait", "do_key('.')", "Wait"),
        _key("listen", "do_key('n')", "Listen", show=False),
        _key("go-down", "do_key('>')", "Go down", show=False),
        _key("go-up", "do_key('<')", "Go up", show=False),
        _key("search-log", "search_log", "Search log"),
        _key("look", "look", "Look"),
        _key("history", "history", "History"),
        _key("sheet", "sheet", "Sheet"),
        *[Binding(str(n), f"pick({n})", "Who acts", show=n == 1, key_display="1-4") for n in range(1, 5)],
        Binding("tab", "app.focus_next", "Next pane", show=False),
    ]
    """Keys on the expedition screen (arrows/hjkl/WASD move one tile)."""

    COMMANDS: ClassVar[set[type[Provider] | Callable[[], type[Provider]]]] = {ActionCommands}
    """Palette entries: every available action."""

    SCREEN_NAME = "Expedition"
    """Name shown in help."""
    HELP = (
        "Move with the arrows, hjkl or WASD; click a tile to go there. 1-4 choose who acts (▶ in the "
        "party list); the action list is that adventurer's. Enter opens the list of actions "
        "(each shows its cost in turns; one that cannot be done says why). Map: @ party, # wall, "
        "+ closed door, ' open door, > < stairs, X way out, $ loot, ^ known trap, % body, a letter is an "
        "enemy; · floor in sight, . remembered floor. Clocks: ■ filled, □ empty; a hidden clock shows ?? "
        "and flashes 'moved' when it moves. Party: " + LEGEND + ". Open a log line with Enter to see its "
        "dice and rule. ; looks at the map tile by tile (Enter there walks to the tile), H opens the whole "
        "message history, C the acting adventurer's full sheet. Keys are listed below as they are now."
    )
    """Shown on the help screen."""

    rich_prompts = True
    """Decisions get the dungeon's prompts, harm notices and the hotseat hand-over here."""

    def __init__(self, port: SessionPort, seat: Seat | None = None) -> None:
        super().__init__(port, seat)
        self.entries: list[LogEntry] = []
        """Every log line so far."""
        self.turn = self.view.state.turn
        """The turn the log is at."""
        self.hand_over = HandOver()
        """Who holds the keyboard at a hotseat table (the hand-over's summary counts this log)."""
        self._names: dict[str, str] = {}
        self._party: list[Character] = []
        self._chosen = ""
        self._over = False  # the party has left: close as soon as this screen is on top
        self._heard: list[Event] | None = None  # what the steps of a walk brought, while walking
        self.keys_file: KeysFile | None = None
        """The keys file read when the screen opened (its path and what became of it)."""

    def compose(self) -> ComposeResult:
        with Horizontal(id="exp-body"):
            with Vertical(id="exp-main"):
                yield TileMap(id="exp-map")
                yield GameLog(id="exp-log")
            with Vertical(id="exp-side"):
                yield Static(id="exp-header")
                yield CombatPanel(id="exp-combat")
                with Vertical(id="exp-clocks"):
                    yield TrackerClock(id="clock-decay")
                    yield TrackerClock(id="clock-doom")
                    yield TrackerClock(id="clock-omens")
                yield ActionBar(id="exp-actions")
                with VerticalScroll(id="exp-party-box"):
                    yield PartyPanel(id="exp-party")
        yield FittedFooter()

    def on_mount(self) -> None:
        self._read_keys()
        self.query_one("#exp-map", TileMap).border_title = "Map"
        self.query_one("#exp-log", GameLog).border_title = "Log"
        self.query_one("#exp-actions", ActionBar).border_title = "Actions (Enter)"
        self.query_one("#exp-party-box").border_title = "Party"
        self.follow_game()
        self.refresh_from_session()
        expedition = self.view.state.expedition
        if expedition is not None:
            opening = f"The party stands in {expedition.dungeon.name}, level {expedition.depth}."
            self.entries.append(LogEntry(self.turn, opening, ()))
            self.query_one("#exp-log", GameLog).entries = tuple(self.entries)
        self.query_one("#exp-map", TileMap).focus()
        self._hand_over_turn()  # the first acting character's player takes the keyboard (no cover)
        self.ask_decisions()
        self._open_camp()

    # --- from the session ---------------------------------------------------------------------

    def show_update(self, update: Update) -> None:
        if self.view.state.expedition is None:
            # The party left the dungeon (or never was in one): back to the party screen. Under a
            # cover (a hand-over), wait until it is gone: `dismiss` pops whatever is on top.
            self._over = True
            self._close_if_over()
            return
        if self._heard is not None:
            self._heard.extend(update.events)
        self.refresh_from_session()
        self.combat_events(update.events)
        self.add_events(update.events)
        self._open_camp()
        self._hand_over_turn()

    def on_screen_resume(self) -> None:
        # (GameScreen's own handler runs too: Textual calls each class's.) After it has caught up.
        self.call_later(self._close_if_over)

    def _close_if_over(self) -> None:
        if self._over and self.is_active:  # on top: no cover (a hand-over) over the party's leaving
            self._over = False  # once: a second dismiss would pop the party screen
            self.dismiss()

    def _hand_over_turn(self) -> None:
        """At a hotseat table, cover the game when the acting character belongs to another player."""
        view = self.view
        if view.pending is not None or not self.is_current:
            return  # a decision's own hand-over (the router's) comes first
        cover = self.hand_over.turn_cover(view, self.actor, self.entries)
        if cover is not None:
            self.app.push_screen(cover)

    def submit(self, action: Action) -> bool:
        """Submit `action`; at a hotseat table the acting character's player now holds the keyboard."""
        actor = self.actor
        done = super().submit(action)
        if done:
            self.hand_over.acted(self.view, actor, self.entries)
        return done

    def takes_decisions(self) -> bool:
        return self.view.state.expedition is not None

    def decisions_done(self) -> None:
        # The action is over: the keys belong to the map again, not to whatever list had them.
        self.query_one("#exp-map", TileMap).focus()

    def _open_camp(self) -> None:
        """Show the camp screen over this one while the party camps (§10.3); it closes itself."""
        view = self.view
        if view.camp is None or view.pending is not None:
            return
        if not any(isinstance(screen, CampScreen) for screen in self.app.screen_stack):
            # Whatever the camp's end leaves to decide (an ambush's first checks) is asked once the
            # camp screen has gone: it pops whatever screen is on top when it closes.
            self.app.push_screen(CampScreen(self.port, self.seat), lambda _: self.ask_decisions())

    def refresh_from_session(self) -> None:
        """Redraw everything from the seat's view."""
        view = self.view
        state = view.state
        self._party = list(state.party)
        # Names are kept after someone leaves the party, so the log can still name the dead.
        self._names.update({member.id: member.name for member in self._party})
        for entry in state.roster:  # the dead and the departed keep their names in the log
            self._names.setdefault(entry.character.id, entry.character.name)
        expedition = state.expedition
        tile_map = self.query_one("#exp-map", TileMap)
        if expedition is not None:
            tile_map.view = map_view(state, expedition)
        decay, doom, omens = clocks(view)
        self.query_one("#clock-decay", TrackerClock).data = decay
        self.query_one("#clock-doom", TrackerClock).data = doom
        self.query_one("#clock-omens", TrackerClock).data = omens
        actor = self.actor
        effects = {m.id: tuple(labels(state, m.id)) for m in self._party}
        self.query_one("#exp-party", PartyPanel).set_party(self._party, actor, effects)
        self.query_one("#exp-actions", ActionBar).set_choices(self.choices())
        self.query_one("#exp-header", Static).update(self._header())
        self.refresh_combat()

    def _header(self) -> Text:
        state = self.view.state
        expedition = state.expedition
        text = Text()
        name = expedition.dungeon.name if expedition is not None else state.location
        text.append(name or "Somewhere", style="bold")
        if expedition is not None:  # its own line: at 80 columns a long dungeon name would cut it off
            room = expedition.room
            text.append(
                f"\nLevel {expedition.depth} · {room.name if room is not None and room.name else 'corridor'}"
            )
        text.append(f"\nTurn {state.turn} · day {state.day} · {state.silver} silver")
        players = HandOver.players_of(self.view)
        if players:  # a hotseat table: whose adventurer acts, so nobody plays another's
            actor = self.actor
            owner = players.get(HandOver.owner_of(self.view, actor), "")
            name = self._names.get(actor, "nobody")
            text.append(f"\nActing: {name} ({owner})" if owner else f"\nActing: {name}", style="bold")
        banner = self.port.banner  # a served game says who plays and who watches
        if banner:
            text.append(f"\n{banner}", style="italic")
        return text

    def add_events(self, events: Iterable[Event]) -> None:
        """Add events to the log, grouped by turn."""
        new, self.turn = build_entries(events, self._names, self.turn)
        if not new:
            return
        self.entries = (self.entries + new)[-MAX_ENTRIES:]
        self.query_one("#exp-log", GameLog).entries = tuple(self.entries)

    @property
    def actor(self) -> str:
        """The character who acts for this seat: the one picked with 1-4, else the first able one."""
        if self.combat is not None:
            return self.combat_acting(self._chosen)
        mine = self.view.mine
        active = [member for member in mine if member.can_act]
        picked = [member for member in active if member.id == self._chosen]
        chosen = picked or active or mine
        return chosen[0].id if chosen else ""

    def action_pick(self, number: int) -> None:
        """Choose which of this seat's adventurers acts next (the action list follows)."""
        member = self.pickable(number, self.view.mine)
        if member is None:
            return
        if self.combat_refuses_pick(member):
            return
        if member.id == self.actor:
            self.notify(f"{member.name} already acts.", timeout=2)
            return
        self._chosen = member.id
        self.refresh_from_session()
        self._hand_over_turn()

    def choices(self) -> list[ActionChoice]:
        """The actions available here for this seat's acting character."""
        if self.combat is not None:
            return self.combat_choices(self.actor)
        return action_choices(self.view, self.actor)

    # --- acting -------------------------------------------------------------------------------

    def warn(self, text: str) -> None:
        """Show a refusal; the same one again, while it shows, is not shown twice (`toasts.OnceAtATime`).

        It used to clear every toast and show it anew, but with a question open on top the clearing
        reached only the question's screen, and the refusals piled up on the map beneath it.
        """
        self.notify(text, severity="warning", timeout=4)

    def do(self, choice: ActionChoice) -> None:
        """Do an action from the bar or the palette."""
        if not choice.enabled:
            self.notify(choice.reason, severity="warning")
            return
        option = choice.action
        if self.combat_do(choice) or not isinstance(option, SeatOption):
            return
        if option.kind == "ExitDungeon":
            # Leaving ends the expedition for good (§10.1): ask first.
            ask_confirm(
                self.app,
                "Leave the dungeon",
                _leaving_words(self.view),
                "Leave the dungeon",
                lambda: self.submit_option(option),
            )
            return
        self.submit_option(option)

    def action_step(self, direction: str) -> None:
        """Move the party one tile."""
        if self.combat is not None:
            self.combat_step(direction)
            return
        expedition = self.view.state.expedition
        if expedition is None:
            self.notify("That cannot be done here.", severity="warning")
            return
        (x, y), (dx, dy) = expedition.position, DIRECTIONS[direction]
        self._step_to((x + dx, y + dy))

    def _step_to(self, tile: tuple[int, int]) -> bool:
        """Take the session's Step option onto the next tile `tile`; True when it was taken."""
        step = self.find_option(self.actor, "Step", tile=tile)
        if step is None:
            self.warn_missing()
            return False
        return self.submit_option(step)

    def action_do_key(self, key: str) -> None:
        """Do the action bound to `key`, if it is available here."""
        for choice in self.choices():
            if choice.key == key:
                self.do(choice)
                return
        text = NOT_HERE.get(key, "That is not possible here.")
        expedition = self.view.state.expedition
        here = bodies_here(expedition) if expedition is not None else ""
        self.notify(f"{text} {here}" if here else text, severity="warning")

    def action_act(self) -> None:
        """Open the action list (Enter again does the highlighted action)."""
        self.query_one("#exp-actions", ActionBar).focus_list()

    def action_search_log(self) -> None:
        """Search the log."""
        self.query_one("#exp-log", GameLog).action_search()

    @on(ActionBar.Left)
    def _bar_left(self, event: ActionBar.Left) -> None:
        self.query_one("#exp-map", TileMap).focus()

    @on(ActionBar.Chosen)
    def _bar_chosen(self, event: ActionBar.Chosen) -> None:
        self.do(event.choice)
        self.query_one("#exp-map", TileMap).focus()

    @on(TileMap.TileClicked)
    def _clicked(self, event: TileMap.TileClicked) -> None:
        if self.combat is not None:
            self.combat_click(event.pos)
            return
        self.travel(event.pos)

    @on(GameLog.Left)
    def _log_left(self, event: GameLog.Left) -> None:
        self.query_one("#exp-map", TileMap).focus()

    @on(GameLog.LineSelected)
    def _explain(self, event: GameLog.LineSelected) -> None:
        self.app.push_screen(ExplainScreen(event.entry, explain(event.entry, self._names)), self._explained)

    def _explained(self, leave: bool | None) -> None:
        if leave:
            self.query_one("#exp-map", TileMap).focus()

    # --- the player's own keys -----------------------------------------------------------------

    def _read_keys(self) -> None:
        """Use the keys file's keys; a bad file keeps the usual keys and says what is wrong with it."""
        keys = read_keys(default_saves_dir(getattr(self.app, "saves", None)))
        self.keys_file = keys
        if keys.problem:
            self.app.update_keymap(dict(DEFAULT_KEYS))
            self.notify(keys.status, title="Keys file", severity="warning", timeout=12)
        else:
            self.app.update_keymap({**DEFAULT_KEYS, **keys.keymap})

    def help_more(self) -> str:
        """Added to the help text: where the keys file is and what became of it."""
        return self.keys_file.status if self.keys_file is not None else ""

    # --- looking, the history and the sheet ----------------------------------------------------

    def action_history(self) -> None:
        """Open every log line so far, full screen."""
        self.app.push_screen(HistoryScreen(self.entries, self._names), self._back_to_map)

    def action_sheet(self) -> None:
        """Open the acting adventurer's full character sheet."""
        actor = self.actor or (self._party[0].id if self._party else "")
        member = next((m for m in self._party if m.id == actor), None)
        if member is None:
            self.notify("There is nobody here to show.", severity="warning")
            return
        self.app.push_screen(SheetScreen(member, self.sheet_lines(member.id)), self._back_to_map)

    def action_look(self) -> None:
        """Put a cursor on the map to see what is where (Enter walks to it, Esc leaves)."""
        tile_map = self.query_one("#exp-map", TileMap)
        view = tile_map.view
        if view is None:
            self.notify("There is no map to look at here.", severity="warning")
            return
        start = view.cursor or view.party

        def describe(pos: Pos) -> str:
            return look_words(self.view.state, view, pos)

        self.app.push_screen(LookScreen(tile_map, start, describe), self._looked)

    def _looked(self, tile: Pos | None) -> None:
        self.refresh_from_session()  # the map without the look cursor (or with the fight's own)
        self._back_to_map(None)
        if tile is None:
            return
        if self.combat is not None:
            self.combat_click(tile)
            return
        self.travel(tile)

    def _back_to_map(self, _: object) -> None:
        self.query_one("#exp-map", TileMap).focus()

    def travel(self, tile: Pos) -> int:
        """Walk to `tile` over known tiles, one submitted Step at a time; the number of steps taken.

        The walk stops at once when anything happens: a refusal, a decision to make, a fight, a
        screen over this one (a hand-over, the camp), something new in sight, or any event beyond
        the step itself (a trap, a tracker filling, a sound).
        """
        state = self.view.state
        expedition = state.expedition
        if expedition is None or tile == expedition.position:
            return 0
        steps = steps_to(state, tile)
        if not steps or steps[-1] != tile:
            self.notify("The party knows no way there.", severity="warning", timeout=3)
            if not steps:
                return 0
        taken = 0
        for step in steps:
            before = self._in_sight()
            heard: list[Event] = []
            self._heard = heard
            try:
                if not self._step_to(step):
                    break
            finally:
                self._heard = None
            taken += 1
            if (
                self.view.pending is not None
                or self.combat is not None
                or not self.is_current
                or not all(_quiet(event) for event in heard)
                or self._in_sight() - before
            ):
                break
        return taken

    def _in_sight(self) -> frozenset[tuple[Pos, str]]:
        """What stands out in sight now (foes, loot, traps, bodies), to notice something new on a walk."""
        view = self.query_one("#exp-map", TileMap).view
        if view is None:
            return frozenset()
        return frozenset((pos, marker.label) for pos, marker in view.markers.items() if pos in view.visible)
