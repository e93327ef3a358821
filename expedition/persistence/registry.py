"""Provides the registry of dataclasses a snapshot may contain, each tagged by its class name.

Every `Event` subclass is known without registering (through `expedition.rules.core.events.EVENT_TYPES`),
as are the state classes of the rules foundation; other state classes call `register`.
"""

from __future__ import annotations

import dataclasses
import typing
from typing import Any, TypeVar

from expedition.rules.character.adventurer import Attribute, Character, Insight, Tokens
from expedition.rules.core.decisions import Choice, Decision
from expedition.rules.core.dice import DiceExpr, UsageDie
from expedition.rules.core.events import EVENT_TYPES
from expedition.rules.core.item_defs import Item, ItemDef

T = TypeVar("T")

_REGISTRY: dict[str, type] = {}


def register(cls: type[T]) -> type[T]:
    """Register a dataclass under its class name, so snapshots may contain it (usable as a decorator).

    Event subclasses need no call: every class in `expedition.rules.core.events.EVENT_TYPES` is known.

    Raises:
        TypeError: If `cls` is not a dataclass, its hints do not resolve, or another class has its name.
    """
    if not (isinstance(cls, type) and dataclasses.is_dataclass(cls)):
        raise TypeError(f"only dataclasses can be registered, not {cls!r}")
    existing = _REGISTRY.get(cls.__name__) or EVENT_TYPES.get(cls.__name__)
    if existing is not None and not same_class(existing, cls):
        raise TypeError(f"two registered classes are named {cls.__name__}")
    try:
        fields_of(cls)  # resolve the hints now, so a bad one fails at import rather than at load
    except Exception as error:  # get_type_hints raises NameError, TypeError, SyntaxError …
        raise TypeError(f"cannot resolve the type hints of {cls.__name__}: {error}") from error
    _REGISTRY[cls.__name__] = cls
    return cls


def registered() -> dict[str, type]:
    """Every class a snapshot may name: the explicit registry plus every event class defined so far."""
    return {**EVENT_TYPES, **_REGISTRY}


def same_class(a: type, b: type) -> bool:
    # A slotted dataclass is created twice, so compare where the class was defined, not identity.
    return a is b or (a.__module__, a.__qualname__) == (b.__module__, b.__qualname__)


def lookup(name: str) -> type | None:
    return _REGISTRY.get(name) or EVENT_TYPES.get(name)


_FieldInfo = tuple[tuple[str, Any, bool, bool], ...]
_FIELDS: dict[type, _FieldInfo] = {}


def fields_of(cls: type) -> _FieldInfo:
    """(name, hint, init, has_default) per field, with string hints resolved in the class's module."""
    cached = _FIELDS.get(cls)
    if cached is None:
        cached = _FIELDS[cls] = _resolve_fields(cls)
    return cached


def _resolve_fields(cls: type) -> _FieldInfo:
    hints = typing.get_type_hints(cls)
    return tuple(
        (
            f.name,
            hints[f.name],
            f.init,
            f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING,
        )
        for f in dataclasses.fields(cls)
    )


def _register_rules_state() -> None:
    # The state and value classes the rules foundation defines; later rules modules call `register`
    # on their own state (trackers, map) from the layer that assembles the campaign.

    for cls in (Attribute, Character, Insight, Tokens, Choice, Decision, DiceExpr, UsageDie, Item, ItemDef):
        register(cls)


_register_rules_state()
