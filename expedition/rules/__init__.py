"""The pure game rules of Dead Weight, in packages named for the rulebook's chapters.

No Textual, no files, no clock, no global random: every die comes through a `Dice` object, every
change of state is reported as an `Event`, and every choice a player must make mid-rule is yielded
as a `Decision`. Lower packages never name special cases from higher ones; those register into the
hook points the lower ones offer.

What it holds:

- `camp/`: Camp (RULES §10.3): setting it up, the pool of camp actions, the ambush roll and breaking
  camp.
- `character/`: The adventurer (RULES §3.1, §4, §6, §10.5): attributes, harm, armour, fainting, mortal
  wounds, traumas, afflictions, recovery, insight and progression, and the party.
- `combat/`: Fights (RULES §10.2): setup, rounds, the adventurers' actions and their verbs, harm on both
  sides, holds, parley, and the skills that act in a fight.
- `core/`: The foundation every rule stands on (RULES §2, §3, §8): dice and notation, attribute tests
  and rerolls, odds, decisions, events, errors, trackers and the names of skills, conditions and items.
- `creation/`: Making adventurers (RULES §5): the life path, choosing a class, the starting kit and
  shop, leftover insight and new recruits.
- `engine/`: The campaign as a whole: its state, the dispatch of every action to its rules, play
  sessions and adventurers changing hands.
- `exploration/`: Exploring a dungeon (RULES §10.1, HOUSE §1): the expedition's state, its turn, the
  actions the party may take, doors, traps, sight, the dungeon map and what the dead leave behind.
- `interlude/`: The interlude in a settlement (RULES §10.4): the day, daily actions, the market, hunger
  and sleep, Blacksalt events and the settlement's doom.
- `items/`: Trappings (RULES §7): where carried items go, moving them, usage dice and light, medicine,
  and the table of what each usable item does.
- `magic/`: Spells and prayers (RULES §11): what they share, their definitions, their place in a fight
  and the wards they leave.
- `trackers/`: The campaign's clocks (RULES §9): decay, the dungeon's doom and the bad omens.
"""
