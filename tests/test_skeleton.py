"""The project skeleton (issue #2): packaging, the README's commands, credit and glossary, and CI."""

from __future__ import annotations

import importlib
import inspect
import pathlib
import re
import tomllib
from types import ModuleType
from typing import Any

from expedition import __version__

ROOT = pathlib.Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
PLAY_COMMAND = "python3 -m venv .venv && .venv/bin/python -m pip install -e . && .venv/bin/expedition"
TEST_COMMAND = (
    "python3 -m venv .venv && .venv/bin/python -m pip install -e '.[test]' && .venv/bin/python -m pytest"
)


def _requirement(requirements: list[str], name: str) -> str:
    found = [r for r in requirements if re.match(rf"{re.escape(name)}\b(?![-_])", r)]
    assert len(found) == 1, f"{name} should be listed once in {requirements}"
    return found[0].removeprefix(name)


def test_pyproject_pins_the_runtime_and_test_dependencies() -> None:
    """§1: Python 3.11+, Textual 8.2.x, Rich, msgpack; a test extra with pytest < 9, snapshots, hypothesis."""
    project = PYPROJECT["project"]
    assert project["requires-python"] == ">=3.11"
    textual = _requirement(project["dependencies"], "textual")
    assert re.fullmatch(r"==8\.2\.\d+", textual), textual
    _requirement(project["dependencies"], "rich")
    _requirement(project["dependencies"], "msgpack")
    test = project["optional-dependencies"]["test"]
    assert "<9" in _requirement(test, "pytest")
    _requirement(test, "pytest-textual-snapshot")
    _requirement(test, "hypothesis")
    assert project["scripts"]["expedition"] == "expedition.cli:main"
    assert (ROOT / "expedition" / "__main__.py").is_file()


def test_ruff_is_configured_for_the_house_line_length() -> None:
    """STYLE: ruff runs with a line length of 110 (tests/test_lint.py keeps it clean)."""
    assert PYPROJECT["tool"]["ruff"]["line-length"] == 110
    assert PYPROJECT["tool"]["ruff"]["lint"]["select"]


def _set_up_commands() -> list[str]:
    """The indented command lines of the README's set-up section."""
    section = README.split("## Set up", 1)[1].split("\n## ", 1)[0]
    return [line.strip() for line in section.splitlines() if line.startswith("    ") and line.strip()]


def test_readme_gives_both_commands_and_the_credit_line() -> None:
    """§1: the README says how to install and play, how to install and test, and credits the book."""
    assert _set_up_commands() == [PLAY_COMMAND, TEST_COMMAND]
    assert "Based on *Dead Weight* by Pedro Medeiros (saint11), CC BY 4.0; changes were made." in README


def test_the_set_up_commands_work_on_an_externally_managed_python() -> None:
    """Issue #12: each command makes or reuses a venv in .venv, so Debian's own python3 (PEP 668) takes it.

    The README says what a stock Debian or Ubuntu lacks for that, and how a player who only wants
    to play installs the game as a tool; the venv stays out of git.
    """
    for command in (PLAY_COMMAND, TEST_COMMAND):
        first, *rest = command.split(" && ")
        assert first == "python3 -m venv .venv"
        assert all(step.startswith(".venv/bin/") for step in rest), command
    assert "python3-venv" in README
    assert "pipx install ." in README and "uv tool install ." in README
    assert ".venv/" in (ROOT / ".gitignore").read_text(encoding="utf-8").splitlines()


def test_the_version_is_said_once_in_the_project_file_and_once_in_the_package() -> None:
    assert PYPROJECT["project"]["version"] == __version__


def test_the_content_is_shipped_in_the_wheel_from_the_one_assets_folder() -> None:
    """Issue #12: assets/ is mapped into the package as `expedition.assets`, every content file with it."""
    setuptools = PYPROJECT["tool"]["setuptools"]
    assert setuptools["package-dir"] == {"expedition": "expedition", "expedition.assets": "assets"}
    shipped = setuptools["package-data"]["expedition.assets"]
    assert {"*.md", "**/*.toml"} <= set(shipped)
    files = {p.suffix for p in (ROOT / "assets").rglob("*") if p.is_file()}
    assert files <= {".md", ".toml"}, f"content files the wheel would leave out: {files}"


def test_ci_runs_the_readme_test_command() -> None:
    """§1: `.ci/run` runs exactly the README's test command, from the repository root."""
    script = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    commands = [line.strip() for line in script.splitlines() if line.strip() and not line.startswith("#")]
    assert TEST_COMMAND in commands
    assert commands[-1] == TEST_COMMAND  # the last thing it does, so its exit code is CI's
    assert 'cd "$(dirname "$0")/.."' in commands
    assert (ROOT / ".ci" / "run").stat().st_mode & 0o111, ".ci/run should be executable"


def _glossary() -> list[tuple[str, str]]:
    section = README.split("## Glossary", 1)[1].split("\n## ", 1)[0]
    rows = [line.strip().strip("|").split("|") for line in section.splitlines() if line.startswith("| ")]
    return [(word.strip(), code.strip()) for word, code in rows[1:] if not set(code.strip()) <= set("- ")]


def _module(dotted: str) -> tuple[ModuleType, list[str]]:
    """Import the longest module prefix of `expedition.<dotted>`; return it and the attribute path left."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            return importlib.import_module("expedition." + ".".join(parts[:cut])), parts[cut:]
        except ModuleNotFoundError:
            continue
    raise AssertionError(f"{dotted} names no module")


def _walk(start: Any, path: list[str]) -> Any:
    for name in path:
        start = getattr(start, name)
    return start


def test_every_code_name_in_the_glossary_exists() -> None:
    """§1: each code name the README's glossary gives for a rulebook word is real (and its keywords too)."""
    rows = _glossary()
    assert len(rows) >= 20
    modules: list[ModuleType] = []
    names: list[str] = []
    for _, code in rows:
        for token in re.findall(r"`([^`]+)`", code):
            if token.startswith(("rules.", "session.", "net.")):
                module, rest = _module(token.split("(")[0])
                modules.append(module)
                if rest:
                    names.append(".".join(rest) + token[len(token.split("(")[0]) :])
            elif re.match(r"[A-Za-z_][\w.]*(\(|$)", token):
                names.append(token)
    assert names
    for token in names:
        dotted, _, call = token.partition("(")
        path = dotted.split(".")
        found = [m for m in modules if hasattr(m, path[0])]
        assert found, f"`{token}` is not defined in any module the glossary names"
        target = _walk(found[0], path)
        keywords = re.findall(r"(\w+)=", call)
        if keywords:
            params = inspect.signature(target).parameters
            assert set(keywords) <= set(params), (
                f"`{token}`: {set(keywords) - set(params)} are not parameters"
            )
