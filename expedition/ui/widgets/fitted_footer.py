"""Provides the footer every screen uses: Textual's, but it never shows a key cut in half.

Textual's footer lays its keys out in one row and cuts whatever passes the right edge, so on a
narrow terminal a player sees "c▏^p". When its keys do not fit this one first tightens (class
`-tight`, see app.tcss: one space between keys, no command-palette key), then shows only the keys
that fit, dropping them from the right but always keeping Help (which lists every key). Keys come
in the order the screen lists its bindings.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.cells import cell_len
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widget import Widget
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

__all__ = ["FittedFooter", "key_width"]

KEPT_ACTIONS = frozenset({"help", "app.help"})
"""Actions whose key stays in the footer however narrow it is."""


def key_width(key: FooterKey, *, tight: bool) -> int:
    """Columns a footer key takes: its key and description with the spacing app.tcss gives them."""
    spacing = 2 if tight else 3  # tight: "k Text" and one space after; else " k Text "
    return cell_len(key.key_display) + cell_len(key.description) + spacing


class FittedFooter(Footer):
    """The keys of the screen that fit on one line, Help always among them."""

    def __init__(self) -> None:
        super().__init__()
        self._fitted_to = 0

    def compose(self) -> ComposeResult:
        # No screen here uses binding groups, so the footer's children are all plain keys.
        children: list[Widget] = list(super().compose())
        room = self.size.width or self.app.size.width
        self._fitted_to = room
        keys = [child for child in children if isinstance(child, FooterKey)]
        palette = [key for key in keys if key.has_class("-command-palette")]
        shown = sorted((key for key in keys if not key.has_class("-command-palette")), key=self._rank())
        roomy = sum(key_width(key, tight=False) for key in shown)
        if palette:
            roomy += key_width(palette[0], tight=False)  # docked right: "▏^p palette "
        tight = roomy > room
        self.set_class(tight, "-tight")
        while tight and shown and sum(key_width(key, tight=True) for key in shown) > room:
            droppable = [key for key in shown if key.action not in KEPT_ACTIONS]
            if not droppable:
                break
            shown.remove(droppable[-1])
        yield from shown
        for child in children:
            if child in palette or not isinstance(child, FooterKey):
                yield child

    def _rank(self) -> Callable[[FooterKey], int]:
        """A sort key: the order the screen lists its bindings in.

        Applying a keymap moves every rebound binding to the end of Textual's own order, which would
        put "Who acts" before a fight's Attack.
        """
        rank: dict[str, int] = {}
        for place, binding in enumerate(getattr(self.screen, "BINDINGS", ())):
            rank.setdefault(binding.action if isinstance(binding, Binding) else binding[1], place)
        return lambda key: rank.get(key.action, len(rank))

    def on_resize(self, event: events.Resize) -> None:
        if event.size.width != self._fitted_to:
            self.call_after_refresh(self.recompose)
