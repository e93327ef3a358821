"""Benchmarks the simulation: expeditions per second on one core, and the engine's cost per action.

Run from the repository root: `python tests/bench/bench_simulate.py [EXPEDITIONS] [--policy P]
[--profile]` (1,000 expeditions of the sensible bots by default, campaigns of six from seed 1, in
this one process). `--profile` runs it under cProfile and prints where the time goes.

Times are this process's CPU time (what its one core spent), not the wall clock, which on a
shared machine also counts the waits for other work.

Two figures: the whole simulation (the rules, the seat views, the bots' choices and the referee's
checks, as `expedition simulate` plays), and the engine alone: the same journals replayed, which
runs only the rules (each action checked and carried out with its recorded answers), so what is
left is what the port, the views and the bots cost on top.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from expedition.bots.driver import play_campaign_with_journal  # noqa: E402
from expedition.bots.simulate import summary  # noqa: E402
from expedition.session.replay import replay_records  # noqa: E402


def run(expeditions: int, policy: str) -> tuple[int, int, float, list[list[dict[str, Any]]]]:
    """Play campaigns of six until `expeditions` expeditions have set out.

    Returns:
        (expeditions, steps, seconds, each campaign's journal).
    """
    played = steps = 0
    seed = 1
    journals: list[list[dict[str, Any]]] = []
    seconds = 0.0
    while played < expeditions:
        start = time.process_time()
        result, journal = play_campaign_with_journal(seed, policy, 6)
        seconds += time.process_time() - start
        figures = summary([result])
        played += figures["expeditions"]
        steps += figures["steps"]
        journals.append(journal)
        seed += 1
    return played, steps, seconds, journals


def engine_alone(journals: list[list[dict[str, Any]]]) -> tuple[int, float]:
    """Replay the journals without their state hashes: the rules only. (actions, seconds)."""
    plain = [
        [
            {k: v for k, v in record.items() if k != "digest"}
            for record in journal
            if record.get("k") != "hash"
        ]
        for journal in journals
    ]
    actions = 0
    start = time.process_time()
    for journal in plain:
        actions += replay_records(journal).actions
    return actions, time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("expeditions", type=int, nargs="?", default=1000)
    parser.add_argument("--policy", default="sensible", choices=("sensible", "random"))
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    profiler = cProfile.Profile() if args.profile else None
    if profiler is not None:
        profiler.enable()
    played, steps, seconds, journals = run(args.expeditions, args.policy)
    if profiler is not None:
        profiler.disable()
        pstats.Stats(profiler).sort_stats("cumulative").print_stats(40)
    actions, engine = engine_alone(journals)
    print(f"{played} expeditions of {args.policy} bots in {seconds:.1f} s of CPU")
    print(f"expeditions per second: {played / seconds:.2f} (target ≥ 20 on one core)")
    print(f"steps (actions and answers): {steps}, {steps / played:.0f} per expedition")
    print(f"cost per step (engine, views, bot and referee): {1000 * seconds / steps:.2f} ms")
    print(
        f"engine alone (the journals replayed: {actions} actions in {engine:.1f} s): "
        f"{1000 * engine / actions:.2f} ms per action, {played / engine:.1f} expeditions per second"
    )
    print(f"the engine's share of the simulation: {engine / seconds:.0%}")


if __name__ == "__main__":
    main()
