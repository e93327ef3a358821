"""Provides `PlaceIds`: the ids the seats know places by, since an old save's dungeon key names its seed.

The generator keys a dungeon `gen-<seed>` (`dungeon.generate`). Rebuilding the dungeon from the
seed shows every unfound trap, secret door and monster, so no seat may see it (DESIGN.md,
"Serving"). Since this wave, setting out renames a new dungeon `dungeon-<n>` before the campaign
ever holds it (`rules.interlude.setting_out.fresh_key`), so a new campaign has nothing to rename and
every method here gives its value back untouched. Saves and journals made before keep their
`gen-<seed>` keys (as the location's name, its doom's name `doom:gen-<seed>`, the current
`location`, and fields of events and actions); for them every place a seat is shown is renamed on
the way out, `gen-<seed>` to `dungeon-<n>`, and every action or answer a seat sends is renamed back
on the way in (`Session.submit`).

`n` counts the generated dungeons in the order the party first went to them (the order of
`CampaignState.locations`, which snapshots keep): the first is `dungeon-1` for the whole campaign,
and the number says nothing of the seed. A `gen-<digits>` the state does not know is shown as
`dungeon-0`, so even a stray one never tells its digits.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import fields, is_dataclass, replace
from enum import Enum
from typing import Any, TypeVar

import msgpack  # type: ignore[import-untyped]  # msgpack ships no type hints

from expedition.rules.engine.campaign import CampaignState

__all__ = ["GENERATED", "SHOWN_AS", "PlaceIds"]

GENERATED = re.compile(r"\bgen-\d+\b")
"""A generated dungeon's key, wherever it sits in a text ("doom:gen-11031104")."""
SHOWN_AS = "dungeon-{}"
"""The id a seat knows the n-th generated dungeon by."""

T = TypeVar("T")

_last: tuple[Any, tuple[tuple[str, str], ...], Any] | None = None
"""The last part renamed by `PlaceIds.shared`, the ids it was renamed with, and the result."""


class PlaceIds:
    """The ids of one campaign's generated dungeons, both ways.

    Args:
        keys: The generated dungeons' keys, in the order the party first went to them.
        taken: Every other location's key (an id never takes one of them).
    """

    __slots__ = ("real", "shown")

    def __init__(self, keys: list[str], taken: set[str]) -> None:
        self.shown: dict[str, str] = {}
        """The id each key is shown as."""
        number = 0
        for key in keys:
            number += 1
            while SHOWN_AS.format(number) in taken:  # an authored dungeon or town already has the name
                number += 1
            self.shown[key] = SHOWN_AS.format(number)
        self.real: dict[str, str] = {shown: key for key, shown in self.shown.items()}
        """The key behind each id."""

    @classmethod
    def of(cls, state: CampaignState) -> PlaceIds:
        """The ids of `state`'s generated dungeons."""
        keys = [key for key in state.locations if GENERATED.fullmatch(key)]
        return cls(keys, {key for key in state.locations if key not in keys})

    def __bool__(self) -> bool:
        return bool(self.shown)

    def text(self, text: str) -> str:
        """`text` with every generated dungeon's key replaced by its id."""
        if "gen-" not in text:
            return text
        return GENERATED.sub(lambda found: self.shown.get(found.group(), SHOWN_AS.format(0)), text)

    def plain(self, value: T) -> T:
        """Plain values (maps, lists, strings…) with every key renamed, map keys included.

        A part with nothing to rename is returned as it is (not copied), so this costs little on the
        big parts of a view (a level's rows are strings without one); a part whose encoding holds
        no key at all is not even walked (msgpack finds that out at C speed).
        """
        if not self.shown or (isinstance(value, dict | list) and not _mentions_a_key(value)):
            return value
        return self._plain(value)  # type: ignore[no-any-return]  # same type: see `_plain`

    def _plain(self, value: Any) -> Any:
        if isinstance(value, str):
            return self.text(value)
        if isinstance(value, dict):
            out = {self.text(k) if isinstance(k, str) else k: self._plain(v) for k, v in value.items()}
            same = len(out) == len(value) and all(k in value and value[k] is v for k, v in out.items())
            return value if same else out
        if isinstance(value, list | tuple):
            items = [self._plain(item) for item in value]
            if all(a is b for a, b in zip(items, value, strict=True)):
                return value
            return type(value)(items) if isinstance(value, list) else tuple(items)
        return value

    def shared(self, value: T) -> T:
        """`plain` for a part every seat's view of one update shares (the expedition): renamed once.

        A second call with the very same object and the same ids returns the same result.
        """
        global _last
        ids = tuple(self.shown.items())
        if _last is not None and _last[0] is value and _last[1] == ids:
            return _last[2]  # type: ignore[no-any-return]  # what `plain` gave for this very value
        renamed = self.plain(value)
        _last = (value, ids, renamed)  # holding `value` keeps its id from being reused by another
        return renamed

    def typed(self, value: T) -> T:
        """A frozen value (an event, a decision, an action, an option) with every key renamed.

        Its string fields are renamed, and so are those of the dataclasses, tuples, lists and maps
        it holds; an unchanged value is returned as it is.

        A part reached twice (the options of one choice share their actors, items and places) is
        looked at once when it comes back unchanged: the answer is the part itself either way.
        """
        if not self.shown:  # nothing to rename: every campaign begun since dungeons got opaque keys
            return value
        return self._typed(value, {})  # type: ignore[no-any-return]  # same type: see `_typed`

    def _typed(self, value: Any, same: dict[int, Any]) -> Any:
        kind = _KINDS.get(value.__class__)
        if kind is None:
            kind = _KINDS[value.__class__] = _kind_of(value.__class__)
        if kind is _ATOM:
            return value
        if kind is _TEXT:
            return self.text(value) if "gen-" in value else value
        if id(value) in same:  # unchanged the first time, so now (`same` holds it: its id is its own)
            return value
        if _CLEAN.get(id(value)) is value:  # frozen through and through, and seen to hold no key
            return value
        if kind is _LIST or kind is _TUPLE:
            items = [self._typed(item, same) for item in value]
            if all(a is b for a, b in zip(items, value, strict=True)):
                same[id(value)] = value
                if kind is _TUPLE and all(_frozen_and_clean(item) for item in value):
                    _keep_clean(value)
                return value
            return list(items) if kind is _LIST else tuple(items)
        if kind is _MAP:
            out = {self._typed(k, same): self._typed(v, same) for k, v in value.items()}
            if all(k in value and value[k] is v for k, v in out.items()) and len(out) == len(value):
                same[id(value)] = value
                return value
            return out
        if kind is _OTHER:
            return value
        changes = {}
        kinds = _KINDS
        for name in kind:  # a dataclass: the names of its fields set in `__init__`
            old = getattr(value, name)
            field_kind = kinds.get(old.__class__)
            if field_kind is _ATOM or (field_kind is _TEXT and "gen-" not in old):
                continue  # most fields: what `_typed` would give back as it is, without the call
            new = self._typed(old, same)
            if new is not old:
                changes[name] = new
        if changes:
            return replace(value, **changes)
        same[id(value)] = value
        if _FROZEN.get(value.__class__, False) and all(_frozen_and_clean(getattr(value, n)) for n in kind):
            _keep_clean(value)
        return value

    def key_of(self, text: str) -> str:
        """The key behind an id a seat sent (any other text as it is)."""
        return self.real.get(text, text)

    def action(self, value: T) -> T:
        """An action a seat sent, each field that is an id replaced by its key."""
        if not self.real or not is_dataclass(value) or isinstance(value, type):
            return value
        changes = {
            field.name: self.real[old]
            for field in fields(value)
            if field.init and isinstance(old := getattr(value, field.name), str) and old in self.real
        }
        return replace(value, **changes) if changes else value


