"""Plays 300 expeditions and more across both policies and many seeds: no exception, no broken invariant.

Slow (several minutes in all): marked `slow`, run in CI. The campaigns are dealt into six parts, each
its own test that plays until it reached its share, so that parallel workers (pytest-xdist) play
them side by side; the shares add up to 300 expeditions. Every fault this has found
is fixed; a new one fails its part with the policy, seed and step that reproduce it.
"""

from __future__ import annotations

import pytest

from expedition.bots.simulate import simulate, summary

PARTS = (
    ("sensible", 1000, 75),  # (policy, first seed, expeditions to play at the least)
    ("sensible", 1500, 75),
    ("random", 2000, 38),
    ("random", 2500, 38),
    ("random", 3000, 38),
    ("random", 3500, 38),
)
"""Six parts, 302 expeditions at the least; each part's seeds (ten apart) stay below the next part's."""


@pytest.mark.slow
@pytest.mark.parametrize("part", range(len(PARTS)))
def test_a_part_of_three_hundred_expeditions_without_a_fault(part: int) -> None:
    policy, first, quota = PARTS[part]
    played, problems, group = 0, [], 0
    while played < quota:
        figures = summary(simulate(10, 6, policy=policy, seed=first + 10 * group))
        group += 1
        played += figures["expeditions"]
        problems += [
            f"{p['policy']} seed {p['seed']} step {p['step']}: {p['message']}"
            for p in figures["problems"]
            if p["kind"] != "stuck"
        ]
    assert group * 10 <= 500, "a part's seeds ran into the next part's"
    assert not problems, "\n".join(problems[:20])


def test_the_parts_add_up_to_three_hundred_expeditions() -> None:
    assert sum(quota for _, _, quota in PARTS) >= 300
    assert {policy for policy, _, _ in PARTS} == {"sensible", "random"}
