"""Provides `--ssh PORT` for `expedition new|continue|load`: play here while the game listens over SSH."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from expedition.ui.hosting import SshHosting


def add_ssh_arguments(parser: argparse.ArgumentParser) -> None:
    """Add `--ssh PORT`, `--host`, `--authorized-keys` and `--no-spectators` to a playing command."""
    group = parser.add_argument_group("serving while you play")
    group.add_argument(
        "--ssh",
        type=int,
        metavar="PORT",
        help="also serve the campaign over SSH on PORT: others watch, keyed players join",
    )
    group.add_argument("--host", default="127.0.0.1", help="with --ssh: the address (default: loopback)")
    group.add_argument(
        "--authorized-keys", metavar="FILE", help="with --ssh: keys of co-op players, 'PLAYER KEY' lines"
    )
    group.add_argument("--no-spectators", action="store_true", help="with --ssh: only keyed players")


def ssh_hosting(args: argparse.Namespace) -> SshHosting | int | None:
    """The hosting the arguments ask for: None without `--ssh`, an exit code when they are wrong."""
    if getattr(args, "ssh", None) is None:
        if getattr(args, "authorized_keys", None) or getattr(args, "no_spectators", False):
            print("expedition: --authorized-keys and --no-spectators need --ssh PORT", file=sys.stderr)
            return 2
        return None
    if not 0 <= args.ssh <= 65535:
        print(f"expedition: --ssh needs a port from 0 to 65535 (got {args.ssh})", file=sys.stderr)
        return 2
    from expedition.cli_serve import CLIENT_COMMAND
    from expedition.net.keys import read_authorized_keys
    from expedition.net.ssh import ServerOptions
    from expedition.ui.hosting import SshHosting

    try:
        keys = read_authorized_keys(Path(args.authorized_keys)) if args.authorized_keys else []
    except OSError as error:
        print(f"expedition: cannot read {args.authorized_keys}: {error.strerror or error}", file=sys.stderr)
        return 1
    options = ServerOptions(host=args.host, port=args.ssh, spectators=not args.no_spectators, keys=keys)
    return SshHosting(options, tuple(CLIENT_COMMAND))
