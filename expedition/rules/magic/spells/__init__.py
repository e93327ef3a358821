"""A wizard's magic.

A wizard's magic (RULES §11.1): casting, mishaps, memorising, alchemy and every spell.

What it holds:

- `alchemy`: Alchemy (§11.1 Alchemy rules): extract values, tonic recipes, and blending extracts into a
  tonic.
- `attack_spells`: Attack spells (§11.1): Magic Missile, Silver cannon, Morbid touch, Soul punch,
  Explode corpse.
- `control_spells`: Control spells on foes (§11.1): Command undead, Phobia, Glue, Bonedance, Shackles,
  Nightmare.
- `lasting_spells`: Lasting spell effects (§11.1): haste, hover, smoke, prisons, seals, darkness, fire,
  a pocket.
- `memorising`: Memorising spells and prayers (§11.1, §11.2, §10.3) and readying magic as an expedition
  begins.
- `spell_book`: Every spell effect the game models, gathered from the modules that define them (§11.1).
- `spell_effects`: What each spell does (§11.1), or why it cannot be cast yet.
- `spellcasting`: A wizard's magic (§11.1, §10.1): casting and its INT test, mishaps, forgetting,
  Concentrate.
- `utility_spells`: Utility spells of the Mystics and the Awakened, and Transmute (§11.1), some as house
  readings.
"""
