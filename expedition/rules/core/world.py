"""Provides the `World` protocol: content the rules ask for but do not hold (dungeons, items)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from expedition.rules.combat.enemies.enemy_defs import EnemyDef
    from expedition.rules.core.item_defs import ItemDef
    from expedition.rules.exploration.dungeon_map import Dungeon
    from expedition.rules.magic.magic_defs import (
        GodDef,
        ManeuverDef,
        MiracleRow,
        MishapRow,
        PrayerDef,
        SchoolDef,
        SpellDef,
    )


class World(Protocol):
    """Content the rules reach for while an action resolves.

    The rules stay pure: a session hands them a world built from the content files, and the
    same world built again rebuilds the same dungeons, so a journal replays exactly.
    """

    @property
    def items(self) -> Mapping[str, ItemDef]:
        """Every item definition by key."""
        ...

    @property
    def spells(self) -> Mapping[str, SpellDef]:
        """Every spell by key (§11.1)."""
        ...

    @property
    def prayers(self) -> Mapping[str, PrayerDef]:
        """Every prayer by key (§11.2)."""
        ...

    @property
    def maneuvers(self) -> Mapping[str, ManeuverDef]:
        """Every maneuver of every background by key (§5.7)."""
        ...

    @property
    def schools(self) -> Mapping[str, SchoolDef]:
        """Every school of magic by key (§5.7.3)."""
        ...

    @property
    def gods(self) -> Mapping[str, GodDef]:
        """Every god by key (§5.7.4)."""
        ...

    @property
    def mishaps(self) -> tuple[MishapRow, ...]:
        """The spell mishap table, by roll (§11.1)."""
        ...

    @property
    def miracles(self) -> tuple[MiracleRow, ...]:
        """The miracle table, by roll (§11.2)."""
        ...

    @property
    def enemies(self) -> Mapping[str, EnemyDef]:
        """Every enemy stat block by key (§12)."""
        ...

    def new_dungeon(self, seed: int, theme: str, party_size: int = 0) -> Dungeon:
        """Generate the dungeon for `seed`; `theme` is a theme key, or "" to let the dice choose.

        Its groups are built for `party_size` adventurers (HOUSE §2.2's N; 0: the world's default).
        """
        ...

    def authored_dungeon(self, key: str) -> Dungeon:
        """A fresh copy of an authored dungeon."""
        ...

    def authored_keys(self) -> tuple[str, ...]:
        """The authored dungeons there are."""
        ...

    def authored_name(self, key: str) -> str:
        """The name of the authored dungeon `key` (without copying the dungeon)."""
        ...
