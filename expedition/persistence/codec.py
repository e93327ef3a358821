"""Provides the codec between game-state trees of the rules' dataclasses and plain msgpack-able values.

Encoding and decoding follow the dataclasses' type hints: enums become their values, sets become
sorted lists, tuples lists, dicts keyed by strings (or string enums) maps and other dicts lists of
pairs. A dataclass becomes a map of its fields plus a `$type` tag naming its registered class, so a
`list[Event]` decodes to the right event classes. Decoding is strict and trusts nothing: an unknown
tag, an unexpected key, a wrong type or an unknown enum value raises `SnapshotError` with the path
of the bad value (`party[0].attrs.STR.score: expected int, got str`). A missing field that has a
default in the dataclass takes that default, so adding a field with a default needs no migration.
Nothing is ever pickled or evaluated.
"""

from __future__ import annotations

import dataclasses
import types
from enum import Enum
from typing import Any, Literal, Union, get_args, get_origin

from expedition.persistence.compiled_encoders import TAG, Mismatch, encoder_for, is_str_keyed, set_order
from expedition.persistence.registry import fields_of, lookup, same_class
from expedition.persistence.save_errors import EncodeError, SnapshotError

_NONE = type(None)

__all__ = [
    "TAG",
    "decode",
    "encode",
]


def _name(hint: Any) -> str:
    """A short readable name for a hint: `set[Affliction]`, `int | None`."""
    origin, args = get_origin(hint), get_args(hint)
    if origin is Union or origin is types.UnionType:
        return " | ".join(_name(arg) for arg in args)
    if origin is Literal:
        return f"one of {list(args)}"
    if origin is not None:
        inner = ", ".join("..." if arg is Ellipsis else _name(arg) for arg in args)
        return f"{getattr(origin, '__name__', str(origin))}[{inner}]"
    if hint is _NONE or hint is None:
        return "None"
    return getattr(hint, "__name__", str(hint))


def _join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


def _kind(value: object) -> str:
    return "None" if value is None else type(value).__name__


def encode(value: object, hint: Any = None) -> Any:
    """Turn `value` into plain values (None, bool, int, float, str, bytes, list, dict with str keys).

    Args:
        value: A registered dataclass, an enum, a container of them, or a plain value.
        hint: The type `value` is declared as (`list[Character]`); defaults to its runtime class.

    Raises:
        EncodeError: Naming the path of a value that does not match its hint or cannot be stored.
    """
    hint = type(value) if hint is None else hint
    try:
        return encoder_for(hint)(value)  # the same encoding, its hint read once (`compiled_encoders`)
    except Mismatch:
        pass
    return _encode(value, hint, "")  # something does not fit: this walk says where, and raises


def decode(data: object, hint: Any, path: str = "") -> Any:
    """Rebuild a value of type `hint` from plain `data`, checking every type on the way.

    Args:
        data: Plain values, as `encode` returns them or as read from a file.
        hint: The type expected (`Character`, `list[Event]`, `dict[Attr, Attribute]`).
        path: Where `data` sits in the snapshot, used as the prefix of error messages.

    Raises:
        SnapshotError: Naming the path of the first value that is not what the hint says.
    """
    return _decode(data, hint, path)


