"""Provides the catalog: every content file in `assets/` loaded, validated and cross-checked at once."""

from __future__ import annotations

import importlib.resources
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from expedition import source_checkout
from expedition.content import (
    bestiary,
    classes,
    dungeons,
    equipment,
    glossary,
    lifepath_entries,
    settlements,
    tables,
)
from expedition.content.compendium_pages import CompendiumEntry
from expedition.content.problems import ContentError, Problem
from expedition.rules.combat.enemies.enemy_defs import EnemyDef

CONTENT_PACKAGE = "expedition.assets"
"""The package the top-level `assets/` folder is installed as (pyproject.toml maps it)."""


def shipped_assets() -> Path:
    """The content folder the game plays with.

    Run from a source checkout, that checkout's own `assets/` (even when another checkout is
    installed); installed, the copy shipped inside the package, found with `importlib.resources`.
    When neither can be found the path returned does not exist, so loading names each missing file.
    """
    checkout = source_checkout()
    if checkout is not None:
        return checkout / "assets"
    try:
        # A namespace package has no single folder of its own, but each of its files is a real one.
        marker = importlib.resources.files(CONTENT_PACKAGE).joinpath("ATTRIBUTION.md")
    except ModuleNotFoundError:
        marker = None
    if isinstance(marker, Path):
        return marker.parent
    return Path(__file__).resolve().parents[1] / "assets"


ASSETS = shipped_assets()
"""The content folder found when the game started (see `shipped_assets`)."""


@dataclass(frozen=True, slots=True)
class Catalog:
    """All of the game's content, typed and checked.

    Attributes:
        equipment: Items, weapons, armour and shields.
        enemies: Every enemy stat block by key.
        lifepath: The five life-path tables.
        classes: Classes, backgrounds, schools, gods, spells, prayers, mishaps and miracles.
        tables: The roll tables of the file (events, sleeping places); the rules hold decay, omens and
            mortal wounds (`tables.RULES_TABLES`).
        settlements: Settlement sizes, named settlements and sleeping places.
        glossary: Skills, traits, traumas and afflictions with their rules text.
        dungeons: Dungeon themes (house) and authored dungeons.
    """

    equipment: equipment.Equipment
    enemies: dict[str, EnemyDef]
    lifepath: lifepath_entries.LifePath
    classes: classes.ClassBook
    tables: tables.Tables
    settlements: settlements.Settlements
    glossary: glossary.Glossary
    dungeons: dungeons.DungeonBook

    def compendium(self) -> list[CompendiumEntry]:
        """Every entry a player can look up, grouped by kind then name."""
        pages = [
            *equipment.compendium_equipment(self.equipment),
            *bestiary.compendium_bestiary(self.enemies),
            *lifepath_entries.compendium_lifepath(self.lifepath),
            *classes.compendium_classes(self.classes),
            *tables.compendium_tables(self.tables),
            *settlements.compendium_settlements(self.settlements),
            *glossary.compendium_glossary(self.glossary),
        ]
        return sorted(pages, key=lambda page: (page.kind, page.name.casefold()))


def load_catalog(assets: Path = ASSETS) -> Catalog:
    """Load every content file and check references between them.

    Raises:
        ContentError: Listing every problem found in every file, not only the first.
    """
    problems: list[Problem] = []
    catalog = Catalog(
        equipment=equipment.load_equipment(assets, problems),
        enemies=bestiary.load_bestiary(assets, problems),
        lifepath=lifepath_entries.load_lifepath(assets, problems),
        classes=classes.load_classes(assets, problems),
        tables=tables.load_tables(assets, problems),
        settlements=settlements.load_settlements(assets, problems),
        glossary=glossary.load_glossary(assets, problems),
        dungeons=dungeons.load_dungeons(assets, problems),
    )
    problems.extend(cross_check(catalog, broken=_broken_keys(problems)))
    if problems:
        raise ContentError(problems)
    return catalog


ENTRY_FILES = {
    "item": ("items.toml", "weapons.toml", "armour.toml", "shields.toml"),
    "enemy": ("enemies.toml",),
    "table": ("tables.toml",),
}
"""The files that define each kind of entry other files name."""


def _broken_keys(problems: list[Problem]) -> dict[str, set[str]]:
    """By kind, the keys of entries already reported as faulty (so left out of the catalog)."""
    return {
        kind: {problem.entry for problem in problems if problem.file in files and problem.entry}
        for kind, files in ENTRY_FILES.items()
    }


def cross_check(catalog: Catalog, *, broken: dict[str, set[str]] | None = None) -> list[Problem]:
    """Check that every key one file names exists in the file that defines it.

    Args:
        catalog: The content loaded.
        broken: By kind, keys of entries already reported as faulty: naming one is not a second fault.
    """
    broken = broken or {}
    known: dict[str, Callable[[str], bool]] = {
        "item": lambda key: catalog.equipment.get(key) is not None or key in broken.get("item", ()),
        "enemy": lambda key: key in catalog.enemies or key in broken.get("enemy", ()),
        "table": lambda key: key in set(catalog.tables.keys()) or key in broken.get("table", ()),
    }
    references = [
        *classes.references(catalog.classes),
        *lifepath_entries.references(catalog.lifepath),
        *settlements.references(catalog.settlements),
        *dungeons.references(catalog.dungeons),
    ]
    problems = []
    for where, kind, key in references:
        exists = known.get(kind)
        if exists is None:
            problems.append(Problem(where, message=f"names a {kind} {key!r}, a kind nothing defines"))
        elif not exists(key):
            problems.append(
                Problem(where, message=f"names the {kind} {key!r}, which no content file defines")
            )
    return problems
