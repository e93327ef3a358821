"""Provides odds drawn as bars, as `expedition odds` prints them: "#" for the chance, "." for the rest."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from rich.text import Text

BAR_WIDTH = 20
"""Characters in a full (100 %) bar."""


def bar(chance: Fraction | float, width: int = BAR_WIDTH) -> str:
    """A chance as a bar of `width` characters: filled '#', empty '.' (shape, not colour, tells them)."""
    filled = max(0, min(width, round(float(chance) * width)))
    return "#" * filled + "." * (width - filled)


def percent(chance: Fraction | float) -> str:
    """A chance as a whole percentage, "<1%" for a small non-zero one."""
    value = float(chance)
    if 0 < value < 0.005:
        return "<1%"
    return f"{value * 100:.0f}%"


def odds_bars(rows: Sequence[tuple[str, Fraction | float]]) -> Text:
    """One line per (label, chance): the label, the percentage and its bar."""
    width = max((len(label) for label, _ in rows), default=0)
    return Text("\n".join(f"{label:<{width}} {percent(chance):>4} {bar(chance)}" for label, chance in rows))
