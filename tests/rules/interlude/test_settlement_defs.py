"""Tests for rules/interlude/settlement_defs.py: shop stock notation (§7.2) and settlement sizes (§10.4.2)."""

from __future__ import annotations

import pytest

from expedition.rules.core.errors import NotationError
from expedition.rules.core.item_defs import Category
from expedition.rules.interlude.settlement_defs import Availability, SettlementSize, parse_availability


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("2d!", Availability(risk_dice=2)),
        (" 1D! ", Availability(risk_dice=1)),
        ("always", Availability(always=True)),
        ("Never", Availability()),
    ],
)
def test_availability_reads_risk_dice_always_and_never(text: str, expected: Availability) -> None:
    """§7.2: stock is rolled with risk dice, or is always or never there."""
    assert parse_availability(text) == expected
    assert str(parse_availability(text)) == str(expected)


def test_availability_rejects_anything_else() -> None:
    """§7.2: only "always", "never" or at least one risk die is stock notation."""
    with pytest.raises(NotationError, match="always"):
        parse_availability("sometimes")
    with pytest.raises(NotationError):
        parse_availability("0d!")


def test_never_is_neither_always_nor_rolled() -> None:
    """§7.2: "—" in the availability table (never sold) is neither always in stock nor rolled."""
    assert Availability().never
    assert not Availability(risk_dice=1).never
    assert not Availability(always=True).never


def test_a_size_answers_for_each_category_and_free_is_never_sold() -> None:
    """§7.2: a hamlet rolls 3d! for common goods and sells no rare ones."""
    hamlet = SettlementSize(
        2,
        "hamlet",
        "Hamlet",
        "",
        ((Category.COMMON, Availability(risk_dice=3)), (Category.RARE, Availability())),
    )
    assert str(hamlet.availability(Category.COMMON)) == "3d!"
    assert hamlet.availability(Category.RARE).never
    assert hamlet.availability(Category.FREE).never
