"""Provides spell effects (§11.1) — filled in by the spell work; merged into `spell_book`."""

from __future__ import annotations

from expedition.rules.magic_effects import Effect

SPELLS: dict[str, Effect] = {}
"""Spells of this module, by key."""
