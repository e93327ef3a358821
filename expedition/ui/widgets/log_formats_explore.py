"""Provides the log's words for exploring: doors, searches, traps, the dark, trackers, doom and omens.

Hidden values stay hidden: no line tells a doom or omens number, even for an event that a seat
filter would have hidden anyway.
"""

from __future__ import annotations

from typing import Any

from expedition.rules.core.wording import plural, the_item
from expedition.ui.widgets.log_formats_base import (
    Maker,
    Names,
    cap,
    key_words,
    name,
    simple,
    titled,
    tracker_name,
    words,
)


def _listened(event: Any, names: Names) -> str:
    who = name(names, event.character)
    if not event.learned or event.heard < 0:
        return f"{who} listens at the door but learns nothing"
    if event.heard == 0:
        return f"{who} listens at the door: all is still beyond it"
    return f"{who} listens at the door: something moves beyond it ({event.heard} by the sound)"


def _searched(event: Any, names: Names) -> str:
    """A search says what it found, or that it found nothing (HOUSE §1.4)."""
    who = name(names, event.character)
    outcome = str(event.outcome)
    thorough = outcome == "great_success"
    if outcome == "critical_failure":
        return f"{who} searches the room clumsily and finds nothing"
    if outcome == "failure":
        return f"{who} searches the room but finds nothing"
    if event.found:
        how = " thoroughly" if thorough else ""
        return f"{who} searches the room{how} and finds {plural(event.found, 'hidden thing')}"
    if thorough:
        return f"{who} searches the room thoroughly: nothing is hidden here"
    return f"{who} searches the room: no secret door or hidden cache here"


def _looked_for_traps(event: Any, names: Names) -> str:
    good = str(event.outcome) in ("success", "great_success")
    return f"{name(names, event.character)} looks for traps{' carefully' if good else ''}"


def _trap_sprung(event: Any, names: Names) -> str:
    if not event.victim:
        return f"A trap goes off: {event.name}"
    return f"A trap goes off on {name(names, event.victim)}: {event.name}"


def _trap_found(event: Any, names: Names) -> str:
    line = f"A trap is found: {event.name}"
    return line + (f" ({event.tell})" if event.tell else "")


def _darkness(event: Any, names: Names) -> str:
    who = name(names, event.character)
    if event.choice == "terrified":
        return f"{who}, in the dark, becomes Terrified"
    return f"{who}, in the dark, takes 1 PRE fatigue"


def _noise(event: Any, names: Names) -> str:
    loud = "A very loud noise" if event.very else "A loud noise"
    return f"{loud} echoes through the dungeon{': ' + words(event.what) if event.what else ''}"


def _wandering(event: Any, names: Names) -> str:
    # The group and its row stay unnamed until it shows itself.
    why = {"decay": "as time drags on", "loitering": "drawn by the loitering", "noise": "drawn by the noise"}
    return f"Something is coming {why.get(event.reason, 'this way')}: it arrives next turn"


def _expedition_started(event: Any, names: Names) -> str:
    return f"The party {'returns to' if event.returning else 'sets out into'} {event.name}"


def _level_changed(event: Any, names: Names) -> str:
    return f"The party takes the stairs to level {event.depth}"


def _cache_looted(event: Any, names: Names) -> str:
    looter = f"{name(names, event.looter)} empties" if event.looter else "The party empties"
    return f"{looter} a cache" + (f": {event.silver} silver for the purse" if event.silver else "")


def _camp_set_up(event: Any, names: Names) -> str:
    marks = [w for w, on in (("dry", event.dry), ("filthy", event.filthy), ("exposed", event.exposed)) if on]
    return "The party makes camp" + (f" ({', '.join(marks)})" if marks else "")


def _tracker_lowered(event: Any, names: Names) -> str:
    line = f"{cap(tracker_name(event.tracker))} falls back {event.steps}"
    return line + (f": {event.value}" if str(event.visibility) == "public" else "")


def _doom_reached(event: Any, names: Names) -> str:
    # Same words as the seat's DoomEffectSeen: the segment is never told.
    return f"Doom: {words(event.effect)}. {event.description}"


