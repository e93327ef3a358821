"""Tests for core/actions.py: the `Action` base class and the registry of action classes by name (§10)."""

from __future__ import annotations

import dataclasses
import importlib
import pkgutil
from collections.abc import Iterator

import pytest

import expedition.rules
from expedition.rules.core.actions import ACTION_TYPES, Action

# Every rules module defines its actions on import; load them all so the registry is complete.
for _info in pkgutil.walk_packages(expedition.rules.__path__, "expedition.rules."):
    importlib.import_module(_info.name)


@pytest.fixture
def registry() -> Iterator[dict[str, type[Action]]]:
    """The registry, restored afterwards so classes made in a test never reach the journal codec."""
    saved = dict(ACTION_TYPES)
    try:
        yield ACTION_TYPES
    finally:
        ACTION_TYPES.clear()
        ACTION_TYPES.update(saved)


def test_an_action_class_registers_under_its_name_section_10(registry: dict[str, type[Action]]) -> None:
    """§10: each action the players can take is known by its class name, the tag the journal writes."""

    assert "Whistle" not in registry

    @dataclasses.dataclass(frozen=True, kw_only=True)
    class Whistle(Action):
        tune: str = ""

    assert registry["Whistle"] is Whistle
    assert Whistle(actor="wren", tune="low").actor == "wren"


def test_two_action_classes_may_not_share_a_name_section_10(registry: dict[str, type[Action]]) -> None:
    """§10: one name, one action; a second class of that name elsewhere is refused at once."""
    from expedition.rules.engine.dispatch import PassTurn

    with pytest.raises(TypeError, match="two action classes are named PassTurn"):

        @dataclasses.dataclass(frozen=True, kw_only=True)
        class PassTurn(Action):
            pass

    assert (
        registry["PassTurn"] is not None
        and registry["PassTurn"].__module__ == "expedition.rules.engine.dispatch"
    )
    assert PassTurn.__module__ == "expedition.rules.engine.dispatch"


def test_an_action_is_a_frozen_keyword_only_value_section_10() -> None:
    """§10: an action is an intent, compared and hashed by value (the option lists dedupe on it)."""
    from expedition.rules.engine.dispatch import CatchBreath

    action = Action()
    assert action.actor == ""
    with pytest.raises(dataclasses.FrozenInstanceError):
        action.actor = "wren"  # type: ignore[misc]
    with pytest.raises(TypeError):
        CatchBreath("wren")  # type: ignore[misc]  # keyword only
    assert CatchBreath(actor="wren") == CatchBreath(actor="wren") != CatchBreath(actor="bo")
    assert len({CatchBreath(actor="wren"), CatchBreath(actor="wren"), Action(actor="wren")}) == 2


def test_every_registered_action_is_a_frozen_slotted_keyword_only_dataclass_section_10() -> None:
    """§10: every action the rules define can be journaled: a frozen, slotted, keyword-only value."""
    assert len(ACTION_TYPES) > 20
    for name, cls in ACTION_TYPES.items():
        if cls.__module__.split(".")[0] in ("tests", "conftest") or cls.__module__.startswith("test_"):
            continue  # a stand-in some other test module defines (test_dispatch.Juggle)
        assert cls.__name__ == name and issubclass(cls, Action), name
        params = cls.__dataclass_params__  # type: ignore[attr-defined]
        assert params.frozen, f"{name} is not frozen"
        assert "__slots__" in cls.__dict__, f"{name} has no slots"
        assert all(f.kw_only for f in dataclasses.fields(cls)), f"{name} takes positional fields"
        assert not name.startswith("Test"), f"pytest would collect {name}"
        assert cls.__module__.startswith("expedition.rules."), f"{name} is defined outside the rules"


def test_every_registered_action_survives_the_journal_round_trip_section_10() -> None:
    """§10: what a player did can be written to the journal and read back as the same action."""
    from expedition.persistence.state import action_from_plain, action_to_plain

    made = 0
    for cls in list(ACTION_TYPES.values()):
        try:
            action = cls()
        except TypeError:
            continue  # needs arguments: covered where that action is tested
        assert action_from_plain(action_to_plain(action)) == action
        made += 1
    assert made > 10
