"""Provides the one place where sentences get their counts, articles and proper names right.

Every line the game shows (a log line, a refusal, a choice's label) that puts a number before a
noun, an article before a name, or a name at the start of a sentence goes through here, so "1
turns", "a ogre" or "the Ada" cannot be written by hand somewhere else. The rules use it for the
words they raise or offer; the UI's log and sheets use it for theirs.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

IRREGULAR: dict[str, str] = {
    "die": "dice",
    "body": "bodies",
    "six": "sixes",
    "supply": "supplies",
    "camping supply": "camping supplies",
    "ally": "allies",
    "enemy": "enemies",
    "foe": "foes",
    "party": "parties",
    "torch": "torches",
    "man": "men",
    "wolf": "wolves",
    "knife": "knives",
    "thief": "thieves",
}
"""Nouns whose plural is not the noun with an "s"."""

_VOWEL_SOUND = re.compile(r"^(?:[aeio]|u(?!ni|se|sa|su|ra|re|ri|ro|ku)|hour|honest|heir)", re.IGNORECASE)
_NO_VOWEL_SOUND = re.compile(r"^(?:one|once|eu)", re.IGNORECASE)


def plural_of(noun: str) -> str:
    """The plural of `noun`: "turn" → "turns", "die" → "dice", "body" → "bodies"."""
    if noun in IRREGULAR:
        return IRREGULAR[noun]
    head, space, last = noun.rpartition(" ")
    if space and last in IRREGULAR:
        return f"{head} {IRREGULAR[last]}"
    if re.search(r"(?:s|x|z|ch|sh)$", noun):
        return noun + "es"
    if re.search(r"[^aeiou]y$", noun):
        return noun[:-1] + "ies"
    return noun + "s"


def plural(number: int, noun: str, many: str = "") -> str:
    """A number with its noun: "1 turn", "0 turns", "2 dice" (`many` overrides the plural)."""
    return f"{number} {noun if number == 1 else many or plural_of(noun)}"


def reads_plural(name: str) -> bool:
    """True for a name that reads as many things ("Camping supplies", "Torches"), not "Glass" or "Lens"."""
    last = name.rsplit(" ", 1)[-1].lower()
    return last.endswith("s") and not last.endswith(("ss", "us", "is", "ns"))


def verb(number: int, one: str, many: str) -> str:
    """The verb agreeing with `number` things: "agrees" for one, "agree" for more or none."""
    return one if number == 1 else many


def article(noun: str) -> str:
    """The noun with "a" or "an": "an ogre", "a unicorn", "an hour", "a one-eyed rat"."""
    if _VOWEL_SOUND.match(noun) and not _NO_VOWEL_SOUND.match(noun):
        return f"an {noun}"
    return f"a {noun}"


def the(name: str, *, proper: bool) -> str:
    """A name in a sentence: "Ada" for a person (never "the Ada"), "the Goblin Scrapper 1" for a kind.

    Args:
        name: A display name.
        proper: Whether it is a person's name (an adventurer's, a hireling's).
    """
    if proper or name.lower().startswith("the "):
        return name
    return f"the {name}"


def item_words(name: str) -> str:
    """An item's name inside a sentence: "locket holding a braid of hair", "Wine of Yoros".

    Item names are written with a capital first letter, as on a sheet; in a sentence that capital
    goes, unless another word of the name has one too (a name of its own: "Scroll of Detect Evil",
    "Driftwood Club").
    """
    own = any(word[:1].isupper() for word in name.split(" ")[1:]) or name[1:2].isupper()
    return name if own else name[:1].lower() + name[1:]


def the_item(name: str) -> str:
    """An item's name inside a sentence, after "the": "the torches", "the Wine of Yoros"."""
    return the(item_words(name), proper=False)


def possessive(name: str) -> str:
    """The name owning something: "Ada's", "Thomas'"."""
    return f"{name}'" if name.endswith("s") and not name.endswith("ss") else f"{name}'s"


def capitalised(text: str) -> str:
    """The text with its first letter upper case and the rest as it was ("the ogre" → "The ogre")."""
    return text[:1].upper() + text[1:]


def proper_name(name: str) -> str:
    """A proper name with its main words capitalised: "lords of ravenhome" → "Lords of Ravenhome"."""
    small = {"of", "the", "and", "in", "on", "at", "to", "a", "an"}
    words = name.replace("_", " ").split(" ")
    return " ".join(
        w if (i and w in small) or w[:1].isupper() else capitalised(w) for i, w in enumerate(words)
    )


def listed(items: Sequence[str], empty: str = "nothing", *, joiner: str = "and") -> str:
    """Words joined as a list: "a", "a and b", "a, b and c" (`empty` for none; "a, b or c" with "or")."""
    if not items:
        return empty
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + f" {joiner} " + items[-1]


TEXT_FAULTS: dict[str, re.Pattern[str]] = {
    "a snake_case key": re.compile(r"\b[a-z]+_[a-z_]+\b"),
    "a character id": re.compile(r"\bc\d+\b"),
    "a foe uid": re.compile(r"\bfoe\d+\b"),
    "an item id": re.compile(r"\bitem \d+\b"),
    "a generated dungeon key": re.compile(r"\bgen-"),
    "a rules file": re.compile(r"RULES\.md|HOUSE\.md"),
    "a kind:key pair": re.compile(r"\b[a-z]+:[a-z0-9_]+\b"),
    "a template brace": re.compile(r"[{}]"),
    "one with a plural": re.compile(
        r"\b1 (?:turns|rounds|wounds|dice|slots|actions|tiles|points|tokens|days|nights|foes|charges)\b"
    ),
}
"""What must never reach a player: internal keys and ids, and "1 turns"-style counts."""

_ANY_FAULT = re.compile("|".join(f"(?:{pattern.pattern})" for pattern in TEXT_FAULTS.values()))


def text_faults(text: str) -> list[str]:
    """What is wrong with a line a player reads (empty when nothing): see `TEXT_FAULTS`."""
    return list(_faults(text))


@lru_cache(maxsize=16384)
def _faults(text: str) -> tuple[str, ...]:
    # Kept per line: a simulation's referee reads every option's words every few steps, the same
    # few thousand lines again and again (a town's market alone is some 560), at ~10 µs a search.
    if not _ANY_FAULT.search(text):  # one search for the usual case, a clean line
        return ()
    return tuple(
        f"{name}: {found.group(0)!r}"
        for name, pattern in TEXT_FAULTS.items()
        if (found := pattern.search(text))
    )
