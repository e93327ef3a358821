"""Provides `Reach`: how far an attack reaches, as a range or a number of tiles (§2.1, §8, §16 #3)."""

from __future__ import annotations

from dataclasses import dataclass

from expedition.rules.core.distance import Range


@dataclass(frozen=True, slots=True)
class Reach:
    """How far an attack reaches: one of the four ranges, or a number of tiles (§2.1, §8).

    Attributes:
        span: A `Range`, or a count of tiles (at least 1) as in the long spear's "2 tiles".
    """

    span: Range | int = Range.CLOSE

    def __post_init__(self) -> None:
        if not isinstance(self.span, Range) and (isinstance(self.span, bool) or self.span < 1):
            raise ValueError(f"a reach in tiles must be at least 1, not {self.span!r}")

    @property
    def tiles(self) -> int | None:
        """The furthest distance in tiles, or None for Distant (no limit, §16 #3)."""
        return self.span.tiles if isinstance(self.span, Range) else self.span

    @property
    def band(self) -> Range:
        """The shortest range that covers this reach (2 tiles is Nearby)."""
        if isinstance(self.span, Range):
            return self.span
        for rng in (Range.CLOSE, Range.NEARBY, Range.FAR):
            limit = rng.tiles
            if limit is not None and self.span <= limit:
                return rng
        return Range.DISTANT

    def reaches(self, distance: int) -> bool:
        """Return True when a target `distance` tiles away (at least 1) is in reach."""
        limit = self.tiles
        return distance >= 1 and (limit is None or distance <= limit)

    def __str__(self) -> str:
        if isinstance(self.span, Range):
            return self.span.value.capitalize()
        return f"{self.span} tile" if self.span == 1 else f"{self.span} tiles"


CLOSE = Reach()
"""The reach of an attack with no range written: one tile, orthogonal (§2.1, §16 #2)."""
