"""Benchmarks the simulation: expeditions per second on one core, and the engine's cost per action.

Run from the repository root: `python tests/bench/bench_simulate.py [EXPEDITIONS] [--policy P]
[--profile]` (1,000 expeditions of the sensible bots by default, campaigns of six from seed 1, in
this one process). `--profile` runs it under cProfile and prints where the time goes.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from expedition.bots.simulate import simulate, summary  # noqa: E402


def run(expeditions: int, policy: str) -> tuple[int, int, float]:
    """Play campaigns of six until `expeditions` expeditions have set out; (expeditions, steps, seconds)."""
    played = steps = 0
    seed = 1
    start = time.perf_counter()
    while played < expeditions:
        figures = summary(simulate(1, 6, policy=policy, seed=seed))
        played += figures["expeditions"]
        steps += figures["steps"]
        seed += 1
    return played, steps, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("expeditions", type=int, nargs="?", default=1000)
    parser.add_argument("--policy", default="sensible", choices=("sensible", "random"))
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    profiler = cProfile.Profile() if args.profile else None
    if profiler is not None:
        profiler.enable()
    played, steps, seconds = run(args.expeditions, args.policy)
    if profiler is not None:
        profiler.disable()
        pstats.Stats(profiler).sort_stats("cumulative").print_stats(40)
    print(f"{played} expeditions of {args.policy} bots in {seconds:.1f} s")
    print(f"expeditions per second: {played / seconds:.2f} (target ≥ 20 on one core)")
    print(f"steps (actions and answers): {steps}, {steps / played:.0f} per expedition")
    print(f"cost per step (engine, views, bot and referee): {1000 * seconds / steps:.2f} ms")


if __name__ == "__main__":
    main()
