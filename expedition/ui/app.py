"""Provides the Textual application: its screens, app-wide keys, palette commands and the size guard."""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual import events
from textual.app import SystemCommand
from textual.binding import Binding
from textual.screen import Screen

from expedition.content.catalog import load_catalog
from expedition.content.compendium_pages import CompendiumEntry
from expedition.content.problems import ContentError
from expedition.rules.character.party import Party
from expedition.session.campaigns import (
    CampaignOpenError,
    list_saved,
    new_name,
    open_campaign,
    screenshots_folder,
    start_campaign,
)
from expedition.session.port import SessionPort
from expedition.session.session import Session
from expedition.session.views import Seat, SeatKind
from expedition.ui.entries import load_entries, rules_entries
from expedition.ui.hosting import HostedServer
from expedition.ui.messages import SessionUpdated
from expedition.ui.save_watch import SaveWatch
from expedition.ui.screens.compendium_screen import CompendiumScreen
from expedition.ui.screens.creation_screen import CreationScreen
from expedition.ui.screens.game_screen import GameScreen
from expedition.ui.screens.help import HelpScreen
from expedition.ui.screens.load import LoadScreen
from expedition.ui.screens.party_screen import PartyScreen
from expedition.ui.screens.title import TitleScreen
from expedition.ui.screens.too_small import MIN_HEIGHT, MIN_WIDTH, TooSmallScreen
from expedition.ui.session_feed import SessionFeed
from expedition.ui.toasts import OnceAtATime
from expedition.ui.widgets.save_banner import SaveBanner

if TYPE_CHECKING:
    from expedition.ui.hosting import SshHosting

__all__ = [
    "ExpeditionApp",
    "make_app",
    "run_app",
]

VIEWER_COMMANDS = frozenset({"Theme", "Keys", "Maximize", "Minimize", "Quit"})
"""Textual's own palette commands that touch only this app's screen (Quit ends this app alone).
The others (Screenshot, and any a later Textual adds) are offered to the host's own app only."""
HOST_ONLY = "Only the host can do that: it would write on the computer the game runs on."
"""Said when a seat asks for something that touches the host's computer (a screenshot)."""

EntrySource = Sequence[CompendiumEntry] | Callable[[], Sequence[CompendiumEntry]]
"""Compendium entries, or a function that loads them the first time they are needed."""
ScreenFactory = Callable[[], Screen[Any]]
"""Builds the screen to show above the title screen at start."""


