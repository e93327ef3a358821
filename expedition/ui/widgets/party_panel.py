"""Provides `PartyPanel`: every adventurer at a glance during an expedition.

Per character: name and status, each attribute's score, proficiency and track (wounds ●,
fatigue ◐, free ○), afflictions and traumas, tokens, the light they hold and their slots.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group
from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from expedition.rules.character.adventurer import Character, Status
from expedition.rules.core.attributes import Attr
from expedition.rules.core.wording import plural
from expedition.rules.items.slots import capacity, lit_lights, slots_used
from expedition.ui.widgets.sheet_text import FATIGUE, FREE, WOUND, names, track

STATUS_WORDS = {
    Status.ACTIVE: "",
    Status.FAINTED: "FAINTED",
    Status.MORTALLY_WOUNDED: "MORTALLY WOUNDED",
    Status.DEAD: "DEAD",
}
"""Status shown after a name ("" for an active character)."""

LEGEND = f"score+proficiency, then {WOUND} wound {FATIGUE} fatigue {FREE} free"
"""The panel's key, shown in help."""

LIGHT = "☀"
"""Marks the light a character holds."""
DARK = "☾"
"""Marks a character holding no lit light."""


def attribute_text(character: Character, attr: Attr) -> Text:
    """One attribute: "STR 3+1 ●◐○" (score, proficiency, track)."""
    attribute = character[attr]
    text = Text(f"{attr} ", style="bold")
    prof = f"+{attribute.proficiency}" if attribute.proficiency else "  "
    text.append(f"{attribute.score}{prof} ")
    text.append(track(attribute).replace(" ", ""))
    return text


def light_text(character: Character) -> str:
    """The lit lights a character holds, with their usage die, or that they hold none."""
    lights = lit_lights(character)
    if not lights:
        return f"{DARK} no light"
    parts = [
        (f"{item.name} Ud{item.usage}" if item.usage else f"{item.name} (burnt down: out next turn)")
        if item.defn.usage
        else item.name
        for item in lights
    ]
    return f"{LIGHT} " + ", ".join(parts)


def character_card(character: Character, *, current: bool = False, effects: Sequence[str] = ()) -> Group:
    """A character's lines for the panel (`effects`: lasting spells, prayers and holds on them)."""
    head = Text("▶ " if current else "  ")
    head.append(character.name, style="bold")
    status = STATUS_WORDS[character.status]
    if status:
        head.append(f" [{status}]", style="bold reverse")
        if character.status is Status.FAINTED and character.faint_turns:
            head.append(f" {plural(character.faint_turns, 'turn')}")
    rows: list[Text] = [head]
    for left, right in ((Attr.STR, Attr.DEX), (Attr.INT, Attr.PRE)):
        line = Text("  ")
        first = attribute_text(character, left)
        first.pad_right(max(0, 14 - len(first)))
        line.append_text(first)
        line.append_text(attribute_text(character, right))
        rows.append(line)
    gear = Text(f"  {light_text(character)}  ")
    gear.append(f"▣ {slots_used(character)}/{capacity(character)} slots")
    rows.append(gear)
    tokens = character.tokens
    if tokens.shield or tokens.dodge or tokens.stun:
        # Glyphs as on the combat panel: ◆ shield, ◇ dodge, ✷ stun (§10.2.4).
        shown = [f"{g}{n}" for g, n in (("◆", tokens.shield), ("◇", tokens.dodge), ("✷", tokens.stun)) if n]
        rows.append(Text("  tokens: " + " ".join(shown)))
    afflictions = names(character.afflictions)
    traumas = names(character.traumas)
    if afflictions:
        rows.append(Text("  ! " + ", ".join(afflictions), style="italic"))
    if traumas:
        rows.append(Text("  ✚ " + ", ".join(traumas), style="italic"))
    if effects:
        rows.append(Text("  ✦ " + ", ".join(effects), style="italic"))
    return Group(*rows)


class PartyPanel(Widget):
    """The party, one card per adventurer; set `party` (and `current`) to redraw."""

    DEFAULT_CSS = """
    PartyPanel { height: auto; }
    """

    party: reactive[tuple[Character, ...]] = reactive((), layout=True, always_update=True)
    """The adventurers to show, in order."""
    current: reactive[str] = reactive("")
    """The id of the character acting now (marked ▶)."""

    effects: dict[str, tuple[str, ...]] = {}
    """Lasting effects on each adventurer, in words, by id (`rules.lasting.labels`)."""

    def set_party(
        self, party: Sequence[Character], current: str = "", effects: dict[str, tuple[str, ...]] | None = None
    ) -> None:
        """Show `party` with `current` marked and each one's lasting `effects`."""
        self.effects = dict(effects or {})
        self.current = current
        self.party = tuple(party)

    def render(self) -> Group:
        if not self.party:
            return Group(Text("Nobody is left in the party.", style="italic"))
        cards = [
            character_card(member, current=member.id == self.current, effects=self.effects.get(member.id, ()))
            for member in self.party
        ]
        return Group(*cards)


__all__ = [
    "LEGEND",
    "PartyPanel",
    "attribute_text",
    "character_card",
    "light_text",
]