_ATOM: tuple[str, ...] = ("atom",)
"""A class whose values hold no text: ints, floats, bools, None, enums that are not text."""
_TEXT: tuple[str, ...] = ("text",)
_LIST: tuple[str, ...] = ("list",)
_TUPLE: tuple[str, ...] = ("tuple",)
_MAP: tuple[str, ...] = ("map",)
_OTHER: tuple[str, ...] = ("other",)
"""A class `typed` leaves as it is (none of the above, not a dataclass)."""
_KINDS: dict[type, tuple[str, ...]] = {}
"""How `PlaceIds.typed` walks each class it has met: one of the kinds above, or a dataclass's init
fields' names (found once per class, where `dataclasses.fields` cost most of the walk)."""


_CLEAN: dict[int, Any] = {}
"""Values `typed` found to hold no generated key, all the way down, and that cannot change (tuples
and frozen dataclasses of such values, texts and atoms), by id: met again (an option list the
market keeps from view to view), they are not walked again. It holds them, so no id is reused."""
_CLEAN_KEPT = 20_000
"""At most this many are remembered; then the memory starts afresh."""
_FROZEN: dict[type, bool] = {}
"""Whether each dataclass `typed` has met is frozen (its values cannot change once made)."""


def _frozen_and_clean(value: Any) -> bool:
    """True for a part that can never come to hold a key: an atom, a text without one, or a clean value."""
    kind = _KINDS.get(value.__class__)
    if kind is _ATOM:
        return True
    if kind is _TEXT:
        return "gen-" not in value
    return _CLEAN.get(id(value)) is value


def _keep_clean(value: Any) -> None:
    if len(_CLEAN) >= _CLEAN_KEPT:
        _CLEAN.clear()
    _CLEAN[id(value)] = value


def _kind_of(cls: type) -> tuple[str, ...]:
    """How `typed` walks a value of `cls`: the tests it made on each value, made once for the class."""
    if issubclass(cls, str):
        return _TEXT
    if is_dataclass(cls):
        _FROZEN[cls] = bool(getattr(cls, "__dataclass_params__").frozen)  # noqa: B009 — not in typeshed
        return tuple(field.name for field in fields(cls) if field.init)
    if issubclass(cls, list):
        return _LIST
    if issubclass(cls, tuple):
        return _TUPLE
    if issubclass(cls, Mapping):
        return _MAP
    if cls in (int, float, bool, bytes, type(None)) or issubclass(cls, Enum):
        return _ATOM
    return _OTHER


def _mentions_a_key(value: Any) -> bool:
    """False when no generated dungeon's key can be in `value` (plain values): its encoding has none."""
    try:
        return b"gen-" in msgpack.packb(value)
    except (TypeError, ValueError, OverflowError):  # not plain after all: look at every part
        return True
