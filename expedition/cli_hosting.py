"""Provides `--ssh [PORT]` for `expedition new|continue|load|serve`: the same flag, the same default port.

`--ssh` takes a port only when the next word is a number, so `expedition serve --ssh tomb` serves
the campaign "tomb" on the default port; `serve --web [PORT]` works the same way. Every served
SSH connection runs `CLIENT_COMMAND`, the hidden `serve-client`.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from expedition.cli_common import USAGE, fail

if TYPE_CHECKING:
    from expedition.net.keys import AuthorizedKey
    from expedition.ui.hosting import SshHosting

CLIENT_NAME = "serve-client"
"""The hidden command each SSH connection runs (`expedition serve-client`); not for people."""
CLIENT_COMMAND = [sys.executable, "-m", "expedition", CLIENT_NAME]
"""What each SSH connection runs: the game client on its own pty."""
SSH_PORT = 2222
"""The port `--ssh` listens on when it is given none."""
WEB_PORT = 8000
"""The port `serve --web` listens on when it is given none."""
PORT_COMMANDS = ("new", "continue", "load", "serve")
"""The commands that take `--ssh` (and, for `serve`, `--web`)."""
_NUMBER = re.compile(r"-?\d+")


def with_default_ports(words: Sequence[str]) -> list[str]:
    """The command line with the default port put after each `--ssh` or `--web` given without one."""
    words = list(words)
    command = next((i for i, word in enumerate(words) if word in PORT_COMMANDS), None)
    if command is None:
        return words
    done = words[: command + 1]
    rest = words[command + 1 :]
    for index, word in enumerate(rest):
        done.append(word)
        if word in ("--ssh", "--web"):
            following = rest[index + 1] if index + 1 < len(rest) else ""
            if not _NUMBER.fullmatch(following):
                done.append(str(SSH_PORT if word == "--ssh" else WEB_PORT))
    return done


def add_ssh_arguments(parser: argparse.ArgumentParser) -> None:
    """Add `--ssh [PORT]`, `--host`, `--authorized-keys` and `--no-spectators` to a playing command."""
    group = parser.add_argument_group("serving while you play")
    group.add_argument(
        "--ssh",
        type=int,
        metavar="PORT",
        help=f"also serve the campaign over SSH (port {SSH_PORT} unless given): others watch, keyed "
        "players join",
    )
    group.add_argument("--host", default="127.0.0.1", help="with --ssh: the address (default: loopback)")
    group.add_argument(
        "--authorized-keys", metavar="FILE", help="with --ssh: keys of co-op players, 'PLAYER KEY' lines"
    )
    group.add_argument("--no-spectators", action="store_true", help="with --ssh: only keyed players")


def check_port(flag: str, port: int) -> int | None:
    """None when `port` can be listened on, else the exit code after saying why."""
    if not 0 <= port <= 65535:
        return fail(f"{flag}: {port} is not a port (0 to 65535)")
    return None


def read_keys(path: str | None) -> list[AuthorizedKey] | int:
    """The co-op players' keys from `--authorized-keys FILE` (none without it), or the exit code."""
    from expedition.net.keys import read_authorized_keys  # noqa: PLC0415 — asyncssh loads only when serving

    if not path:
        return []
    try:
        return read_authorized_keys(Path(path))
    except OSError as error:
        return fail(f"--authorized-keys {path}: cannot be read ({error.strerror or error})", USAGE)
    except UnicodeDecodeError:
        return fail(f"--authorized-keys {path}: is not a text file of keys", USAGE)


def ssh_hosting(args: argparse.Namespace) -> SshHosting | int | None:
    """The hosting the arguments ask for: None without `--ssh`, an exit code when they are wrong."""
    if getattr(args, "ssh", None) is None:
        if getattr(args, "authorized_keys", None) or getattr(args, "no_spectators", False):
            return fail("--authorized-keys and --no-spectators: only with --ssh")
        return None
    refused = check_port("--ssh", args.ssh)
    if refused is not None:
        return refused
    keys = read_keys(args.authorized_keys)
    if isinstance(keys, int):
        return keys
    # Imported here: the SSH and UI layers (asyncssh, Textual) load only when serving.
    from expedition.net.ssh import ServerOptions  # noqa: PLC0415 — see above
    from expedition.ui.hosting import SshHosting  # noqa: PLC0415 — see above

    options = ServerOptions(host=args.host, port=args.ssh, spectators=not args.no_spectators, keys=keys)
    return SshHosting(options, tuple(CLIENT_COMMAND))
