"""Provides the log's words: each event as a line, grouped by turn, and what explains a line.

Every roll shows its dice. A judged test carries the dice events that led to it, so opening
its line shows the first throw, each reroll and the final faces, with the rule section.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from expedition.rules.core.events import DiceRolled, Event, Note
from expedition.rules.core.rule_sections import cite
from expedition.rules.core.wording import item_words, plural, possessive, reads_plural, the_item
from expedition.ui.widgets import (
    log_formats_camp,
    log_formats_combat,
    log_formats_explore,
    log_formats_magic,
    log_formats_people,
)
from expedition.ui.widgets.log_formats_base import Names, cap, humanise, tracker_name, words
from expedition.ui.widgets.log_formats_base import name as _name
from expedition.ui.widgets.log_formats_base import simple as _simple
from expedition.ui.widgets.log_formats_base import who_list as _who_list

__all__ = [
    "FORMATS",
    "SKIPPED",
    "LogEntry",
    "build_entries",
    "describe",
    "dice_text",
    "explain",
    "fold",
    "matches",
]

SKIPPED = frozenset({"ExplorationTurnPassed", "CampaignStarted", "PoolThrown", "OutOfStock"})
"""Events that do not get a line: a turn passing starts a new group instead, a thrown pool is
told by the judged roll that follows it (with its dice), and an item out of stock by the stock
roll just before it."""


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One line of the log.

    Attributes:
        turn: The exploration turn it happened in.
        text: The line.
        events: The events it reports, the dice that led to it first.
        count: How many identical lines in a row it stands for (shown "×3").
    """

    turn: int
    text: str
    events: tuple[Event, ...]
    count: int = 1

    @property
    def rule(self) -> str:
        """The rule section of the line's main event."""
        return self.events[-1].rule if self.events else ""

    @property
    def shown(self) -> str:
        """The line as shown, with the fold count."""
        return f"{self.text} ×{self.count}" if self.count > 1 else self.text


def dice_text(sides: int, faces: Iterable[int]) -> str:
    """Dice as shown in the log: "d4 [3]", "3d6 [4][1][6]" (how many were rolled, then each face)."""
    shown = tuple(faces)
    count = str(len(shown)) if len(shown) > 1 else ""
    return f"{count}d{sides} " + "".join(f"[{face}]" for face in shown)


def _decay_line(event: Any, names: Names) -> str:
    """The decay roll in words: "Decay for Ada: 11, Mishap" (a total moved past a row they have says so)."""
    total = str(event.roll) if event.result == event.roll else f"{event.roll}, moved on to {event.result}"
    return f"Decay for {_name(names, event.character)}: {total}" + (f", {event.title}" if event.title else "")


def _dice(event: Any, names: Names) -> str:
    if event.why.endswith(" roll"):  # "Ada's wake-up roll", not "Ada rolls wake-up roll"
        return f"{possessive(_name(names, event.who))} {event.why}: {dice_text(event.sides, event.faces)}"
    return f"{_name(names, event.who)} rolls {event.why}: {dice_text(event.sides, event.faces)}"


def _reroll(event: Any, names: Names) -> str:
    who = _name(names, event.by)
    return f"{who} rerolls a {event.old} with {event.resource}: now {event.new} ({event.why})"


def _judged(event: Any, names: Names) -> str:
    kind = "check" if event.check else "test"
    line = f"{_name(names, event.character)}'s {event.attr} {kind}: {words(event.outcome).upper()}"
    line += " " + "".join(f"[{face}]" for face in event.faces)
    if event.fatigue:
        line += ", +1 fatigue"
    return line


def _tracker(event: Any, names: Names) -> str:
    return f"{cap(tracker_name(event.tracker))} advances {event.steps}: {event.value}/{event.size}"


def _hidden(event: Any, names: Names) -> str:
    return f"{cap(tracker_name(event.tracker))} {words(event.how)} (hidden)"


def _harm(noun: str) -> Callable[[Any, Names], str]:
    def line(event: Any, names: Names) -> str:
        harm = f"{event.points} {noun}" if noun.startswith("fatigue") else plural(event.points, noun)
        return f"{_name(names, event.character)} takes {harm} on {event.attr}"

    return line


def _stepped(event: Any, names: Names) -> str:
    # No position in the line, so a walk along a corridor folds into one line "×n".
    return "The party moves on, into another area (1 turn)" if event.cost else "The party moves"


