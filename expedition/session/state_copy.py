"""Provides `snapshot`: a deep copy of the campaign state, as `copy.deepcopy` makes it, several times faster.

The session copies the whole state before every action (to roll a failed one back, and so the
views handed out keep showing the version they were made for). `copy.deepcopy` goes through
`__reduce_ex__` for every dataclass, tuple and frozenset in the tree, which made that copy most
of a simulation's time. This copier knows the few shapes the state is made of (dataclasses with
slots, lists, dicts, sets, tuples, enums and plain values) and copies each with code written for
its class once; anything else it hands to `copy.deepcopy`, with the same memo.

What it gives equals what `copy.deepcopy` gives: a tree no mutable part of which is shared with
the original, with the original's aliasing kept (an object reached twice is copied once). It
differs only where nothing can tell: a frozen dataclass, tuple or frozenset that holds nothing
mutable is the same object in both trees, since nobody can change it (`deepcopy` does the same
for tuples; it rebuilds frozen dataclasses and frozensets, which is most of its cost); a frozen
dataclass once found so is remembered and not walked again. And a dataclass may name fields
that the rules only ever replace whole, never change in place, in a class attribute `AT_REST`
(a location's kept dungeon and its map): the copy shares those too.
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Callable
from enum import Enum
from typing import Any, TypeVar

__all__ = ["snapshot"]

T = TypeVar("T")

_Handler = Callable[[Any, dict[int, Any]], Any]

_ATOMIC: set[type] = {int, str, float, bool, bytes, complex, type(None), range}
_HANDLERS: dict[type, _Handler] = {}
_SHARED: dict[int, Any] = {}
"""Frozen dataclass instances found to hold nothing mutable, by id: shared by every later copy without
walking them again (an item's definition, a foe's: the same few hundred objects in every snapshot).
Each is kept here, so its id stays its own while it is listed."""
_SHARED_KEPT = 4096


def snapshot(state: T) -> T:
    """A deep copy of `state` (see the module docstring)."""
    return _copy(state, {})  # type: ignore[no-any-return]


def _copy(x: Any, memo: dict[int, Any]) -> Any:
    cls = x.__class__
    if cls in _ATOMIC:
        return x
    if cls is tuple and _flat(x):
        return x
    done = memo.get(id(x), memo)
    if done is not memo:
        return done
    handler = _HANDLERS.get(cls)
    if handler is None:
        handler = _HANDLERS[cls] = _handler_for(cls)
    return handler(x, memo)


def _list(x: list[Any], memo: dict[int, Any]) -> list[Any]:
    y: list[Any] = []
    memo[id(x)] = y
    atomic = _ATOMIC
    append = y.append
    for v in x:
        append(v if v.__class__ in atomic else _copy(v, memo))
    return y


def _dict(x: dict[Any, Any], memo: dict[int, Any]) -> dict[Any, Any]:
    y: dict[Any, Any] = {}
    memo[id(x)] = y
    atomic = _ATOMIC
    for k, v in x.items():
        y[k if k.__class__ in atomic else _copy(k, memo)] = v if v.__class__ in atomic else _copy(v, memo)
    return y


def _set(x: set[Any], memo: dict[int, Any]) -> set[Any]:
    atomic = _ATOMIC
    for v in x:  # most sets hold plain values or positions: the elements are the copy's own
        if v.__class__ not in atomic and not (v.__class__ is tuple and _flat(v)):
            y = {v if v.__class__ in atomic else _copy(v, memo) for v in x}
            break
    else:
        y = set(list(x))  # built in x's order, as deepcopy builds it (so it iterates as deepcopy's did)
    memo[id(x)] = y
    return y


def _flat(x: tuple[Any, ...]) -> bool:
    """True when the tuple holds plain values only (a position): it is its own copy."""
    atomic = _ATOMIC
    for v in x:  # noqa: SIM110 - a plain loop: all() over a generator costs twice as much here
        if v.__class__ not in atomic:
            return False
    return True


def _tuple(x: tuple[Any, ...], memo: dict[int, Any]) -> tuple[Any, ...]:
    if _flat(x):
        return x
    atomic = _ATOMIC
    items = [v if v.__class__ in atomic else _copy(v, memo) for v in x]
    for a, b in zip(items, x, strict=True):
        if a is not b:
            y: tuple[Any, ...] = tuple(items)
            break
    else:
        y = x
    memo[id(x)] = y
    return y


def _frozenset(x: frozenset[Any], memo: dict[int, Any]) -> frozenset[Any]:
    atomic = _ATOMIC
    items = [v if v.__class__ in atomic else _copy(v, memo) for v in x]
    y = x if all(a is b for a, b in zip(items, x, strict=True)) else frozenset(items)
    memo[id(x)] = y
    return y


def _same(x: Any, memo: dict[int, Any]) -> Any:
    return x


def _generic(x: Any, memo: dict[int, Any]) -> Any:
    return copy.deepcopy(x, memo)


def _handler_for(cls: type) -> _Handler:
    if cls is list:
        return _list
    if cls is dict:
        return _dict
    if cls is set:
        return _set
    if cls is tuple:
        return _tuple
    if cls is frozenset:
        return _frozenset
    if issubclass(cls, Enum):  # an enum member is its own copy (`Enum.__deepcopy__`)
        _ATOMIC.add(cls)
        return _same
    if dataclasses.is_dataclass(cls) and _slotted(cls) and _plain(cls):
        return _dataclass_handler(cls)
    return _generic


def _slotted(cls: type) -> bool:
    """True when instances hold their fields in slots only (so the fields are all there is to copy)."""
    return all("__slots__" in vars(k) for k in cls.__mro__[:-1]) and not any(
        "__dict__" in getattr(k, "__slots__", ()) for k in cls.__mro__
    )


def _plain(cls: type) -> bool:
    """True when `deepcopy` copies the class field by field: no hook of its own changes that.

    A dataclass with slots gets `__getstate__`/`__setstate__` that copy its fields (which is what
    is done here); any other copy hook, or a `__setattr__` of its own, leaves it to `deepcopy`.
    """
    for k in cls.__mro__[:-1]:
        mine = vars(k)
        if any(hook in mine for hook in ("__deepcopy__", "__copy__", "__reduce__", "__reduce_ex__")):
            return False
        for hook in ("__getstate__", "__setstate__"):
            if hook in mine and not mine[hook].__qualname__.startswith("_dataclass_"):
                return False
        if "__setattr__" in mine and not cls.__dataclass_params__.frozen:  # type: ignore[attr-defined]
            return False
    return True


def _dataclass_handler(cls: type) -> _Handler:
    """A copier of one dataclass, made once for its fields (what `deepcopy` does for it, unrolled).

    Plain closures over the field names: no code is generated or evaluated (the session loads
    saves, and nothing in it may evaluate text).
    """
    names = tuple(f.name for f in dataclasses.fields(cls))
    new = object.__new__
    put = object.__setattr__

    if cls.__dataclass_params__.frozen:  # type: ignore[attr-defined]

        def copy_frozen(x: Any, memo: dict[int, Any]) -> Any:
            if _SHARED.get(id(x)) is x:  # found immutable before: nothing in it can have changed
                return x
            values = []
            same = True
            for name in names:
                value = getattr(x, name)
                if value.__class__ not in _ATOMIC:
                    copied = _copy(value, memo)
                    same = same and copied is value
                    value = copied
                values.append(value)
            if same:  # nothing mutable inside: share it, as `deepcopy` of a tuple would
                memo[id(x)] = x
                if len(_SHARED) >= _SHARED_KEPT:
                    _SHARED.clear()
                _SHARED[id(x)] = x
                return x
            y: Any = new(cls)
            for name, value in zip(names, values, strict=True):
                put(y, name, value)
            memo[id(x)] = y
            return y

        return copy_frozen

    at_rest = tuple(name for name in names if name in getattr(cls, "AT_REST", ()))
    copied = tuple(name for name in names if name not in at_rest)

    def copy_fields(x: Any, memo: dict[int, Any]) -> Any:
        y: Any = new(cls)
        memo[id(x)] = y
        for name in at_rest:  # never changed in place: the copy may share them (see `AT_REST`)
            put(y, name, getattr(x, name))
        for name in copied:
            value = getattr(x, name)
            put(y, name, value if value.__class__ in _ATOMIC else _copy(value, memo))
        return y

    return copy_fields
