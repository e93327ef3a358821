"""Tests for engine/rulebook.py: importing it loads every special case that registers."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest

# In a fresh interpreter: what every hook and table of registrations holds once only the rulebook
# is imported, then the same after importing every rules module. Each registered function is
# named by [module, qualified name]; hooks by their name.
_REGISTRATIONS = """
import importlib, json, pkgutil, sys
import expedition.rules as rules
from expedition.rules.core.hooks import Hook
from expedition.rules.core.lasting import ON_END, ON_TICK
from expedition.rules.items.item_uses import USES

def named(function):
    return [function.__module__, function.__qualname__]

def registrations():
    hooks = {}
    for module in list(sys.modules.values()):
        if getattr(module, "__name__", "").startswith("expedition.rules."):
            for value in vars(module).values():
                if isinstance(value, Hook):
                    hooks.setdefault(value.name, {})[id(value)] = [named(f) for f in value]
    return {
        "hooks": {name: list(found.values()) for name, found in sorted(hooks.items())},
        "on_end": {key: named(f) for key, f in sorted(ON_END.items())},
        "on_tick": {key: named(f) for key, f in sorted(ON_TICK.items())},
        "uses": {key: named(use.apply) for key, use in sorted(USES.items())},
    }

from expedition.rules.engine import rulebook
found = {"rulebook": registrations(), "listed": sorted(module.__name__ for module in rulebook.MODULES)}
for info in pkgutil.walk_packages(rules.__path__, rules.__name__ + "."):
    importlib.import_module(info.name)
found["everything"] = registrations()
print(json.dumps(found))
"""


@pytest.fixture(scope="module")
def found() -> dict[str, Any]:
    done = subprocess.run([sys.executable, "-c", _REGISTRATIONS], capture_output=True, text=True, check=True)
    return json.loads(done.stdout)  # type: ignore[no-any-return]


def test_the_rulebook_alone_loads_every_registration(found: dict[str, Any]) -> None:
    assert found["rulebook"] == found["everything"]


def test_every_hook_is_one_object_with_a_rule_registered_in_it(found: dict[str, Any]) -> None:
    hooks = found["everything"]["hooks"]
    assert hooks, "no hook found"
    assert [name for name, objects in hooks.items() if len(objects) != 1] == []  # names are unique
    assert [name for name, (registered,) in hooks.items() if not registered] == []


def test_the_rulebook_lists_exactly_the_modules_that_register(found: dict[str, Any]) -> None:
    everything = found["everything"]
    functions = [f for (registered,) in everything["hooks"].values() for f in registered]
    for table in ("on_end", "on_tick", "uses"):
        functions += everything[table].values()
    assert sorted({module for module, _ in functions}) == found["listed"]
