"""Provides the compendium: search and browse every entry of the game's content, whatever its kind."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from expedition.content.compendium_pages import CompendiumEntry
from expedition.ui.widgets.fitted_footer import FittedFooter
from expedition.ui.widgets.marked_list import MarkedList

KIND_ORDER = (
    "class",
    "background",
    "item",
    "weapon",
    "armour",
    "shield",
    "enemy",
    "skill",
    "trait",
    "trauma",
    "affliction",
    "spell",
    "prayer",
    "table",
)
"""Kinds in the order the list shows them; kinds not named here follow alphabetically."""

ALL = "all"
"""Option id of the kinds list's first line: every kind."""


def kinds_of(entries: Iterable[CompendiumEntry]) -> list[str]:
    """The kinds present in `entries`, in `KIND_ORDER` then alphabetically."""
    present = {entry.kind for entry in entries}
    known = [kind for kind in KIND_ORDER if kind in present]
    return known + sorted(present - set(KIND_ORDER))


def _words(query: str) -> list[str]:
    return query.casefold().split()


def matches(entry: CompendiumEntry, query: str) -> bool:
    """True when every word of `query` appears in the entry's name, kind, text or details."""
    haystack = " ".join(
        [entry.name, entry.kind, entry.text, *(f"{label} {value}" for label, value in entry.details)]
    ).casefold()
    return all(word in haystack for word in _words(query))


def search(entries: Iterable[CompendiumEntry], query: str, kind: str = ALL) -> list[CompendiumEntry]:
    """Entries of `kind` (or all kinds) matching `query`: name matches first, then the others, by name."""
    words = _words(query)
    found = [e for e in entries if (kind == ALL or e.kind == kind) and matches(e, query)]

    def rank(entry: CompendiumEntry) -> tuple[bool, str]:
        named = all(word in entry.name.casefold() for word in words)
        return (not named, entry.name.casefold())

    return sorted(found, key=rank)


def entry_id(entry: CompendiumEntry) -> str:
    """The entry's option id in the list: kind and key."""
    return f"{entry.kind}:{entry.key}"


def describe(entry: CompendiumEntry) -> RenderableType:
    """The detail pane's content: name, kind and source, details table, then the text."""
    parts: list[RenderableType] = [
        Text(entry.name, style="bold"),
        Text.assemble(("Kind: ", "dim"), entry.kind, ("   Source: ", "dim"), entry.source),
    ]
    if entry.details:
        table = Table(box=box.SQUARE, show_header=False, padding=(0, 1), expand=False)
        table.add_column(style="bold", no_wrap=True)
        table.add_column()
        for label, value in entry.details:
            table.add_row(label, value)
        parts.append(table)
    else:
        parts.append(Text(""))
    parts.append(Text(entry.text))
    return Group(*parts)


class CompendiumScreen(Screen[None]):
    """Look things up: a search box, the kinds with counts, matching entries and one entry's page.

    Args:
        entries: Every entry that can be looked up.
    """

    BINDINGS = [
        Binding("escape", "back", "Back"),
        Binding("slash", "focus_search", "Search", key_display="/"),
    ]
    """Keys on the compendium (arrows and Enter work in the lists)."""

    AUTO_FOCUS = "#compendium-search"
    SCREEN_NAME = "Compendium"
    """Name shown in help."""
    HELP = (
        "Type to search names and rules text; every word must match. Enter or Tab moves to the lists. "
        "The left list narrows to one kind; the count beside each kind is how many entries match. "
        "An entry marked (house) is our own invention, not the book's."
    )
    """Shown on the help screen."""

    search_text: reactive[str] = reactive("", init=False)
    """The search box's text."""
    kind: reactive[str] = reactive(ALL, init=False)
    """The kind chosen on the left, or `ALL`."""

    def __init__(self, entries: Sequence[CompendiumEntry]) -> None:
        super().__init__()
        self._entries = list(entries)
        self._kinds = kinds_of(self._entries)
        self.listed: list[CompendiumEntry] = []
        """The entries the middle list shows, in order."""
        self.shown: CompendiumEntry | None = None
        """The entry on the detail pane."""

    def compose(self) -> ComposeResult:
        yield Input(placeholder="Search names and rules text…", id="compendium-search")
        with Horizontal(id="compendium-body"):
            kinds = MarkedList(
                *(Option(label, id=key) for key, label in self._kind_labels()), id="compendium-kinds"
            )
            kinds.border_title = "Kinds"
            yield kinds
            found = MarkedList(id="compendium-entries")
            found.border_title = "Entries"
            yield found
            with VerticalScroll(id="compendium-detail") as pane:
                pane.border_title = "Entry"
                yield Static(id="compendium-page")
        yield FittedFooter()

    def on_mount(self) -> None:
        self._refresh_entries()

    def watch_search_text(self) -> None:
        self._refresh_kinds()
        self._refresh_entries()

    def watch_kind(self) -> None:
        self._refresh_entries()

    def _kind_labels(self) -> list[tuple[str, str]]:
        counts = Counter(entry.kind for entry in self._entries if matches(entry, self.search_text))
        labels = [(ALL, f"All ({sum(counts.values())})")]
        return labels + [(kind, f"{kind.replace('_', ' ')} ({counts[kind]})") for kind in self._kinds]

    def _refresh_kinds(self) -> None:
        kinds = self.query_one("#compendium-kinds", OptionList)
        for key, label in self._kind_labels():
            kinds.replace_option_prompt(key, label)

    def _refresh_entries(self) -> None:
        self.listed = search(self._entries, self.search_text, self.kind)
        found = self.query_one("#compendium-entries", OptionList)
        found.set_options(Option(self._entry_label(entry), id=entry_id(entry)) for entry in self.listed)
        found.border_subtitle = f"{len(self.listed)} of {len(self._entries)}"
        if self.listed:
            found.highlighted = 0
        self._show(self.listed[0] if self.listed else None)

    def _entry_label(self, entry: CompendiumEntry) -> Text:
        label = Text(entry.name)
        if self.kind == ALL:
            label.append(f"  {entry.kind.replace('_', ' ')}", style="dim")
        if entry.house:
            label.append("  (house)", style="italic")
        return label

    def _show(self, entry: CompendiumEntry | None) -> None:
        self.shown = entry
        page = self.query_one("#compendium-page", Static)
        if entry is None:
            page.update("Nothing matches. Try fewer words, or choose All on the left.")
        else:
            page.update(describe(entry))

    @on(Input.Changed, "#compendium-search")
    def _search_changed(self, event: Input.Changed) -> None:
        if event.value.startswith("/"):
            # "/" means "search" everywhere else on this screen; typed into the box it is that key too.
            event.input.value = event.value.lstrip("/")
            return
        self.search_text = event.value

    @on(Input.Submitted, "#compendium-search")
    def _search_submitted(self) -> None:
        self.query_one("#compendium-entries", OptionList).focus()

    @on(OptionList.OptionHighlighted, "#compendium-kinds")
    def _kind_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.kind = event.option_id or ALL

    @on(OptionList.OptionHighlighted, "#compendium-entries")
    def _entry_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option_index < len(self.listed):
            self._show(self.listed[event.option_index])

    def action_back(self) -> None:
        """Close the compendium."""
        self.dismiss(None)

    def action_focus_search(self) -> None:
        """Put the cursor in the search box."""
        self.query_one("#compendium-search", Input).focus()
