"""Provides the simulation runner: bots play many campaigns headless, and the figures are summed up.

`simulate` plays `campaigns` campaigns of `expeditions` expeditions each, campaign i on seed
`seed + i`, over `jobs` processes; the results come back in campaign order, so the figures are the
same whatever `jobs` is. `summary` turns them into the balance figures a designer reads (the
`--json` object of `expedition simulate`).
"""

from __future__ import annotations

import multiprocessing
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import asdict
from typing import Any

from expedition.bots.driver import Caps, play_campaign
from expedition.bots.figures import CampaignResult, ExpeditionFigures

__all__ = ["SIXTH", "simulate", "summary"]

SIXTH = 6
"""The expedition `campaigns_setting_out_sixth` counts campaigns reaching."""


def _play(job: tuple[int, str, int, Caps]) -> CampaignResult:
    seed, policy, expeditions, caps = job
    return play_campaign(seed, policy, expeditions, caps)


def simulate(
    campaigns: int,
    expeditions: int,
    *,
    policy: str = "sensible",
    seed: int = 1,
    jobs: int = 1,
    caps: Caps | None = None,
    progress: Callable[[CampaignResult], None] | None = None,
) -> list[CampaignResult]:
    """Play the campaigns (see the module docstring).

    Args:
        campaigns: How many campaigns.
        expeditions: Expeditions each campaign is asked to play.
        policy: The bots' policy.
        seed: The first campaign's seed.
        jobs: Processes to spread the campaigns over (1: this process).
        caps: The hard limits per expedition and per fight.
        progress: Told of each campaign as it finishes, in campaign order.

    Returns:
        Every campaign's result, in campaign order.
    """
    work = [(seed + i, policy, expeditions, caps or Caps()) for i in range(campaigns)]
    results: list[CampaignResult] = []
    for result in _results(work, jobs):
        results.append(result)
        if progress is not None:
            progress(result)
    return results


def _results(work: list[tuple[int, str, int, Caps]], jobs: int) -> Iterator[CampaignResult]:
    if jobs <= 1 or len(work) <= 1:
        yield from map(_play, work)
        return
    # "spawn": a fresh interpreter per worker, whatever the parent holds (threads, open files).
    with multiprocessing.get_context("spawn").Pool(min(jobs, len(work))) as pool:
        yield from pool.imap(_play, work)


def _share(part: int, whole: int) -> float:
    return round(part / whole, 4) if whole else 0.0


def _histogram(values: list[int]) -> dict[str, int]:
    counts = Counter(values)
    return {str(value): counts[value] for value in sorted(counts)}


def summary(results: list[CampaignResult]) -> dict[str, Any]:
    """The balance figures of a run, as plain values (the `--json` object).

    Fractions are 0–1. An expedition counts once it set out; one stopped by a fault counts in
    `stopped`, not in the outcomes' shares, which are over the expeditions that ended.
    """
    played = [e for r in results for e in r.expeditions]
    ended = [e for e in played if e.outcome != "stopped"]
    back, killed, deaths = _outcomes(ended)
    fights = [f for e in played for f in e.fights]
    problems = [p for r in results for p in r.problems]
    sixth_asked = [r for r in results if r.asked >= SIXTH]
    by_number = _by_number(played)
    return {
        "policy": results[0].policy if results else "",
        "campaigns": len(results),
        "expeditions": len(played),
        "expeditions_ended": len(ended),
        "stopped": len(played) - len(ended),
        "whole_party_back": back,
        "total_party_kill": killed,
        "first_fight_lost": _share(sum(e.first_fight_lost for e in ended), len(ended)),
        "adventurer_deaths_per_adventurer_expedition": deaths,
        "campaigns_setting_out_sixth": _share(
            sum(1 for r in sixth_asked if len(r.expeditions) >= SIXTH), len(sixth_asked)
        ),
        "campaigns_asked_sixth": len(sixth_asked),
        "longest_fight_rounds": max((f.rounds for f in fights), default=0),
        "exceptions": sum(p.kind == "exception" for p in problems),
        "invariant_violations": sum(p.kind == "violation" for p in problems),
        "stuck": sum(p.kind == "stuck" for p in problems),
        "fights": {
            "won": sum(f.outcome == "victory" for f in fights),
            "fled": sum(f.outcome == "fled" for f in fights),
            "lost": sum(f.outcome == "party_down" for f in fights),
            "rounds": _histogram([f.rounds for f in fights]),
        },
        "deaths_by_cause": dict(sorted(Counter(c for e in played for c in e.death_causes).items())),
        "faints_by_cause": dict(sorted(Counter(c for e in played for c in e.faint_causes).items())),
        "interlude_deaths": sum(e.interlude_deaths for e in played),
        "silver_gained_mean": _mean([e.silver for e in ended]),
        "treasure_mean": _mean([e.treasure for e in ended]),
        "treasures_mean": _mean([e.treasures for e in ended]),
        "exploration_turns": _histogram([e.turns for e in ended]),
        "exploration_turns_mean": _mean([e.turns for e in ended]),
        "doom_at_setting_out": {number: row["doom_mean"] for number, row in by_number.items()},
        "by_expedition_number": by_number,
        "steps": sum(r.steps for r in results),
        "replayed": sum(r.replayed is True for r in results),
        "faults": dict(sorted(Counter(p.fault for p in problems).items())),
        "problems": [asdict(p) for p in problems],
    }


def _by_number(played: list[ExpeditionFigures]) -> dict[str, dict[str, float]]:
    """Survival by expedition number: how the first, second, … expedition of a campaign went.

    Shares are over the expeditions of that number that ended; `set_out` counts all that set out.
    """
    found: dict[str, dict[str, float]] = {}
    for number in sorted({e.number for e in played}):
        these = [e for e in played if e.number == number]
        ended = [e for e in these if e.outcome != "stopped"]
        back, killed, deaths = _outcomes(ended)
        found[str(number)] = {
            "set_out": len(these),
            "whole_party_back": back,
            "total_party_kill": killed,
            "deaths_per_adventurer": deaths,
            "silver_mean": _mean([e.silver for e in ended]),
            "doom_mean": _mean([e.doom for e in these]),
        }
    return found


def _outcomes(ended: list[ExpeditionFigures]) -> tuple[float, float, float]:
    """Whole party back and total party kill (shares of `ended`), and deaths per adventurer who set out."""
    return (
        _share(sum(e.whole_party_back for e in ended), len(ended)),
        _share(sum(e.outcome == "total_party_kill" for e in ended), len(ended)),
        _share(sum(e.deaths for e in ended), sum(e.party for e in ended)),
    )


def _mean(values: list[int]) -> float:
    return round(sum(values) / len(values), 2) if values else 0.0
