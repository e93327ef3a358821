"""Provides the log's words for magic: spells, prayers, mishaps, miracles and what they do."""

from __future__ import annotations

from typing import Any

from expedition.rules.core.wording import plural, proper_name
from expedition.ui.widgets.log_formats_base import Maker, Names, cap, key_words, name, titled, words
from expedition.ui.widgets.log_formats_combat import target_words

_OUTCOME = {
    "critical_failure": "a CRITICAL FAILURE",
    "failure": "a FAILURE",
    "success": "a SUCCESS",
    "great_success": "a GREAT SUCCESS",
}


def _outcome(outcome: Any) -> str:
    return _OUTCOME.get(str(outcome), words(outcome))


def _cast(event: Any, names: Names) -> str:
    spell = event.name or titled(event.spell)
    target = target_words(names, event.target)
    return f"{name(names, event.character)} casts {spell}" + (f" on {target}" if target else "")


def _casting_judged(event: Any, names: Names) -> str:
    line = f"{name(names, event.character)}'s casting of {titled(event.spell)}: {_outcome(event.outcome)}"
    return line + (", sure to hold" if event.sure else "")


def _prayer_judged(event: Any, names: Names) -> str:
    kind = "plea" if event.plea else "prayer"
    return f"{name(names, event.character)}'s {kind} for {titled(event.prayer)}: {_outcome(event.outcome)}"


def _mishap(event: Any, names: Names) -> str:
    line = f"{name(names, event.character)}'s spell goes wrong ({event.total}): {words(event.mishap)}"
    return line + (f". {event.text}" if event.text else "")


def _miracle(event: Any, names: Names) -> str:
    line = f"A miracle answers {name(names, event.character)}: {event.name}"
    return line + (f". {event.text}" if event.text else "")


def _memorised(event: Any, names: Names) -> str:
    keys = ", ".join(titled(key) for key in event.keys) or "nothing"
    return f"{name(names, event.character)} commits to memory: {keys}"


def _lost_to_magic(event: Any, names: Names) -> str:
    count = len(event.items)
    why = f" ({words(event.why)})" if event.why else ""
    return f"{name(names, event.character)} loses {plural(count, 'item')} to the magic for good{why}"


def _controlled(event: Any, names: Names) -> str:
    how = f" ({words(event.how, names)})" if event.how else ""
    return f"{name(names, event.foe)} falls under {titled(event.spell)}{how}"


def _corpse_burst(event: Any, names: Names) -> str:
    what = words(event.what, names)
    line = f"The body of {what} bursts apart"
    return line + (f", and a {words(event.rises_as)} rises from it" if event.rises_as else "")


def _lock_worked(event: Any, names: Names) -> str:
    return f"Magic works the {words(event.what)}: it is now {words(event.state)}"


def _eye_opened(event: Any, names: Names) -> str:
    line = f"{name(names, event.character)} opens an eye of the forest"
    return line + (f": {plural(event.revealed, 'tile')} come into view" if event.revealed else "")


def _evil(event: Any, names: Names) -> str:
    if not event.things:
        return "Nothing nearby glows with evil"
    return f"Evil glows green nearby: {words(event.things, names)}"


def _marks(event: Any, names: Names) -> str:
    moved = [plural(event.wounds, "wound")] if event.wounds else []
    moved += [f"{event.fatigue} fatigue"] if event.fatigue else []
    what = " and ".join(moved) or "nothing"
    return f"{name(names, event.character)} shifts {what} from {words(event.source)} to {words(event.dest)}"


def _food(event: Any, names: Names) -> str:
    line = f"{name(names, event.character)} conjures {event.name}"
    return line + (", which goes to the stash" if event.stashed else "")


def _swarm(event: Any, names: Names) -> str:
    swarm, foe = name(names, event.swarm), name(names, event.foe)
    verb = "drains" if event.attack in ("", "Drain") else f"uses {event.attack} on"
    return f"{swarm} {verb} {foe} [{event.roll}]: {plural(event.wounds, 'wound')}"


def _fate(event: Any, names: Names) -> str:
    outcome = _outcome(event.outcome) if event.outcome in _OUTCOME else words(event.outcome)
    return f"{name(names, event.character)} weaves fate: a kept [{event.face}] stands in, now {outcome}"


