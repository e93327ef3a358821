"""Provides the `expedition odds` subcommand: exact odds of a test or check, as a table or as JSON."""

from __future__ import annotations

import argparse
import json
from fractions import Fraction
from typing import Any

from expedition.cli_common import fail
from expedition.rules.core.errors import RuleError
from expedition.rules.core.odds import RollOdds, outcome_odds, rolled_dice
from expedition.rules.core.wording import plural

BAR_WIDTH = 40
"""Characters in a full (100 %) bar."""

_ROWS = (
    ("critical failure", "critical_failure"),
    ("failure", "failure"),
    ("success", "success"),
    ("great success", "great_success"),
)


def add_odds_command(commands: Any) -> None:
    """Register `expedition odds` on the subcommand group."""
    parser: argparse.ArgumentParser = commands.add_parser(
        "odds",
        help="exact odds of an attribute test",
        description="Exact odds of an attribute test (or check), assuming the player spends rerolls "
        "to succeed and the GM spends disadvantage to make it fail, both perfectly.",
    )
    parser.add_argument(
        "dice", type=int, help="available dice before safe, effort or help (0 or less allowed)"
    )
    parser.add_argument("--proficiency", type=int, default=0, metavar="P", help="proficiency rerolls")
    parser.add_argument("--advantage", type=int, default=0, metavar="A", help="advantage instances")
    parser.add_argument("--disadvantage", type=int, default=0, metavar="D", help="disadvantage instances")
    parser.add_argument("--terrified", action="store_true", help="Terrified: only 5 and 6 succeed")
    parser.add_argument("--hopeless", action="store_true", help="Hopeless: a 5 also causes fatigue")
    parser.add_argument("--safe", action="store_true", help="keep it safe: 2 fewer dice")
    parser.add_argument("--effort", action="store_true", help="extra effort: 1 fatigue paid for +1 die")
    parser.add_argument("--helper", action="store_true", help="a helper adds 1 die of their own")
    parser.add_argument("--check", action="store_true", help="a check: the dice cause no fatigue")
    parser.add_argument("--json", action="store_true", help="print the five chances as JSON")
    parser.set_defaults(handler=run_odds)


def run_odds(args: argparse.Namespace) -> int:
    """Print the odds the parsed arguments ask for; return 2 with a one-line error on bad input."""
    for name in ("proficiency", "advantage", "disadvantage"):
        if getattr(args, name) < 0:
            return _fail(f"--{name} cannot be negative (got {getattr(args, name)})")
    if args.safe and args.effort:
        return _fail("--safe and --effort cannot be combined (keeping it safe rules out extra effort)")
    try:
        odds = outcome_odds(
            args.dice,
            proficiency=args.proficiency,
            advantage=args.advantage,
            disadvantage=args.disadvantage,
            terrified=args.terrified,
            hopeless=args.hopeless,
            safe=args.safe,
            effort=args.effort,
            helper=args.helper,
            check=args.check,
        )
    except RuleError as error:
        return _fail(str(error))
    if args.json:
        print(json.dumps(odds.as_floats()))
    else:
        print(render_odds(odds, args))
    return 0


def _fail(message: str) -> int:
    return fail(f"odds: {message}")


def render_odds(odds: RollOdds, args: argparse.Namespace) -> str:
    """Lay the odds out as a plain-text table with a bar per line."""
    count, keep_lowest = rolled_dice(args.dice, safe=args.safe, effort=args.effort, helper=args.helper)
    kind = "check" if args.check else "test"
    thrown = f"keep the lowest of {count} dice" if keep_lowest else f"roll {plural(count, 'die')}"
    if args.helper:
        thrown += ", one of them the helper's"
    player = args.proficiency + max(args.advantage - args.disadvantage, 0)
    gm = max(args.disadvantage - args.advantage, 0)
    flags = [name for name in ("terrified", "hopeless", "safe", "effort", "helper") if getattr(args, name)]
    options = f" ({', '.join(flags)})" if flags else ""
    lines = [
        f"A {kind} with {args.dice} available dice{options}: {thrown}.",
        f"Rerolls: {player} for the player, {gm} for the GM.",
        "",
    ]
    for label, field in _ROWS:
        lines.append(_line(label, getattr(odds, field)))
    lines.append(_line("success or better", odds.succeeded))
    lines.append(_line("fatigue", odds.fatigue))
    if args.helper:
        lines.append(_line("helper's fatigue", odds.helper_fatigue))
    if args.effort:
        lines.append("(fatigue counts only points from the dice; the effort's point is already paid)")
    return "\n".join(lines)


def _line(label: str, chance: Fraction) -> str:
    filled = round(float(chance) * BAR_WIDTH)
    bar = "#" * filled + "." * (BAR_WIDTH - filled)
    return f"{label:<18} {float(chance) * 100:6.2f} %  {bar}"
