"""Every main screen fits the smallest terminal (80×24) and a roomy one (120×40): snapshots and checks.

The snapshots are named `test_main_screen[<screen>-<size>]`; after a change to a screen's text,
look at the pictures and regenerate them with

    pytest tests/ui/test_layout.py --snapshot-update

The fit checks read the screen Textual drew: no widget reaches past the right edge, no text box
is too short for its words, no table cell is cut to "…", and the footer shows whole keys only.
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from rich.text import Text
from textual.app import App
from textual.containers import ScrollableContainer
from textual.widget import Widget
from textual.widgets import Footer, Static
from textual.widgets._footer import FooterKey

from expedition.ui.app import make_app
from expedition.ui.screens.dungeon.expedition_screen import ExpeditionScreen
from expedition.ui.widgets.combat_panel import CombatPanel
from expedition.ui.widgets.tile_map import TileMap
from tests.ui.conftest import SMALL_ENTRIES
from tests.ui.expedition_fixtures import sample_session
from tests.ui.main_screens import MAIN_SCREENS, ROOMY, SIZES, SMALLEST, settle

CUT_WORD = re.compile(r"\w…")
"""A word cut short by Rich (a squeezed table cell or a cropped line)."""
MEANT_ELLIPSES = ("Search the log…", "Move…")
"""Ellipses that are part of the game's words, not a cut."""


def screen_lines(app: App[Any]) -> list[str]:
    """The text of every row of the screen on top, as drawn."""
    return ["".join(segment.text for segment in strip) for strip in app.screen._compositor.render_strips()]


def _scrolls(widget: Widget) -> bool:
    # A box inside a scrolling container is not cut: the player scrolls to the rest.
    return any(
        isinstance(node, ScrollableContainer) or node.styles.overflow_y in ("auto", "scroll")
        for node in widget.ancestors_with_self
        if isinstance(node, Widget) and node is not widget
    )


def misfits(app: App[Any]) -> list[str]:
    """What does not fit on the screen on top, in words (empty when everything fits)."""
    screen = app.screen
    width = app.size.width
    found: list[str] = []
    for widget in screen.query("*").results(Widget):
        if not widget.display or not widget.is_on_screen:
            continue
        region = widget.region
        if region.right > width:
            found.append(f"{widget!r} reaches column {region.right} of {width}")
        if isinstance(widget, Static) and not _scrolls(widget) and widget.content_region.width > 0:
            box = widget.content_region.size
            needed = widget.get_content_height(box, app.size, box.width)
            if needed > box.height and widget.styles.overflow_y not in ("auto", "scroll"):
                found.append(f"{widget!r} needs {needed} rows for its text and has {box.height}")
    for footer in screen.query(Footer).results():
        if footer.virtual_size.width > footer.size.width:
            found.append(f"the footer needs {footer.virtual_size.width} columns and has {footer.size.width}")
        for key in footer.query(FooterKey).results():
            if key.display and key.region.right > footer.region.right:
                found.append(f"the footer key {key.key_display!r} is cut at the right edge")
    for row, line in enumerate(screen_lines(app)):
        for meant in MEANT_ELLIPSES:
            line = line.replace(meant, "")
        if CUT_WORD.search(line):
            found.append(f"row {row} has a word cut short: {line.strip()!r}")
    return found


@pytest.mark.parametrize("size", list(SIZES), ids=list(SIZES))
@pytest.mark.parametrize("name", list(MAIN_SCREENS))
def test_main_screen(snap_compare: Any, tmp_path: Path, name: str, size: str) -> None:
    screen = MAIN_SCREENS[name]

    async def run_before(pilot: Any) -> None:
        await settle(pilot, screen)

    assert snap_compare(screen.build(tmp_path), run_before=run_before, terminal_size=SIZES[size])


@pytest.mark.parametrize("size", [SMALLEST, ROOMY], ids=list(SIZES))
@pytest.mark.parametrize("name", list(MAIN_SCREENS))
async def test_nothing_is_cut(tmp_path: Path, name: str, size: tuple[int, int]) -> None:
    screen = MAIN_SCREENS[name]
    app = screen.build(tmp_path)
    async with app.run_test(size=size) as pilot:
        await settle(pilot, screen)
        assert misfits(app) == [], "\n".join(screen_lines(app))


async def test_the_map_centres_on_the_party_when_the_terminal_shrinks() -> None:
    app = make_app(first_screen=lambda: ExpeditionScreen(sample_session()))
    async with app.run_test(size=ROOMY) as pilot:
        await pilot.pause()
        await pilot.resize_terminal(*SMALLEST)
        await pilot.pause()
        await pilot.pause()
        tile_map = app.screen.query_one(TileMap)
        assert tile_map.view is not None
        x, y = tile_map.view.party
        left, top = tile_map.scroll_offset
        width, height = tile_map.scrollable_content_region.size
        assert left <= x < left + width and top <= y < top + height, "the party is off the map"
        row = "".join(segment.text for segment in tile_map.render_line(y - top))
        assert row[x - left] == "@"
        assert abs(y - top - height // 2) <= 1, "the party's row is in the middle of the map"


@pytest.mark.parametrize("size", [(40, 12), (30, 8), (70, 20)])
async def test_the_too_small_notice_fits_with_its_border(size: tuple[int, int]) -> None:
    app = make_app(SMALL_ENTRIES)
    async with app.run_test(size=ROOMY) as pilot:
        await pilot.resize_terminal(*size)
        await pilot.pause()
        await pilot.pause()
        lines = screen_lines(app)
        assert misfits(app) == [], "\n".join(lines)
        framed = [line for line in lines if "┃" in line]
        assert framed and all(line.count("┃") == 2 for line in framed), "\n".join(lines)
        assert any("┏" in line and "┓" in line for line in lines)
        assert any("┗" in line and "┛" in line for line in lines)
        assert any("Ctrl+Q quits." in line for line in lines)


async def test_the_fight_panel_keeps_a_targets_odds_on_one_row_at_80_columns(tmp_path: Path) -> None:
    """Seen in the 80×24 walk: "Slumbering Corpse 1 hit 81%, great" / "4%" took two rows each, and with
    two targets the last odds fell out of the panel's 16 rows."""
    screen = MAIN_SCREENS["fight"]
    app = screen.build(tmp_path)
    async with app.run_test(size=SMALLEST) as pilot:
        await settle(pilot, screen)
        panel = app.screen.query_one(CombatPanel)
        assert panel.data is not None
        line = "Slumbering Corpse 1 hit 81%, great 4%"
        two = Text(f"{line}\n{line.replace(' 1 ', ' 2 ')}")
        panel.data = replace(panel.data, targets=two, hint="Choosing where to move: arrows move ×.")
        await pilot.pause()
        assert panel.scrollable_content_region.width >= len(line)
        shown = screen_lines(app)
        assert sum("hit 81%, great 4%" in row for row in shown) == 2  # each target on one row
        assert any("Choosing where to move" in row for row in shown)  # and the rows below it still show
