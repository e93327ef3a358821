"""The foundation every rule stands on.

The foundation every rule stands on (RULES §2, §3, §8): dice and notation, attribute tests and
rerolls, odds, decisions, events, errors, trackers and the names of skills, conditions and items.

What it holds:

- `actions`: `Action` base class: a player's intent, checked by `verify` before it is applied.
- `approach`: `approached_test`: before an attribute test, the player says how they roll it (§3.5).
- `attributes`: `Attr`: the names of the four attributes (§3.1) that every test, check and attack names.
- `conditions`: Names of afflictions (§4.6) and traumas (§4.5).
- `context`: `Context`: the dice and the event log a rule works with.
- `decisions`: Decisions: the choices a rule needs from a player (or the GM) while it resolves.
- `dice`: Dice: the `Dice` protocol, seeded and scripted dice, and dice expressions (§2).
- `distance`: Four ranges on the tile grid (§8, §16 #2, #3) and orthogonal movement helpers.
- `errors`: Small family of errors the rules raise, each with a message a player can read.
- `events`: `Event` base class: every change of game state is reported as one.
- `hooks`: `Hook`: a typed point where a low-level rule lets higher rules add their special cases.
- `item_defs`: Item definitions (one frozen type for items, weapons, armour and shields) and carried
  items.
- `judging`: Judging of final dice (§3.2, §3.5, §3.6): the four outcomes, fatigue, and `RollResult`.
- `lasting`: Lasting effects: what a spell, prayer or maneuver leaves behind for some rounds or turns.
- `notation`: Attack notation `[+|-]ATTR BASE[flags][+CRIT[flags]]` and its parser (§2.1, §16 #7, #24).
- `odds`: Exact odds: attribute tests and checks with rerolls (§3), risk dice and table sums (§2).
- `phase`: `Phase`: where the campaign is, one of an expedition's three phases or the interlude (§10).
- `reach`: `Reach`: how far an attack reaches, as a range or a number of tiles (§2.1, §8, §16 #3).
- `reroll_game`: Reroll game behind `odds.py`: both sides reroll perfectly, by backward induction
  (§3.2–§3.4).
- `rerolls`: Reroll negotiation of a test or check: proficiency, advantage, disadvantage, tokens, help.
- `roll_events`: Events of attribute tests and checks (§3): the pool thrown, the roll judged, a burden
  used.
- `roll_tables`: Roll tables as values: rows by total, open-ended rows, and a small effect notation.
- `rolls`: Attribute tests and checks (§3): counting dice, rerolls, judging, and fatigue from the dice.
- `skills`: Names of skills (§6.1) and special traits (§6.2), and which skills are advanced.
- `tracker`: Segmented tracker (§9): advance, lower and reset, each reported as an event.
- `world`: `World` protocol: content the rules ask for but do not hold (dungeons, items).
"""
