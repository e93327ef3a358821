"""Provides the four ranges on the tile grid (§8, §16 #2, #3) and orthogonal movement helpers."""

from __future__ import annotations

from enum import StrEnum

Pos = tuple[int, int]
"""A tile position `(x, y)` on the grid."""


class Range(StrEnum):
    """The four ranges (§8), measured in tiles of about 1.5 m (§16 #3)."""

    CLOSE = "close"
    NEARBY = "nearby"
    FAR = "far"
    DISTANT = "distant"

    @property
    def tiles(self) -> int | None:
        """The most tiles this range reaches: 1, 6, 12; None for Distant, which has no limit."""
        return _TILES[self]


_TILES: dict[Range, int | None] = {Range.CLOSE: 1, Range.NEARBY: 6, Range.FAR: 12, Range.DISTANT: None}

_ORTHOGONAL: tuple[Pos, ...] = ((0, -1), (1, 0), (0, 1), (-1, 0))
_DIAGONAL: tuple[Pos, ...] = ((1, -1), (1, 1), (-1, 1), (-1, -1))


def manhattan(a: Pos, b: Pos) -> int:
    """Tiles between two positions moving only orthogonally, as everyone moves (§8)."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def chebyshev(a: Pos, b: Pos) -> int:
    """Tiles between two positions when diagonal steps count as one."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def range_between(a: Pos, b: Pos) -> Range:
    """The shortest range that reaches from `a` to `b`, counting orthogonal steps (§8, §16 #3).

    A diagonal neighbour is two steps away and so Nearby; use `within(..., diagonal=True)` for
    weapons and area effects that reach diagonally.
    """
    steps = manhattan(a, b)
    for rng in (Range.CLOSE, Range.NEARBY, Range.FAR):
        limit = rng.tiles
        if limit is not None and steps <= limit:
            return rng
    return Range.DISTANT


def within(a: Pos, b: Pos, rng: Range, *, diagonal: bool = False) -> bool:
    """True if `b` is within `rng` of `a`.

    Close is orthogonal only for attacks and Close targeting; `diagonal=True` lets the
    diagonal neighbours count too, for weapons that say so and for area effects on everyone
    Close (§16 #2). Longer ranges always count orthogonal steps. Everything is within Distant.
    """
    if rng is Range.CLOSE and diagonal:
        return chebyshev(a, b) <= 1
    limit = rng.tiles
    return limit is None or manhattan(a, b) <= limit


def orthogonal_neighbours(pos: Pos) -> tuple[Pos, Pos, Pos, Pos]:
    """The four tiles one orthogonal step away: north, east, south, west (§8: no diagonal moves)."""
    x, y = pos
    north, east, south, west = ((x + dx, y + dy) for dx, dy in _ORTHOGONAL)
    return north, east, south, west


def neighbours(pos: Pos, *, diagonal: bool = False) -> tuple[Pos, ...]:
    """The tiles adjacent to `pos`: the four orthogonal ones, plus the four diagonals when `diagonal`."""
    x, y = pos
    steps = _ORTHOGONAL + _DIAGONAL if diagonal else _ORTHOGONAL
    return tuple((x + dx, y + dy) for dx, dy in steps)


def is_step(a: Pos, b: Pos) -> bool:
    """True if moving from `a` to `b` is one legal step: exactly one tile orthogonally (§8)."""
    return manhattan(a, b) == 1
