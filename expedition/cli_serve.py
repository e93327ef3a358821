"""Provides `expedition serve`: the campaign served over SSH (spectators, co-op players) or to a browser."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import shlex
import signal
import sys
from pathlib import Path
from typing import Any

NO_CAMPAIGN = 2
"""Exit code when the campaign cannot be opened."""
CLIENT_COMMAND = [sys.executable, "-m", "expedition", "serve-client"]
"""What each SSH connection runs: the game client on its own pty."""


def add_serve_commands(commands: Any) -> None:
    """Register `expedition serve` (and the hidden `serve-client` it starts per connection)."""
    serve = commands.add_parser(
        "serve",
        help="serve a campaign over SSH or to a browser",
        description="Run the campaign once, here, and let others watch or play: over SSH "
        "(spectators without a key, co-op players with a key in --authorized-keys) or in a browser.",
    )
    how = serve.add_mutually_exclusive_group(required=True)
    how.add_argument("--ssh", action="store_true", help="serve over SSH")
    how.add_argument("--web", action="store_true", help="serve to a browser through textual-serve")
    serve.add_argument("campaign", nargs="?", help="the campaign's folder name (default: the newest)")
    serve.add_argument("--host", default="127.0.0.1", help="the address to listen on (default: loopback)")
    serve.add_argument("--port", type=int, help="the port (default: 2222 for SSH, 8000 for the web)")
    serve.add_argument("--authorized-keys", metavar="FILE", help="keys of co-op players: 'PLAYER KEY' lines")
    serve.add_argument("--no-spectators", action="store_true", help="only keyed players may connect")
    serve.add_argument(
        "--idle-timeout", type=float, default=0, help="seconds before an idle player is cut (0: never)"
    )
    serve.add_argument(
        "--spectator-idle-timeout", type=float, default=7200, help="seconds before an idle spectator is cut"
    )
    serve.add_argument("--rate", type=int, default=30, help="new connections per address per minute")
    serve.add_argument(
        "--saves", metavar="DIR", help="the saves folder (default: $EXPEDITION_SAVES, else saves/)"
    )
    serve.set_defaults(handler=run_serve)
    client = commands.add_parser("serve-client")  # started by `serve --ssh`; not for people
    client.set_defaults(handler=lambda _: _client())


def _client() -> int:
    from expedition.ui.remote_app import run_remote_client

    return run_remote_client()


def run_serve(args: argparse.Namespace) -> int:
    """Serve the campaign until interrupted."""
    if args.web:
        return _web(args)
    return _ssh(args)


def _web(args: argparse.Namespace) -> int:
    try:
        from textual_serve.server import Server
    except ImportError:
        print(
            "expedition: serving to a browser needs textual-serve: pip install 'expedition[web]'",
            file=sys.stderr,
        )
        return 1
    words = [*CLIENT_COMMAND[:-1], "load" if args.campaign else "continue"]
    words += [args.campaign] if args.campaign else []
    words += ["--saves", args.saves] if args.saves else []
    port = 8000 if args.port is None else args.port
    Server(shlex.join(words), host=args.host, port=port, title="Expedition").serve()
    return 0


def _ssh(args: argparse.Namespace) -> int:
    from expedition.net.keys import read_authorized_keys
    from expedition.net.serve import serve_ssh
    from expedition.net.ssh import ServerOptions
    from expedition.session.campaigns import CampaignOpenError, open_campaign

    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    saves = Path(args.saves) if args.saves else None
    try:
        keys = read_authorized_keys(Path(args.authorized_keys)) if args.authorized_keys else []
    except OSError as error:
        print(f"expedition: cannot read {args.authorized_keys}: {error.strerror or error}", file=sys.stderr)
        return 1
    try:
        session = open_campaign(args.campaign, saves=saves)
    except CampaignOpenError as error:
        print(f"expedition: {' '.join(str(error).split())}", file=sys.stderr)
        return NO_CAMPAIGN
    assert session.store is not None
    options = ServerOptions(
        host=args.host,
        port=2222 if args.port is None else args.port,
        spectators=not args.no_spectators,
        player_idle=args.idle_timeout,
        spectator_idle=args.spectator_idle_timeout,
        rate=args.rate,
        keys=keys,
    )
    name, folder = session.store.name, session.store.folder

    async def main() -> None:
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for number in (signal.SIGINT, signal.SIGTERM):
            with contextlib.suppress(NotImplementedError):
                loop.add_signal_handler(number, stop.set)

        def ready(server: Any) -> None:
            print(f"Serving {name} over SSH on {options.host} port {server.port}", flush=True)

        await serve_ssh(session, name, folder, CLIENT_COMMAND, options, ready=ready, stop=stop)

    try:
        asyncio.run(main())
    except OSError as error:
        print(f"expedition: cannot serve: {error.strerror or error}", file=sys.stderr)
        return 1
    finally:
        session.close()
    return 0