FORMATS: dict[str, Callable[[Any, Names], str]] = {
    "PartyStepped": _stepped,
    "DoorOpened": _simple("Door {how}"),
    "DiceRolled": _dice,
    "DieRerolled": _reroll,
    "RollJudged": _judged,
    "TrackerAdvanced": _tracker,
    "HiddenTrackerMoved": _hidden,
    "FatigueTaken": _harm("fatigue"),
    "WoundTaken": _harm("wound"),
    "FatigueBecameWound": _harm("fatigue turned wound"),
    "Fainted": lambda event, names: (
        f"{_name(names, event.character)} faints, down for at least {plural(event.turns, 'turn')}"
    ),
    "Woke": _simple("{character} wakes ({how})"),
    "MortallyWounded": _simple("{character} is mortally wounded"),
    "MortalWoundRolled": _simple("{character}'s mortal wound: {total}, {outcome}"),
    "Died": _simple("{character} dies ({cause})"),
    "AfflictionGained": _simple("{character} is now {affliction}"),
    "AfflictionCured": _simple("{character} is no longer {affliction}"),
    "TraumaGained": _simple("{character} gains the trauma {trauma}"),
    "FatigueRecovered": _simple("{character} recovers {amount} {attr} fatigue"),
    "DecayTableRolled": _decay_line,
    "DoomEffectSeen": _simple("Doom: {effect}. {description}"),
    "LightWentOut": lambda event, names: (
        f"{_name(names, event.character)}'s {item_words(event.name)} "
        + ("go out" if reads_plural(event.name) else "goes out")
    ),
    "LightBurnedLow": lambda event, names: (
        f"{_name(names, event.character)}'s {item_words(event.name)} "
        + ("burn low" if reads_plural(event.name) else "burns low")
    ),
    "LightLit": lambda event, names: f"{_name(names, event.character)} lights {the_item(event.name)}",
    "UsageRolled": lambda event, names: (
        f"{_name(names, event.character)}'s {item_words(event.name)}: usage [{event.face}]"
    ),
    "ItemAdded": lambda event, names: f"{_name(names, event.character)} takes {the_item(event.name)}",
    "Stabilised": _simple("{character} is stabilised ({means})"),
    "FaintTurnPassed": lambda event, names: (
        f"{_name(names, event.character)} stays down "
        + (
            f"({plural(event.turns_left, 'turn')} left)"
            if event.turns_left
            else "(from now on a wake-up roll each turn)"  # §4.3: the sure turns are over
        )
    ),
}
"""Line makers by event class name; other events get a generic line."""


def _combat_started(event: Any, names: Names) -> str:
    # The group's name is a label ("The shrunken", "Patrol"): set apart, it reads in any form.
    line = f"A fight begins{': ' + event.group if event.group else ''}"
    if event.ambush:
        line += " (an ambush: everyone is fast)"
    elif event.surprised:
        line += " (surprised: everyone is slow)"
    return f"{line}. Fast: {_who_list(names, event.fast)}; slow: {_who_list(names, event.slow)}"


def _foe_wounded(event: Any, names: Names) -> str:
    line = f"{_name(names, event.foe)} takes {plural(event.wounds, 'wound')} ({event.total} in all)"
    return line + (f", {event.broken} armour broken" if event.broken else "")


def _enemy_acted(event: Any, names: Names) -> str:
    foe = _name(names, event.foe)
    if not event.target:
        return f"{foe}: {words(event.action)}"
    return f"{foe} uses {words(event.action)} on {_name(names, event.target)}"


def _tokens(event: Any, names: Names) -> str:
    shown = f"◆{event.shield} ◇{event.dodge} ✷{event.stun}"
    return f"{_name(names, event.who)} now holds {shown} ({event.why})"


def _combat_ended(event: Any, names: Names) -> str:
    line = f"The fight is over: {words(event.outcome)} after {plural(event.rounds, 'round')}"
    if event.outcome == "party_down":
        # HOUSE §3.1: the victors leave the map; said here, so they do not seem to vanish.
        line += "; the victors go back to their lair and leave the fallen where they lie"
    return line


def _turn_started(event: Any, names: Names) -> str:
    return f"{_name(names, event.who)}'s turn: {plural(event.actions, 'action')}"


def _moved(event: Any, names: Names) -> str:
    steps = len(event.path)
    return f"{_name(names, event.who)} moves {plural(steps, 'tile')}"


