"""Plays 300 expeditions and more across both policies and many seeds: no exception, no broken invariant.

Slow (about five minutes): marked `slow`, run in CI. Every fault it has found is fixed; a new one
fails it with the policy, seed and step that reproduce it.
"""

from __future__ import annotations

import pytest

from expedition.bots.simulate import simulate, summary


@pytest.mark.slow
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
