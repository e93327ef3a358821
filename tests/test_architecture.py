"""The layers import downward only, and the pure rules load no UI library."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest


@pytest.mark.parametrize("package", ["expedition.rules", "expedition.dungeon"])
def test_pure_layer_loads_no_ui_library(package: str) -> None:
    # Import every module of the package in a fresh interpreter, then look at what got loaded.
    code = f"""
import importlib, pkgutil, sys
import {package} as root
for info in pkgutil.walk_packages(root.__path__, root.__name__ + "."):
    importlib.import_module(info.name)
bad = sorted(name for name in sys.modules if name.split(".")[0] in {{"textual", "rich", "asyncssh"}})
print(",".join(bad))
"""
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "", f"{package} loaded {result.stdout.strip()}"


def test_pure_layers_do_not_read_the_clock_or_global_random() -> None:
    import pathlib

    root = pathlib.Path(__file__).resolve().parents[1] / "expedition"
    offenders = []
    for layer in ("rules", "dungeon"):
        for path in (root / layer).rglob("*.py"):
            for number, line in enumerate(path.read_text().splitlines(), 1):
                stripped = line.strip()
                if stripped.startswith(
                    (
                        "import random",
                        "import time",
                        "import datetime",
                        "from random",
                        "from time",
                        "from datetime",
                    )
                ):
                    offenders.append(f"{path.name}:{number}: {stripped}")
    assert offenders == []


def test_layers_contract_holds() -> None:
    # Through this interpreter, not a `lint-imports` found on PATH: the README's test command runs
    # .venv/bin/python without activating the venv, so PATH may hold another Python's copy or none.
    command = [
        sys.executable,
        "-c",
        "from importlinter.cli import lint_imports_command; lint_imports_command()",
    ]
    result = subprocess.run(command, capture_output=True, text=True, cwd=Path(__file__).parent.parent)
    assert result.returncode == 0, result.stdout + result.stderr


def test_every_rules_module_has_its_own_test_file() -> None:
    """One test file per rules module, mirroring the packages: tests/rules/<package>/test_<module>.py."""
    root = Path(__file__).parent.parent
    rules = root / "expedition" / "rules"
    modules = [p.relative_to(rules) for p in rules.rglob("*.py") if p.stem != "__init__"]
    missing = sorted(
        str(m) for m in modules if not (root / "tests" / "rules" / m.parent / f"test_{m.name}").is_file()
    )
    assert missing == [], f"rules modules without tests/rules/<package>/test_<module>.py: {missing}"
