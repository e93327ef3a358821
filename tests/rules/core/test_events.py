"""Tests for core/events.py: the event base, its registry and the shape of every rules event (§2, DESIGN)."""

from __future__ import annotations

import dataclasses
import enum
import importlib
import pkgutil
import types
import typing
from dataclasses import dataclass

import pytest

import expedition.rules
from expedition.rules.core.events import EVENT_TYPES, DiceRolled, Event, Note


def _rules_events() -> dict[str, type[Event]]:
    for info in pkgutil.walk_packages(expedition.rules.__path__, "expedition.rules."):
        importlib.import_module(info.name)
    return {name: cls for name, cls in EVENT_TYPES.items() if cls.__module__.startswith("expedition.rules.")}


RULES_EVENTS = _rules_events()


def _plain(hint: object) -> bool:
    """Plain types only: int, str, bool, enums, frozen dataclasses, tuples and optionals of those."""
    if hint in (int, str, bool, type(None)):
        return True
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return True
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        params = hint.__dataclass_params__  # type: ignore[attr-defined]
        return bool(params.frozen) and all(_plain(h) for h in typing.get_type_hints(hint).values())
    origin = typing.get_origin(hint)
    if origin in (tuple, frozenset, types.UnionType, typing.Union):
        return all(arg is Ellipsis or _plain(arg) for arg in typing.get_args(hint))
    return False


def test_the_registry_knows_the_base_events_by_name() -> None:
    """§2: `DiceRolled` and `Note` are registered under their class names, the tag saves use."""
    assert EVENT_TYPES["DiceRolled"] is DiceRolled and EVENT_TYPES["Note"] is Note
    assert "Event" not in EVENT_TYPES


def test_a_second_event_class_with_a_taken_name_is_refused() -> None:
    """§2, DESIGN (events): names are unique project-wide, so a clash fails at import time."""
    with pytest.raises(TypeError, match="two event classes are named DiceRolled"):

        @dataclass(frozen=True, slots=True, kw_only=True)
        class DiceRolled(Event):  # the clash is the point
            pass

    assert EVENT_TYPES["DiceRolled"].__module__ == "expedition.rules.core.events"


def test_events_need_a_rule_and_keywords_and_cannot_change() -> None:
    """§2: an event names its rule, is built by keyword and is frozen."""
    event = DiceRolled(rule="§2", who="gm", why="decay", sides=6, faces=(3, 4))
    with pytest.raises(TypeError):
        DiceRolled("§2", "gm", "decay", 6, (3, 4))  # type: ignore[misc]
    with pytest.raises(TypeError):
        DiceRolled(who="gm", why="decay", sides=6, faces=(3,))  # type: ignore[call-arg]
    with pytest.raises(dataclasses.FrozenInstanceError):
        event.sides = 8  # type: ignore[misc]


@pytest.mark.parametrize("name", sorted(RULES_EVENTS))
def test_every_rules_event_is_frozen_slotted_keyword_only_and_plain(name: str) -> None:
    """§2, DESIGN (events): each rules event is a frozen, slotted, keyword-only dataclass of plain types."""
    cls = RULES_EVENTS[name]
    params = cls.__dataclass_params__  # type: ignore[attr-defined]
    assert params.frozen, f"{name} is not frozen"
    assert "__slots__" in cls.__dict__, f"{name} has no slots"
    assert all(f.kw_only for f in dataclasses.fields(cls)), f"{name} takes positional fields"
    hints = typing.get_type_hints(cls)
    odd = {field: hint for field, hint in hints.items() if not _plain(hint)}
    assert odd == {}, f"{name} holds non-plain fields {odd}"
