"""Provides the small helpers every log line maker shares: names, plain words, plurals and places."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from enum import Enum
from typing import Any

Names = Mapping[str, str]
"""Display names by character (or enemy) id."""

Maker = Callable[[Any, Names], str]
"""Makes the log line of one event from the event and the display names."""

ID_FIELDS = frozenset(
    {
        "character",
        "who",
        "giver",
        "receiver",
        "by",
        "foe",
        "victim",
        "target",
        "source",
        "ally",
        "buyer",
        "looter",
        "cook",
        "holder",
        "swarm",
        "player",
        "owner",
        "old_owner",
        "new_owner",
        "what",
    }
)
"""Fields that usually hold a character id or a foe uid."""

_PLACES = {
    "": "away",
    "torso": "on the body",
    "left_hand": "in the left hand",
    "right_hand": "in the right hand",
    "notes": "among the notes",
    "waist": "at the belt",
    "back": "in the pack",
    "flask": "in the flask holder",
    "small_bags": "in a small bag",
    "stash": "in the stash",
    "floor": "on the floor",
}


def words(value: Any, names: Names | None = None) -> str:
    """A field value in the player's words; ids that `names` knows become names."""
    if isinstance(value, Enum):
        return str(value.value).replace("_", " ")
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, tuple):
        return ", ".join(words(v, names) for v in value) or "none"
    if isinstance(value, str):
        if names is not None and value in names:
            return names[value]
        return value.replace("_", " ")
    return str(value)


def name(names: Names, key: str) -> str:
    """The display name of a character id or foe uid ("gm" and "party" too)."""
    if key == "gm":
        return "The GM"
    if key == "party":
        return "The party"
    return names.get(key, key)


def who_list(names: Names, ids: Any) -> str:
    """Several ids as names, "nobody" for none."""
    return ", ".join(name(names, str(who)) for who in ids) or "nobody"


def key_words(key: str) -> str:
    """A content key in words, the kind before a colon dropped: "spell:magic_missile" → "magic missile"."""
    return key.rsplit(":", 1)[-1].replace("_", " ")


def titled(key: str) -> str:
    """A content key as a title: "magic_missile" → "Magic missile"."""
    text = key_words(key)
    return text[:1].upper() + text[1:]


def where(place: str) -> str:
    """Where a carried item sits, in words ("in the left hand")."""
    return _PLACES.get(place, f"in the {place.replace('_', ' ')}")


def tracker_name(tracker: str) -> str:
    """A tracker's name without its location ("doom:crypt" → "doom")."""
    return tracker.split(":")[0].replace("_", " ")


def simple(template: str) -> Maker:
    """A line maker filling `template` with the event's fields in words (ids as names)."""

    def line(event: Any, names: Names) -> str:
        values: dict[str, str] = {}
        for f in dataclasses.fields(event):
            value = getattr(event, f.name)
            if f.name in ID_FIELDS and isinstance(value, str) and value in ("gm", "party"):
                values[f.name] = name(names, value)
            else:
                values[f.name] = words(value, names)
        return template.format(**values)

    return line


def cap(text: str) -> str:
    """The text with its first letter upper case."""
    return text[:1].upper() + text[1:]


def humanise(kind: str) -> str:
    """A class name in words: "TrapSprung" → "Trap sprung"."""
    out = "".join(f" {c.lower()}" if c.isupper() else c for c in kind).strip()
    return out[:1].upper() + out[1:]