class ExpeditionApp(OnceAtATime):
    """Dead Weight in a terminal: the title screen, the compendium, help and the size guard.

    Args:
        entries: Compendium entries, or a loader called the first time the compendium opens.
        start: "title", "compendium" or "new" (the character-creation screen): the screen shown first.
        first_screen: Builds a screen shown first instead (tests and future game screens).
        session: A game to open at once, on its party screen (the app closes it on exit): a local
            campaign or a served one's port.
        seat: The seat the player holds; the host's (solo and hotseat) by default.
        saves: The saves folder "Continue" and "Load" look in (see `session.campaigns`).
        seed: The seed of the next new game (None: a random one each time).
        ssh: Also serve each campaign opened here over SSH (`new|continue|load --ssh PORT`).
        name: The next new game's campaign name (None: the first free `campaign-<n>`).
    """

    TITLE = "Expedition"
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (110, "-wide")]
    """Screens narrower than 110 columns get the class `-narrow` (see interlude.tcss)."""
    VERTICAL_BREAKPOINTS = [(0, "-short"), (32, "-tall")]
    """Screens with fewer than 32 rows get the class `-short` (smaller logs, see the screens' tcss)."""
    SUB_TITLE = "Dead Weight in a terminal"
    CSS_PATH = [
        "styles/app.tcss",
        "styles/title.tcss",
        "styles/compendium.tcss",
        "styles/help.tcss",
        "styles/too_small.tcss",
        "styles/sheet.tcss",
        "styles/creation.tcss",
        "styles/party.tcss",
        "styles/load.tcss",
        "styles/expedition.tcss",
        "styles/combat.tcss",
        "styles/camp.tcss",
        "styles/interlude.tcss",
    ]
    BINDINGS = [
        Binding("question_mark,f1", "help", "Help", key_display="?"),
        Binding("c", "compendium", "Compendium", key_display="c"),
        # F2 goes first (priority), so the compendium opens over dialogs and the hand-over cover too,
        # which otherwise keep app keys from the screens below them; no text box uses F2.
        Binding("f2", "compendium", "Compendium", show=False, priority=True),
    ]
    """App-wide keys: they work on every screen unless a text box takes the key (F2 works everywhere)."""

    def __init__(
        self,
        entries: EntrySource | None = None,
        *,
        start: str = "title",
        first_screen: ScreenFactory | None = None,
        session: SessionPort | None = None,
        seat: Seat | None = None,
        saves: Path | None = None,
        seed: int | None = None,
        ssh: SshHosting | None = None,
        name: str | None = None,
    ) -> None:
        super().__init__()
        self.feed = SessionFeed(self)
        """The app's one subscription to the game in play; it hands each update to the screen on top."""
        self.save_watch = SaveWatch(self, self.feed)
        """Shows the disk banner while the game cannot save, and retries."""
        self.seed = seed
        """The seed of the next new game (None: a random one each time)."""
        self.campaign_name = name
        """The next new game's campaign name (None: one made from its seed)."""
        self._entry_source: EntrySource = entries if entries is not None else ()
        self._entries: list[CompendiumEntry] | None = None
        self._start = start
        self._first_screen = first_screen
        self._first_session = session
        self.seat = seat if seat is not None else Seat.host()
        """The seat this app's player holds."""
        self.saves = saves
        """The saves folder (None: the default one)."""
        self.session: SessionPort | None = None
        """The game open now, if any."""
        self.ssh = ssh
        """How to serve the open campaign over SSH, if at all."""
        self.hosted: HostedServer | None = None
        """The SSH server serving the open campaign, while there is one."""

    def get_default_screen(self) -> Screen[Any]:
        return TitleScreen()

    def on_mount(self) -> None:
        self.save_watch.start()
        if self._first_session is not None:
            self.open_session(self._first_session)
        elif self._first_screen is not None:
            self.push_screen(self._first_screen())
        elif self._start == "compendium":
            self.action_compendium()
        elif self._start == "new":
            self.action_new_game()
        self._guard_size(self.size.width, self.size.height)

    def on_resize(self, event: events.Resize) -> None:
        self._guard_size(event.size.width, event.size.height)

    def on_session_updated(self, message: SessionUpdated) -> None:
        self.feed.deliver(message.session_update)
        self.save_watch.sync()

    def on_save_banner_elsewhere_requested(self, message: SaveBanner.ElsewhereRequested) -> None:
        self.action_save_elsewhere()

    def action_save_elsewhere(self) -> None:
        """Write the campaign into another folder (offered to the host while saving fails)."""
        self.save_watch.ask_elsewhere()

    @property
    def at_the_host(self) -> bool:
        """True when this app's player may use the computer it runs on (screenshots into its saves).

        The host's seat in a game played here may; a spectator's or a co-op player's app may not.
        """
        return self.seat.kind is SeatKind.HOST

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        """Palette commands: ours, the screen's (only what the seat may do), then Textual's.

        Textual's commands that write on the host's computer (Screenshot) are the host's only
        (`at_the_host`); the others touch this app's own screen alone.
        """
        yield SystemCommand(
            "Compendium", "Look up items, enemies, skills, afflictions…", self.action_compendium
        )
        yield SystemCommand("Help", "Keys and what this screen shows", self.action_help)
        if isinstance(screen, GameScreen):
            yield from screen.palette_commands()
        if self.save_watch.health.may_save_elsewhere:  # never a spectator's, nor a served player's
            yield SystemCommand(
                "Save elsewhere",
                "Saving fails: write the whole campaign into another folder and save there",
                self.action_save_elsewhere,
            )
        for command in super().get_system_commands(screen):
            if self.at_the_host or command.title in VIEWER_COMMANDS:
                yield command

    def _refuse_unless_host(self) -> bool:
        """True (and says why) when this app's seat may not touch the host's computer."""
        if self.at_the_host:
            return False
        self.notify(HOST_ONLY, severity="warning")
        return True

    def action_screenshot(self, filename: str | None = None, path: str | None = None) -> None:
        """Save a screenshot: the host only (a binding or a clicked link may name the action)."""
        if not self._refuse_unless_host():
            super().action_screenshot(filename, path)

    def save_screenshot(
        self, filename: str | None = None, path: str | None = None, time_format: str | None = None
    ) -> str:
        """Write a screenshot file: the host only (returns "" when refused)."""
        if self._refuse_unless_host():
            return ""
        return super().save_screenshot(filename, path, time_format)

    def deliver_binary(self, path_or_file: Any, **options: Any) -> str | None:
        """Deliver a file (a screenshot, any download): the host only, since it is written here."""
        if self._refuse_unless_host():
            return None
        return super().deliver_binary(path_or_file, **options)

    def action_suspend_process(self) -> None:
        """Suspend the app's process (as Ctrl+Z in a shell): the host only."""
        if not self._refuse_unless_host():
            super().action_suspend_process()

    def screenshot_folder(self) -> Path:
        """The saves folder's `screenshots/` (made if need be), else the working folder."""
        folder = screenshots_folder(self.saves)
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError:
            return Path.cwd()
        return folder

    def deliver_screenshot(
        self, filename: str | None = None, path: str | None = None, time_format: str | None = None
    ) -> str | None:
        """Save a screenshot (Ctrl+P → Screenshot) into a folder that exists; the toast names the file."""
        if self._refuse_unless_host():
            return None
        # Textual's default folder, ~/Downloads, is missing on many machines (servers, fresh accounts).
        return super().deliver_screenshot(filename, path or str(self.screenshot_folder()), time_format)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Hide the compendium and help keys where they would do nothing."""
        pointless = {"compendium": CompendiumScreen | TooSmallScreen, "help": HelpScreen | TooSmallScreen}
        return not (action in pointless and isinstance(self.screen, pointless[action]))

    @property
    def entries(self) -> list[CompendiumEntry]:
        """The compendium's entries, loaded on first use."""
        if self._entries is None:
            source = self._entry_source
            try:
                self._entries = list(source() if callable(source) else source)
            except (ContentError, OSError) as error:
                # A broken content file must not crash the game; say what is wrong and carry on.
                self.notify(str(error), title="Content failed to load", severity="error", timeout=30)
                self._entries = rules_entries()
        return self._entries

    @property
    def too_small(self) -> bool:
        """True while the terminal is smaller than the game needs (the size guard is showing)."""
        return any(isinstance(screen, TooSmallScreen) for screen in self.screen_stack)

    def _guard_size(self, width: int, height: int) -> None:
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        if small and not self.too_small:
            self.push_screen(TooSmallScreen(width, height))
        elif not small and isinstance(self.screen, TooSmallScreen):
            self.pop_screen()
        if isinstance(self.screen, TooSmallScreen):
            self.screen.show_size(width, height)

    async def on_unmount(self) -> None:
        hosted, self.hosted = self.hosted, None
        if hosted is not None:
            await hosted.stop()  # every connection and client process ends before the app does
        self.close_session()

    # --- campaigns ---------------------------------------------------------------------------

    def open_session(self, session: SessionPort, *, set_out: bool = False) -> None:
        """Make `session` the game in play and show its party screen (closing any other one).

        `set_out` goes on to ask where the party goes, as a party just made by hand means to.
        """
        if session is not self.session:
            self.close_session()
        self.session = session
        self.feed.follow(session, self.seat)
        report = session.load_report
        if report is not None and report.troubled:
            self.notify(
                "\n".join(report.lines()), title="Some saves were damaged", severity="warning", timeout=20
            )
        party_screen = PartyScreen(session, self.seat)
        self.push_screen(party_screen, self._party_closed)
        if set_out:
            self.call_after_refresh(party_screen.action_set_out)
        if self.ssh is not None and self.hosted is None and isinstance(session, Session):
            self.hosted = HostedServer(self.ssh, session, self._hosting_said)
            self.hosted.start()

    def _hosting_said(self, text: str, trouble: bool) -> None:
        self.notify(text, title="SSH", severity="error" if trouble else "information", timeout=10)

    def close_session(self) -> None:
        """Give the open campaign back (its lock); every action is already saved."""
        hosted, self.hosted = self.hosted, None
        if hosted is not None:
            # Stop serving first (in the background: the loop goes on), then give the lock back.
            self.run_worker(hosted.stop(), exclusive=False)
        self.feed.stop()
        if self.session is not None:
            self.session.close()
            self.session = None

    def _party_closed(self, _: None) -> None:
        if not any(isinstance(screen, PartyScreen) for screen in self.screen_stack):
            self.close_session()

    def open_saved(self, name: str | None) -> bool:
        """Open a saved campaign (None: the newest) on its party screen; say on screen why not.

        Returns:
            True when it opened.
        """
        try:
            session = open_campaign(name, saves=self.saves)
        except CampaignOpenError as error:
            self.notify(str(error), title="Cannot open the campaign", severity="error", timeout=20)
            return False
        except Exception as error:  # never a traceback on screen; the files stay as they were
            self.notify(
                f"{type(error).__name__}: {error}",
                title="Cannot open the campaign",
                severity="error",
                timeout=20,
            )
            return False
        self.open_session(session)
        return True

    def action_new_game(self) -> None:
        """Make a new party on the creation screen; its campaign then opens on the party screen."""
        try:
            catalog = load_catalog()
        except (ContentError, OSError) as error:
            self.notify(str(error), title="Content failed to load", severity="error", timeout=30)
            return
        seed = self.seed if self.seed is not None else secrets.randbelow(2**31)
        screen = CreationScreen(catalog, seed)
        self.push_screen(screen, lambda party: self._party_made(screen, party))

    def _party_made(self, screen: CreationScreen, party: Party | None) -> None:
        if party is None or screen.flow is None:
            return
        try:
            name = self.campaign_name or new_name(self.saves)
        except OSError as error:
            self.notify(f"The saves folder cannot be read: {error}", title="Cannot start the campaign")
            return
        self.campaign_name = None  # a name is used once; the next new game makes its own
        try:
            session = start_campaign(party, screen.seed, saves=self.saves, name=name, ctx=screen.flow.ctx)
        except CampaignOpenError as error:
            self.notify(str(error), title="Cannot start the campaign", severity="error", timeout=20)
            return
        self.open_session(session, set_out=True)

    def action_continue_campaign(self) -> None:
        """Open the campaign saved most recently."""
        self.open_saved(None)

    def action_load_campaign(self) -> None:
        """List the saved campaigns to pick one."""
        try:
            saved = list_saved(self.saves)
        except OSError as error:
            self.notify(f"The saves folder cannot be read: {error}", title="Load", severity="error")
            return
        if not saved:
            self.notify("There are no saved campaigns yet.", title="Load")
            return
        self.push_screen(LoadScreen(saved), self._load_chosen)

    def _load_chosen(self, name: str | None) -> None:
        if name:
            self.open_saved(name)

    def action_help(self) -> None:
        """Show the keys of the current screen."""
        if self.too_small or isinstance(self.screen, HelpScreen):
            return
        self.push_screen(HelpScreen(self.screen))

    def action_compendium(self) -> None:
        """Open the compendium over the current screen."""
        if self.too_small or isinstance(self.screen, CompendiumScreen):
            return
        if isinstance(self.screen, HelpScreen):
            self.pop_screen()
        self.push_screen(CompendiumScreen(self.entries))


