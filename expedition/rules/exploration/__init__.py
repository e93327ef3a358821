"""Exploring a dungeon.

Exploring a dungeon (RULES §10.1, HOUSE §1): the expedition's state, its turn, the actions the party
may take, doors, traps, sight, the dungeon map and what the dead leave behind.

What it holds:

- `barricade`: Barricade of spiked doors (house, HOUSE §1.4, §1.6): a wandering group must hack through.
- `camp_state`: The camp's state (§10.3): where the party camps, its pool of camp actions, and what
  was done.
- `dead_vigil`: Dead vigil (§10.1, HOUSE §1.7): bodies left where creatures fall, their count, their
  rising.
- `doors_and_locks`: Listening at a door, forcing it, picking its lock or a chest's (HOUSE §1.4).
- `dungeon_map`: Dungeon map as plain data: rooms, levels and the dungeon that holds them.
- `expedition`: Expedition's state (where the party is in a dungeon, what it has seen) and starting one
  (§10).
- `exploration_actions`: Every exploration action's guard, verb and cost in turns, gathered for the
  dispatch (§10.1).
- `exploration_turn`: One exploration turn (§10.1): lights, decay, fainting, bleeding, encumbrance,
  noise, darkness.
- `exploring_skills`: What four skills do while exploring (§6.1): Veteran, Holy Rites, Ward the dead,
  Occult Studies.
- `features`: What is placed on a dungeon level: doors, traps, treasure, caches, corpses, encounters.
- `finding_and_disarming_traps`: `LookForTraps` and `DisarmTrap` (§10.1): an INT test for the traps of
  this area; a test to disarm a found one, which springs on a failure.
- `gear`: What exploring gear does when used (§7.4, HOUSE §1.4): water, oil, spikes, rope, compass,
  ashes.
- `hazards/`: Room hazards (HOUSE §1.9–§1.14): air and light, footing, floors, noise, water, drag marks,
  and the actions they make possible.
- `kept_dungeon`: Dungeon a party leaves, kept on its location so that a return finds it as it was
  (§10.1).
- `leaving_the_dungeon`: `ExitDungeon` (§10.1): its guard and `leave_dungeon`, doom +2.
- `locations`: Places the party knows (§9.2, §9.4): each `Location` with its doom, and what Veterans
  read.
- `looting`: `Loot` (§10.1): emptying the caches of this area into packs and the stash.
- `searching`: `Search` (HOUSE §1.4): an INT test for secret doors, hidden caches and traps.
- `setting_up_camp`: `SetUpCamp` (§10.1): its guard (a safe place) and event; the verb is camp's.
- `sight`: Field of view on a level: walls, rubble and closed doors block sight (HOUSE §6.3).
- `stairs`: `Descend` and `Ascend`: taking the stairs to another level.
- `stepping`: `Step` (§10.1, HOUSE §1.4): moving one tile, free within an area, 1 ET into another.
- `surroundings`: Checks and queries the exploration guards share: who acts, where the party is, what is
  here.
- `tiles`: Dungeon map's kinds: tiles with their glyphs and names, door states, room contents.
- `traps`: Traps in play (§10.1, HOUSE §1.8): springing one on a victim, finding and disarming them.
- `using_items`: `UseItem` while exploring (§10.1, §7.4): lights, cures, the table of uses; slow and quick.
"""
