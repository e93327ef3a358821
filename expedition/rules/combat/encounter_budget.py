"""Provides the encounter budget (HOUSE §2.2–§2.3, house content): how big a group of foes may be.

One place for the rule, used both where a dungeon is stocked (`dungeon/stock.py`, when it is
generated) and where a wandering group arrives (`fight_setup.wandering_group`, in play):

- B = N × (E + 1), at least 2, times the kind of fight (`STANDARD_BUDGET`, 1½ for a lair, 2 for a
  hunt). N counts adventurers; E is the level's effective depth.
- A table row steps down while its first member alone costs more than `FIRST_FITS` × B.
- The group is the row's core in order, skipping a member that would pass B (the first is always
  kept; an apex lair keeps the whole core), then its filler while B and the cap allow.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from expedition.rules.exploration.features import EncounterRow

__all__ = ["FIRST_FITS", "STANDARD_BUDGET", "build_group", "encounter_budget", "step_down"]

STANDARD_BUDGET = 0.75
"""House tuning of HOUSE §2.2's Standard kind of fight (the book has no budget): stocked rooms and
wandering groups get ¾ × B, not 1 × B (rounded down), so a party's first fights less often put it
down to the last; lairs (Hard, 1½ × B) and hunts (Deadly, 2 × B) are unchanged."""
FIRST_FITS = 1.5
"""A row's first member may cost up to this many times B before the row one lower is used (HOUSE §2.3)."""


def encounter_budget(strength: float, effective_depth: int, kind: float = 1.0) -> float:
    """B = N × (E + 1), at least 2, times the kind of fight (not rounded: callers round as they need).

    Args:
        strength: N, the adventurers counted (a wandering group counts some as ½).
        effective_depth: E.
        kind: The kind of fight's multiplier.
    """
    return max(2.0, strength * (effective_depth + 1)) * kind


def step_down(rows: Sequence[EncounterRow], index: int, limit: float, threats: Mapping[str, int]) -> int:
    """The index of the row to use, from `index` down, while its first member costs over `FIRST_FITS` × B.

    Args:
        rows: The table, lowest row first.
        index: The row rolled (0 for the first).
        limit: B, already multiplied by the kind of fight.
        threats: Threat per enemy key (1 for a key it lacks).
    """
    while index > 0 and sum(threats.get(key, 1) for key in rows[index].core[:1]) > limit * FIRST_FITS:
        index -= 1
    return index


def build_group(
    row: EncounterRow,
    limit: float,
    cap: int,
    *,
    apex: bool = False,
    threats: Mapping[str, int],
) -> tuple[str, ...]:
    """Build a group from a table row within a budget (HOUSE §2.3).

    Args:
        row: The table row.
        limit: The budget B (already multiplied).
        cap: The most enemies the filler may bring the group to (N + 2 standard, N + 3 hard).
        apex: Keep the whole core whatever the budget (apex lairs).
        threats: Threat per enemy key (1 for a key it lacks).

    Returns:
        Enemy keys, core first.
    """
    group: list[str] = []
    total = 0
    for index, key in enumerate(row.core):
        cost = threats.get(key, 1)
        if apex or index == 0 or total + cost <= limit:
            group.append(key)
            total += cost
    fillers = row.filler or ()
    while fillers and len(group) < cap:
        key = fillers[len(group) % len(fillers)]
        cost = threats.get(key, 1)
        if total + cost > limit:
            break
        group.append(key)
        total += cost
    return tuple(group)
