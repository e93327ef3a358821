"""Provides the compendium's entries: from the content catalog, or from the rules' own names as a fallback."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from expedition.content.compendium_pages import CompendiumEntry
from expedition.rules.core.conditions import Affliction, Trauma
from expedition.rules.core.skills import ADVANCED, BASIC, Skill, Trait


def display_name(key: str) -> str:
    """A rules key in the player's words: "broken_arm" → "Broken arm"."""
    return key.replace("_", " ").capitalize()


def rules_entries() -> list[CompendiumEntry]:
    """Entries built from the rules' names alone (skills, traits, traumas, afflictions).

    Used while the content catalog is not available: the names are right, the texts are brief.
    """
    found: list[CompendiumEntry] = []
    for skill in Skill:
        details: tuple[tuple[str, str], ...] = ()
        if skill in BASIC:
            details = (("Advanced skill of", display_name(BASIC[skill])),)
        elif skill in ADVANCED:
            details = (("Advances to", display_name(ADVANCED[skill])),)
        found.append(
            CompendiumEntry("skill", skill.value, display_name(skill), "A skill (§6.1).", details=details)
        )
    found += [CompendiumEntry("trait", t.value, display_name(t), "A special trait (§6.2).") for t in Trait]
    found += [CompendiumEntry("trauma", t.value, display_name(t), "A trauma (§4.5).") for t in Trauma]
    found += [
        CompendiumEntry("affliction", a.value, display_name(a), "An affliction (§4.6).") for a in Affliction
    ]
    return found


def catalog_loader() -> Callable[..., Any] | None:
    """The content layer's `load_catalog`, or None while that module does not exist yet."""
    try:
        module = importlib.import_module("expedition.content.catalog")
    except ModuleNotFoundError as error:
        if error.name != "expedition.content.catalog":
            raise
        return None
    loader: Callable[..., Any] | None = getattr(module, "load_catalog", None)
    return loader


def load_entries(assets_dir: Path | None = None) -> list[CompendiumEntry]:
    """Load every compendium entry from the content catalog, or the rules' names if there is none.

    Args:
        assets_dir: Folder of content TOML files; the catalog's default folder when None.

    Returns:
        The entries, in the catalog's order.

    Raises:
        expedition.content.problems.ContentError: If the content files have problems.
        OSError: If the folder cannot be read.
    """
    loader = catalog_loader()
    if loader is None:
        return rules_entries()
    # Without a folder, let the catalog use its own default (the `assets/` it ships with).
    catalog = loader() if assets_dir is None else loader(assets_dir)
    return list(catalog.compendium())
