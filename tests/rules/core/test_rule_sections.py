"""A rule is cited in the game's words: every section the code names has a title from the rulebook."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import expedition
from expedition.rules.core.rule_sections import cite

ROOT = Path(expedition.__file__).parent
CITED = re.compile(r'rule=f?"([^"{]+)"')


def _rules_in_code() -> list[str]:
    found: set[str] = set()
    for path in sorted(ROOT.rglob("*.py")):
        found.update(rule for rule in CITED.findall(path.read_text(encoding="utf-8")) if rule.strip())
    return sorted(found)


RULES_IN_CODE = _rules_in_code()


def test_the_code_names_sections_of_the_book_rulings_and_house_rules() -> None:
    assert {"§10.2.3", "§16 #25", "HOUSE §1.5"} <= set(RULES_IN_CODE)


@pytest.mark.parametrize("rule", RULES_IN_CODE)
def test_every_section_the_code_names_has_a_title(rule: str) -> None:
    """A new section number in an event fails here until the title table knows it."""
    text = cite(rule)
    assert "§" not in text and "RULES" not in text and "HOUSE" not in text, text
    assert not text.endswith(f"section {rule.split('§')[-1].strip()}"), f"{rule} has no title: {text}"


@pytest.mark.parametrize(
    ("rule", "words"),
    [
        ("§10.2.3", "Defending against enemy attacks (rulebook 10.2.3)"),
        ("§3.2", "The basic test (rulebook 3.2)"),
        ("§4.1", "Fatigue and wounds (rulebook 4.1)"),
        ("§16 #25", "Ruling 25: Ending a fight"),
        ("HOUSE §1.5", "Noise, loitering and wandering checks (house rules 1.5)"),
        ("§10.2.3.9", "Defending against enemy attacks (rulebook 10.2.3)"),
    ],
)
def test_a_section_is_cited_by_its_title(rule: str, words: str) -> None:
    assert cite(rule) == words


def test_an_unknown_reference_loses_its_section_sign() -> None:
    assert cite("§99") == "Rulebook section 99"
    assert cite("the GM's call") == "the GM's call"
