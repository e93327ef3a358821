"""Trappings.

Trappings (RULES §7): where carried items go, moving them, usage dice and light, and what each usable
item does.

What it holds:

- `barricade`: Barricade of spiked doors (house, HOUSE §1.4, §1.6): a wandering group must hack through.
- `gear`: What exploring gear does when used (§7.4, HOUSE §1.4): water, oil, spikes, rope, compass,
  ashes.
- `handling`: Moving carried items (§7.1): put (add or move), drop, give, wield and unwield.
- `inventory`: Inventory rules in one place (§7.1, §7.3, §7.8, §2 usage dice, §16 #29) and encumbrance.
- `item_uses`: Table of what each usable item does (§7.3, §7.4, §11.1), for the Use item actions.
- `medicine`: Stabilising the fallen while exploring: a kit or medical supply on someone down (§4.3,
  §4.4).
- `potions`: What potions, tonics and living ashes do when used (§7.4, §11.1 Alchemy rules), and their
  hooks.
- `slots`: Where carried items can go and how many slots they take (§7.1): places, capacity,
  encumbrance.
- `usage`: Wear and tear: usage dice (§2), light sources (§7.8), using, breaking and losing items.
"""
