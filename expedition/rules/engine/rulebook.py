"""Provides the whole rulebook at once: it imports every module that registers a special case.

A general rule never names the special cases that change it (that would import in a circle);
it declares a hook (`core.hooks.Hook`) or a lasting's end handler (`core.lasting.ON_END`), and
the special case registers into it when its module is imported. A module nobody happened to
import would then silently not apply, so this module imports every one that registers, and
`dispatch` imports this module: whatever runs the game runs it with the whole book.

A hook's functions act in the order they registered, which is the order their modules were
first imported, and that depends on who imports what first. So every hook has one function
registered, or functions whose order the imports between their modules already fix; a second
independent registration on one hook would need a hook point of its own.

Tests of a single rule get the whole book through `tests/rules/conftest.py`.
"""

from __future__ import annotations

from types import ModuleType

from expedition.rules.character import blindness
from expedition.rules.combat.enemies import specials
from expedition.rules.exploration.hazards import air, noise, water
from expedition.rules.items import barricade, potions
from expedition.rules.magic.prayers import basic_goshkalon_cador, prayer_marks, yulak_akhzu_kaal

REGISTERING: tuple[ModuleType, ...] = (
    blindness,  # ON_END: sight comes back
    specials,  # combat_harm.FOE_HIT, combat_harm.FOE_FELL
    air,  # expedition.LIGHT_DIMMED, exploration_turn.ROOM_TURN; ON_END: weaver sickness passes
    noise,  # exploration_turn.NOISE_MADE
    water,  # exploration_turn.DECAY_STRUCK
    barricade,  # ON_END: a barricade breaks
    potions,  # ON_END: bravery wears off
    prayer_marks,  # ON_END: Hold, Hyperfocus, Borrowed Time, Euphoria end
    basic_goshkalon_cador,  # ON_END: Bliss, Apotheosis end
    yulak_akhzu_kaal,  # ON_END: Decay ends
)
"""Every module that registers into a hook or `ON_END` (`tests/test_architecture.py` checks the list)."""
