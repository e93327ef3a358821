"""Provides `CharacterSheet`: one adventurer laid out like the paper character sheet."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.reactive import var
from textual.widget import Widget
from textual.widgets import Static

from expedition.rules.character.adventurer import Character, Status
from expedition.rules.core.attributes import Attr
from expedition.rules.items.slots import capacity, slots_used
from expedition.ui.widgets.sheet_text import (
    INSIGHT_LEGEND,
    NONE,
    TRACK_LEGEND,
    SheetLines,
    checklist,
    circles,
    names,
    pretty,
    track,
    trappings,
)

_STATUS = {
    Status.FAINTED: "FAINTED",
    Status.MORTALLY_WOUNDED: "MORTALLY WOUNDED",
    Status.DEAD: "DEAD",
}


def identity(character: Character, lines: SheetLines) -> Table:
    """Class, background, infancy, career, tragedy, burden and feature, two to a row."""
    table = Table.grid(padding=(0, 1))
    for _ in range(2):
        table.add_column(style="bold", no_wrap=True)
        table.add_column(ratio=1)
    burden = lines.burden if lines.burden is not None else pretty(character.burden)
    table.add_row("Class:", lines.class_name or NONE, "Background:", lines.background or NONE)
    table.add_row("Infancy:", lines.infancy or NONE, "Career:", lines.career or NONE)
    table.add_row("Tragedy:", lines.tragedy or NONE, "Burden:", burden or NONE)
    table.add_row("Feature:", lines.feature or NONE, "", "")
    return table


def attributes(character: Character) -> RenderableType:
    """The four attributes: score, proficiency, the wounds & fatigue track, and dice left."""
    table = Table.grid(padding=(0, 2))
    table.add_column(style="bold")
    table.add_column(justify="right")
    table.add_column(justify="right")
    table.add_column()
    table.add_column(justify="right")
    table.add_row(*(Text(head, style="dim") for head in ("", "Score", "Prof", "Wounds & fatigue", "Dice")))
    for attr in Attr:
        value = character[attr]
        table.add_row(attr.value, str(value.score), str(value.proficiency), track(value), str(value.free))
    return Group(table, Text(TRACK_LEGEND, style="dim"))


def afflictions(character: Character) -> Table:
    """The twelve afflictions in two columns, ticked when the character has them."""
    boxes = checklist(character)
    half = (len(boxes) + 1) // 2
    table = Table.grid(padding=(0, 2))
    table.add_column()
    table.add_column()
    for left, right in zip(boxes[:half], [*boxes[half:], ""], strict=False):
        table.add_row(left, right)
    return table


def listing(character: Character) -> RenderableType:
    """Skills, special traits and traumas, then the spells, prayers and maneuvers the character knows."""
    parts: list[RenderableType] = []
    for heading, values in (
        ("Skills", names(character.skills)),
        ("Traits", names(character.traits)),
        ("Traumas", names(character.traumas)),
    ):
        parts.append(Text(heading, style="bold underline"))
        parts.extend(Text(f"• {value}") for value in values or [NONE])
    magic = character.magic
    for heading, known, ready in (
        ("Spells (✦ memorised)", magic.known_spells, magic.memorised_spells),
        ("Prayers (✦ memorised)", magic.known_prayers, magic.memorised_prayers),
        ("Maneuvers", magic.maneuvers, []),
    ):
        if known:
            parts.append(Text(heading, style="bold underline"))
            parts.extend(Text(f"{'✦' if key in ready else '•'} {pretty(key)}") for key in sorted(known))
    return Group(*parts)


def insight(character: Character) -> RenderableType:
    """The twelve insight circles and how many can still be spent."""
    return Group(
        Text(f"{circles(character.insight)}  {character.insight.unspent} to spend"),
        Text(INSIGHT_LEGEND, style="dim"),
    )


def trappings_text(character: Character) -> RenderableType:
    """The trappings boxes with their contents, and the slots carried against capacity."""
    parts: list[RenderableType] = []
    for heading, items in trappings(character):
        parts.append(Text(heading, style="bold"))
        parts.extend(Text(f"  {item}") for item in items)
    used, limit = slots_used(character), capacity(character)
    load = f"Carrying {used} of {limit} slots" + ("  ENCUMBERED" if used > limit else "")
    parts.append(Text(load, style="italic"))
    return Group(*parts)


SIDE_BY_SIDE_WIDTH = 96
"""Fewest columns for the paper sheet's three columns (attributes 46, skills and trappings 25 each);
a narrower sheet stacks its boxes (class `-narrow`, see sheet.tcss) rather than squeeze them."""


class CharacterSheet(Widget):
    """An adventurer's sheet: identity, attributes with tracks, skills, afflictions, insight and trappings.

    Args:
        character: The adventurer to show (None shows an empty sheet).
        lines: Class, background and the creation results the sheet prints.
        name: The widget's name.
        id: The widget's id.
        classes: CSS classes.
    """

    character: var[Character | None] = var(None, always_update=True, init=False)
    """The adventurer shown; set it again after a change to redraw (characters are mutable)."""
    lines: var[SheetLines] = var(SheetLines(), always_update=True, init=False)
    """The creation lines shown under the name."""

    def __init__(
        self,
        character: Character | None = None,
        *,
        lines: SheetLines | None = None,
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.set_reactive(CharacterSheet.character, character)
        self.set_reactive(CharacterSheet.lines, lines or SheetLines())

    def compose(self) -> ComposeResult:
        yield Static(id="sheet-identity", classes="sheet-box")
        with Horizontal(id="sheet-body"):
            with Vertical(id="sheet-left"):
                yield Static(id="sheet-attributes", classes="sheet-box")
                yield Static(id="sheet-afflictions", classes="sheet-box")
                yield Static(id="sheet-insight", classes="sheet-box")
            yield Static(id="sheet-skills", classes="sheet-box")
            yield Static(id="sheet-trappings", classes="sheet-box")

    def on_mount(self) -> None:
        self._draw()

    def on_resize(self, event: events.Resize) -> None:
        self.set_class(event.size.width < SIDE_BY_SIDE_WIDTH, "-narrow")

    def watch_character(self) -> None:
        self._draw()

    def watch_lines(self) -> None:
        self._draw()

    def _box(self, box_id: str, title: str, content: RenderableType) -> None:
        box = self.query_one(f"#{box_id}", Static)
        box.border_title = title
        box.update(content)

    def _draw(self) -> None:
        character = self.character
        if character is None:
            self._box("sheet-identity", "No adventurer", "")
            return
        self._box("sheet-identity", character.name, identity(character, self.lines))
        self.query_one("#sheet-identity", Static).border_subtitle = _STATUS.get(character.status, "")
        self._box("sheet-attributes", "Attributes", attributes(character))
        self._box("sheet-afflictions", "Misery & afflictions", afflictions(character))
        self._box("sheet-insight", "Insight", insight(character))
        self._box("sheet-skills", "Skills & traits", listing(character))
        self._box("sheet-trappings", "Trappings", trappings_text(character))
