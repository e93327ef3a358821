"""Provides look mode: a cursor on the map and a line saying what is under it, in the game's words.

The look screen lies over the expedition screen without hiding it: the movement keys move a
cursor (×) over the map below, a line at the bottom describes the tile (terrain, a foe with its
name and how it looks, loot, a known trap, a body), Enter asks to travel there and Esc leaves.
What it says is read from the seat's view only, so it never tells what the party does not know.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.geometry import Region
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from expedition.rules.core.wording import plural
from expedition.rules.engine.campaign import CampaignState
from expedition.ui.keymap import DEFAULT_KEYS
from expedition.ui.screens.dungeon.expedition_view import DIRECTIONS, steps_to
from expedition.ui.widgets.tile_map import MapView, Pos, TileMap, describe_tile


def _body_words(state: CampaignState, pos: Pos) -> list[str]:
    """The bodies lying on `pos`, a fallen companion by name, and whether each may rise."""
    expedition = state.expedition
    if expedition is None:
        return []
    words: list[str] = []
    for body in (b for b in expedition.level.corpses if b.pos == pos):
        if body.kind == "adventurer":
            line = f"{body.name}, fallen companion"
        elif body.kind == "human" and body.name:
            line = f"the body of {body.name}"
        else:
            line = f"the body of a {body.name or body.kind.replace('_', ' ')}"
        line += ", warded against rising" if body.warded else ", unwarded: it may rise"
        words.append(line)
    return words


def look_words(state: CampaignState, view: MapView, pos: Pos) -> str:
    """What the party knows of the tile `pos`, and how far a walk there is, as one line."""
    words = describe_tile(view, pos)
    expedition = state.expedition
    if expedition is None or (pos not in view.seen and pos not in view.visible):
        return words
    level = expedition.level
    known = pos in view.visible or pos in view.seen
    extra: list[str] = []
    marker = view.markers.get(pos)
    bodies = _body_words(state, pos)
    if bodies and (marker is None or marker.kind == "corpse") and pos != view.party:
        what = "; ".join(bodies)
        words = f"{what[:1].upper()}{what[1:]}{'' if pos in view.visible else ' (remembered)'}."
    else:
        extra += bodies  # under a foe, or where the party stands
    for trap in level.traps:
        if trap.pos == pos and trap.known and not trap.armed:
            extra.append(f"a {'disarmed' if trap.disarmed else 'sprung'} trap ({trap.name})")
    room = level.room_at(pos)
    if known and room is not None and room.name:
        extra.append(f"in the {room.name}")
    if pos != expedition.position and expedition.combat is None:
        steps = steps_to(state, pos)
        trapped = any(trap.pos == pos and trap.known and trap.armed for trap in level.traps)
        if steps and steps[-1] == pos and trapped:
            extra.append(f"{plural(len(steps), 'step')} away; a walk stops short of a known trap")
        elif steps and steps[-1] == pos:
            extra.append(f"{plural(len(steps), 'step')} away: Enter walks there")
        else:
            extra.append("the party knows no way there")
    return f"{words.removesuffix('.')} — {'; '.join(extra)}." if extra else words


def _look_bindings() -> list[BindingType]:
    return [
        Binding(
            DEFAULT_KEYS[f"move-{name}"], f"move('{name}')", f"Cursor {name}", show=False, id=f"move-{name}"
        )
        for name in ("up", "down", "left", "right")
    ]


class LookScreen(ModalScreen[Pos | None]):
    """Look at the map tile by tile; dismisses with the tile to travel to, or None.

    Args:
        tile_map: The expedition screen's map, to draw the cursor on.
        start: Where the cursor starts (the party's tile).
        describe: What a tile is, in words.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        *_look_bindings(),
        Binding("enter", "travel", "Walk there", key_display="⏎"),
        Binding("escape", "close", "Stop looking", key_display="Esc"),
        Binding(DEFAULT_KEYS["look"], "close", "Stop looking", show=False, id="look"),
    ]
    """Keys of look mode: the movement keys move the cursor."""

    DEFAULT_CSS = """
    LookScreen { background: transparent; align: left bottom; }
    LookScreen #look-line {
        dock: bottom; height: auto; max-height: 3; width: 100%;
        background: $panel; color: $text; padding: 0 1; margin-bottom: 1;
    }
    """

    SCREEN_NAME = "Look"
    """Name shown in help."""
    HELP = (
        "Move the cursor (×) with the movement keys; the line at the bottom says what the party knows "
        "of the tile under it. Enter walks there step by step, stopping as soon as anything happens. "
        "Esc stops looking."
    )
    """Shown on the help screen."""

    def __init__(self, tile_map: TileMap, start: Pos, describe: Callable[[Pos], str]) -> None:
        super().__init__()
        self._map = tile_map
        self._describe = describe
        self.cursor = start
        """The tile looked at."""

    def compose(self) -> ComposeResult:
        yield Static(id="look-line")
        yield Footer()

    def on_mount(self) -> None:
        self._show()

    @property
    def words(self) -> str:
        """What the line says about the tile under the cursor."""
        return self._describe(self.cursor)

    def _show(self) -> None:
        view = self._map.view
        if view is not None:
            self._map.view = replace(view, cursor=self.cursor)
            x, y = self.cursor
            self._map.scroll_to_region(Region(x, y, 1, 1), animate=False, immediate=True)
        line = Text("Looking: ", style="bold")
        line.append(self.words)
        self.query_one("#look-line", Static).update(line)

    def action_move(self, direction: str) -> None:
        """Move the cursor one tile, staying on the map."""
        view = self._map.view
        dx, dy = DIRECTIONS[direction]
        x, y = self.cursor[0] + dx, self.cursor[1] + dy
        if view is not None and not (0 <= x < view.width and 0 <= y < view.height):
            return
        self.cursor = (x, y)
        self._show()

    def action_travel(self) -> None:
        """Ask to walk to the tile under the cursor."""
        self.dismiss(self.cursor)

    def action_close(self) -> None:
        """Stop looking."""
        self.dismiss(None)
