"""Provides the Textual application: its screens, app-wide keys, palette commands and the size guard."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from textual import events
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.screen import Screen

from expedition.content.compendium import CompendiumEntry
from expedition.content.problems import ContentError
from expedition.ui.entries import rules_entries
from expedition.ui.screens.compendium import CompendiumScreen
from expedition.ui.screens.help import HelpScreen
from expedition.ui.screens.title import CREDIT, TitleScreen
from expedition.ui.screens.too_small import MIN_HEIGHT, MIN_WIDTH, TooSmallScreen

__all__ = ["CREDIT", "ExpeditionApp", "make_app", "run_app"]

EntrySource = Sequence[CompendiumEntry] | Callable[[], Sequence[CompendiumEntry]]
"""Compendium entries, or a function that loads them the first time they are needed."""
ScreenFactory = Callable[[], Screen[Any]]
"""Builds the screen to show above the title screen at start."""


class ExpeditionApp(App[None]):
    """Dead Weight in a terminal: the title screen, the compendium, help and the size guard.

    Args:
        entries: Compendium entries, or a loader called the first time the compendium opens.
        start: "title" or "compendium": the screen shown first.
        first_screen: Builds a screen shown first instead (tests and future game screens).
    """

    TITLE = "Expedition"
    SUB_TITLE = "Dead Weight in a terminal"
    CSS_PATH = [
        "styles/app.tcss",
        "styles/title.tcss",
        "styles/compendium.tcss",
        "styles/help.tcss",
        "styles/too_small.tcss",
        "styles/sheet.tcss",
    ]
    BINDINGS = [
        Binding("question_mark,f1", "help", "Help", key_display="?"),
        Binding("c,f2", "compendium", "Compendium", key_display="c"),
    ]
    """App-wide keys: they work on every screen unless a text box takes the key."""

    def __init__(
        self,
        entries: EntrySource | None = None,
        *,
        start: str = "title",
        first_screen: ScreenFactory | None = None,
    ) -> None:
        super().__init__()
        self._entry_source: EntrySource = entries if entries is not None else ()
        self._entries: list[CompendiumEntry] | None = None
        self._start = start
        self._first_screen = first_screen

    def get_default_screen(self) -> Screen[Any]:
        return TitleScreen()

    def on_mount(self) -> None:
        if self._first_screen is not None:
            self.push_screen(self._first_screen())
        elif self._start == "compendium":
            self.action_compendium()
        self._guard_size(self.size.width, self.size.height)

    def on_resize(self, event: events.Resize) -> None:
        self._guard_size(event.size.width, event.size.height)

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        """Palette commands: ours first, then Textual's (theme, keys, quit…)."""
        yield SystemCommand(
            "Compendium", "Look up items, enemies, skills, afflictions…", self.action_compendium
        )
        yield SystemCommand("Help", "Keys and what this screen shows", self.action_help)
        yield from super().get_system_commands(screen)

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
) -> ExpeditionApp:
    """Build the app without running it (tests run it with `app.run_test()` or `snap_compare`).

    Args:
        entries: Compendium entries, or a loader for them.
        start: "title" or "compendium".
        first_screen: Builds a screen shown first instead.

    Returns:
        The app.
    """
    if start not in ("title", "compendium"):
        raise ValueError(f"unknown start screen {start!r}")
    return ExpeditionApp(entries, start=start, first_screen=first_screen)


def run_app(entries: EntrySource | None = None, *, start: str = "title") -> int:
    """Run the game in this terminal and return an exit code.

    Args:
        entries: Compendium entries or their loader; None loads them from the content catalog.
        start: "title" or "compendium".

    Returns:
        0 when the player quits.
    """
    if entries is None:
        from expedition.ui.entries import load_entries

        entries = load_entries
    make_app(entries, start=start).run()
    return 0
