"""Provides `CatalogWorld`: the rules' `World` built from the content files, loaded once per process."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from pathlib import Path

from expedition.content.authored import build_authored
from expedition.content.catalog import ASSETS, Catalog, load_catalog
from expedition.content.problems import ContentError
from expedition.dungeon.generate import generate_dungeon
from expedition.rules.dungeon_map import Dungeon
from expedition.rules.items import ItemDef


class CatalogWorld:
    """Dungeons and items from a loaded catalog.

    Args:
        catalog: The checked content.
        party_size: Party size the generator builds encounters for.
    """

    def __init__(self, catalog: Catalog, *, party_size: int = 4) -> None:
        self.catalog = catalog
        """The content this world serves."""
        self.party_size = party_size

    @property
    def items(self) -> Mapping[str, ItemDef]:
        """Every item, weapon, armour and shield by key."""
        return self.catalog.equipment.all

    def new_dungeon(self, seed: int, theme: str) -> Dungeon:
        """Generate the dungeon for `seed` (same seed and theme, same dungeon)."""
        return generate_dungeon(
            seed, self.catalog.dungeons.themes, theme=theme or None, party_size=self.party_size
        )

    def authored_dungeon(self, key: str) -> Dungeon:
        """A fresh copy of the authored dungeon `key`."""
        return build_authored(self.catalog.dungeons.authored[key])

    def authored_keys(self) -> tuple[str, ...]:
        """Keys of the authored dungeons."""
        return tuple(sorted(self.catalog.dungeons.authored))


@cache
def default_world(assets: Path = ASSETS) -> CatalogWorld:
    """The world of the shipped content, loaded on first use.

    Raises:
        ContentError: When the content files have problems (every one is listed).
    """
    return CatalogWorld(load_catalog(assets))


def world_or_none() -> CatalogWorld | None:
    """The shipped world, or None when the content cannot be loaded (actions needing it are refused)."""
    try:
        return default_world()
    except ContentError:
        return None