def _encode(value: Any, hint: Any, path: str) -> Any:
    origin, args = get_origin(hint), get_args(hint)

    def bad(expected: str) -> EncodeError:
        return EncodeError(f"{path or '<root>'}: expected {expected}, got {_kind(value)}")

    if hint is Any or hint is object:
        return _plain(value, path, EncodeError)
    if hint is None or hint is _NONE:
        if value is not None:
            raise bad("None")
        return None
    if origin is Union or origin is types.UnionType:
        if value is None and _NONE in args:
            return None
        for arg in args:
            if arg is not _NONE and _fits(value, arg):
                return _encode(value, arg, path)
        raise bad(_name(hint))
    if origin is Literal:
        if value not in args:
            raise bad(f"one of {args}")
        return _plain(value, path, EncodeError)
    if origin is list or hint is list:
        if not isinstance(value, list):
            raise bad("list")
        item = args[0] if args else Any
        return [_encode(v, item, f"{path}[{i}]") for i, v in enumerate(value)]
    if origin is tuple or hint is tuple:
        if not isinstance(value, tuple):
            raise bad("tuple")
        if not args or (len(args) == 2 and args[1] is Ellipsis):
            item = args[0] if args else Any
            return [_encode(v, item, f"{path}[{i}]") for i, v in enumerate(value)]
        if len(value) != len(args) or args == ((),):
            raise bad(f"{len(args)} items")
        return [_encode(v, a, f"{path}[{i}]") for i, (v, a) in enumerate(zip(value, args, strict=True))]
    if origin in (set, frozenset) or hint in (set, frozenset):
        if not isinstance(value, set | frozenset):
            raise bad("set")
        item = args[0] if args else Any
        # Sorted by encoded bytes so the same set always writes the same snapshot.
        return sorted((_encode(v, item, f"{path}[]") for v in value), key=set_order)
    if origin is dict or hint is dict:
        if not isinstance(value, dict):
            raise bad("dict")
        key_hint, item = args if args else (str, Any)
        if is_str_keyed(key_hint):
            encoded = {}
            for k, v in value.items():
                key = _encode(k, key_hint, f"{path}<key>")
                encoded[key] = _encode(v, item, _join(path, key))
            return encoded
        return [
            [_encode(k, key_hint, f"{path}[{i}][0]"), _encode(v, item, f"{path}[{i}][1]")]
            for i, (k, v) in enumerate(value.items())
        ]
    if not isinstance(hint, type):
        raise EncodeError(f"{path or '<root>'}: no codec for the hint {_name(hint)}")
    if not isinstance(value, hint) or (hint is int and isinstance(value, bool)):
        raise bad(hint.__name__)
    if issubclass(hint, Enum) or isinstance(value, Enum):
        return _plain(value.value if isinstance(value, Enum) else value, path, EncodeError)
    if dataclasses.is_dataclass(hint):
        cls = type(value)
        if lookup(cls.__name__) is None or not same_class(lookup(cls.__name__) or cls, cls):
            raise EncodeError(f"{path or '<root>'}: {cls.__name__} is not registered with the codec")
        out: dict[str, Any] = {TAG: cls.__name__}
        for name, field_hint, _, _ in fields_of(cls):
            out[name] = _encode(getattr(value, name), field_hint, _join(path, name))
        return out
    if hint in (bool, int, float, str, bytes):
        return _plain(value, path, EncodeError)
    raise EncodeError(f"{path or '<root>'}: no codec for {hint.__name__}")


def _fits(value: Any, hint: Any) -> bool:
    """Whether `value` is an instance of one member of a union, to pick which member encodes it."""
    origin = get_origin(hint)
    if origin is Literal:
        return value in get_args(hint)
    if hint is Any or hint is object:
        return True
    target = origin or hint
    return isinstance(target, type) and isinstance(value, target)


def _plain(value: Any, path: str, error: type[EncodeError] | type[SnapshotError]) -> Any:
    """Check that `value` is a plain tree and return it with str and int subclasses made exact."""
    if value is None or type(value) in (bool, float, bytes):
        return value
    if isinstance(value, int) and not isinstance(value, bool):
        if not -(1 << 63) <= value < 1 << 64:
            raise error(f"{path or '<root>'}: integer {value} does not fit in 64 bits")
        return int(value)
    if isinstance(value, str):
        return str.__str__(value)
    if type(value) is list:
        return [_plain(v, f"{path}[{i}]", error) for i, v in enumerate(value)]
    if type(value) is dict:
        if not all(type(k) is str for k in value):
            raise error(f"{path or '<root>'}: map keys must be strings")
        return {k: _plain(v, _join(path, k), error) for k, v in value.items()}
    raise error(f"{path or '<root>'}: {_kind(value)} is not a plain value")


def _decode(data: Any, hint: Any, path: str) -> Any:
    if type(data) is hint and hint in _SCALARS:  # most values: skip the hint's analysis below
        return data
    origin, args = get_origin(hint), get_args(hint)
    where = path or "<root>"

    def bad(expected: str) -> SnapshotError:
        return SnapshotError(f"{where}: expected {expected}, got {_kind(data)}")

    if hint is Any or hint is object:
        return _plain(data, path, SnapshotError)
    if hint is None or hint is _NONE:
        if data is not None:
            raise bad("None")
        return None
    if origin is Union or origin is types.UnionType:
        if data is None and _NONE in args:
            return None
        options = [arg for arg in args if arg is not _NONE]
        if len(options) == 1:
            return _decode(data, options[0], path)
        for arg in options:
            try:
                return _decode(data, arg, path)
            except SnapshotError:
                continue
        raise bad(_name(hint))
    if origin is Literal:
        if data not in args or type(data) not in {type(a) for a in args}:
            raise SnapshotError(f"{where}: expected one of {list(args)}, got {data!r}")
        return data
    if origin in (list, tuple, set, frozenset) or hint in (list, tuple, set, frozenset):
        return _decode_sequence(data, hint, origin or hint, args, path)
    if origin is dict or hint is dict:
        key_hint, item = args if args else (str, Any)
        if is_str_keyed(key_hint):
            if type(data) is not dict:
                raise bad("map")
            return {
                _decode(k, key_hint, f"{path}<key>"): _decode(v, item, _join(path, k))
                for k, v in data.items()
            }
        if type(data) is not list:
            raise bad("list of pairs")
        result = {}
        for i, pair in enumerate(data):
            if type(pair) is not list or len(pair) != 2:
                raise SnapshotError(f"{path}[{i}]: expected a [key, value] pair, got {_kind(pair)}")
            result[_decode(pair[0], key_hint, f"{path}[{i}][0]")] = _decode(pair[1], item, f"{path}[{i}][1]")
        if len(result) != len(data):
            raise SnapshotError(f"{where}: a key is repeated")
        return result
    if not isinstance(hint, type):
        raise SnapshotError(f"{where}: no codec for the hint {_name(hint)}")
    if issubclass(hint, Enum):
        if type(data) not in (str, int) or data not in hint._value2member_map_:
            values = ", ".join(str(m.value) for m in hint)
            raise SnapshotError(f"{where}: expected {hint.__name__} ({values}), got {data!r}")
        return hint._value2member_map_[data]
    if dataclasses.is_dataclass(hint):
        return _decode_dataclass(data, hint, path)
    if hint is float and type(data) is int:
        return float(data)
    if hint in (bool, int, float, str, bytes):
        if type(data) is not hint:
            raise bad(hint.__name__)
        return data
    raise SnapshotError(f"{where}: no codec for {hint.__name__}")


