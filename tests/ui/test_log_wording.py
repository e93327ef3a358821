"""Every event's log line reads as English with no internal key in it, with one and with two of each count.

The events are every class in the registry (`EVENT_TYPES`), found by importing each module of the
layers that define them, so a new event is checked without touching this file; one this file cannot
build fails here until `_value` learns its field type. Each is built twice: every number 1, then 2.
Ids are real-looking ("c1", "foe2", item 52) and keys are snake_case ("iron_key"), so a line that
prints an id or a key instead of a name fails.
"""

from __future__ import annotations

import dataclasses
import re
import types
import typing
from enum import Enum
from typing import Any

import pytest

from expedition.rules.character.fainting import FaintTurnPassed
from expedition.rules.combat.combat_events import CombatEnded, CombatOutcome, CombatStarted
from expedition.rules.core.events import DiceRolled, Event
from expedition.rules.core.judging import Outcome
from expedition.rules.core.wording import TEXT_FAULTS, plural_of
from expedition.rules.exploration.features import Corpse
from expedition.rules.exploration.searching import RoomSearched
from expedition.ui.screens.dungeon.expedition_view import bodies_here
from expedition.ui.screens.prompts import decision_title
from expedition.ui.widgets.log_text import SKIPPED, LogEntry, describe, explain
from tests.rules.exploration_helpers import make_state, to_crypt
from tests.ui.test_log_sentences import EVENTS, ID_FIELDS, ID_FIELDS_OF

NAMES = {"c1": "Ada", "c2": "Bram", "foe2": "Goblin Scrapper 2"}
"""The names the log knows: two adventurers and a foe."""

KEY = "iron_key"
"""What a field holding a content key gets: a line must word it, never print it."""

TEXT_FIELDS = frozenset(
    {
        "name",
        "title",
        "description",
        "text",
        "tell",
        "group",
        "names",
        "prompt",
        "label",
        "dungeon",
        "what",
        "attack",
        "why",
        "reason",
        "resource",
        "how",
        "old",
        "new",
        "player",
        "old_owner",
        "new_owner",
    }
)
"""Fields that already hold the player's words (a display name, a description): filled with words."""

OVERRIDES: dict[str, dict[str, Any]] = {"CampActionTaken": {"action": "CookMeal"}}
"""Fields that hold neither words nor a key: a camp action's class name."""

COUNT_NOUNS = (
    "turn|round|wound|die|slot|free slot|action|tile|point|token|day|night|step|segment|six|body|"
    "supply|hour|charge|use|reroll|time|foe|enemy|adventurer|level|coin|ration|fatigue point"
)
ONE_MANY = re.compile(r"\b1 (?:" + "|".join(plural_of(noun) for noun in COUNT_NOUNS.split("|")) + r")\b")
MANY_ONE = re.compile(rf"\b(?:[02-9]|\d\d+) (?:{COUNT_NOUNS})\b(?!'s| of| [a-z]+s\b)")
LEAKS = {
    **TEXT_FAULTS,  # what no player text may hold (the bots check option labels against it too)
    "a section number": re.compile(r"§"),
    "a proper name with 'the'": re.compile(r"\b[Tt]he (?:Ada|Bram)\b"),
}


class Unbuildable(Exception):
    """A field type this test cannot make a value for."""


def _value(hint: Any, field: str, ids: frozenset[str], n: int) -> Any:
    origin = typing.get_origin(hint)
    if hint is str:
        if field in ids:
            return "foe2" if field in ("foe", "victim", "swarm", "target") else "c1"
        return "Iron key" if field in TEXT_FIELDS else KEY
    if hint is bool:
        return True
    if hint is int:
        return 52 if field in ("item", "uid") else n
    if hint is float:
        return 0.5
    if isinstance(hint, type) and issubclass(hint, Enum):
        return next(iter(hint))
    if origin in (types.UnionType, typing.Union):
        options = [arg for arg in typing.get_args(hint) if arg is not type(None)]
        return _value(options[0], field, ids, n)
    if origin is tuple:
        args = typing.get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_value(args[0], field, ids, n) for _ in range(n))
        if args == (int, int):
            return (3, 4)
        return tuple(_value(arg, field, ids, n) for arg in args)
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return _build(hint, n)
    raise Unbuildable(f"{field}: {hint!r}")


