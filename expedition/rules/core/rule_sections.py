"""Provides the rulebook's section titles, so a rule is cited in the game's words.

Every event names the section it applied (`Event.rule`: "§10.2.3", "§16 #25", "HOUSE §1.5"). A
player reads "Defending against enemy attacks (rulebook 10.2.3)", never a file name: `cite` turns the
one into the other. The titles are the rulebook's own headings (the digest's source tags dropped).
"""

from __future__ import annotations

import re

BOOK: dict[str, str] = {
    "0": "How to read this digest",
    "0.1": "Source tags",
    "0.2": "Where the material came from",
    "1": "Source and licence",
    "2": "Dice notation",
    "2.1": "Attack notation (weapons, spells, enemy attacks)",
    "3": "Attribute tests",
    "3.1": "Attributes",
    "3.2": "The basic test",
    "3.3": "Proficiency",
    "3.4": "Advantage and disadvantage",
    "3.5": "Other test rules",
    "3.6": "Afflictions that change dice",
    "3.7": "Traits that change dice",
    "3.8": "Suggested test algorithm",
    "4": "Wounds, fatigue, armour, fainting, mortal wounds, traumas and afflictions",
    "4.1": "Fatigue and wounds",
    "4.2": "Receiving and placing wounds",
    "4.3": "Fainting",
    "4.4": "Mortal wounds",
    "4.5": "Traumas",
    "4.6": "Afflictions",
    "5": "Character creation",
    "5.1": "Procedure",
    "5.2": "Infancy",
    "5.3": "Previous career",
    "5.4": "Tragedy",
    "5.5": "Burden",
    "5.6": "Features / quirks",
    "5.7": "Classes",
    "5.7.1": "Warrior backgrounds",
    "5.7.2": "Thief backgrounds",
    "5.7.3": "Wizard schools",
    "5.7.4": "Cleric gods",
    "6": "Skills, special traits and traumas",
    "6.1": "Skills",
    "6.2": "Special traits",
    "6.3": "Traumas",
    "7": "Inventory and equipment",
    "7.1": "Carrying capacity and slots",
    "7.2": "Item categories, prices and availability",
    "7.3": "Item tags",
    "7.4": "Item list",
    "7.5": "Weapons",
    "7.6": "Armour",
    "7.7": "Shields",
    "7.8": "Light sources",
    "8": "Distance",
    "9": "Trackers",
    "9.1": "Decay tracker",
    "9.2": "Doom tracker",
    "9.3": "Bad omens tracker",
    "9.4": "Settlement doom",
    "10": "Game structure",
    "10.1": "Exploration",
    "10.2": "Combat",
    "10.2.1": "Turn structure",
    "10.2.2": "Adventurer combat actions",
    "10.2.3": "Defending against enemy attacks",
    "10.2.4": "Tokens",
    "10.2.5": "How enemies work",
    "10.2.6": "Other combat rules",
    "10.3": "Camp",
    "10.4": "Interlude",
    "10.4.1": "Unabridged vs. abridged",
    "10.4.2": "Settlements",
    "10.4.3": "Daily actions",
    "10.4.4": "Blacksalt events",
    "10.4.5": "Hunger and sleep",
    "10.5": "Character progression and insight",
    "10.5.1": "How insight is earned",
    "10.5.2": "When it is spent",
    "10.5.3": "Lifetime limit and retirement",
    "10.5.4": "Costs",
    "10.5.5": "Other ways to improve",
    "10.5.6": "Older system",
    "11": "Spells and prayers",
    "11.1": 'Spells (wizards, "Magic user")',
    "11.2": 'Prayers (clerics, "Divine mandate")',
    "12": "Bestiary",
    "12.1": "Demons / void",
    "12.2": "The Child-Stealers (goblins)",
    "12.3": "Dungeon scavengers",
    "12.4": "Shore creatures",
    "12.5": "Undead",
    "12.6": "Ghosts, spiders and humans",
    "13": "Sample dungeon: *Shattered Tomb of Acheron Zul*",
    "14": "Contradictions and ambiguities in the book (decisions needed)",
    "15": "GAPS — content that must be invented",
    "16": "Rulings for `expedition`",
}
"""The rulebook's sections by number."""

