"""Provides the `expedition odds` subcommand (filled in by the odds work)."""

from __future__ import annotations

import argparse
from typing import Any


def add_odds_command(commands: Any) -> None:
    """Register `expedition odds` on the subcommand group."""
    parser: argparse.ArgumentParser = commands.add_parser("odds", help="exact odds of an attribute test")
    parser.add_argument("dice", type=int)
    parser.set_defaults(handler=lambda args: 0)
