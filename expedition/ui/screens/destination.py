"""Provides the question "where to?" asked before an expedition sets out (§10, §9.2).

A party can go to a new dungeon the dice make, back to one it already knows (as it left it, with
its doom),
or to an authored dungeon such as the sample one. When there is nothing to choose from, the party
sets out for a new dungeon without being asked.
"""

from __future__ import annotations

from collections.abc import Callable

from textual.app import App
from textual.binding import Binding

from expedition.rules.core.decisions import Choice, Decision
from expedition.rules.core.world import World
from expedition.rules.engine.campaign import CampaignState
from expedition.rules.interlude.setting_out import NEW
from expedition.ui.screens.prompts import DecisionPrompt


def destinations(state: CampaignState, world: World | None) -> list[Choice]:
    """Where the party may go: a new dungeon first, then the known ones, then the authored ones."""
    choices = [Choice(NEW_KEY, "A new dungeon (the dice choose it)")]
    known = {location.origin for location in state.locations.values() if location.origin}
    for location in state.locations.values():
        if location.settlement or not location.origin:
            continue
        title = location.title or (location.dungeon.name if location.dungeon else location.name)
        choices.append(Choice(location.name, f"Back to {title} (as the party left it; its doom is kept)"))
    if world is not None:
        for key in world.authored_keys():
            if f"authored:{key}" not in known:
                choices.append(Choice(key, f"{world.authored_dungeon(key).name} (the sample dungeon)"))
    return choices


NEW_KEY = "new"
"""The choice key of a new dungeon (`SetOut`'s own `NEW` is the empty string)."""
STAY = "stay"
"""What the prompt answers when the players stay in town."""


class DestinationPrompt(DecisionPrompt):
    """The destination list; Esc stays in town instead of taking a default."""

    BINDINGS = [Binding("escape", "stay", "Stay in town")]
    """Enter sets out for the highlighted place; Esc cancels."""

    SCREEN_NAME = "Where to?"
    """Name shown in help."""
    HELP = "Choose where the party goes: a new dungeon, or back to one it knows (its doom is kept)."
    """Shown on the help screen."""

    def action_stay(self) -> None:
        """Cancel: nobody sets out."""
        self.dismiss(STAY)


def ask_destination(
    app: App[object], state: CampaignState, world: World | None, then: Callable[[str | None], None]
) -> None:
    """Ask where to go when there is a choice, then call `then` with `SetOut`'s dungeon (None: stay)."""
    choices = destinations(state, world)
    if len(choices) == 1:
        then(NEW)
        return
    decision = Decision("destination", "", "Where does the party go?", tuple(choices), NEW_KEY, "§10")

    def answered(key: str | None) -> None:
        then(None if key in (None, STAY) else NEW if key == NEW_KEY else key)

    app.push_screen(DestinationPrompt(decision, "the party"), answered)
