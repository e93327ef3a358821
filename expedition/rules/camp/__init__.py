"""Camp.

Camp (RULES §10.3): setting it up, the pool of camp actions, each camp action, the ambush roll
and breaking camp. Each camp action's module holds its `Action` class, its cost, its guard
(`verify_*`), its verb and its events.

What it holds:

- `camp_setup`: Setting up camp (§10.3): where the camp is, supplies, fire, long rest, and the pool
  built; the verb of `SetUpCamp`.
- `pool`: The pool of camp actions (§10.3): what it is made of, whether it holds a cost, and paying
  from it.
- `camp_party`: Who is in camp (§10.3): who takes a camp action, whom it aims at, and who shares the
  rest.
- `ambush`: The camp's ambush roll (§10.3): its dice and exact odds, the roll, and the group that
  attacks.
- `lookout`: Keep a lookout (§10.3): 1 camp action, one ambush die fewer.
- `rest_and_sleep`: A well deserved rest, and sleep (§10.3, §4.6, §11.2): fatigue goes, prayers return;
  sleep heals.
- `camp_items`: What camp items do (§7.3, §7.4, §10.3): medicine, kits that repair armour, rations and
  brews.
- `using_camp_items`: Use camp items (§10.3, §7.3): one camp action lets each adventurer use one.
- `cooking`: Cook some food (§10.3, §6.1): rations cooked on the fire feed 2, 3 or 4.
- `camp_memorising`: Memorise (§10.3, §11.1, §11.2): a wizard or cleric swaps what they hold in memory.
- `ritual`: The Ritualist (§6.1): 1 camp action lowers doom or the omens by 1.
- `surgery`: The Surgeon (§6.1): an INT test that heals a wound on everyone.
- `crafting`: Crafting (§6.1, §4.2): mend 2 armour points, free, once per crafter.
- `camp_sacrifices`: Sacrifices made at camp (§5.7.4, §10.3): Goshkalon's burnt teeth and Kaal Rafir's
  prayer.
- `transmute`: Transmute (§10.3, §11.1): a wizard blends a tonic, free in camp.
- `breaking_camp`: Breaking camp (§10.3): the ambush roll, packing up (doom +1, +2 after a long rest),
  the way back.
- `camping_out`: Camping out in the interlude (house, §10.3, §10.4.5): who camps, where, and setting
  it up.
- `camp_actions`: Every camp action's guard, verb and cost, gathered for the dispatch (`GUARDS`,
  `VERBS`, `camp_cost`).
- `camp_options`: The camp's action list (§10.3): what each character could do, its cost, what it
  does, why not.
"""
