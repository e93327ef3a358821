"""Tests for engine/rulebook.py: importing it loads every special case that registers."""

from __future__ import annotations

import json
import subprocess
import sys

# In a fresh interpreter: what every hook and table holds once the rulebook is imported, then the
# same after importing every rules module. A registering module the rulebook misses shows as a
# difference; a hook nobody registers into shows as empty.
_REGISTRATIONS = """
import importlib, json, pkgutil, sys
import expedition.rules as rules
from expedition.rules.core.hooks import Hook

def tables():
    seen = {}
    for name, module in sorted(sys.modules.items()):
        if not name.startswith("expedition.rules."):
            continue
        for attr, value in sorted(vars(module).items()):
            if isinstance(value, Hook) and value not in seen.values():
                seen[f"{name}.{attr}"] = value
    hooks = {key: [f"{f.__module__}.{f.__qualname__}" for f in hook] for key, hook in seen.items()}
    from expedition.rules.core.lasting import ON_END, ON_TICK
    return {"hooks": hooks, "on_end": sorted(ON_END), "on_tick": sorted(ON_TICK)}

import expedition.rules.engine.rulebook
with_rulebook = tables()
for info in pkgutil.walk_packages(rules.__path__, rules.__name__ + "."):
    importlib.import_module(info.name)
print(json.dumps({"rulebook": with_rulebook, "everything": tables()}))
"""


def _registrations() -> dict[str, dict[str, object]]:
    done = subprocess.run([sys.executable, "-c", _REGISTRATIONS], capture_output=True, text=True, check=True)
    return json.loads(done.stdout)  # type: ignore[no-any-return]


def test_the_rulebook_loads_every_module_that_registers() -> None:
    found = _registrations()
    assert found["rulebook"] == found["everything"]


def test_every_hook_has_a_rule_registered_in_it() -> None:
    hooks = _registrations()["everything"]["hooks"]
    assert isinstance(hooks, dict)
    assert hooks, "no hook found"
    assert [name for name, registered in hooks.items() if not registered] == []
