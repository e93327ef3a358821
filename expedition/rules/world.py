"""Provides the `World` protocol: content the rules ask for but do not hold (dungeons, items)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from expedition.rules.dungeon_map import Dungeon
    from expedition.rules.items import ItemDef


class World(Protocol):
    """Content the rules reach for while an action resolves.

    The rules stay pure: a session hands them a world built from the content files, and the
    same world built again rebuilds the same dungeons, so a journal replays exactly.
    """

    @property
    def items(self) -> Mapping[str, ItemDef]:
        """Every item definition by key."""
        ...

    def new_dungeon(self, seed: int, theme: str) -> Dungeon:
        """Generate the dungeon for `seed`; `theme` is a theme key, or "" to let the dice choose."""
        ...

    def authored_dungeon(self, key: str) -> Dungeon:
        """A fresh copy of an authored dungeon."""
        ...

    def authored_keys(self) -> tuple[str, ...]:
        """The authored dungeons there are."""
        ...