FORMATS.update(
    {
        "CombatStarted": _combat_started,
        "FoePlaced": _simple("{name} stands in the way"),
        "RoundStarted": _simple("Round {round} begins"),
        "TurnStarted": _turn_started,
        "TurnEnded": _simple("{who} ends the turn"),
        "CombatMoved": _moved,
        "EnemyActed": _enemy_acted,
        "FoeWounded": _foe_wounded,
        "FoeKnockedOut": lambda event, names: f"{_name(names, event.foe)} is down",
        "FoeFleeing": lambda event, names: f"{_name(names, event.foe)} breaks and runs ({event.reason})",
        "FoeFled": lambda event, names: f"{_name(names, event.foe)} has fled the fight",
        "TokensChanged": _tokens,
        "AdventurerFled": _simple("{character} gets away from the fight"),
        "CombatEnded": _combat_ended,
    }
)
# Combat lines (§10.2): foes are named through `names` by their uid, as the screen registers them.

for _topic in (
    log_formats_explore,
    log_formats_combat,
    log_formats_magic,
    log_formats_camp,
    log_formats_people,
):
    FORMATS.update({kind: maker for kind, maker in _topic.FORMATS.items() if kind not in FORMATS})


def describe(event: Event, names: Names) -> str | None:
    """The log line of one event, or None when it gets no line."""
    kind = type(event).__name__
    if kind in SKIPPED:
        return None
    if isinstance(event, Note):
        return event.text
    maker = FORMATS.get(kind)
    if maker is not None:
        try:
            return maker(event, names)
        except (AttributeError, KeyError):  # an event changed shape; fall back to the generic line
            pass
    details = [
        words(value, names)
        for f in dataclasses.fields(event)
        if f.name != "rule" and (value := getattr(event, f.name)) not in ("", None, ())
    ]
    return humanise(kind) + (": " + ", ".join(details[:4]) if details else "")


INTERNAL_FIELDS = frozenset({"item", "uid", "pos", "path", "place", "tracker", "key"})
"""Fields that hold the game's own bookkeeping (ids, tiles, places inside a container): the line
already says what they mean, so the explanation leaves them out."""


def explain(entry: LogEntry, names: Names) -> list[tuple[str, str]]:
    """What opening a line shows: the dice, every other event's values and the rules applied, by name."""
    rows: list[tuple[str, str]] = [("Line", entry.shown), ("Turn", str(entry.turn))]
    for event in entry.events:
        if isinstance(event, DiceRolled):
            rows.append(("Dice", f"{words(event.why)}: {dice_text(event.sides, event.faces)}"))
            continue
        label = humanise(type(event).__name__)
        for f in dataclasses.fields(event):
            if f.name == "rule" or f.name in INTERNAL_FIELDS:
                continue
            value = getattr(event, f.name)
            rows.append((f"{label}: {f.name.replace('_', ' ')}", words(value, names)))
    for rule in dict.fromkeys(event.rule for event in entry.events if event.rule):
        rows.append(("Rule", cite(rule)))
    return rows


def build_entries(events: Iterable[Event], names: Names, turn: int) -> tuple[list[LogEntry], int]:
    """Turn events into log lines, starting at `turn`; dice are kept with the test they serve.

    Returns:
        The new lines and the turn after the last event.
    """
    entries: list[LogEntry] = []
    dice: list[Event] = []
    for event in events:
        kind = type(event).__name__
        if kind == "ExplorationTurnPassed":
            turn = int(getattr(event, "turn", turn + 1))
            continue
        text = describe(event, names)
        if text is None:
            continue
        if kind in ("DiceRolled", "DieRerolled"):
            dice.append(event)
        elif kind == "RollJudged":
            why = f"{getattr(event, 'attr', '')} {'check' if getattr(event, 'check', False) else 'test'}"
            used = tuple(d for d in dice if why in str(getattr(d, "why", "")))
            entries.append(LogEntry(turn, text, (*used, event)))
            dice = []
            continue
        entries.append(LogEntry(turn, text, (event,)))
    return entries, turn


def fold(entries: Iterable[LogEntry]) -> list[LogEntry]:
    """Fold identical lines in a row within a turn into one with a count."""
    folded: list[LogEntry] = []
    for entry in entries:
        last = folded[-1] if folded else None
        if last is not None and last.turn == entry.turn and last.text == entry.text:
            folded[-1] = dataclasses.replace(
                last, count=last.count + entry.count, events=last.events + entry.events
            )
        else:
            folded.append(entry)
    return folded


def matches(entry: LogEntry, query: str) -> bool:
    """True when every word of `query` is in the line (case-insensitive)."""
    text = entry.text.casefold()
    return all(word in text for word in query.casefold().split())
