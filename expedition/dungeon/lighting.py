"""Provides light radii (RULES §7.8, §16 #3) and the party's memory of seen tiles per level."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import StrEnum

from expedition.rules.core.distance import Pos, Range

__all__ = ["LIGHT_RANGE", "Memory", "TileState", "light_radius", "tile_state", "update_memory"]

LIGHT_RANGE: dict[str, Range] = {
    "candle": Range.CLOSE,
    "torch": Range.NEARBY,
    "lantern": Range.NEARBY,
    "light_spell": Range.NEARBY,
    "silk_pearl": Range.CLOSE,
}
"""How far each light source reaches (RULES §7.8; the silk pearl is HOUSE §4.1)."""


def light_radius(source: str | None, *, unnatural_darkness: bool = False, halved: bool = False) -> int:
    """The radius in tiles a lit source lights: Close 1, Nearby 6 (§16 #3); 0 for no light.

    Args:
        source: An item key from `LIGHT_RANGE` ("torch"), or None for no light.
        unnatural_darkness: The level's unnatural darkness halves it, rounding down (§7.8, ruling #22).
        halved: Another halving (a hazard such as smoke or fog), also rounding down.

    Raises:
        KeyError: For a key that is not a light source.
    """
    if source is None:
        return 0
    tiles = LIGHT_RANGE[source].tiles or 0
    for applies in (unnatural_darkness, halved):
        if applies:
            tiles //= 2
    return tiles


class TileState(StrEnum):
    """How the map shows a tile: never seen, remembered from before, or in sight now."""

    UNSEEN = "unseen"
    REMEMBERED = "remembered"
    VISIBLE = "visible"


@dataclass(slots=True)
class Memory:
    """Tiles the party has seen, per level depth.

    Attributes:
        seen: Positions seen at least once, by level depth.
    """

    seen: dict[int, set[Pos]] = field(default_factory=dict)

    def knows(self, depth: int, pos: Pos) -> bool:
        """True if the tile on that level was ever seen."""
        return pos in self.seen.get(depth, set())


def update_memory(memory: Memory, depth: int, visible: Iterable[Pos]) -> set[Pos]:
    """Add the tiles in sight now to the memory of a level.

    Returns:
        The tiles seen for the first time.
    """
    known = memory.seen.setdefault(depth, set())
    fresh = set(visible) - known
    known |= fresh
    return fresh


def tile_state(memory: Memory, depth: int, pos: Pos, visible: set[Pos]) -> TileState:
    """What the map should show at `pos`: visible now, remembered, or unseen."""
    if pos in visible:
        return TileState.VISIBLE
    return TileState.REMEMBERED if memory.knows(depth, pos) else TileState.UNSEEN