def _build(cls: type[Any], n: int) -> Any:
    hints = typing.get_type_hints(cls)
    ids = ID_FIELDS | ID_FIELDS_OF.get(cls.__name__, frozenset())
    values = {f.name: _value(hints[f.name], f.name, ids, n) for f in dataclasses.fields(cls) if f.init}
    values.update(OVERRIDES.get(cls.__name__, {}))
    if "rule" in values:
        values["rule"] = "§10.2.3"
    return cls(**values)


def faults(text: str) -> list[str]:
    """What is wrong with a line: a count that disagrees with its noun, or an internal key."""
    found = [f"{why}: {m.group(0)!r}" for why, pattern in LEAKS.items() for m in pattern.finditer(text)]
    found += [f"a count that disagrees: {m.group(0)!r}" for m in ONE_MANY.finditer(text)]
    found += [f"a count that disagrees: {m.group(0)!r}" for m in MANY_ONE.finditer(text)]
    return found


@pytest.mark.parametrize("n", [1, 2])
@pytest.mark.parametrize("kind", [kind for kind in EVENTS if kind != "Note"])
def test_every_event_line_is_english_without_keys(kind: str, n: int) -> None:
    try:
        event: Event = _build(EVENTS[kind], n)
    except Unbuildable as why:
        pytest.fail(f"{kind} cannot be built, so its line is never checked ({why}): teach `_value` its type")
    text = describe(event, NAMES)
    if kind in SKIPPED:
        return
    assert text, kind
    assert not faults(text), f"{kind}: {text!r}: {faults(text)}"


@pytest.mark.parametrize("kind", [kind for kind in EVENTS if kind not in SKIPPED and kind != "Note"])
def test_why_window_shows_no_keys_and_cites_rules_by_name(kind: str) -> None:
    event: Event = _build(EVENTS[kind], 2)
    entry = LogEntry(1, describe(event, NAMES) or "", (event,))
    for label, value in explain(entry, NAMES):
        assert "RULES.md" not in value and "§" not in label
        assert not LEAKS["a character id"].search(value), (label, value)
        assert not LEAKS["a foe uid"].search(value), (label, value)
    rules = [value for label, value in explain(entry, NAMES) if label == "Rule"]
    assert rules == ["Defending against enemy attacks (rulebook 10.2.3)"]


@pytest.mark.parametrize(
    ("text", "fault"),
    [
        ("Ada faints, down for at least 1 turns", "a count that disagrees: '1 turns'"),
        ("The fight is over after 2 round", "a count that disagrees: '2 round'"),
        ("food is ration, special_ration", "a snake_case key: 'special_ration'"),
        ("character c1 takes item 52", "a character id: 'c1'"),
        ("Row 4 (fight:foe2)", "a foe uid: 'foe2'"),
        ("rule §10.1 in RULES.md", "a rules file: 'RULES.md'"),
        ("Doom of gen-17061413", "a generated dungeon key: 'gen-'"),
        ("the Ada's sheet", "a proper name with 'the': 'the Ada'"),
    ],
)
def test_the_checker_catches_each_fault_it_names(text: str, fault: str) -> None:
    """The checks above can fail: each kind of fault seen on screen is caught."""
    assert fault in faults(text)


@pytest.mark.parametrize(
    ("outcome", "found", "line"),
    [
        (Outcome.SUCCESS, 0, "Ada searches the room: no secret door or hidden cache here"),
        (Outcome.GREAT_SUCCESS, 0, "Ada searches the room thoroughly: nothing is hidden here"),
        (Outcome.SUCCESS, 1, "Ada searches the room and finds 1 hidden thing"),
        (Outcome.GREAT_SUCCESS, 3, "Ada searches the room thoroughly and finds 3 hidden things"),
        (Outcome.FAILURE, 0, "Ada searches the room but finds nothing"),
        (Outcome.CRITICAL_FAILURE, 0, "Ada searches the room clumsily and finds nothing"),
    ],
)
def test_a_search_says_what_it_found_or_that_it_found_nothing(
    outcome: Outcome, found: int, line: str
) -> None:
    """HOUSE §1.4: the search line always ends in its result."""
    assert (
        describe(RoomSearched(rule="HOUSE §1.4", character="c1", room=1, outcome=outcome, found=found), NAMES)
        == line
    )


