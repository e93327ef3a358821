"""Provides the `expedition compendium` subcommand: open the game straight on the compendium."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from expedition.cli_common import fail, fail_each
from expedition.content.problems import ContentError


def add_compendium_command(commands: Any) -> None:
    """Register `expedition compendium` on the subcommand group."""
    parser: argparse.ArgumentParser = commands.add_parser(
        "compendium",
        help="browse the game's content: items, enemies, skills, afflictions…",
        description="Open the compendium: search and read every item, weapon, enemy, skill, trait, "
        "trauma, affliction, spell, prayer and table the game knows.",
    )
    parser.add_argument(
        "--assets",
        type=Path,
        default=None,
        metavar="DIR",
        help="content folder (default: the game's own)",
    )
    parser.set_defaults(handler=run_compendium)


def run_compendium(args: argparse.Namespace) -> int:
    """Load the content and run the app on the compendium; return 2 with a readable error if loading fails."""
    # Only this command reads the whole catalog or names the ui layer, so the others start faster;
    # load_entries is looked up here, where tests put a small compendium in its place.
    from expedition.content.catalog import ASSETS  # noqa: PLC0415 — see above
    from expedition.ui.entries import load_entries  # noqa: PLC0415 — see above

    try:
        entries = load_entries(args.assets)
    except ContentError as error:
        where = args.assets or ASSETS
        return fail_each(f"the content in {where} could not be loaded: {fault}" for fault in error.problems)
    except OSError as error:
        return fail(f"cannot read the content at {error.filename or args.assets}: {error.strerror}")
    from expedition.ui.app import run_app  # noqa: PLC0415 — Textual loads only when the screens run

    return run_app(entries, start="compendium")
