"""Provides the `expedition` command line: it parses arguments and wires the layers together."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from expedition import __version__
from expedition.cli_common import SAVES_HELP, Parser, fail_each
from expedition.cli_compendium import add_compendium_command
from expedition.cli_hosting import CLIENT_NAME, with_default_ports
from expedition.cli_new import add_new_command
from expedition.cli_odds import add_odds_command
from expedition.cli_play import add_play_commands
from expedition.cli_saves import add_saves_commands
from expedition.cli_serve import add_serve_commands, run_client
from expedition.persistence.store import default_saves_dir

PLAYING = frozenset({None, "new", "continue", "load", "serve", "simulate"})
"""The commands (None: the game's screens) that play, so need the whole game content loaded."""


def content_faults() -> list[str]:
    """Every fault in the game content, one line each naming its file, entry and field; [] when it loads."""
    # Imported here: the whole catalog (and the rules) load only for a command that plays.
    from expedition.content.catalog import ASSETS  # noqa: PLC0415 - see above
    from expedition.content.problems import ContentError  # noqa: PLC0415 - see above
    from expedition.session.catalog_world import default_world  # noqa: PLC0415 - see above

    try:
        default_world()
    except ContentError as error:
        return [f"the content in {ASSETS} could not be loaded: {problem}" for problem in error.problems]
    except OSError as error:
        return [f"cannot read the content at {error.filename or ASSETS}: {error.strerror or error}"]
    return []


def build_parser() -> argparse.ArgumentParser:
    """Build the argument parser with every subcommand."""
    parser = Parser(
        prog="expedition",
        description="Dead Weight in a terminal. Based on Dead Weight by Pedro Medeiros (saint11), "
        "CC BY 4.0; changes were made.",
    )
    parser.add_argument("--version", action="version", version=f"expedition {__version__}")
    parser.add_argument("--saves", metavar="DIR", default=None, help=SAVES_HELP)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    add_odds_command(commands)
    add_saves_commands(commands)
    add_new_command(commands)
    add_compendium_command(commands)
    add_play_commands(commands)
    add_serve_commands(commands)
    from expedition.cli_simulate import add_simulate_command  # noqa: PLC0415 - each command loads on its own

    add_simulate_command(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line and return the process exit code."""
    words = list(sys.argv[1:] if argv is None else argv)
    if words[:1] == [CLIENT_NAME]:
        # What `serve --ssh` starts for each connection: not a command for people, so not in the parser.
        return run_client()
    parser = build_parser()
    args = parser.parse_args(with_default_ports(words))
    if args.command in PLAYING:
        # Without its content the game cannot be played: say exactly what is wrong before it starts,
        # rather than refusing each action later ("No dungeons are loaded").
        faults = content_faults()
        if faults:
            return fail_each(faults)
    if args.command is None:
        from expedition.ui.app import run_app  # noqa: PLC0415 — Textual loads only when the screens run

        return run_app(saves=default_saves_dir(args.saves))
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
