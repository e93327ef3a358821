"""`expedition compendium`: opens the app on the compendium, or explains why content failed to load."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import expedition.ui.app
import expedition.ui.entries
from expedition.cli import build_parser, main
from expedition.content.problems import ContentError, Problem
from expedition.ui.entries import rules_entries
from tests.ui.conftest import SMALL_ENTRIES


def test_compendium_subcommand_opens_the_app_on_the_compendium(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: dict[str, Any] = {}

    def fake_run_app(entries: Any, *, start: str) -> int:
        seen.update(entries=entries, start=start)
        return 0

    monkeypatch.setattr(expedition.ui.entries, "load_entries", lambda assets: list(SMALL_ENTRIES))
    monkeypatch.setattr(expedition.ui.app, "run_app", fake_run_app)
    assert main(["compendium"]) == 0
    assert seen == {"entries": list(SMALL_ENTRIES), "start": "compendium"}


def test_broken_content_prints_every_problem_without_a_traceback(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def broken(assets: Path | None) -> list[object]:
        raise ContentError([Problem("items.toml", "item", "torch", "price", "must be a number")])

    monkeypatch.setattr(expedition.ui.entries, "load_entries", broken)
    assert main(["compendium", "--assets", "somewhere"]) == 2
    err = capsys.readouterr().err
    assert err.splitlines() == [
        "expedition: the content in somewhere could not be loaded: "
        "items.toml [item] 'torch' field 'price': must be a number"
    ]


def test_unreadable_content_folder_names_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def unreadable(assets: Path | None) -> list[object]:
        raise PermissionError(13, "Permission denied", "somewhere/items.toml")

    monkeypatch.setattr(expedition.ui.entries, "load_entries", unreadable)
    assert main(["compendium"]) == 2
    assert "cannot read the content at somewhere/items.toml: Permission denied" in capsys.readouterr().err


def test_compendium_takes_an_assets_folder() -> None:
    args = build_parser().parse_args(["compendium", "--assets", "my_assets"])
    assert args.assets == Path("my_assets")


def test_rules_names_fallback_covers_skills_traits_traumas_and_afflictions() -> None:
    entries = rules_entries()
    kinds = {entry.kind for entry in entries}
    assert kinds == {"skill", "trait", "trauma", "affliction"}
    names = {entry.name for entry in entries}
    assert {"Broken arm", "Bleeding", "Master chef", "Third eye"} <= names
    chef = next(entry for entry in entries if entry.key == "master_chef")
    assert chef.details == (("Advanced skill of", "Cooking"),)
    assert len({(entry.kind, entry.key) for entry in entries}) == len(entries)
