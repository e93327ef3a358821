"""A fault in any content file is named by file, entry and field: by the loader and at every start."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from expedition.content.catalog import ASSETS, load_catalog
from expedition.content.problems import ContentError

REPO = Path(__file__).resolve().parents[2]
FILES = sorted(path.relative_to(ASSETS).as_posix() for path in ASSETS.rglob("*.toml"))
"""Every content file the game ships."""


def break_first_name(path: Path) -> str:
    """Give the first entry of a table array in `path` a number for a name; return its key or id, or ""."""
    lines = path.read_text(encoding="utf-8").splitlines()
    start = next(number for number, line in enumerate(lines) if line.startswith("[["))
    name = next(number for number in range(start, len(lines)) if re.match(r"^name = ", lines[number]))
    lines[name] = "name = 12345"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    header = max(number for number in range(start, name) if lines[number].startswith("["))
    found = [match[1] for line in lines[header:name] if (match := re.match(r'^(?:key|id) = "(.*)"', line))]
    return found[0] if found else ""


def test_every_content_file_is_found() -> None:
    assert {"enemies.toml", "weapons.toml", "items.toml", "dungeons/themes.toml"} <= set(FILES)


@pytest.mark.parametrize("file", FILES)
def test_a_broken_entry_in_any_content_file_is_the_one_problem_named(tmp_path: Path, file: str) -> None:
    assets = tmp_path / "assets"
    shutil.copytree(ASSETS, assets)
    key = break_first_name(assets / file)
    with pytest.raises(ContentError) as raised:
        load_catalog(assets)
    # One fault, one problem: entries that name the broken one are not reported again.
    [problem] = raised.value.problems
    assert (problem.file, problem.field) == (Path(file).name, "name")
    assert "expected a string, got int 12345" in problem.message
    if key:
        assert problem.entry == key


@pytest.fixture(scope="module")
def checkout(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the source checkout (code, content, pyproject.toml) whose content the tests break."""
    root = tmp_path_factory.mktemp("checkout")
    shutil.copytree(REPO / "expedition", root / "expedition", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(REPO / "assets", root / "assets")
    shutil.copy(REPO / "pyproject.toml", root / "pyproject.toml")
    return root


COMMANDS = [[], ["load", "alpha", "--no-ui"], ["continue", "--no-ui"], ["new", "--quick", "--no-ui"]]
"""Commands that start the game; the first is the game's own screens."""


@pytest.mark.slow
@pytest.mark.parametrize("file", FILES)
def test_the_game_names_a_broken_content_file_at_start(checkout: Path, tmp_path: Path, file: str) -> None:
    original = (checkout / "assets" / file).read_bytes()
    key = break_first_name(checkout / "assets" / file)
    command = COMMANDS[FILES.index(file) % len(COMMANDS)]
    try:
        result = subprocess.run(
            [sys.executable, "-m", "expedition", *command],
            capture_output=True,
            text=True,
            cwd=checkout,
            env={**os.environ, "PYTHONPATH": str(checkout), "EXPEDITION_SAVES": str(tmp_path)},
            stdin=subprocess.DEVNULL,
            timeout=120,
        )
    finally:
        (checkout / "assets" / file).write_bytes(original)
    assert result.returncode == 2 and result.stdout == "", result.stderr
    [line] = result.stderr.splitlines()
    assert line.startswith(f"expedition: the content in {checkout / 'assets'} could not be loaded: ")
    assert f"{Path(file).name} " in line and "field 'name'" in line and "No dungeons" not in line
    if key:
        assert repr(key) in line
