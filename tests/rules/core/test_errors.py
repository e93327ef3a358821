"""Tests for rules/core/errors.py: the error family and notation errors that point at the fault (§2, §2.1)."""

from __future__ import annotations

import pytest

from expedition.rules.core.dice import parse_dice
from expedition.rules.core.errors import IllegalAction, InvalidAction, NotationError, RuleError
from expedition.rules.core.notation import parse_attack


def test_the_family_shares_one_base_section_2() -> None:
    """§2: malformed and not-allowed-now are both rule errors; a notation error is also a ValueError."""
    assert issubclass(InvalidAction, RuleError) and issubclass(IllegalAction, RuleError)
    assert not issubclass(InvalidAction, IllegalAction) and not issubclass(IllegalAction, InvalidAction)
    assert issubclass(NotationError, RuleError) and issubclass(NotationError, ValueError)


def test_a_notation_error_names_the_string_the_position_and_points_at_it_section_2_1() -> None:
    """§2.1: the message quotes the string, gives the position, and draws a caret under the fault."""
    error = NotationError("STR 3Q", 5, "expected a flag: B, P, R, N or X")
    assert (error.text, error.position, error.reason) == ("STR 3Q", 5, "expected a flag: B, P, R, N or X")
    first, shown, pointer = str(error).splitlines()
    assert first == "cannot read 'STR 3Q' at position 5: expected a flag: B, P, R, N or X"
    assert shown == "  STR 3Q" and pointer == "       ^"
    assert pointer.index("^") - 2 == 5


@pytest.mark.parametrize(("text", "position"), [("STR 3+1Q", 7), ("-STRX 2", 4), ("DEX 1 Nearbe", 11)])
def test_a_malformed_attack_names_the_string_and_the_position_in_words_section_2_1(
    text: str, position: int
) -> None:
    """§2.1: what a player reads names both the notation and where it went wrong."""
    with pytest.raises(NotationError) as caught:
        parse_attack(text)
    message = str(caught.value)
    assert repr(text) in message and f"at position {position}" in message
    assert message.splitlines()[2].index("^") - 2 == position


def test_a_malformed_dice_expression_is_reported_the_same_way_section_2() -> None:
    """§2: `3q6` fails at the q, position 1."""
    with pytest.raises(NotationError, match=r"cannot read '3q6' at position 1"):
        parse_dice("3q6")
