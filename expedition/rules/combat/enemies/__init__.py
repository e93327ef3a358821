"""The GM's side of a fight.

The GM's side of a fight (RULES §10.2.5, §12, HOUSE §3): enemy definitions, their habits, movement,
targeting and what their attacks do.

What it holds:

- `attack_effects`: What an enemy attack does besides wounds (§12): stuns, holds, afflictions, chewed
  armour.
- `enemy_defs`: Enemy definitions: stat blocks, actions, specials and house behaviour (§10.2.5, §12).
- `guard_habits`: Habits of guards and slippery foes (HOUSE §3.3): Hunter, Boggart, Ectoplasmic Worm,
  sack.
- `habits`: Each enemy's own habits in its turn (HOUSE §3.3): the actions the plain AI cannot choose.
- `movement`: How enemies with movement specials move (§12, HOUSE §6.4): nimble, tiny, pile on, straight
  lines.
- `specials`: Enemies' passive specials in a fight (§12, HOUSE §3.3): hooks the combat flow calls.
- `tactics`: Moves enemy scripts share (HOUSE §3.3): strike, heal, gain tokens, area attacks, feeding.
- `targeting`: Enemies' own targeting preferences (HOUSE §3.3), narrowing whom the archetype AI picks
  from.
- `wild_habits`: Habits of shore creatures, scavengers, the undead, spiders and hunters (HOUSE §3.3).
"""
