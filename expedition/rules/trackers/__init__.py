"""The campaign's clocks.

The campaign's clocks (RULES §9): decay, the dungeon's doom and the bad omens.

What it holds:

- `decay`: Decay tracker (§9.1): six exploration turns, then the decay table and the lights burn down.
- `doom`: Doom trackers (§9.2): thresholds that fire once, omens on each, and settlement doom (§9.4).
- `omens`: Campaign's bad omens tracker (§9.3): a hidden 2d6 clock whose omens the party must pay.
"""
