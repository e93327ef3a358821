"""Provides what every `expedition` command shares: the one error style, `--saves DIR`, the parser class.

Every fault is one line on stderr, `expedition: <the thing>: <what is wrong>`, never a traceback.
Exit codes: 0 when all went well; 2 for a command typed wrong or a thing it names that is missing
or cannot be used (a campaign, a file, a folder, a name, the content); 1 when the game itself
refuses or fails (a rule, a replay that diverges, a campaign open in another game, a server that
cannot start).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable
from typing import NoReturn

OK = 0
"""Exit code: all went well."""
USAGE = 2
"""Exit code: typed wrong, or something named is missing or cannot be used."""
GAME = 1
"""Exit code: the game refused or failed."""

SAVES_HELP = (
    "the folder campaigns live in (default: $EXPEDITION_SAVES, else saves/ of the source checkout the "
    "game runs from, else your data folder; `expedition saves list` says which)"
)
"""The help of `--saves`, the same before the command and after it."""


def fail(message: str, code: int = USAGE) -> int:
    """Print `expedition: <message>` as a single line on stderr and return `code`."""
    print(f"expedition: {' '.join(message.split())}", file=sys.stderr)
    return code


def fail_each(messages: Iterable[str], code: int = USAGE) -> int:
    """Print one line per fault (as `fail` does) and return `code`."""
    for message in messages:
        fail(message, code)
    return code


def add_saves_option(parser: argparse.ArgumentParser) -> None:
    """Add `--saves DIR` to a command; left out, the one given before the command (if any) stands."""
    parser.add_argument("--saves", metavar="DIR", default=argparse.SUPPRESS, help=SAVES_HELP)


class Parser(argparse.ArgumentParser):
    """An argument parser whose usage errors follow the one error style (one line, exit 2)."""

    def error(self, message: str) -> NoReturn:
        """Report a usage error in one line and exit with `USAGE`."""
        fail(f"{message} (see `{self.prog} --help`)")
        sys.exit(USAGE)
