"""Plays 300 expeditions and more across both policies and many seeds: no exception, no broken invariant.

Slow (about four minutes): marked `slow`, run in CI. The faults it found first are fixed; the ones
it still finds are named in KNOWN_FAULTS, and the test is xfail (not strict) until they are fixed.
"""

from __future__ import annotations

import pytest

from expedition.bots.simulate import simulate, summary

KNOWN_FAULTS = (
    "engine faults this test found and that are still open (issue #14): the journal of sensible "
    "seed 1006 replays to a different hash at step 192; a fight offers Dodge to an adventurer no "
    "longer in the party (random seed 2020, step 181); the market offers Buy and AskPrice of wares "
    "its verbs then find out of stock (random seeds 2032, 2035, 2041, 2053)"
)


@pytest.mark.slow
@pytest.mark.xfail(strict=False, reason=KNOWN_FAULTS)
def test_three_hundred_expeditions_without_a_fault() -> None:
    played = 0
    problems: list[str] = []
    for policy, seed in (("sensible", 1000), ("random", 2000)):
        campaigns = 0
        while played < (150 if policy == "sensible" else 300):
            figures = summary(simulate(10, 6, policy=policy, seed=seed + 10 * campaigns))
            campaigns += 1
            played += figures["expeditions"]
            problems += [
                f"{p['policy']} seed {p['seed']} step {p['step']}: {p['message']}"
                for p in figures["problems"]
                if p["kind"] != "stuck"
            ]
    assert played >= 300
    assert not problems, "\n".join(problems[:20])
