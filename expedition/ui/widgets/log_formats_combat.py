"""Provides the log's words for fights: armour, holds, maneuvers, reactions and what foes do.

Foes are named through `names` by their uid, as the combat screen registers them.
"""

from __future__ import annotations

import re
from typing import Any

from expedition.rules.core.wording import plural, verb
from expedition.ui.widgets.log_formats_base import Maker, Names, cap, name, titled, words

_FOE_UID = re.compile(r"foe\d+")
"""How the combat setup names foes (`foe1`, `foe2`, …); character ids never look like this."""


def target_words(names: Names, target: str) -> str:
    """A maneuver's or spell's target in words: a name, a tile or an attribute ("" for none)."""
    if not target:
        return ""
    if target in names or target in ("gm", "party"):
        return name(names, target)
    return f"the tile {target}" if "," in target else words(target)


def _fighter(names: Names, uid: str) -> str:
    """A fighter in a sentence: a foe is "the Freshly Risen Corpse", an adventurer just "Nim"."""
    return f"the {name(names, uid)}" if _FOE_UID.fullmatch(uid) else name(names, uid)


def _attacked(event: Any, names: Names) -> str:
    """An attack (§10.2): a foe's attack is told from the defender's side, whose test it was."""
    attacker, defender = _fighter(names, event.attacker), _fighter(names, event.defender)
    harm = f", a critical hit for {event.damage}" if event.critical else f" for {event.damage}"
    if _FOE_UID.fullmatch(event.attacker):  # the outcome is the defender's defence test (§10.2.3)
        attack = f"{attacker}'s {event.attack.lower()}"  # a foe's attack is a common noun: "throw shiv"
        if event.outcome == "unharmed":
            return f"{cap(attack)} cannot harm {defender}"
        if not event.hit:
            return f"{cap(defender)} fends off {attack}"
        return f"{cap(attack)} hits {defender}{harm}"
    if not event.hit:
        verb = "fails to intimidate" if event.attack == "Intimidate" else "misses"
        return f"{attacker} {verb} {defender}"
    if event.attack == "Intimidate":  # §6.1: the fear itself wounds
        return f"{attacker} intimidates {defender}{harm}"
    return f"{attacker} hits {defender} with the {event.attack}{harm}"


def _armour_rolled(event: Any, names: Names) -> str:
    line = f"{name(names, event.who)}'s armour ({plural(event.dice, 'die', 'dice')}) stops {event.reduced}"
    if event.broken:
        line += f" — {plural(event.broken, 'armour point')} {verb(event.broken, 'breaks', 'break')}"
    return line


def _armour_broken(event: Any, names: Names) -> str:
    points = plural(event.points, "armour point")
    return f"{name(names, event.who)} loses {points} ({event.working} still working on that piece)"


def _resisted(event: Any, names: Names) -> str:
    how = "hardened skin" if str(event.source).lower() == "hardened" else words(event.source)
    return f"{name(names, event.who)}'s {how} turns aside {plural(event.points, 'wound')}"


def _foe_healed(event: Any, names: Names) -> str:
    return f"{name(names, event.foe)} heals {plural(event.healed, 'wound')} ({event.total} left)"


def _parley(event: Any, names: Names) -> str:
    who, foe = name(names, event.character), name(names, event.foe)
    line = f"{who} parleys with {foe}"
    if event.item:
        line += f", offering {words(event.item)}"
    if not event.agreed:
        return line + ": no deal"
    leaving = [name(names, uid) for uid in event.leaving]
    return line + (
        f": {', '.join(leaving)} {verb(len(leaving), 'agrees', 'agree')} to leave" if leaving else ": a deal"
    )


def _shoved(event: Any, names: Names) -> str:
    who, foe = name(names, event.character), name(names, event.foe)
    line = f"{who} drives {foe} back {plural(len(event.path), 'tile')}"
    return line + (" into a wall" if event.slammed else "")


