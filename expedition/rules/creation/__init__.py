"""Making adventurers.

Making adventurers (RULES §5): the life path, choosing a class, the starting kit and shop, leftover
insight and new recruits.

What it holds:

- `class_choice`: Choosing a class at creation (§5.7): class, background/school/god, maneuvers, and the
  kit.
- `leftover_insight`: Spending the insight left over when a character is finished (§5.1 step 1,
  §10.5.4).
- `life_path`: Life-path tables (§5.2–§5.6) as data: an effect vocabulary, rows, tables, and applying
  them.
- `life_path_effects`: Life-path effect vocabulary (§5.2–§5.6): what a row can do, as frozen values.
- `party_creation`: Character creation (§5.1): life path and its rerolls, class, trappings, silver and
  insight.
- `recruits`: New recruits (§5.1, §10.4): a player with nobody left in the party makes a new adventurer.
- `starting_kit`: Starting trappings (§5.1 step 3) and outfitting: items go where they fit, the rest to
  the stash.
- `starting_shop`: Shopping with starting silver before the first expedition (§5.1 step 6, §7.2): prices
  and buying.
"""
