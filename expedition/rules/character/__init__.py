"""The adventurer.

The adventurer (RULES §3.1, §4, §6, §10.5): attributes, harm, armour, fainting, mortal wounds,
traumas, afflictions, recovery, insight and progression, and the party.

What it holds:

- `adventurer`: Adventurer: four attributes (§3.1), conditions, tokens, insight and status.
- `afflictions`: What afflictions do over time and how they go away (§4.6): cures, Bleeding, Nauseated.
- `armour`: Armour rolls (§4.2, §7.6) and damage to enemies after armour and resistance.
- `blindness`: Blindness, the spell mishap 5 (§11.1): blind for 6 exploration turns.
- `fainting`: Fainting (§4.3): going down when points cannot be placed, waking up, and being stabilised.
- `harm`: Harm to adventurers: taking fatigue (§4.1), placing wounds (§4.2) and the events they report.
- `insight`: Spending insight (§10.5.2–§10.5.4): the costs, a reason-giving guard, and the spend itself.
- `mortal_wounds`: Mortal wounds (§4.4): the table, near death, and death.
- `party`: Party: its adventurers, the shared stash and purse, and each adventurer's creation sheet.
- `progression`: Character growth: score and proficiency limits (§3.1, §16 #30), skills, traits, insight
  earned.
- `recovery`: Recovering fatigue (§4.1) and healing wounds (§4.4), with the afflictions that block them.
- `traumas`: Traumas (§4.5): gaining and removing them, and small queries for what each one changes.
"""