def make_app(
    entries: EntrySource | None = None,
    *,
    start: str = "title",
    first_screen: ScreenFactory | None = None,
    session: SessionPort | None = None,
    seat: Seat | None = None,
    saves: Path | None = None,
    seed: int | None = None,
    ssh: SshHosting | None = None,
    name: str | None = None,
) -> ExpeditionApp:
    """Build the app without running it (tests run it with `app.run_test()` or `snap_compare`).

    Args:
        entries: Compendium entries, or a loader for them.
        start: "title", "compendium" or "new".
        first_screen: Builds a screen shown first instead.
        session: A campaign to show first, on its party screen.
        seat: The player's seat (the host's by default).
        saves: The saves folder for "Continue" and "Load".
        seed: The seed of the next new game (None: random).
        ssh: Also serve each campaign opened over SSH.
        name: The next new game's campaign name (None: made from its seed).

    Returns:
        The app.
    """
    if start not in ("title", "compendium", "new"):
        raise ValueError(f"unknown start screen {start!r}")
    return ExpeditionApp(
        entries,
        start=start,
        first_screen=first_screen,
        session=session,
        seat=seat,
        saves=saves,
        seed=seed,
        ssh=ssh,
        name=name,
    )


def run_app(
    entries: EntrySource | None = None,
    *,
    start: str = "title",
    session: Session | None = None,
    seat: Seat | None = None,
    saves: Path | None = None,
    seed: int | None = None,
    ssh: SshHosting | None = None,
    name: str | None = None,
) -> int:
    """Run the game in this terminal and return an exit code.

    Args:
        entries: Compendium entries or their loader; None loads them from the content catalog.
        start: "title", "compendium" or "new".
        session: A campaign to open at once, on its party screen.
        seat: The player's seat (the host's by default).
        saves: The saves folder for "Continue" and "Load".
        seed: The seed of the next new game (None: random).
        ssh: Also serve each campaign opened over SSH.
        name: The next new game's campaign name (None: made from its seed).

    Returns:
        0 when the player quits.
    """
    if entries is None:
        entries = load_entries
    app = make_app(
        entries, start=start, session=session, seat=seat, saves=saves, seed=seed, ssh=ssh, name=name
    )
    app.run()
    return 0
