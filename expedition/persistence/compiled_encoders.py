"""Provides `encoder_for`: the codec's encoding of one type hint, worked out once and kept.

`codec.encode` reads a value's type hint as it walks the value, asking `get_origin` and
`get_args` again for every field of every object and writing each value's path for messages it
almost never needs. A state holds thousands of values, and replaying a journal encodes it once
per action to check the journal's digests: that reading was 85 % of a replay. Here each hint is
read once, into a function that encodes its values the same way, and the path is left out.
Where a value does not fit its hint, the function raises `Mismatch` and `codec.encode` encodes the
value again the slow way, which names the path of what is wrong. So both give the same results
and the same errors; only the time differs.
"""

from __future__ import annotations

import types
from collections.abc import Callable
from enum import Enum
from typing import Any, Literal, Union, get_args, get_origin

import msgpack  # type: ignore[import-untyped]  # msgpack ships no type hints

from expedition.persistence.registry import fields_of, lookup, same_class

__all__ = ["TAG", "Mismatch", "encoder_for", "is_str_keyed", "set_order"]

TAG = "$type"
"""The map key naming a dataclass's registered class."""

Encoder = Callable[[Any], Any]

_NONE = type(None)
_LOWEST, _BEYOND = -(1 << 63), 1 << 64
"""The integers msgpack can store: from the lowest to just below the second."""
_BY_HINT: dict[Any, Encoder] = {}
_BY_CLASS: dict[type, Encoder] = {}
"""The fields' encoders of each registered dataclass met, by its class."""


class Mismatch(Exception):
    """A value does not fit its hint: `codec.encode` encodes it again to say where."""


def encoder_for(hint: Any) -> Encoder:
    """The function that encodes values declared as `hint` (see the module docstring)."""
    try:
        found = _BY_HINT.get(hint)
    except TypeError:  # an unhashable hint: worked out each time
        return _compile(hint)
    if found is None:
        found = _BY_HINT[hint] = _compile(hint)
    return found


def set_order(value: Any) -> tuple[int, Any]:
    """Sort key for set elements: strings, then numbers, then anything else by its packed bytes."""
    if type(value) is str:
        return (0, value)
    if type(value) in (int, float, bool):
        return (1, value)
    return (2, msgpack.packb(value, use_bin_type=True))


def is_str_keyed(key_hint: Any) -> bool:
    """True when a dict with keys of this hint is stored as a map (else as a list of pairs)."""
    if key_hint is str:
        return True
    if isinstance(key_hint, type) and issubclass(key_hint, Enum):
        return all(type(member.value) is str for member in key_hint)
    return get_origin(key_hint) is Literal and all(type(arg) is str for arg in get_args(key_hint))


def _plain(value: Any) -> Any:
    """A plain tree (None, bool, int, float, str, bytes, list, str-keyed dict), str and int made exact."""
    kind = value.__class__
    if value is None or kind is bool or kind is float or kind is bytes:
        return value
    if isinstance(value, int):  # bool was taken above, and cannot be subclassed
        if not _LOWEST <= value < _BEYOND:
            raise Mismatch
        return int(value)
    if isinstance(value, str):
        return str.__str__(value)
    if kind is list:
        return [_plain(v) for v in value]
    if kind is dict:
        if not all(type(k) is str for k in value):
            raise Mismatch
        return {k: _plain(v) for k, v in value.items()}
    raise Mismatch


def _mismatch(value: Any) -> Any:
    raise Mismatch


def _compile(hint: Any) -> Encoder:
    origin, args = get_origin(hint), get_args(hint)
    if hint is Any or hint is object:
        return _plain
    if hint is None or hint is _NONE:
        return _none
    if origin is Union or origin is types.UnionType:
        return _union(args)
    if origin is Literal:
        return _literal(args)
    if origin is list or hint is list:
        return _sequence(list, encoder_for(args[0] if args else Any))
    if origin is tuple or hint is tuple:
        if not args or (len(args) == 2 and args[1] is Ellipsis):
            return _sequence(tuple, encoder_for(args[0] if args else Any))
        if args == ((),):
            return _mismatch
        return _fixed_tuple(tuple(encoder_for(arg) for arg in args))
    if origin in (set, frozenset) or hint in (set, frozenset):
        return _set(encoder_for(args[0] if args else Any))
    if origin is dict or hint is dict:
        key_hint, item = args if args else (str, Any)
        keys, values = encoder_for(key_hint), encoder_for(item)
        return _map(keys, values) if is_str_keyed(key_hint) else _pairs(keys, values)
    if not isinstance(hint, type):
        return _mismatch
    if hint is str:
        return _str
    if hint is int:
        return _int
    if issubclass(hint, Enum):
        return _enum(hint)
    if hasattr(hint, "__dataclass_fields__"):
        return _dataclass(hint)
    if hint in (bool, float, bytes):
        return _scalar(hint)
    return _mismatch


