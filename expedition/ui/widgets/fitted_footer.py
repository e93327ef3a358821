"""Provides the footer every screen uses: Textual's, but it never shows a key cut in half.

Textual's footer lays its keys out in one row and cuts whatever passes the right edge, so on a
narrow terminal a player sees "c▏^p". This one shows only the keys that fit, dropping them from
the right but always keeping Help (which lists every key of the screen). On a narrow screen
(class `-narrow`, see `ExpeditionApp.HORIZONTAL_BREAKPOINTS`) app.tcss also tightens the spacing
and hides the command-palette key, so more of them fit.
"""

from __future__ import annotations

from rich.cells import cell_len
from textual import events
from textual.app import ComposeResult
from textual.widget import Widget
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

__all__ = ["FittedFooter", "key_width"]

KEPT_ACTIONS = frozenset({"help", "app.help"})
"""Actions whose key stays in the footer however narrow it is."""


def key_width(key: FooterKey, *, narrow: bool) -> int:
    """Columns a footer key takes: its key and description with the spacing app.tcss gives them."""
    spacing = 2 if narrow else 3  # narrow: "k Text" and one space after; else " k Text "
    return cell_len(key.key_display) + cell_len(key.description) + spacing


class FittedFooter(Footer):
    """The keys of the screen that fit on one line, Help always among them."""

    def __init__(self) -> None:
        super().__init__()
        self._fitted_to = 0

    def compose(self) -> ComposeResult:
        # No screen here uses binding groups, so the footer's children are all plain keys.
        children: list[Widget] = list(super().compose())
        narrow = self.screen.has_class("-narrow")
        room = self.size.width or self.app.size.width
        self._fitted_to = room
        keys = [child for child in children if isinstance(child, FooterKey)]
        palette = [key for key in keys if key.has_class("-command-palette")]
        if palette and not narrow:
            room -= key_width(palette[0], narrow=False) + 1  # docked right, after its left border
        shown = [key for key in keys if not key.has_class("-command-palette")]
        while shown and sum(key_width(key, narrow=narrow) for key in shown) > room:
            droppable = [key for key in shown if key.action not in KEPT_ACTIONS]
            if not droppable:
                break
            shown.remove(droppable[-1])
        for child in children:
            if child in shown or child in palette or not isinstance(child, FooterKey):
                yield child

    def on_resize(self, event: events.Resize) -> None:
        if event.size.width != self._fitted_to:
            self.call_after_refresh(self.recompose)
