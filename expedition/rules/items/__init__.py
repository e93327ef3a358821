"""Trappings.

Trappings (RULES §7): where carried items go, moving them, usage dice and light, medicine, and the
table of what each usable item does (the effects register into it from the rules they belong to).

What it holds:

- `handling`: Moving carried items (§7.1): put (add or move), drop, give, wield and unwield.
- `inventory`: Inventory rules in one place (§7.1, §7.3, §7.8, §2 usage dice, §16 #29) and encumbrance.
- `item_uses`: Table of what each usable item does (§7.3, §7.4, §11.1), for the Use item actions.
- `medicine`: Medicine (§4.4, §7.4): the wounds each kit heals, and whom it can bring back outside camp.
- `prices`: What items cost: the price dice by category (§7.2) and Street Wise's discount (§6.1).
- `slots`: Where carried items can go and how many slots they take (§7.1): places, capacity,
  encumbrance.
- `usage`: Wear and tear: usage dice (§2), light sources (§7.8), using, breaking and losing items.
"""