def _omen(event: Any, names: Names) -> str:
    return f"An omen comes to pass: {key_words(event.omen)}" + (
        f". {event.description}" if event.description else ""
    )


def _omen_shortfall(event: Any, names: Names) -> str:
    line = f"The party cannot pay the omen {key_words(event.omen)} in full ({event.paid} of {event.owed})"
    return line + (", and the omens draw nearer" if event.extra else "")


def _span(span: str, left: int) -> str:
    return {
        "round": f"for {plural(left, 'round')}",
        "turn": f"for {plural(left, 'turn')}",
        "fight": "until the fight ends",
        "expedition": "until the party leaves the dungeon",
    }.get(span, f"for {plural(left, words(span))}")


def holder_name(names: Names, holder: str) -> str:
    """Who or what a lasting effect sits on: a name, the party or a tile."""
    if holder == "party":
        return "the party"
    if holder in names:
        return names[holder]
    return f"the tile {holder}" if "," in holder else words(holder)


def _lasting_began(event: Any, names: Names) -> str:
    holder = holder_name(names, event.holder)
    return f"{titled(event.key)} takes hold on {holder} {_span(event.span, event.left)}"


def _lasting_ended(event: Any, names: Names) -> str:
    why = f" ({words(event.why)})" if event.why else ""
    return f"{titled(event.key)} on {holder_name(names, event.holder)} ends{why}"


def _hunted(event: Any, names: Names) -> str:
    if event.caught:
        return "The locals hunt for the party at dawn, and find it"
    return "The locals hunt for the party at dawn, but find nobody"


def _ran(event: Any, names: Names) -> str:
    who = name(names, event.character)
    if not event.wounds:
        return f"{who} runs from the mob and gets away clean"
    return f"{who} runs from the mob, taking {plural(event.wounds, 'wound')}"


def _doom_signs(event: Any, names: Names) -> str:
    who = name(names, event.character)
    if str(event.outcome) in ("success", "great_success"):
        return f"{who} weighs the signs of coming doom"
    return f"{who} weighs the signs of coming doom but cannot make them out"


def _water_blessed(event: Any, names: Names) -> str:
    line = f"{name(names, event.character)} blesses a measure of water: it is now {event.name.lower()}"
    return line + (" (it goes to the stash: no room)" if event.stashed else "")


def _dead_warded(event: Any, names: Names) -> str:
    bodies = plural(event.count, "body", "bodies")
    return f"{name(names, event.character)} wards the dead: {bodies} close by will not rise"


def _corpse_left(event: Any, names: Names) -> str:
    if event.kind == "adventurer":
        return f"{event.name}'s body stays where they fell"
    return f"The {event.name}'s body stays where it fell"


def _corpse_rose(event: Any, names: Names) -> str:
    # The GM's secret: the players learn only that something stirs, not what, where or which body.
    return f"Somewhere in {event.dungeon}, the dead stir"


