"""A wheel built from the project, installed into a fresh venv, plays from any folder (issue #12)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path

import platformdirs
import pytest

ROOT = Path(__file__).resolve().parents[1]
BUILD_INPUTS = ("pyproject.toml", "README.md", "expedition", "assets")
"""What building the wheel reads; copied, so the build leaves nothing in the checkout."""
HEADLESS = "textual.drivers.headless_driver:HeadlessDriver"
"""Textual's driver without a terminal (chosen with TEXTUAL_DRIVER)."""


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A fresh venv with the wheel installed the ordinary way (no editable install); yields its bin/."""
    work = tmp_path_factory.mktemp("wheel")
    source = work / "source"
    source.mkdir()
    for name in BUILD_INPUTS:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, source / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(ROOT / name, source / name)
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check", "--quiet"]
    # Without PYTHONPATH: pip would take a checkout on it for the project already installed.
    clean = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
    built = work / "dist"
    _run([*pip, "wheel", "--no-deps", ".", "--wheel-dir", str(built)], source, clean)
    (wheel,) = built.glob("expedition-*.whl")
    venv = work / "venv"
    _run([sys.executable, "-m", "venv", "--without-pip", str(venv)], work, clean)
    _run([*pip, "--python", str(venv / "bin" / "python"), "install", str(wheel)], work, clean)
    yield venv / "bin"


def _run(
    command: list[str], cwd: Path, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(
        command, cwd=cwd, env=env, capture_output=True, text=True, timeout=600, stdin=subprocess.DEVNULL
    )
    assert done.returncode == 0, f"{command} failed:\n{done.stdout}\n{done.stderr}"
    return done


def _player_env(home: Path) -> dict[str, str]:
    """A player's environment: nothing pointing at this checkout, a home and data folder of their own."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "EXPEDITION_SAVES")}
    env.update(HOME=str(home), XDG_DATA_HOME=str(home / ".local" / "share"), TERM="xterm-256color")
    return env


@pytest.mark.slow
def test_the_installed_wheel_plays_and_saves_in_the_users_data_folder(
    installed: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    elsewhere = tmp_path / "some folder"
    elsewhere.mkdir()
    env = _player_env(tmp_path / "home")
    show_module = "import expedition; print(expedition.__file__)"
    where = _run([str(installed / "python"), "-c", show_module], elsewhere, env)
    assert not Path(where.stdout.strip()).is_relative_to(ROOT)  # the wheel's copy, not this checkout
    # The game itself, headless: the party is made, sets out (o, Enter: a new dungeon) and quits.
    game = {**env, "TEXTUAL_DRIVER": HEADLESS, "TEXTUAL_PRESS": "o,enter,ctrl+q"}
    _run([str(installed / "expedition"), "new", "--quick", "--seed", "3"], elsewhere, game)
    monkeypatch.setenv("XDG_DATA_HOME", env["XDG_DATA_HOME"])
    saves = platformdirs.user_data_path("expedition", appauthor=False) / "saves"
    listed = _run([str(installed / "expedition"), "saves", "list"], elsewhere, env).stdout.splitlines()
    assert listed[0] == f"Saves folder: {saves} (your data folder, as the game is installed)"
    assert listed[1].startswith("campaign-1: ") and "phase exploration, actions 1" in listed[1]
    assert list((saves / "campaign-1").glob("snap-*.expd"))
    assert list(elsewhere.iterdir()) == []  # nothing written where the player happened to be
    version = _run([str(installed / "expedition"), "--version"], elsewhere, env).stdout
    assert version.strip() == f"expedition {_pyproject_version()}"


@pytest.mark.slow
def test_the_installed_compendium_reads_the_content_shipped_in_the_package(
    installed: Path, tmp_path: Path
) -> None:
    code = "from expedition.content.catalog import ASSETS, load_catalog as load; "
    code += "print(ASSETS, len(load().compendium()))"
    shown = _run([str(installed / "python"), "-c", code], tmp_path, _player_env(tmp_path)).stdout.split()
    assert Path(shown[0]).parts[-2:] == ("expedition", "assets") and not Path(shown[0]).is_relative_to(ROOT)
    assert int(shown[1]) > 100


def _pyproject_version() -> str:
    return str(tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"])
