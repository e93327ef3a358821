"""Provides what caused a faint or a death, read from the events of the action that brought it.

Events carry no cause of a faint, so the cause is the latest harm-bringing event before it in the
same action: an enemy's attack, a trap, a room's hazard, the decay table, the dark, hunger. A faint
with none of those before it, right after a test that gave fatigue, is the adventurer's own
exertion ("exhaustion": a test's fatigue with no die left to take it, §4.1).
"""

from __future__ import annotations

from collections.abc import Iterable

from expedition.rules.core.events import Event

__all__ = ["DEATH", "EXHAUSTION", "FAINT", "harm_causes"]

FAINT = "Fainted"
"""The event of a faint."""
DEATH = "Died"
"""The event of a death."""
EXHAUSTION = "exhaustion"
"""The cause of a faint brought by the adventurer's own test (see the module docstring)."""

_BY_EVENT = {
    "Attacked": "enemies",
    "EnemyActed": "enemies",
    "FoeWounded": "enemies",
    "TrapSprung": "traps",
    "DecayTableRolled": "decay",
    "DarknessEndured": "darkness",
    "OmenRolled": "omens",
    "CombatStarted": "enemies",
}
_BY_MODULE = (("hazards", "hazards"), ("magic", "magic"), ("hunger", "hunger"), ("camp", "camp"))


def _marker(event: Event) -> str:
    name = type(event).__name__
    if name in _BY_EVENT:
        return _BY_EVENT[name]
    module = type(event).__module__
    return next((cause for part, cause in _BY_MODULE if part in module), "")


def harm_causes(events: Iterable[Event], *, fighting: bool) -> list[tuple[str, str]]:
    """Each faint and death among `events`, with its kind of cause, in order.

    Args:
        events: One action's events, in order.
        fighting: The action was taken in a fight (then "enemies" unless something else is named).

    Returns:
        `(FAINT or DEATH, cause)` pairs.
    """
    found: list[tuple[str, str]] = []
    unknown = "enemies" if fighting else "other"
    cause = unknown
    for event in events:
        name = type(event).__name__
        if name in (FAINT, DEATH):
            found.append((name, cause))
            continue
        if name == "RollJudged" and not fighting and cause in (unknown, EXHAUSTION):
            # the latest test outside a fight, with nothing harmful before it, decides
            cause = EXHAUSTION if getattr(event, "fatigue", False) else unknown
            continue
        cause = _marker(event) or cause
    return found
