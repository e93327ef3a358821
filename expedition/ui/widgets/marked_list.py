"""Provides `MarkedList`: an option list whose highlighted line also carries a ▶ pointer, not only colour."""

from __future__ import annotations

from rich.segment import Segment
from textual.strip import Strip
from textual.widgets import OptionList

POINTER = "▶ "
"""Drawn before the highlighted option."""
BLANK = "  "
"""Drawn before every other option, so the labels stay aligned."""


class MarkedList(OptionList):
    """An `OptionList` that points at its highlighted option, so the choice reads without colour."""

    # Textual's own SelectionList draws its checkboxes the same way: a left gutter reserved with
    # `_get_left_gutter_width` and filled in `render_line`. Both are private in Textual 8.2.8
    # (pinned); a Textual bump must re-check this widget and its snapshots.

    def _get_left_gutter_width(self) -> int:
        return len(POINTER)

    def render_line(self, y: int) -> Strip:
        line = super().render_line(y)
        try:
            index, offset = self._lines[self.scroll_offset.y + y]
        except IndexError:
            return Strip([Segment(BLANK), *line])
        highlighted = index == self.highlighted
        component = "option-list--option-highlighted" if highlighted else "option-list--option"
        style = self.get_visual_style("option-list--option", component).rich_style
        mark = POINTER if highlighted and offset == 0 else BLANK
        return Strip([Segment(mark, style), *line], line.cell_length + len(mark))
