"""The interlude in a settlement.

The interlude in a settlement (RULES §10.4): the day, daily actions, the market, hunger and sleep,
Blacksalt events and the settlement's doom.

What it holds:

- `blacksalt_events`: Blacksalt events (§10.4.4): the party's 1d6 each morning, bad events and
  opportunities.
- `daily_actions`: Interlude's daily actions (§10.4.3): rest, tend wounds, sell, lay low, repair armour.
- `homecoming`: The party's return from a dungeon: the exit's verb ends the expedition and opens the
  interlude (§10.1, §10.4).
- `day_and_night`: `EndDay` (§10.4, §16 #14): the day's actions resolved, the night, the next morning.
- `hunger_and_sleep`: Hunger and sleep in the interlude (§10.4.5): a ration a day, then a bed and its
  2d6 table.
- `hunt`: Settlement doom 7 (§9.4): the locals hunt the party and the settlement is no longer safe.
- `interlude_actions`: Every interlude action's guard and verb, gathered for the dispatch, and the
  options allowed now (§10.4).
- `interlude_state`: Interlude's state (§10.4): the settlement, the day, plans, beds and the market, and
  arriving.
- `market`: Interlude market (§7.2, §6.1, §9.4): stock by settlement size, prices rolled once, buying.
- `recruiting`: `NewRecruit` (§5.1): a player with nobody left in the party makes a new adventurer.
- `setting_out`: `SetOut`: leave the settlement for a dungeon, a new one or one the party knows (§10,
  §9.2).
- `settlement_defs`: Settlement definitions (§7.2, §10.4.2, §10.4.5): sizes, shop stock dice, named
  places, beds.
- `stash`: Moving items in the interlude (§7.1, house): between adventurers, and to and from the stash.
- `table_effects`: Interlude's reading of roll-table effects (§10.4.4, §10.4.5): Blacksalt events and
  beds.
"""