FORMATS: dict[str, Maker] = {
    "DoorListenedAt": _listened,
    "LockPicked": simple("{character} picks the lock"),
    "SecretDoorFound": lambda event, names: "A secret door is found",
    "HiddenCacheFound": lambda event, names: (
        "A hidden cache is found" + (f": {event.description}" if event.description else "")
    ),
    "CacheLooted": _cache_looted,
    "LootStashed": lambda event, names: (
        f"{cap(the_item(event.name))} goes to the party's stash: nobody has room for it"
    ),
    "RoomSearched": _searched,
    "TrapsLookedFor": _looked_for_traps,
    "TrapFound": _trap_found,
    "TrapDisarmed": lambda event, names: f"{cap(event.name)} is made safe",
    "TrapSprung": _trap_sprung,
    "DarknessEndured": _darkness,
    "NoiseMade": _noise,
    "WanderingMonstersComing": _wandering,
    "LingeredTooLong": lambda event, names: "The party lingers too long on this level: doom draws nearer",
    "ExpeditionStarted": _expedition_started,
    "LevelChanged": _level_changed,
    "DungeonExited": lambda event, names: f"The party leaves the dungeon after {plural(event.turns, 'turn')}",
    "CampSetUp": _camp_set_up,
    "TrackerLowered": _tracker_lowered,
    "TrackerReset": lambda event, names: f"The {tracker_name(event.tracker)} clock starts over",
    "TrackerTriggered": lambda event, names: f"The {tracker_name(event.tracker)} clock fills up",
    "DoomEffectReached": _doom_reached,
    "DoomRevealed": simple("{character} reads the signs and learns how near doom is"),
    "DoomSignsWeighed": _doom_signs,
    "WaterBlessed": _water_blessed,
    "DeadWarded": _dead_warded,
    "CorpseLeft": _corpse_left,
    "CorpseRose": _corpse_rose,
    "OmensStarted": lambda event, names: "The omens begin to gather",
    "OmenRolled": _omen,
    "OmenShortfall": _omen_shortfall,
    "LastingBegan": _lasting_began,
    "LastingEnded": _lasting_ended,
    "PartyHunted": _hunted,
    "RanFromTheMob": _ran,
    # room hazards of air and light (rules/exploration/hazards/air.py, HOUSE §1.9-§1.14)
    "RoomHazardFelt": lambda event, names: event.what,
    "BraveryHeld": simple("{character}'s tonic of bravery holds: the terror here cannot touch them"),
    "RoomSicknessTook": simple("{character} is sick to the stomach while they stay in this room"),
    "BreathStolen": lambda event, names: (
        f"{name(names, event.character)} tries to catch their breath, but this room gives nothing back"
    ),
    "RiftWorsenedMishap": simple("The leaking rift adds {bonus} to {character}'s mishap roll"),
    # water underfoot and floors that give way (rules/exploration/hazards/footing.py, hazards_floors.py)
    "RationSoaked": simple("The water soaks one of {character}'s rations: it is spoiled ({remaining} left)"),
    "FloorGaveWay": lambda event, names: (
        f"The {words(event.hazard)} gives way under {name(names, event.victim)}"
        if event.hit
        else f"{name(names, event.victim)} crosses the {words(event.hazard)} safely"
    ),
    "PitClimbed": lambda event, names: (
        f"The others haul {name(names, event.character)} out of the pit"
        if event.hauled
        else f"{name(names, event.character)} climbs out of the pit"
    ),
    "FellToLevelBelow": simple("{character} falls to level {depth}; the party climbs down after them"),
    "SilkBurned": simple("{character} burns the sticky silk away"),
    # collapses, choked exits, gas, drag marks, surges, springs (rules/exploration/hazards/)
    "HazardDefended": lambda event, names: (
        f"{name(names, event.character)} {'avoids' if event.avoided else 'is struck by'} "
        f"{words(event.hazard)}"
    ),
    "ExitChoked": lambda event, names: "Fallen rubble chokes a way out of the room",
    "ExitCleared": simple("{character} digs through the rubble: the way is open again"),
    "TaintedWaterDrawn": lambda event, names: (
        f"{name(names, event.character)} fills the {event.name.lower()} at the pool: "
        f"{plural(event.units, 'unit')} of tainted water"
    ),
    "TaintedWaterDrunk": lambda event, names: (
        f"{name(names, event.character)} drinks tainted water from the {event.name.lower()}: "
        "it turns the stomach and does nothing for thirst"
    ),
    "RoomCollapsed": lambda event, names: f"The {words(event.hazard)} give way: the roof comes down",
    "GasExploded": simple("{character}'s open flame sets off the marsh gas: it explodes"),
    "LairStirred": lambda event, names: "Something heavy stirs in its lair, following the drag marks",
    "WaterSurged": lambda event, names: "The water surges through the room",
    "SweptAway": lambda event, names: (
        f"The water sweeps {name(names, event.character)} {plural(event.tiles, 'tile')} away"
    ),
    "PartyRegrouped": lambda event, names: "The party regroups where the water left them",
    "SpringDrunk": lambda event, names: (
        f"{name(names, event.character)} drinks from the brackish spring"
        + (" and feels sick" if event.nauseated else "")
    ),
}
"""Line makers for exploring, by event class name."""