def _struggled(event: Any, names: Names) -> str:
    foe = name(names, event.foe)
    return f"{foe} struggles and breaks free" if event.freed else f"{foe} struggles but stays held"


def _hold_taken(event: Any, names: Names) -> str:
    return f"{name(names, event.source)} takes hold of {name(names, event.victim)} ({words(event.kind)})"


def _hold_broken(event: Any, names: Names) -> str:
    why = f": {words(event.why, names)}" if event.why else ""
    return f"{name(names, event.source)}'s hold on {name(names, event.victim)} ends{why}"


def _reaction(event: Any, names: Names) -> str:
    who, foe = name(names, event.character), name(names, event.foe)
    if event.ally:
        return f"{who} uses {titled(event.maneuver)} against {foe}, stepping in for {name(names, event.ally)}"
    return f"{who} answers {foe} with {titled(event.maneuver)}"


def _maneuver(event: Any, names: Names) -> str:
    target = target_words(names, event.target)
    return f"{name(names, event.character)} uses {titled(event.maneuver)}" + (
        f" on {target}" if target else ""
    )


def _given_up(event: Any, names: Names) -> str:
    return f"{name(names, event.who)} will lose {plural(event.owed, 'action')} next turn"


def _skill_used(event: Any, names: Names) -> str:
    """A fight skill (§6.1): Fearless steadies the nerves, Stalker strikes from hiding."""
    who = name(names, event.character)
    if event.skill == "fearless":
        return f"{who} steels their nerve against the dread (Fearless)"
    if event.skill == "stalker":
        return f"{who} strikes {_fighter(names, event.foe)} from hiding before it notices (Stalker)"
    return f"{who} uses {titled(event.skill)}" + (f" on {_fighter(names, event.foe)}" if event.foe else "")


def _slipped(event: Any, names: Names) -> str:
    """Slippery (§6.1): dodge tokens spent to slip away from an attack."""
    who, foe = name(names, event.character), _fighter(names, event.foe)
    attack = event.attack[:1].lower() + event.attack[1:]
    line = f"{who} slips {plural(event.tiles, 'tile')} away from {foe}'s {attack}"
    return line + (": it finds only air" if event.escaped else ", but it still reaches")


def _ghosts_seen(event: Any, names: Names) -> str:
    """§4.6: the Cursed can see ghosts, so ghosts cannot surprise the party."""
    ghosts = ", ".join(f"the {ghost}" for ghost in event.names) or "the ghosts"
    return f"{name(names, event.character)} sees {ghosts} coming: the party is not caught unawares"


FORMATS: dict[str, Maker] = {
    "Attacked": _attacked,
    "FightSkillUsed": _skill_used,
    "SlippedAway": _slipped,
    "GhostsSeen": _ghosts_seen,
    "PetJoined": lambda event, names: (
        f"{cap(_fighter(names, event.foe))} bounds in at {name(names, event.character)}'s side"
    ),
    "ArmourRolled": _armour_rolled,
    "ArmourPointsBroken": _armour_broken,
    "WoundsResisted": _resisted,
    "FoeHealed": _foe_healed,
    "FoeParleyed": _parley,
    "FoeShoved": _shoved,
    "FoeStruggled": _struggled,
    "GloriousFinish": lambda event, names: (
        f"{name(names, event.character)} fells {name(names, event.foe)} in a glorious finish: "
        "the party takes heart"
    ),
    "HoldTaken": _hold_taken,
    "HoldBroken": _hold_broken,
    "ReactionUsed": _reaction,
    "ManeuverUsed": _maneuver,
    "ActionGivenUp": _given_up,
    # room hazards underfoot (rules/exploration/hazards/footing.py, HOUSE §1.10-§1.14)
    "FootingLost": lambda event, names: (
        f"{name(names, event.who)} loses their footing in the {words(event.hazard)}"
        + (" and goes down, stunned" if event.stunned else ": the move ends there")
    ),
}
"""Line makers for fights, by event class name."""
