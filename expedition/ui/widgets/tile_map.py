"""Provides the tile map: a scrolling dungeon level drawn with Textual's line API.

The map is only a picture of data handed down to it (`MapView`); it never owns the game. Every
tile is drawn with a glyph as well as a colour, so nothing depends on colour alone: remembered
floor is "." where floor in sight is "·", a remembered item is drawn but no enemy is (they move).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import ClassVar

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

Pos = tuple[int, int]
"""A tile position, (x, y)."""

SHOWN_GLYPHS: dict[str, str] = {".": "·"}
"""Terrain codes drawn with another glyph when in sight (floor in sight is "·", remembered ".")."""

TERRAIN_CLASS: dict[str, str] = {
    "#": "wall",
    "+": "door",
    "'": "door",
    ">": "stairs",
    "<": "stairs",
    "X": "stairs",
    "~": "water",
    "=": "water",
    "%": "wall",
    ":": "chasm",
}
"""Component class (after "tile-map--") of each terrain code; others use "floor"."""

MARKER_GLYPHS: dict[str, str] = {
    "party": "@",
    "enemy": "E",
    "loot": "$",
    "cache": "&",
    "corpse": "%",
    "trap": "^",
    "target": "×",
    "ally": "@",
}
"""Default glyph of each marker kind (an enemy marker usually brings its own letter)."""

REMEMBERED_MARKERS = frozenset({"loot", "cache", "corpse", "trap"})
"""Markers still drawn on remembered tiles: things that stay where they are."""

REACH_GLYPH = "•"
"""Floor the acting adventurer can reach this move (a fight): a glyph of its own, not only a colour."""
CURSOR_GLYPH = "×"
"""The destination being chosen (a fight's move)."""


@dataclass(frozen=True, slots=True)
class Marker:
    """Something drawn over a tile: an enemy, loot, a trap, the party.

    Attributes:
        kind: A key of `MARKER_GLYPHS`; it also picks the colour.
        glyph: The glyph to draw ("" for the kind's default).
        label: What it is, in words (for the tile's description).
    """

    kind: str
    glyph: str = ""
    label: str = ""

    @property
    def char(self) -> str:
        """The single character drawn."""
        return (self.glyph or MARKER_GLYPHS.get(self.kind, "?"))[:1]


@dataclass(frozen=True, slots=True)
class MapView:
    """What the map shows: one level's terrain, what the party knows of it and what is on it.

    Attributes:
        width: Tiles across.
        height: Tiles down.
        terrain: One string per row, one terrain code per tile (`dungeon.model.Tile` values, an
            open door "'", an unfound secret door "#").
        seen: Tiles the party has ever seen (remembered).
        visible: Tiles in sight now.
        lit: Tiles inside the party's light radius.
        party: Where the party stands (in a fight: the acting adventurer).
        markers: Things on tiles, by position. A "party" marker on the party's tile replaces
            its "@" with the marker's glyph (a fight numbers the adventurers).
        highlight: Floor tiles to pick from, drawn `REACH_GLYPH` (a fight's reachable tiles).
        cursor: The tile being chosen, drawn `CURSOR_GLYPH`, or None.
    """

    width: int
    height: int
    terrain: tuple[str, ...]
    seen: frozenset[Pos] = frozenset()
    visible: frozenset[Pos] = frozenset()
    lit: frozenset[Pos] = frozenset()
    party: Pos = (0, 0)
    markers: Mapping[Pos, Marker] = field(default_factory=dict)
    highlight: frozenset[Pos] = frozenset()
    cursor: Pos | None = None

    def code_at(self, pos: Pos) -> str:
        """The terrain code at `pos`, or " " off the map."""
        x, y = pos
        if 0 <= y < self.height and 0 <= x < len(self.terrain[y]):
            return self.terrain[y][x]
        return " "


def cell(view: MapView, pos: Pos) -> tuple[str, str]:
    """The glyph at `pos` and its component class suffix ("" for unknown, drawn blank)."""
    if pos == view.cursor and pos != view.party:
        return CURSOR_GLYPH, "target"
    if pos == view.party:
        marker = view.markers.get(pos)
        numbered = marker is not None and marker.kind == "party"
        return (marker.char if marker is not None and numbered else MARKER_GLYPHS["party"]), "party"
    in_sight = pos in view.visible
    if not in_sight and pos not in view.seen:
        return " ", ""
    marker = view.markers.get(pos)
    if marker is not None and (in_sight or marker.kind in REMEMBERED_MARKERS):
        return marker.char, marker.kind if in_sight else "remembered"
    code = view.code_at(pos)
    if not in_sight:
        return code, "remembered"
    style = TERRAIN_CLASS.get(code, "floor")
    if pos in view.highlight and style == "floor":
        return REACH_GLYPH, "reach"
    if pos in view.lit and style == "floor":
        style = "lit"
    return SHOWN_GLYPHS.get(code, code), style


def describe_tile(view: MapView, pos: Pos) -> str:
    """A tile in words: what is there and whether it is seen, remembered or unknown."""
    if pos == view.party and pos not in view.markers:
        return "The party."
    if pos not in view.visible and pos not in view.seen:
        return "Unexplored."
    marker = view.markers.get(pos)
    if marker is not None:
        what = marker.label or marker.kind
    else:
        what = TILE_WORDS.get(view.code_at(pos), "something")
    return f"{what[:1].upper()}{what[1:]}{'' if pos in view.visible else ' (remembered)'}."


TILE_WORDS: dict[str, str] = {
    "#": "wall",
    ".": "floor",
    "+": "closed door",
    "'": "open door",
    ">": "stairs down",
    "<": "stairs up",
    "X": "the way out",
    "~": "water",
    "=": "deep water",
    "%": "rubble",
    ":": "chasm",
}
"""Terrain codes in words."""

STYLE_NAMES = (
    "wall",
    "floor",
    "lit",
    "door",
    "stairs",
    "water",
    "chasm",
    "remembered",
    "party",
    "enemy",
    "loot",
    "cache",
    "corpse",
    "trap",
    "target",
    "ally",
    "reach",
)
"""Suffixes of the component classes the map draws with."""


class TileMap(ScrollView, can_focus=True, inherit_bindings=False):
    """A dungeon level on the line API: scrolls big levels and keeps the party in view.

    It takes no keys of its own (the screen's arrows move the party, not the view).

    Set `view` to redraw; a click on a tile posts `TileMap.TileClicked`.
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = {f"tile-map--{name}" for name in STYLE_NAMES}
    """One class per kind of tile or marker, styled in expedition.tcss."""

    DEFAULT_CSS = """
    TileMap { scrollbar-size: 1 1; }
    """

    view: reactive[MapView | None] = reactive(None, always_update=True, layout=False)
    """What to draw; None draws nothing."""

    margin: int = 6
    """Tiles kept between the party and the map's edge when scrolling to follow it."""

    @dataclass
    class TileClicked(Message):
        """The player clicked a tile (to move there or act on it)."""

        tile_map: TileMap
        pos: Pos

        @property
        def control(self) -> TileMap:
            """The map clicked."""
            return self.tile_map

    def __init__(self, *, name: str | None = None, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self._styles: dict[str, Style] = {}
        self._followed: Pos | None = None

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._styles.clear()

    def watch_view(self, old: MapView | None, new: MapView | None) -> None:
        if new is None:
            self.virtual_size = Size(0, 0)
            self.refresh()
            return
        self.virtual_size = Size(new.width, new.height)
        if old is None or (old.width, old.height) != (new.width, new.height):
            self.refresh()
        else:
            self._refresh_changed(old, new)
        if new.party != self._followed:
            self._followed = new.party
            self.call_after_refresh(self.follow_party)

    def _refresh_changed(self, old: MapView, new: MapView) -> None:
        # Only rows whose knowledge, light, markers or party changed are drawn again.
        changed = old.seen ^ new.seen | old.visible ^ new.visible | old.lit ^ new.lit
        changed |= set(old.markers.keys()) ^ set(new.markers.keys())
        changed |= {pos for pos, marker in new.markers.items() if old.markers.get(pos) != marker}
        changed |= {old.party, new.party}
        changed |= old.highlight ^ new.highlight
        changed |= {pos for pos in (old.cursor, new.cursor) if pos is not None}
        rows = sorted({y for _, y in changed})
        if len(rows) > self.size.height:
            self.refresh()
            return
        for y in rows:
            self.refresh_line(y)

    def follow_party(self) -> None:
        """Scroll, without animation, to centre the party when it comes within `margin` tiles of an edge."""
        view = self.view
        if view is None:
            return
        x, y = view.party
        width, height = self.scrollable_content_region.size
        left, top = int(self.scroll_x), int(self.scroll_y)
        mx = min(self.margin, max(0, (width - 1) // 2))
        my = min(self.margin // 2, max(0, (height - 1) // 2))
        inside = left + mx <= x < left + width - mx and top + my <= y < top + height - my
        if not inside:
            self.centre_on_party()

    def centre_on_party(self) -> None:
        """Scroll, without animation, so the party is in the middle of the map (as far as the level lets)."""
        view = self.view
        if view is None:
            return
        region = Region(*view.party, 1, 1)
        self.scroll_to_region(region, animate=False, center=True, immediate=True, force=True)

    def on_resize(self, event: events.Resize) -> None:
        # A smaller (or larger) map may leave the party off screen or at an edge: centre it at once,
        # not at the next step.
        self.call_after_refresh(self.centre_on_party)

    def style_for(self, name: str) -> Style:
        """The Rich style of a component class suffix ("" for unknown tiles)."""
        if name not in self._styles:
            self._styles[name] = (
                self.get_component_rich_style(f"tile-map--{name}") if name else self.rich_style
            )
        return self._styles[name]

    def render_line(self, y: int) -> Strip:
        """Draw the screen row `y`: the map row under it, cut to the visible columns."""
        view = self.view
        scroll_x, scroll_y = self.scroll_offset
        row = y + scroll_y
        width = self.scrollable_content_region.width
        if view is None or not 0 <= row < view.height:
            return Strip.blank(width, self.rich_style)
        segments: list[Segment] = []
        run: list[str] = []
        run_style = ""
        for x in range(view.width):
            glyph, style = cell(view, (x, row))
            if style != run_style and run:
                segments.append(Segment("".join(run), self.style_for(run_style)))
                run = []
            run_style = style
            run.append(glyph)
        if run:
            segments.append(Segment("".join(run), self.style_for(run_style)))
        strip = Strip(segments, view.width)
        return strip.crop_extend(scroll_x, scroll_x + width, self.rich_style)

    def tile_at(self, event: events.MouseEvent) -> Pos | None:
        """The map tile under the mouse, or None outside the map."""
        offset = event.get_content_offset(self)
        view = self.view
        if offset is None or view is None:
            return None
        x, y = offset.x + self.scroll_offset.x, offset.y + self.scroll_offset.y
        if 0 <= x < view.width and 0 <= y < view.height:
            return (x, y)
        return None

    def on_click(self, event: events.Click) -> None:
        pos = self.tile_at(event)
        if pos is not None:
            event.stop()
            self.post_message(self.TileClicked(self, pos))
