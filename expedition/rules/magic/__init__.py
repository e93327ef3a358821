"""Spells and prayers.

Spells and prayers (RULES §11): what they share, their definitions, their place in a fight and the
wards they leave.

What it holds:

- `fight_magic`: Fight side of spells, prayers and maneuvers (§10.2.2): reach, foe targets, harm,
  shields.
- `magic_defs`: Definitions of classes, backgrounds, schools, gods, spells, prayers, mishaps and
  miracles.
- `magic_dispatch`: Dispatch entries of spells, prayers, maneuvers and Concentrate.
- `magic_effects`: What spells, prayers and maneuvers share: effect records, targets, lasting light.
- `prayers/`: A cleric's prayers (RULES §11.2, §5.7.4): praying, the gods' prayers, marks, the swarm and
  sacrifices.
- `spells/`: A wizard's magic (RULES §11.1): casting, mishaps, memorising, alchemy and every spell.
- `warding`: What lasting spells change in other rules: who cannot be harmed, who is blinded, who
  floats.
"""