_SCALARS = frozenset({bool, int, float, str, bytes})
"""Hints whose values decode to themselves when their type is exactly the hint."""


def _decode_sequence(data: Any, hint: Any, origin: Any, args: tuple[Any, ...], path: str) -> Any:
    if type(data) is not list:
        raise SnapshotError(f"{path or '<root>'}: expected {_name(hint)} (a list), got {_kind(data)}")
    if origin is tuple and args and not (len(args) == 2 and args[1] is Ellipsis):
        fixed = () if args == ((),) else args
        if len(data) != len(fixed):
            raise SnapshotError(f"{path or '<root>'}: expected {len(fixed)} items, got {len(data)}")
        if all(type(v) is a and a in _SCALARS for v, a in zip(data, fixed, strict=True)):
            return tuple(data)  # a position and the like: nothing in it to decode
        return tuple(_decode(v, a, f"{path}[{i}]") for i, (v, a) in enumerate(zip(data, fixed, strict=True)))
    item = args[0] if args else Any
    items = _plain_items(data, item)
    if items is None:
        items = [_decode(v, item, f"{path}[{i}]") for i, v in enumerate(data)]
    if origin is list:
        return items
    if origin is tuple:
        return tuple(items)
    result = origin(items)
    if len(result) != len(items):
        raise SnapshotError(f"{path or '<root>'}: a set repeats an element")
    return result


def _plain_items(data: list[Any], item: Any) -> list[Any] | None:
    """The items of a list of scalars or of scalar tuples (positions), when every one is exactly so.

    A fast path for what a level's memory is made of, thousands of positions; None when any item
    needs the full decoding (which then also names the bad one).
    """
    if item in _SCALARS:
        return list(data) if all(type(v) is item for v in data) else None
    if get_origin(item) is not tuple:
        return None
    parts = get_args(item)
    if not parts or not all(part in _SCALARS for part in parts):
        return None
    size = len(parts)
    for value in data:
        if type(value) is not list or len(value) != size:
            return None
        for part, kind in zip(value, parts, strict=True):
            if type(part) is not kind:
                return None
    return [tuple(value) for value in data]


def _decode_dataclass(data: Any, hint: type, path: str) -> Any:
    where = path or "<root>"
    if type(data) is not dict:
        raise SnapshotError(f"{where}: expected {hint.__name__} (a map), got {_kind(data)}")
    name = data.get(TAG)
    if type(name) is not str:
        raise SnapshotError(f"{where}: a {hint.__name__} needs a string {TAG} tag")
    cls = lookup(name)
    if cls is None:
        raise SnapshotError(f"{where}: unknown type {name!r}")
    if not issubclass(cls, hint):
        raise SnapshotError(f"{where}: expected {hint.__name__}, got {name}")
    fields = fields_of(cls)
    extra = sorted(set(data) - {TAG} - {f[0] for f in fields})
    if extra:
        raise SnapshotError(f"{_join(path, extra[0])}: unexpected field of {name}")
    init: dict[str, Any] = {}
    late: dict[str, Any] = {}
    for field_name, field_hint, in_init, has_default in fields:
        if field_name not in data:
            if has_default and in_init:
                continue
            raise SnapshotError(f"{_join(path, field_name)}: missing field of {name}")
        value = _decode(data[field_name], field_hint, _join(path, field_name))
        (init if in_init else late)[field_name] = value
    try:
        obj = cls(**init)
    except Exception as error:  # a __post_init__ check refused the values: the file is wrong
        raise SnapshotError(f"{where}: {name} refused its fields: {error}") from error
    for field_name, value in late.items():
        object.__setattr__(obj, field_name, value)
    return obj
