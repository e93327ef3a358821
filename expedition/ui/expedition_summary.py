"""Provides the expedition ledger: what one expedition did, gathered from a seat's updates, and its summary.

The ledger reads only what the session gives the seat: the events of each `Update` and its
`SeatView`. It starts when the party sets out (`ExpeditionStarted`) and closes when the party
walks out (`DungeonExited`) or nobody is left standing in the dungeon. A doom the seat may not read
is told as the seat knows it: that it moved and how often, or what a Veteran read of it, never
its value.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from expedition.rules.core.events import Event
from expedition.rules.core.item_defs import Tag
from expedition.rules.core.wording import plural
from expedition.session.port import Update
from expedition.session.seat_view import SeatView, TrackerView

__all__ = ["HOME", "LOST", "DoomWatch", "ExpeditionLedger", "summary_sections"]

HOME = "home"
"""The party walked out of the dungeon."""
LOST = "lost"
"""Nobody was left standing in the dungeon."""


@dataclass(slots=True)
class DoomWatch:
    """One doom as the seat saw it through the expedition.

    Attributes:
        place: The place's name in the player's words.
        first: The doom as first seen.
        last: The doom as last seen.
        moves: Updates in which a hidden doom moved.
    """

    place: str
    first: TrackerView
    last: TrackerView
    moves: int = 0

    def see(self, now: TrackerView) -> None:
        """Note the doom as an update shows it."""
        self.last = now
        if now.hidden and now.moved:
            self.moves += 1

    def words(self) -> str:
        """How this doom moved, in words the seat may read."""
        first, last = self.first, self.last
        if not last.hidden and first.filled is not None and last.filled is not None:
            moved = last.filled - first.filled
            change = f"rose by {plural(moved, 'segment')}" if moved else "did not move"
            return f"Doom of {self.place} {change}: now {last.filled}/{last.size}"
        if last.revealed is not None:
            return f"Doom of {self.place}: {last.revealed}, as your Veteran read it"
        if self.moves:
            return f"Doom of {self.place} moved {plural(self.moves, 'time')} (its value is hidden)"
        return f"Doom of {self.place} was not seen to move (its value is hidden)"


@dataclass(slots=True)
class ExpeditionLedger:
    """What one expedition did, as one seat saw it (see the module docstring).

    Attributes:
        dungeon: The dungeon's name.
        started: The ledger saw the party set out (False: it began mid-expedition).
        ended: "" while under way, `HOME` or `LOST` once over.
        fell: The dead, as (name, cause).
        mortally_wounded: Who took a mortal wound and lived.
        fainted: Who fainted.
        silver: Silver found.
        treasures: Treasures picked up, by name.
        items: Other things picked up, by name.
        deepest: The deepest level reached.
        turns: Exploration turns the expedition lasted.
        dooms: The settlement's doom and the dungeon's, by location key.
    """

    dungeon: str = ""
    started: bool = False
    ended: str = ""
    fell: list[tuple[str, str]] = field(default_factory=list)
    mortally_wounded: list[str] = field(default_factory=list)
    fainted: list[str] = field(default_factory=list)
    silver: int = 0
    treasures: list[str] = field(default_factory=list)
    items: list[str] = field(default_factory=list)
    deepest: int = 1
    turns: int = 0
    dooms: dict[str, DoomWatch] = field(default_factory=dict)

    @classmethod
    def opened(cls, view: SeatView, *, started: bool) -> ExpeditionLedger:
        """A ledger for the expedition `view` shows under way."""
        expedition = view.state.expedition
        ledger = cls(started=started)
        if expedition is not None:
            ledger.dungeon = expedition.dungeon.name
            ledger.deepest = expedition.depth
        ledger._watch(view)
        return ledger

    def _watch(self, view: SeatView) -> None:
        state = view.state
        for key in dict.fromkeys((state.settlement, state.location, *self.dooms)):
            doom = view.doom_of(key)
            if doom is None:
                continue
            if key in self.dooms:
                self.dooms[key].see(doom)
            else:
                self.dooms[key] = DoomWatch(view.place_title(key), doom, doom)

    def heard(self, update: Update) -> str:
        """Note what `update` tells; return `HOME` or `LOST` when it ended the expedition, else ""."""
        if self.ended:
            return ""
        view = update.view
        names = view.names
        for event in update.events:
            if self.ended:  # what the homecoming brings (Pilfer, a cook's rations) is the town's
                self._note_death(event, names)
            elif self._note(event, view, names):
                self.ended = HOME
        expedition = view.state.expedition
        if expedition is not None:
            self.turns = max(self.turns, view.state.turn)
            self.deepest = max(self.deepest, expedition.depth)
            self._watch(view)
        if not self.ended and expedition is not None and not view.state.living:
            self.ended = LOST
        if self.ended == HOME:
            self._watch(view)
        return self.ended

    def _note(self, event: Event, view: SeatView, names: dict[str, str]) -> bool:
        """Note one event; True when it is the party walking out."""
        kind = type(event).__name__
        who = str(getattr(event, "character", ""))
        name = names.get(who, who)
        if kind == "DungeonExited":
            self.turns = max(self.turns, int(getattr(event, "turns", 0)))
            return True
        if self._note_death(event, names):
            pass
        elif kind == "MortallyWounded" and name not in self.mortally_wounded:
            self.mortally_wounded.append(name)
        elif kind == "Fainted" and name not in self.fainted:
            self.fainted.append(name)
        elif kind == "CacheLooted" or kind == "SilverGained":
            self.silver += int(getattr(event, "silver", 0))
        elif kind in ("LevelChanged", "FellToLevelBelow"):
            self.deepest = max(self.deepest, int(getattr(event, "depth", 1)))
        elif kind in ("ItemAdded", "LootStashed"):
            self._found(view, who, int(getattr(event, "item", 0)), str(getattr(event, "name", "")))
        return False

    def _note_death(self, event: Event, names: dict[str, str]) -> bool:
        """Note a death (`Died`, or a `LeftParty` for the dead); True when `event` was one."""
        kind = type(event).__name__
        fate = str(getattr(event, "fate", ""))
        if kind != "Died" and not (kind == "LeftParty" and fate == "dead"):
            return False
        who = str(getattr(event, "character", ""))
        name = names.get(who, who)
        if all(dead != name for dead, _ in self.fell):
            self.fell.append((name, str(getattr(event, "cause", "")) or "died"))
        return True

    def _found(self, view: SeatView, who: str, uid: int, name: str) -> None:
        state = view.state
        carried = [item for member in state.party if member.id == who for item in member.items]
        item = next((i for i in (*carried, *state.stash) if i.uid == uid), None)
        treasure = item is not None and Tag.TREASURE in item.defn.tags
        (self.treasures if treasure else self.items).append(name or "something")


def summary_sections(ledger: ExpeditionLedger) -> list[tuple[str, list[str]]]:
    """The summary's sections, each a heading and its lines, in the game's words."""
    fell = [f"{name} died ({cause})." if cause != "died" else f"{name} died." for name, cause in ledger.fell]
    fell += [
        f"{name} was mortally wounded, and lived." for name in ledger.mortally_wounded if _alive(ledger, name)
    ]
    fell += [
        f"{name} fainted."
        for name in ledger.fainted
        if _alive(ledger, name) and name not in ledger.mortally_wounded
    ]
    found = [f"{ledger.silver} silver."] if ledger.silver else []
    if ledger.treasures:
        found.append("Treasures: " + ", ".join(ledger.treasures) + ".")
    if ledger.items:
        found.append("Items: " + ", ".join(ledger.items) + ".")
    depth = "Reached level " + str(ledger.deepest)
    far = [
        f"{depth} of {ledger.dungeon}." if ledger.dungeon else f"{depth}.",
        f"{plural(ledger.turns, 'exploration turn')}.",
    ]
    if not ledger.started:
        far.append("(Counted from when this game was opened, not from setting out.)")
    doom = [watch.words() + "." for watch in ledger.dooms.values()]
    return [
        ("Who fell", fell or ["Nobody fell."]),
        ("What was found", found or ["Nothing was found."]),
        ("How far", far),
        ("Doom", doom or ["No doom was seen."]),
    ]


def _alive(ledger: ExpeditionLedger, name: str) -> bool:
    return all(dead != name for dead, _ in ledger.fell)
