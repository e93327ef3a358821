"""Provides the whole rulebook: the one module that imports every rule which registers a special case.

A low-level rule (a test, a death, a lasting effect's end) never names the prayer, trauma or item
that changes it; it declares a hook (`core.hooks.Hook`) or a table, and the special case registers
itself there when its module is imported. Nothing else would import some of those modules, so a
game, a replay or a test could otherwise run with part of the rulebook missing and give different
results. Importing this module (the dispatch does; so does `tests/rules/conftest.py`) loads every
one of them. Registration happens in import order, which the code fixes, so replays stay exact.
"""

from __future__ import annotations

from types import ModuleType

from expedition.rules.camp import camp_items
from expedition.rules.character import blindness, harm, progression
from expedition.rules.combat import potions
from expedition.rules.combat.enemies import specials
from expedition.rules.exploration import barricade, gear
from expedition.rules.exploration.hazards import air, noise, water
from expedition.rules.items import handling
from expedition.rules.magic.prayers import basic_goshkalon_cador, prayer_marks, yulak_akhzu_kaal
from expedition.rules.trackers import decay

MODULES: tuple[ModuleType, ...] = (
    # the adventurer: a test's fatigue, a burden's insight, the blind's disadvantage; sight comes back
    harm,
    progression,
    blindness,
    # trappings: a Broken arm letting go
    handling,
    # the clocks: the omen of decay rolls the decay table
    decay,
    # what each usable item does (the table of uses), a tonic warding off Terrified, lasting effects
    gear,
    potions,
    camp_items,
    # a fight: the enemies' own specials when a foe is hit or falls
    specials,
    # the dungeon: a barricade broken; bad air dims the light and acts each turn; noise; floods on decay
    barricade,
    air,
    noise,
    water,
    # prayers: dice, deaths put off, lasting effects that end or tick
    prayer_marks,
    basic_goshkalon_cador,
    yulak_akhzu_kaal,
)
"""Every module that registers into a hook or a table of the lower rules (a test checks the list)."""
