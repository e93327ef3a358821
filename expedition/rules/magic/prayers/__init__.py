"""A cleric's prayers.

A cleric's prayers (RULES §11.2, §5.7.4): praying, the gods' prayers, marks, the swarm and
sacrifices.

What it holds:

- `basic_goshkalon_cador`: Basic, Goshkalon's and Cador's prayers that need lasting effects (§11.2).
- `prayer_effects`: What each prayer does (§11.2), or why it cannot be prayed yet.
- `prayer_marks`: Marks prayers leave and the small hooks other rules ask about them (§11.2).
- `praying`: A cleric's prayers (§11.2): the PRE test, exhaustion, plea, miracles, and angering the
  god.
- `sacrifices`: Angry god's sacrifices made while exploring (§5.7.4), Cador's captive and Kaal Rafir's
  plague.
- `swarm`: Party's Swarm (§11.2): a summoned swarm of insects that fights for the cleric.
- `yulak_akhzu_kaal`: Yulak's, Akhzu's and Kaal Rafir's lasting prayers, and Cador's Seal (§11.2).
"""
