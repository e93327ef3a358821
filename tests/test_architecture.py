"""The layers import downward only, nothing imports in a circle, and the pure rules load no UI library."""

from __future__ import annotations

import ast
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LOW_CHAPTERS = ("core", "character", "items", "trackers")
"""The rules' bottom chapters, which already import nothing above them (issue #13)."""


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


# --- import cycles ---------------------------------------------------------------------------------
# An import inside a function still runs before the function's rule can finish, so it counts; an
# import under `if TYPE_CHECKING:` never runs, so it does not.


def _modules() -> dict[str, Path]:
    found = {}
    for path in sorted((ROOT / "expedition").rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _run_time_imports(tree: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node
        elif isinstance(node, ast.If) and _is_type_checking(node.test):
            for other in node.orelse:
                yield from _run_time_imports(ast.Module(body=[other], type_ignores=[]))
        else:
            yield from _run_time_imports(node)


def _imported(module: str, is_package: bool, node: ast.Import | ast.ImportFrom) -> Iterator[str]:
    if isinstance(node, ast.Import):
        for alias in node.names:
            yield alias.name
        return
    base = node.module or ""
    if node.level:
        package = module.split(".") if is_package else module.split(".")[:-1]
        base = ".".join([*package[: len(package) - node.level + 1], *([base] if base else [])])
    yield base
    for alias in node.names:
        yield f"{base}.{alias.name}"


def _import_graph() -> dict[str, set[str]]:
    modules = _modules()
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        tree = ast.parse(path.read_text(), str(path))
        for node in _run_time_imports(tree):
            for target in _imported(name, path.name == "__init__.py", node):
                parts = target.split(".")
                # Importing a module runs every package above it first.
                for depth in range(1, len(parts) + 1):
                    reached = ".".join(parts[:depth])
                    if reached in modules and reached != name:
                        graph[name].add(reached)
    return graph


def _import_cycles() -> list[list[str]]:
    """Each group of modules that import one another in a circle (Tarjan's strongly connected parts)."""
    graph = _import_graph()
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    cycles: list[list[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        work = [(start, iter(sorted(graph[start])))]
        while work:
            node, targets = work[-1]
            for target in targets:
                if target not in index:
                    index[target] = low[target] = len(index)
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(sorted(graph[target]))))
                    break
                if target in on_stack:
                    low[node] = min(low[node], index[target])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    group = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        group.append(member)
                        if member == node:
                            break
                    if len(group) > 1:
                        cycles.append(sorted(group))
    return sorted(cycles, key=lambda group: (-len(group), group))


def _chapter(module: str) -> str:
    parts = module.split(".")
    return parts[2] if parts[:2] == ["expedition", "rules"] and len(parts) > 2 else ""


def test_the_cycle_finder_sees_imports_inside_functions_but_not_type_checking_ones() -> None:
    tree = ast.parse(
        "import a\nif TYPE_CHECKING:\n    import b\nelse:\n    import c\ndef f():\n    from . import d\n"
    )
    found = [t for node in _run_time_imports(tree) for t in _imported("p.m", False, node)]
    assert found == ["a", "c", "p", "p.d"]


def test_no_import_cycle_touches_the_low_rules_chapters() -> None:
    """core, character, items and trackers import in no circle, imports inside functions counted."""
    touching = [group for group in _import_cycles() if any(_chapter(m) in LOW_CHAPTERS for m in group)]
    assert touching == []


@pytest.mark.parametrize("prefix", ["expedition.rules.", "expedition.cli"])
def test_no_import_cycle_among_the_rules_or_the_command_line(prefix: str) -> None:
    """No circle of imports among the rules' modules, nor among the command line's, inner imports counted."""
    assert [group for group in _import_cycles() if any(m.startswith(prefix) for m in group)] == []


def test_no_import_cycle_among_expedition_modules() -> None:
    """No module of expedition imports itself through others, imports inside functions counted."""
    assert _import_cycles() == []


def test_no_two_modules_share_a_name() -> None:
    """A module's name finds it in one hop: no two modules of expedition share one (packages' faces aside)."""
    names: dict[str, list[str]] = {}
    for path in sorted((ROOT / "expedition").rglob("*.py")):
        if path.name != "__init__.py":
            names.setdefault(path.stem, []).append(str(path.relative_to(ROOT)))
    assert {name: paths for name, paths in names.items() if len(paths) > 1} == {}
