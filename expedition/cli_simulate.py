"""Provides `expedition simulate`: bots play many campaigns headless, and a balance report is printed."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from expedition.cli_common import fail

POLICIES = ("sensible", "random")
"""The bots' policies (`bots.driver.POLICIES`; named here so the parser needs no bot loaded)."""


def add_simulate_command(commands: Any) -> None:
    """Register `expedition simulate` on the subcommand group."""
    parser: argparse.ArgumentParser = commands.add_parser(
        "simulate",
        help="let bots play many campaigns and report the game's balance",
        description="Bots play campaigns through the same port a player uses; every step is checked. "
        "Prints a balance report, or one JSON object with --json.",
    )
    parser.add_argument("--campaigns", type=int, default=20, metavar="N", help="campaigns to play (20)")
    parser.add_argument(
        "--expeditions", type=int, default=6, metavar="K", help="expeditions per campaign (6)"
    )
    parser.add_argument("--policy", choices=POLICIES, default="sensible", help="how the bots play (sensible)")
    parser.add_argument(
        "--seed", type=int, default=1, metavar="S", help="first campaign's seed; then S+1, … (1)"
    )
    parser.add_argument("--jobs", type=int, default=1, metavar="J", help="processes to play them in (1)")
    parser.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    parser.set_defaults(handler=run_simulate)


def run_simulate(args: argparse.Namespace) -> int:
    """Play the campaigns the arguments ask for and print the report."""
    if args.campaigns < 1 or args.expeditions < 1 or args.jobs < 1:
        return fail("--campaigns, --expeditions and --jobs must be at least 1")
    # Imported here: the bots, the rules and rich are needed only once the arguments are good.
    from rich.console import Console  # noqa: PLC0415 - only this command draws with rich
    from rich.progress import Progress  # noqa: PLC0415 - only this command draws with rich

    from expedition.bots.report import render  # noqa: PLC0415 - loads the rules; after parsing
    from expedition.bots.simulate import simulate, summary  # noqa: PLC0415 - loads the rules; after parsing

    with Progress(console=Console(file=sys.stderr), transient=True) as progress:
        task = progress.add_task(f"{args.policy} bots", total=args.campaigns)
        results = simulate(
            args.campaigns,
            args.expeditions,
            policy=args.policy,
            seed=args.seed,
            jobs=args.jobs,
            progress=lambda _result: progress.advance(task),
        )
    figures = summary(results)
    if args.json:
        print(json.dumps(figures, indent=2))
    else:
        render(figures, Console())
    return 0
