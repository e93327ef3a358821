"""Warrior and thief maneuvers.

Warrior and thief maneuvers (RULES §5.7.1, §5.7.2): the attacks, the set-ups, and what they leave in
a fight.

What it holds:

- `attack_maneuvers`: Maneuvers that are attacks (§5.7.1, §5.7.2): weapon attacks with a twist, via
  `attack_foe`.
- `maneuver_marks`: What maneuvers leave in a fight and the hooks the combat rules call (§5.7, §10.2,
  HOUSE §6).
- `maneuver_rules`: Warrior and thief maneuvers in a fight (§5.7.1, §5.7.2, §10.2.2): 1 action and Close
  unless said.
- `stances`: Maneuvers that set something up (§5.7.1, §5.7.2), and the reactions' refusals.
"""