@pytest.mark.parametrize(
    ("turns_left", "line"),
    [
        (2, "Ada stays down (2 turns left)"),
        (1, "Ada stays down (1 turn left)"),
        (0, "Ada stays down (from now on a wake-up roll each turn)"),
    ],
)
def test_a_faint_turn_says_how_long_or_that_the_wake_up_rolls_begin(turns_left: int, line: str) -> None:
    """§4.3: once the sure turns down are used up, the line says what comes next, not "0 turns left"."""
    assert describe(FaintTurnPassed(rule="§4.3", character="c1", turns_left=turns_left), NAMES) == line


def test_a_fallen_companions_body_says_what_it_is_and_what_can_be_done() -> None:
    """§10.1, HOUSE §1.7: standing on a body, a refused key says whose body it is and how to keep it down."""
    state = make_state()
    to_crypt(state)
    expedition = state.expedition
    assert expedition is not None
    assert bodies_here(expedition) == ""
    expedition.level.corpses.append(Corpse(expedition.position, "adventurer", name="Bram"))
    assert bodies_here(expedition) == (
        "Here lies Bram, fallen: nothing can be taken from the body; "
        "it may rise again unless someone with Ward the dead wards it."
    )
    expedition.level.corpses[0].warded = True
    assert bodies_here(expedition).endswith("it is warded and will not rise.")


@pytest.mark.parametrize(
    ("kind", "title"),
    [
        ("gain_one_of", "Affliction"),  # seen in the 80x24 walk as "Gain one of — Oswin"
        ("table_option", "Table result"),
        ("miracle_target", "Miracle"),
        ("camp_supplies", "Camp supplies"),  # a kind that reads well keeps its words
    ],
)
def test_a_prompts_title_names_the_decision_in_words(kind: str, title: str) -> None:
    """A decision's title is what is being decided, not its kind's key turned into words."""
    assert decision_title(kind) == title


def test_a_fight_lost_to_the_last_says_where_the_victors_went() -> None:
    """HOUSE §3.1: after "party down" the foes leave the map; issue #16 saw one vanish with no word why."""
    lost = describe(CombatEnded(rule="§16 #25", outcome=CombatOutcome.PARTY_DOWN, rounds=2, group=""), NAMES)
    assert lost == (
        "The fight is over: party down after 2 rounds; "
        "the victors go back to their lair and leave the fallen where they lie"
    )
    won = describe(CombatEnded(rule="§16 #25", outcome=CombatOutcome.VICTORY, rounds=1, group=""), NAMES)
    assert won == "The fight is over: victory after 1 round"


def test_a_roll_named_a_roll_is_owned_not_rolled_twice() -> None:
    """ "Cressida rolls wake-up roll: d6 [4]" (seen in the 80x24 walk) reads "Ada's wake-up roll: d6 [4]"."""
    woke = DiceRolled(rule="§16 #12", who="c1", why="wake-up roll", sides=6, faces=(4,))
    ambush = DiceRolled(rule="§10.3", who="gm", why="ambush roll", sides=6, faces=(6, 2))
    test = DiceRolled(rule="§3.2", who="c1", why="STR test", sides=6, faces=(5,))
    assert describe(woke, NAMES) == "Ada's wake-up roll: d6 [4]"
    assert describe(ambush, NAMES) == "The GM's ambush roll: 2d6 [6][2]"
    assert describe(test, NAMES) == "Ada rolls STR test: d6 [5]"


@pytest.mark.parametrize("group", ["The shrunken", "Patrol", "Carrion rats"])
def test_a_fight_names_its_group_as_a_label(group: str) -> None:
    """A tmux walk read "A fight begins with The shrunken."; a label set apart reads in any form."""
    event = CombatStarted(
        rule="§10.2.1", group=group, foes=("foe1",), fast=("c1",), slow=(), ambush=False, surprised=False
    )
    assert (describe(event, NAMES) or "").startswith(f"A fight begins: {group}. Fast: ")
