"""Sentences get their counts, articles and proper names in one place: English for every counted noun."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import expedition
from expedition.rules.core.wording import (
    article,
    listed,
    plural,
    possessive,
    proper_name,
    text_faults,
    the,
    verb,
)


def test_counts_articles_and_names_follow_english() -> None:
    assert [plural(1, "turn"), plural(2, "turn"), plural(0, "wound")] == ["1 turn", "2 turns", "0 wounds"]
    assert [plural(1, "die"), plural(3, "die"), plural(2, "body"), plural(2, "six")] == [
        "1 die",
        "3 dice",
        "2 bodies",
        "2 sixes",
    ]
    assert [plural(2, "free slot"), plural(2, "camping supply"), plural(2, "torch")] == [
        "2 free slots",
        "2 camping supplies",
        "2 torches",
    ]
    assert [
        article("ogre"),
        article("rat"),
        article("unicorn"),
        article("hour"),
        article("one-eyed rat"),
    ] == [
        "an ogre",
        "a rat",
        "a unicorn",
        "an hour",
        "a one-eyed rat",
    ]
    assert [
        the("Ada", proper=True),
        the("Goblin Scrapper 2", proper=False),
        the("the inn", proper=False),
    ] == [
        "Ada",
        "the Goblin Scrapper 2",
        "the inn",
    ]
    assert proper_name("thaumaturgists of ravenhome") == "Thaumaturgists of Ravenhome"
    assert [listed([]), listed(["a"]), listed(["a", "b", "c"])] == ["nothing", "a", "a, b and c"]


@pytest.mark.parametrize("n", [0, 1, 2, 7])
def test_one_is_singular_and_every_other_count_plural(n: int) -> None:
    word = "turn" if n == 1 else "turns"
    assert plural(n, "turn") == f"{n} {word}"
    assert verb(n, "agrees", "agree") == ("agrees" if n == 1 else "agree")


def test_a_possessive_keeps_a_name_whole() -> None:
    assert [possessive("Ada"), possessive("Thomas"), possessive("the Goblin Scrapper 2")] == [
        "Ada's",
        "Thomas'",
        "the Goblin Scrapper 2's",
    ]


def test_no_roll_names_its_roller_again_in_what_it_is_for() -> None:
    """The log says "<roller> rolls <what for>", so "what for" never starts with a name: no
    "Rotworm Swarm rolls Rotworm Swarm holds its nerve?"."""
    root = Path(expedition.__file__).parent / "rules"
    named = re.compile(r'why=f"\{[a-z_]+\.name\}')
    found = [
        f"{path.relative_to(root)}: {match.group(0)}"
        for path in sorted(root.rglob("*.py"))
        for match in named.finditer(path.read_text(encoding="utf-8"))
    ]
    assert found == []


def _hand_made_plurals(source: str) -> list[int]:
    """Lines that pluralise by hand: `'s' if n != 1 else ''`, `"die" if n == 1 else "dice"`, "point(s)"."""
    found: list[int] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.IfExp) and isinstance(node.test, ast.Compare):
            against_one = any(isinstance(c, ast.Constant) and c.value == 1 for c in node.test.comparators)
            words = all(
                isinstance(side, ast.Constant) and isinstance(side.value, str)
                for side in (node.body, node.orelse)
            )
            if against_one and words:
                found.append(node.lineno)
        if (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and re.search(r"[a-z]\(s\)", node.value)
        ):
            found.append(node.lineno)
    return found


def test_no_sentence_pluralises_by_hand() -> None:
    """Every count and noun goes through `plural`: a hand-made "s" is how "1 turns" got written."""
    root = Path(expedition.__file__).parent
    found = [
        f"{path.relative_to(root)}:{line}"
        for path in sorted(root.rglob("*.py"))
        for line in _hand_made_plurals(path.read_text(encoding="utf-8"))
    ]
    assert found == []


def test_the_hand_made_plural_check_can_fail() -> None:
    assert _hand_made_plurals("x = f\"{n} turn{'s' if n != 1 else ''}\"") == [1]
    assert _hand_made_plurals("x = 'die' if n == 1 else 'dice'") == [1]
    assert _hand_made_plurals("x = 'point(s) lost'") == [1]
    assert _hand_made_plurals("x = plural(n, 'turn')") == []


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Attack the Rat (foe1)", ["a foe uid: 'foe1'"]),
        ("Nim waits 1 turns", ["one with a plural: '1 turns'"]),
        ("Buy the rusty_key", ["a snake_case key: 'rusty_key'"]),
        ("Buy the Rope", []),
    ],
)
def test_text_faults_are_the_same_each_time_a_line_is_read(text: str, found: list[str]) -> None:
    """The referee reads the same lines every few steps, so each line's faults are kept once worked
    out; what a caller does with the list it gets must not change the next answer."""
    first = text_faults(text)
    assert first == found
    first.append("changed by the caller")
    assert text_faults(text) == found
