"""Provides every spell effect the game models, gathered from the modules that define them (§11.1)."""

from __future__ import annotations

from expedition.rules.magic.magic_effects import Effect
from expedition.rules.magic.spells import (
    attack_spells,
    control_spells,
    lasting_spells,
    spell_effects,
    utility_spells,
)

SPELL_EFFECTS: dict[str, Effect] = {
    **spell_effects.SPELL_EFFECTS,
    **attack_spells.SPELLS,
    **control_spells.SPELLS,
    **lasting_spells.SPELLS,
    **utility_spells.MARVELS,
}
"""The spells the game models, by key."""
MISSING: dict[str, str] = {k: v for k, v in spell_effects.MISSING.items() if k not in SPELL_EFFECTS}
"""Why each spell without an effect cannot be cast yet."""
