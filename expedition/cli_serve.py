"""Provides `expedition serve`: the campaign served over SSH (spectators, co-op players) or to a browser."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import shlex
import signal
from pathlib import Path
from typing import Any

from expedition.cli_common import GAME, USAGE, add_saves_option, fail
from expedition.cli_hosting import CLIENT_COMMAND, SSH_PORT, WEB_PORT, check_port, read_keys


def add_serve_commands(commands: Any) -> None:
    """Register `expedition serve`."""
    serve = commands.add_parser(
        "serve",
        help="serve a campaign over SSH or to a browser",
        description="Run the campaign once, here, and let others watch or play: over SSH "
        "(spectators without a key, co-op players with a key in --authorized-keys) or in a browser.",
    )
    how = serve.add_mutually_exclusive_group(required=True)
    how.add_argument("--ssh", type=int, metavar="PORT", help=f"serve over SSH (port {SSH_PORT} unless given)")
    how.add_argument(
        "--web", type=int, metavar="PORT", help=f"serve to a browser (port {WEB_PORT} unless given)"
    )
    serve.add_argument("campaign", nargs="?", help="the campaign's folder name (default: the newest)")
    serve.add_argument("--host", default="127.0.0.1", help="the address to listen on (default: loopback)")
    serve.add_argument("--authorized-keys", metavar="FILE", help="keys of co-op players: 'PLAYER KEY' lines")
    serve.add_argument("--no-spectators", action="store_true", help="only keyed players may connect")
    serve.add_argument(
        "--idle-timeout", type=float, default=0, help="seconds before an idle player is cut (0: never)"
    )
    serve.add_argument(
        "--spectator-idle-timeout", type=float, default=7200, help="seconds before an idle spectator is cut"
    )
    serve.add_argument("--rate", type=int, default=30, help="new connections per address per minute")
    add_saves_option(serve)
    serve.set_defaults(handler=run_serve)


def run_client() -> int:
    """Run the game client of one SSH connection (what `serve-client` does)."""
    from expedition.ui.remote_app import run_remote_client  # noqa: PLC0415 — the UI loads only in the client

    return run_remote_client()


def run_serve(args: argparse.Namespace) -> int:
    """Serve the campaign until interrupted."""
    if args.web is not None:
        return _web(args)
    return _ssh(args)


def _web(args: argparse.Namespace) -> int:
    refused = check_port("--web", args.web)
    if refused is not None:
        return refused
    try:
        from textual_serve.server import Server  # noqa: PLC0415  # the optional `web` extra: only `serve --web` needs it
    except ImportError:
        return fail("--web: serving to a browser needs textual-serve: pip install 'expedition[web]'")
    words = [*CLIENT_COMMAND[:-1], "load" if args.campaign else "continue"]
    words += [args.campaign] if args.campaign else []
    words += ["--saves", args.saves] if args.saves else []
    Server(shlex.join(words), host=args.host, port=args.web, title="Expedition").serve()
    return 0


def _ssh(args: argparse.Namespace) -> int:
    # The SSH and session layers (asyncssh, the whole rulebook) load only when serving.
    from expedition.net.serve import serve_ssh  # noqa: PLC0415 — see above
    from expedition.net.ssh import ServerOptions  # noqa: PLC0415 — see above
    from expedition.session.campaigns import (  # noqa: PLC0415 — see above
        CampaignInUse,
        CampaignOpenError,
        open_campaign,
    )

    refused = check_port("--ssh", args.ssh)
    if refused is not None:
        return refused
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    saves = Path(args.saves) if args.saves else None
    keys = read_keys(args.authorized_keys)
    if isinstance(keys, int):
        return keys
    try:
        session = open_campaign(args.campaign, saves=saves)
    except CampaignOpenError as error:
        return fail(str(error), GAME if isinstance(error, CampaignInUse) else USAGE)
    assert session.store is not None
    options = ServerOptions(
        host=args.host,
        port=args.ssh,
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
        return fail(f"--ssh {args.ssh}: cannot serve on {args.host}: {error.strerror or error}", GAME)
    finally:
        session.close()
    return 0
