"""Provides `CombatPanel`: a fight at a glance — the initiative strip, the foes and the targets in reach."""

from __future__ import annotations

from dataclasses import dataclass

from rich.console import Group
from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget


@dataclass(frozen=True, slots=True)
class CombatPanelData:
    """What the panel shows, worked out by the screen from the rules.

    Attributes:
        initiative: The round, fast / enemies / slow, whose turn and the actions left.
        foes: One line per foe: wounds against W, tokens, state.
        targets: The acting adventurer's attacks in reach with their exact odds ("" for none).
        hint: What the keys do now (choosing a tile, for instance).
    """

    initiative: Text
    foes: Text
    targets: Text
    hint: str = ""


class CombatPanel(Widget):
    """The fight beside the map; set `data` to redraw, None when there is no fight."""

    DEFAULT_CSS = """
    CombatPanel { height: auto; }
    """

    data: reactive[CombatPanelData | None] = reactive(None, layout=True, always_update=True)
    """The fight to show."""

    def on_mount(self) -> None:
        self.border_title = "Fight"

    def render(self) -> Group:
        data = self.data
        if data is None:
            return Group(Text("No fight.", style="italic"))
        parts: list[Text] = [data.initiative, Text("Foes", style="bold underline"), data.foes]
        parts.append(Text("In reach", style="bold underline"))
        parts.append(data.targets if data.targets.plain else Text("nothing in reach", style="dim italic"))
        if data.hint:
            parts.append(Text(data.hint, style="italic"))
        return Group(*parts)