def _none(value: Any) -> None:
    if value is not None:
        raise Mismatch


def _union(args: tuple[Any, ...]) -> Encoder:
    nullable = _NONE in args
    members = tuple((_fits(arg), encoder_for(arg)) for arg in args if arg is not _NONE)

    def union(value: Any) -> Any:
        if value is None and nullable:
            return None
        for fits, encoder in members:
            if fits(value):
                return encoder(value)
        raise Mismatch

    return union


def _fits(hint: Any) -> Callable[[Any], bool]:
    """Whether a value is an instance of this member of a union (the member that encodes it)."""
    origin = get_origin(hint)
    if origin is Literal:
        choices = get_args(hint)
        return lambda value: value in choices
    if hint is Any or hint is object:
        return lambda value: True
    target = origin or hint
    if not isinstance(target, type):
        return lambda value: False
    return lambda value: isinstance(value, target)


def _literal(choices: tuple[Any, ...]) -> Encoder:
    def literal(value: Any) -> Any:
        if value not in choices:
            raise Mismatch
        return _plain(value)

    return literal


def _sequence(kind: type[list[Any]] | type[tuple[Any, ...]], item: Encoder) -> Encoder:
    """A list, or a tuple of any length: a list of its items encoded."""

    def encode_sequence(value: Any) -> Any:
        if not isinstance(value, kind):
            raise Mismatch
        return [item(v) for v in value]

    return encode_sequence


def _fixed_tuple(items: tuple[Encoder, ...]) -> Encoder:
    size = len(items)

    def encode_fixed(value: Any) -> Any:
        if not isinstance(value, tuple) or len(value) != size:
            raise Mismatch
        return [item(v) for item, v in zip(items, value, strict=True)]

    return encode_fixed


def _set(item: Encoder) -> Encoder:
    def encode_set(value: Any) -> Any:
        if not isinstance(value, set | frozenset):
            raise Mismatch
        return sorted((item(v) for v in value), key=set_order)  # the same set always writes the same

    return encode_set


def _map(keys: Encoder, values: Encoder) -> Encoder:
    def encode_map(value: Any) -> Any:
        if not isinstance(value, dict):
            raise Mismatch
        return {keys(k): values(v) for k, v in value.items()}

    return encode_map


def _pairs(keys: Encoder, values: Encoder) -> Encoder:
    def encode_pairs(value: Any) -> Any:
        if not isinstance(value, dict):
            raise Mismatch
        return [[keys(k), values(v)] for k, v in value.items()]

    return encode_pairs


def _str(value: Any) -> Any:
    if value.__class__ is str:
        return value
    if not isinstance(value, str):
        raise Mismatch
    return _plain(value.value if isinstance(value, Enum) else value)


def _int(value: Any) -> Any:
    if value.__class__ is int:
        if not _LOWEST <= value < _BEYOND:
            raise Mismatch
        return value
    if not isinstance(value, int) or isinstance(value, bool):
        raise Mismatch
    return _plain(value.value if isinstance(value, Enum) else value)


def _scalar(hint: type) -> Encoder:
    def scalar(value: Any) -> Any:
        if not isinstance(value, hint):
            raise Mismatch
        return _plain(value.value if isinstance(value, Enum) else value)

    return scalar


def _enum(hint: type[Enum]) -> Encoder:
    def encode_enum(value: Any) -> Any:
        if not isinstance(value, hint):
            raise Mismatch
        return _plain(value.value)

    return encode_enum


def _dataclass(hint: type) -> Encoder:
    def encode_dataclass(value: Any) -> Any:
        if not isinstance(value, hint):
            raise Mismatch
        cls = value.__class__
        registered = lookup(cls.__name__)
        if registered is not cls and (registered is None or not same_class(registered, cls)):
            raise Mismatch  # not registered with the codec
        fields = _BY_CLASS.get(cls)
        if fields is None:
            fields = _BY_CLASS[cls] = _fields_of(cls)
        return fields(value)

    return encode_dataclass


def _fields_of(cls: type) -> Encoder:
    tag = cls.__name__
    fields = tuple((name, encoder_for(hint)) for name, hint, _, _ in fields_of(cls))

    def encode_fields(value: Any) -> Any:
        out: dict[str, Any] = {TAG: tag}
        for name, encoder in fields:
            out[name] = encoder(getattr(value, name))
        return out

    return encode_fields
