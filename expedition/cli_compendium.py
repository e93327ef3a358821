"""Provides the `expedition compendium` subcommand: open the game straight on the compendium."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any


def add_compendium_command(commands: Any) -> None:
    """Register `expedition compendium` on the subcommand group."""
    parser: argparse.ArgumentParser = commands.add_parser(
        "compendium",
        help="browse the game's content: items, enemies, skills, afflictions…",
        description="Open the compendium: search and read every item, weapon, enemy, skill, trait, "
        "trauma, affliction, spell, prayer and table the game knows.",
    )
    parser.add_argument(
        "--assets", type=Path, default=None, metavar="DIR", help="folder of content files (default: assets/)"
    )
    parser.set_defaults(handler=run_compendium)


def run_compendium(args: argparse.Namespace) -> int:
    """Load the content and run the app on the compendium; return 2 with a readable error if loading fails."""
    from expedition.content.problems import ContentError
    from expedition.ui.entries import load_entries

    try:
        entries = load_entries(args.assets)
    except ContentError as error:
        print(f"expedition: the content could not be loaded.\n{error}", file=sys.stderr)
        return 2
    except OSError as error:
        where = error.filename or args.assets
        print(f"expedition: cannot read the content at {where}: {error.strerror}", file=sys.stderr)
        return 2
    from expedition.ui.app import run_app

    return run_app(entries, start="compendium")
