"""Camp.

Camp (RULES §10.3): setting it up, the pool of camp actions, the ambush roll and breaking camp.

What it holds:

- `ambush`: Camp's ambush roll (§10.3): its dice and exact odds, the roll, and the group that attacks.
- `camp_action_types`: Camp actions as `Action` classes (§10.3, §6.1) and what each costs from the
  camp's pool.
- `camp_actions`: Camp actions (§10.3, §6.1): lookouts, rest, sleep, camp items, cooking, skills,
  breaking camp.
- `camp_flow`: Camp (§10.3): setting it up, its pool of camp actions, the ambush roll and breaking camp.
- `camp_guards`: Camp actions' guards (§10.3, §6.1): who may take each one now, and whether the pool
  holds it.
- `camp_items`: What camp items do (§7.3, §7.4, §10.3): medicine, kits that repair armour, rations and
  brews.
- `camp_options`: Camp's action list (§10.3): what each character could do, its cost, what it does, why
  not.
- `camp_sacrifices`: Sacrifices made at camp (§5.7.4, §10.3): Goshkalon's burnt teeth and Kaal Rafir's
  prayer.
- `camp_setup`: Setting up camp (§10.3): where the camp is, its pool of camp actions, supplies, fire,
  long rest.
- `camp_state`: Camp's state (§10.3): where the party camps, its pool of camp actions, and what was
  done.
- `camp_verbs`: Camp actions' verbs (§10.3, §6.1): what each does, paid from the pool, and their events.
- `camping_out`: Camping out in the interlude (house, §10.3, §10.4.5): a camp phase, then the camp
  sleeping table.
- `transmute`: Camp action Transmute (§10.3, §11.1): a wizard blends a tonic, free in camp.
"""
