"""Exploring a dungeon.

Exploring a dungeon (RULES §10.1, HOUSE §1): the expedition's state, its turn, the actions the party
may take, doors, traps, sight, the dungeon map and what the dead leave behind.

What it holds:

- `barricade`: Barricade of spiked doors (house, HOUSE §1.4, §1.6): a wandering group must hack through.
- `camp_state`: The camp's state (§10.3): where the party camps, its pool of camp actions, and what
  was done.
- `dead_vigil`: Dead vigil (§10.1, HOUSE §1.7): bodies left where creatures fall, their count, their
  rising.
- `dungeon_map`: Dungeon map as plain data: rooms, levels and the dungeon that holds them.
- `expedition`: Expedition's state (where the party is in a dungeon, what it has seen) and starting one
  (§10).
- `exploration_actions`: Exploration actions (§10.1, HOUSE §1.4) and the tools and items they name.
- `exploration_events`: Events of the exploration verbs (§10.1): steps, doors, loot, searches, camps,
  leaving.
- `exploration_guards`: Exploration actions (§10.1, HOUSE §1.4) and their guards: what the party may do
  in a dungeon.
- `exploration_turn`: One exploration turn (§10.1): lights, decay, fainting, bleeding, encumbrance,
  noise, darkness.
- `exploration_verbs`: Verbs of the exploration actions (§10.1, HOUSE §1.4): they change the dungeon,
  spend turns.
- `exploring_skills`: What four skills do while exploring (§6.1): Veteran, Holy Rites, Ward the dead,
  Occult Studies.
- `features`: What is placed on a dungeon level: doors, traps, treasure, caches, corpses, encounters.
- `gear`: What exploring gear does when used (§7.4, HOUSE §1.4): water, oil, spikes, rope, compass,
  ashes.
- `hazards/`: Room hazards (HOUSE §1.9–§1.14): air and light, footing, floors, noise, water, drag marks,
  and the actions they make possible.
- `kept_dungeon`: Dungeon a party leaves, kept on its location so that a return finds it as it was
  (§10.1).
- `locations`: Places the party knows (§9.2, §9.4): each `Location` with its doom, and what Veterans
  read.
- `sight`: Field of view on a level: walls, rubble and closed doors block sight (HOUSE §6.3).
- `surroundings`: Checks and queries the exploration guards share: who acts, where the party is, what is
  here.
- `tiles`: Dungeon map's kinds: tiles with their glyphs and names, door states, room contents.
- `traps`: Traps in play (§10.1, HOUSE §1.8): springing one on a victim, finding and disarming them.
"""
