"""Tests for `expedition odds`: the exact odds of a test (§3) as a table or as JSON, run as a real process."""

from __future__ import annotations

import json
import pathlib
import subprocess
import sys

import pytest

from expedition.rules.core.odds import outcome_odds

ROOT = pathlib.Path(__file__).resolve().parents[1]


def odds(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "expedition", "odds", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_json_prints_exactly_the_five_chances_section_3_2() -> None:
    result = odds("3", "--json")
    assert result.returncode == 0, result.stderr
    printed = json.loads(result.stdout)
    assert list(printed) == ["critical_failure", "failure", "success", "great_success", "fatigue"]
    assert all(isinstance(value, float) for value in printed.values())
    assert printed == outcome_odds(3).as_floats()
    assert printed["success"] + printed["great_success"] == pytest.approx(1 - 0.5**3)


def test_table_shows_percentages_and_bars_section_3_6() -> None:
    result = odds("4", "--proficiency", "1", "--terrified")
    assert result.returncode == 0, result.stderr
    expected = outcome_odds(4, proficiency=1, terrified=True)
    lines = {line[:18].strip(): line[18:] for line in result.stdout.splitlines() if "%" in line}
    for label, chance in [
        ("critical failure", expected.critical_failure),
        ("failure", expected.failure),
        ("success", expected.success),
        ("great success", expected.great_success),
        ("success or better", expected.succeeded),
        ("fatigue", expected.fatigue),
    ]:
        percent, bar = lines[label].split("%")
        assert float(percent) == pytest.approx(float(chance) * 100, abs=0.006)
        assert bar.strip().count("#") == round(float(chance) * 40)
    assert "terrified" in result.stdout
    assert "Rerolls: 1 for the player, 0 for the GM." in result.stdout


def test_effort_and_help_are_explained_in_the_table_section_3_5() -> None:
    result = odds("2", "--effort", "--helper", "--disadvantage", "1")
    assert result.returncode == 0, result.stderr
    assert "roll 4 dice, one of them the helper's" in result.stdout
    assert "helper's fatigue" in result.stdout
    assert "already paid" in result.stdout


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["3", "--proficiency", "-1"], "--proficiency cannot be negative"),
        (["3", "--safe", "--effort"], "--safe and --effort cannot be combined"),
        (["40", "--proficiency", "6", "--disadvantage", "9"], "too many dice and rerolls"),
    ],
)
def test_bad_input_gives_one_line_and_exit_code_2_section_3_5(args: list[str], words: str) -> None:
    result = odds(*args)
    assert result.returncode == 2
    assert result.stdout == ""
    assert words in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.stderr


def test_odds_command_loads_no_textual() -> None:
    code = (
        "import sys\n"
        "from expedition.cli import main\n"
        "code = main(['odds', '2', '--json'])\n"
        "assert code == 0\n"
        "print(sorted(name for name in sys.modules if name.split('.')[0] in {'textual', 'rich'}))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[-1] == "[]"
