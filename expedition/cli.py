"""Provides the `expedition` command line: it parses arguments and wires the layers together."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence


def build_parser() -> argparse.ArgumentParser:
    """Build the argument parser with every subcommand."""
    parser = argparse.ArgumentParser(
        prog="expedition",
        description="Dead Weight in a terminal. Based on Dead Weight by Pedro Medeiros (saint11), "
        "CC BY 4.0; changes were made.",
    )
    parser.add_argument(
        "--saves",
        dest="title_saves",
        metavar="DIR",
        help="with no command: the saves folder the title screen's New, Continue and Load use",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    from expedition.cli_odds import add_odds_command

    add_odds_command(commands)
    from expedition.cli_saves import add_saves_commands

    add_saves_commands(commands)
    from expedition.cli_new import add_new_command

    add_new_command(commands)
    from expedition.cli_compendium import add_compendium_command

    add_compendium_command(commands)
    from expedition.cli_play import add_play_commands

    add_play_commands(commands)
    from expedition.cli_serve import add_serve_commands

    add_serve_commands(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line and return the process exit code."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        from expedition.persistence.store import default_saves_dir
        from expedition.ui.app import run_app

        return run_app(saves=default_saves_dir(args.title_saves))
    handler = args.handler
    try:
        code: int = handler(args)
    except BrokenPipeError:
        # The reader went away (`expedition saves export … | head`); that is not an error of ours.
        # Point stdout at /dev/null so Python's final flush does not raise again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    return code


if __name__ == "__main__":
    sys.exit(main())
