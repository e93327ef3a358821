"""Provides the sheet screen: one adventurer's character sheet, full screen."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen

from expedition.rules.character.adventurer import Character
from expedition.ui.widgets.character_sheet import CharacterSheet
from expedition.ui.widgets.fitted_footer import FittedFooter
from expedition.ui.widgets.sheet_text import SheetLines


class SheetScreen(Screen[None]):
    """Shows one adventurer's sheet.

    Args:
        character: The adventurer.
        lines: Class, background and creation results to print.
    """

    BINDINGS = [Binding("escape", "back", "Back")]
    """Keys on the sheet screen."""

    SCREEN_NAME = "Character sheet"
    """Name shown in help."""
    HELP = (
        "Tracks: ○ free box, ◐ fatigue, ● wound; dice left = score − fatigue − wounds. "
        "Insight: ○ unearned, ⊘ earned, ● spent. Afflictions: [X] has it, [ ] does not."
    )
    """Shown on the help screen."""

    def __init__(self, character: Character, lines: SheetLines | None = None) -> None:
        super().__init__()
        self._character = character
        self._lines = lines

    def compose(self) -> ComposeResult:
        yield CharacterSheet(self._character, lines=self._lines, id="sheet")
        yield FittedFooter()

    def action_back(self) -> None:
        """Close the sheet."""
        self.dismiss(None)
