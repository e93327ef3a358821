"""Provides every spell effect the game models, gathered from the modules that define them (§11.1)."""

from __future__ import annotations

from expedition.rules import spell_attacks, spell_control, spell_effects, spell_wonders
from expedition.rules.magic_effects import Effect

SPELL_EFFECTS: dict[str, Effect] = {
    **spell_effects.SPELL_EFFECTS,
    **spell_attacks.SPELLS,
    **spell_control.SPELLS,
    **spell_wonders.SPELLS,
}
"""The spells the game models, by key."""
MISSING: dict[str, str] = {k: v for k, v in spell_effects.MISSING.items() if k not in SPELL_EFFECTS}
"""Why each spell without an effect cannot be cast yet."""
