"""Provides `CatalogWorld`: the rules' `World` built from the content files, loaded once per process."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from functools import cache
from pathlib import Path

from expedition.content.authored import build_authored
from expedition.content.catalog import ASSETS, Catalog, load_catalog
from expedition.content.problems import ContentError
from expedition.dungeon.generate import generate_dungeon
from expedition.rules.combat.enemies.enemy_defs import EnemyDef
from expedition.rules.core.item_defs import Category, ItemDef
from expedition.rules.core.kept import Kept
from expedition.rules.core.roll_tables import RollTable
from expedition.rules.creation.party_creation import CreationOptions
from expedition.rules.exploration.dungeon_map import Dungeon
from expedition.rules.interlude.interlude_state import HOUSE_DEFAULT_SIZE
from expedition.rules.interlude.settlement_defs import Availability, SettlementSize, SleepingPlace
from expedition.rules.magic.magic_defs import (
    GodDef,
    ManeuverDef,
    MiracleRow,
    MishapRow,
    PrayerDef,
    SchoolDef,
    SpellDef,
)
from expedition.session.state_copy import snapshot


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
        self._home_port: SettlementSize | None = None
        self._generated: Kept[tuple[int, str, int], Dungeon] = Kept(16)  # untouched: handed out as copies

    @property
    def items(self) -> Mapping[str, ItemDef]:
        """Every item, weapon, armour and shield by key."""
        return self.catalog.equipment.all

    @property
    def spells(self) -> Mapping[str, SpellDef]:
        """Every spell by key."""
        return self.catalog.classes.spells

    @property
    def prayers(self) -> Mapping[str, PrayerDef]:
        """Every prayer by key."""
        return self.catalog.classes.prayers

    @property
    def maneuvers(self) -> Mapping[str, ManeuverDef]:
        """Every maneuver of every background by key."""
        return {m.key: m for bg in self.catalog.classes.backgrounds.values() for m in bg.maneuvers}

    @property
    def schools(self) -> Mapping[str, SchoolDef]:
        """Every school of magic by key."""
        return self.catalog.classes.schools

    @property
    def gods(self) -> Mapping[str, GodDef]:
        """Every god by key."""
        return self.catalog.classes.gods

    @property
    def mishaps(self) -> tuple[MishapRow, ...]:
        """The spell mishap table."""
        return self.catalog.classes.mishaps

    @property
    def miracles(self) -> tuple[MiracleRow, ...]:
        """The miracle table."""
        return self.catalog.classes.miracles

    @property
    def enemies(self) -> Mapping[str, EnemyDef]:
        """Every enemy stat block by key."""
        return self.catalog.enemies

    def roll_table(self, key: str) -> RollTable:
        """The roll table `key` (events, sleeping tables …)."""
        return self.catalog.tables[key]

    def settlement_size(self, settlement: str) -> SettlementSize:
        """A named settlement's size (by key or name); others, like Blacksalt, a Fief (house).

        Blacksalt's Fief is the home port's (`home_port`): its common goods are always in stock.
        """
        book = self.catalog.settlements
        wanted = settlement.casefold()
        for entry in book.settlements:
            if wanted in (entry.key.casefold(), entry.name.casefold()):
                return book.size(entry.size)
        if self._home_port is None:  # one object, so the market's caches keyed by it hit (`town_options`)
            self._home_port = home_port(book.size(HOUSE_DEFAULT_SIZE))
        return self._home_port

    def sleeping_places(self) -> tuple[SleepingPlace, ...]:
        """Every place an interlude night can be spent."""
        return self.catalog.settlements.sleeping_places

    def creation_options(self) -> CreationOptions:
        """What character creation needs (a new recruit in the interlude)."""
        book = self.catalog.classes
        return CreationOptions(
            lifepath={table.key: table for table in self.catalog.lifepath.tables},
            classes=book.class_options(),
            items=dict(self.catalog.equipment.all),
        )

    def new_dungeon(self, seed: int, theme: str, party_size: int = 0) -> Dungeon:
        """Generate the dungeon for `seed` (same seed, theme and party size, same dungeon).

        Its groups are built for `party_size` adventurers, or this world's `party_size` when 0. The
        last few are kept and each is handed out as a copy of its own: a journal replayed in the
        same process (the simulation checks every campaign so) asks for each again.
        """
        size = party_size or self.party_size  # each a few hundred kilobytes: the last 16 are kept
        made = self._generated.get(
            (seed, theme, size),
            lambda: generate_dungeon(
                seed, self.catalog.dungeons.themes, theme=theme or None, party_size=size
            ),
        )
        return snapshot(made)

    def authored_dungeon(self, key: str) -> Dungeon:
        """A fresh copy of the authored dungeon `key`."""
        return build_authored(self.catalog.dungeons.authored[key])

    def authored_keys(self) -> tuple[str, ...]:
        """Keys of the authored dungeons."""
        return tuple(sorted(self.catalog.dungeons.authored))

    def authored_name(self, key: str) -> str:
        """The name of the authored dungeon `key` (its drawn copy's, as `authored_dungeon` gives it)."""
        return self.catalog.dungeons.authored[key].prototype.name


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


def home_port(fief: SettlementSize) -> SettlementSize:
    """Blacksalt, the home port (house balance): a Fief whose common goods are always in stock.

    The book gives a Fief 4d! for common goods (§7.2) and lets the GM decide stock instead; the
    content names no size for Blacksalt, so its market is ours to set. With 4d! rations, torches
    and camping supplies were in stock about half the time, and a party without them went
    hungry (no healing), into the dark, or into the streets (doom). Rarer goods keep the dice.
    """
    always = Availability(always=True)
    return replace(fief, stock=tuple((c, always if c is Category.COMMON else a) for c, a in fief.stock))