def _teeth(event: Any, names: Names) -> str:
    line = f"{name(names, event.character)} burns a handful of teeth [{event.face}]"
    return line + (": the god laughs, pleased" if event.pleased else ": the god is not yet pleased")


FORMATS: dict[str, Maker] = {
    "SpellCast": _cast,
    "CastingJudged": _casting_judged,
    "SpellMishapRolled": _mishap,
    "SpellForgotten": lambda event, names: f"{name(names, event.character)} forgets {titled(event.spell)}",
    "SpellRecovered": lambda event, names: f"{name(names, event.character)} recalls {titled(event.spell)}",
    "SpellArmed": lambda event, names: (
        f"{name(names, event.character)} holds {titled(event.spell)} ready for the rest of the fight"
    ),
    "SilverFired": lambda event, names: (
        f"{name(names, event.character)} fires a silver coin ({event.left} left in the purse)"
    ),
    "ItemsLostToMagic": _lost_to_magic,
    "Memorised": _memorised,
    "FoeControlled": _controlled,
    "CorpseBurst": _corpse_burst,
    "LockWorkedByMagic": _lock_worked,
    "LastingMagicBegan": lambda event, names: (
        f"{cap(key_words(event.effect))} settles on {name(names, event.character)} for the fight"
    ),
    "RoomLitByMagic": lambda event, names: (
        f"{name(names, event.character)} fills the {words(event.area)} with light"
    ),
    "RoomSeenByEye": lambda event, names: (
        f"{name(names, event.character)}'s arcane eye looks into a room"
        + (f": {plural(event.tiles, 'tile')} come into view" if event.tiles else "")
    ),
    "FateWoven": _fate,
    "ArmourMendedByMagic": lambda event, names: (
        f"Magic mends {plural(event.points, 'armour point')} on {name(names, event.character)}'s armour"
    ),
    "PrayerJudged": _prayer_judged,
    "MiracleGranted": _miracle,
    "GodAngered": lambda event, names: (
        f"{proper_name(event.god)} turns away from {name(names, event.character)}"
    ),
    "GodAppeased": lambda event, names: (
        f"{proper_name(event.god)} accepts {name(names, event.character)}'s sacrifice"
    ),
    "PrayersRestored": lambda event, names: f"{name(names, event.character)}'s prayers are all ready again",
    "ArmourPointMended": lambda event, names: f"A prayer mends an armour point of {name(names, event.who)}",
    "FoeHealedByPrayer": lambda event, names: (
        f"A prayer heals {plural(event.wounds, 'wound')} of {name(names, event.foe)}"
    ),
    "EvilGlowed": _evil,
    "EyeOpened": _eye_opened,
    "MarksShifted": _marks,
    "DeathDeferred": lambda event, names: f"{name(names, event.character)} lives on borrowed time",
    "DirgeSung": lambda event, names: (
        f"The dirge for {name(names, event.foe)} is sung: the living nearby heal"
    ),
    "DirgeHealedFoe": lambda event, names: (
        f"The dirge heals {plural(event.wounds, 'wound')} of {name(names, event.foe)}"
    ),
    "AfflictionNumbed": lambda event, names: (
        f"{name(names, event.character)}'s {words(event.affliction)} is set aside for the expedition"
    ),
    "FoodConjured": _food,
    "SwarmDrained": _swarm,
    "TonicBlended": lambda event, names: (
        f"{name(names, event.character)} blends a tonic of {words(event.tonic)}"
        + (f" from {words(event.extracts)}" if event.extracts else "")
    ),
    "Blinded": lambda event, names: (
        f"{name(names, event.character)} is struck blind for {plural(event.turns, 'exploration turn')}"
    ),
    "TeethBurned": _teeth,
    "UndeadBound": lambda event, names: (
        f"{name(names, event.character)} binds the fallen {event.name} for the rite"
    ),
    "CaptiveSacrificed": lambda event, names: (
        f"{name(names, event.character)} slays the bound {event.name} in the rite"
    ),
    "PartyPlagued": lambda event, names: (
        f"{proper_name(event.god)} is angry: a sickly weariness falls on the whole party"
    ),
}
"""Line makers for magic, by event class name."""