HOUSE: dict[str, str] = {
    "0": "Conventions",
    "1": "Dungeon generation",
    "1.1": "Making a dungeon",
    "1.2": "Contracts and rumours",
    "1.3": "Stocking a level",
    "1.4": "Doors and exploration tests",
    "1.5": "Noise, loitering and wandering checks",
    "1.6": "Doom, roaming groups and hunts",
    "1.7": "The dead vigil in a dungeon",
    "1.8": "Reading the theme tables",
    "1.9": "Theme A — Undead Mausoleum",
    "1.10": "Theme B — Goblin Warren",
    "1.11": "Theme C — Flooded Sea Caves",
    "1.12": "Theme D — Weaver-infested Caverns",
    "1.13": "Theme E — Void-touched Ruin",
    "1.14": "Theme F — Plague Sewers",
    "2": "Encounter budget",
    "2.1": "Threat",
    "2.2": "Budget",
    "2.3": "Building a group",
    "2.4": "How often there are fights",
    "2.5": "Activity",
    "2.6": "Disposition",
    "2.7": "Fairness dials",
    "3": "Enemy behaviour",
    "3.1": "Rules shared by every enemy",
    "3.2": "Archetypes",
    "3.3": "All 39 enemies",
    "4": "Loot and economy",
    "4.1": "Treasure items",
    "4.2": "What bodies carry",
    "4.3": "Selling",
    "4.4": "Money fill-ins",
    "5": "Solo oracle",
    "6": "Conditions and terms the book leaves undefined",
    "6.1": "Engaged, flanked, distracted, unaware",
    "6.2": "Holds: immobilised, grabbed, bound, hooked, attached",
    "6.3": "Line of sight, cover, darkness",
    "6.4": "Movement and timing terms",
    "6.5": "Ammunition and reloading",
    "6.6": "Other terms",
    "7": "Names",
    "8": "Readings of book text that need sign-off",
}
"""The house rules' sections by number (our own additions, marked house)."""

RULINGS: dict[str, str] = {
    "1": "Disadvantage reroll",
    "2": "Close and diagonals",
    "3": "Nearby",
    "4": "Mortal-wound modifier",
    "5": "Cold blood",
    "6": "Gladiator shield",
    "7": "Flag `X`",
    "8": "Purging hot-water recipe",
    "9": "Long-rest doom",
    "10": "Paranoid",
    "11": '"Perception" when selling',
    "12": "Fainting wake-up roll",
    "13": "Omens partial fulfilment",
    "14": "Interlude day order",
    "15": "Recover action",
    "16": "Base camp actions",
    "17": "Features table",
    "18": "Squire",
    "19": "Surprised (camp ambush with two or more 6s)",
    "20": "`Equipment` tag",
    "21": "Enemy knocked out",
    "22": "Fatigue from a test",
    "23": "Unnamed fatigue/wound attribute",
    "24": "Enemy attacks with no damage number",
    "25": "Ending a fight",
    "26": "Immobilised / grabbed / bound",
    "27": "Guild cut",
    "28": "Interlude armour repair",
    "29": "Equipment breaks or is lost (decay 12)",
    "30": "Attribute limits after creation",
}
"""The rulings that settle what the book leaves open, by number."""

_CITED = re.compile(r"^(?P<house>HOUSE )?(?:RULES )?§\s*(?P<number>\d+(?:\.\d+)*)(?:\s*#(?P<ruling>\d+))?")


def _nearest(table: dict[str, str], number: str) -> tuple[str, str] | None:
    """The section `number` or the nearest section holding it ("10.2.3.1" → "10.2.3")."""
    parts = number.split(".")
    while parts:
        key = ".".join(parts)
        if key in table:
            return key, table[key]
        parts.pop()
    return None


def cite(rule: str) -> str:
    """A rule reference in the game's words: "§10.2.3" → "Defending against enemy attacks (rulebook 10.2.3)".

    "§16 #25" is a ruling ("Ruling 25: Ending a fight"), "HOUSE §1.5" a house rule. A reference the
    tables do not know is returned as it is, without its section sign.
    """
    found = _CITED.match(rule.strip())
    if found is None:
        return rule.replace("§", "section ").strip()
    number, ruling = found["number"], found["ruling"]
    if ruling and number == "16" and ruling in RULINGS:
        return f"Ruling {ruling}: {RULINGS[ruling]}"
    table, book = (HOUSE, "house rules") if found["house"] else (BOOK, "rulebook")
    hit = _nearest(table, number)
    if hit is None:
        return f"{book.capitalize()} section {number}"
    return f"{hit[1]} ({book} {hit[0]})"
