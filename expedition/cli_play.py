"""Provides `expedition continue` and `expedition load NAME`: open a saved campaign and play it."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from expedition.cli_common import GAME, USAGE, add_saves_option, fail
from expedition.cli_hosting import add_ssh_arguments, ssh_hosting


def add_play_commands(commands: Any) -> None:
    """Register `expedition continue` and `expedition load` on the subcommand group."""
    resume = commands.add_parser(
        "continue",
        help="play the campaign saved most recently",
        description="Open the campaign saved most recently where it stopped, on its party screen.",
    )
    _common(resume)
    resume.set_defaults(handler=run_continue)
    load = commands.add_parser(
        "load",
        help="play a saved campaign by name",
        description="Open a saved campaign (see `expedition saves list`) on its party screen.",
    )
    load.add_argument("name", help="the campaign's folder name under the saves folder")
    _common(load)
    load.set_defaults(handler=run_load)


def _common(parser: argparse.ArgumentParser) -> None:
    add_saves_option(parser)
    parser.add_argument(
        "--no-ui", action="store_true", help="only open and check the campaign, print where it stands"
    )
    add_ssh_arguments(parser)


def run_continue(args: argparse.Namespace) -> int:
    """Open the newest campaign and play it; one line and exit 2 when there is none (1 when in use)."""
    return _play(None, args)


def run_load(args: argparse.Namespace) -> int:
    """Open the named campaign and play it; one line and exit 2 when it cannot be opened (1 when in use)."""
    return _play(args.name, args)


def _play(name: str | None, args: argparse.Namespace) -> int:
    # The session layer (and with it the whole rulebook) loads only for a command that opens a campaign.
    from expedition.session.campaigns import CampaignInUse, CampaignOpenError, open_campaign  # noqa: PLC0415

    hosting = ssh_hosting(args)
    if isinstance(hosting, int):
        return hosting
    saves = Path(args.saves) if args.saves else None
    try:
        session = open_campaign(name, saves=saves)
    except CampaignOpenError as error:
        return fail(str(error), GAME if isinstance(error, CampaignInUse) else USAGE)
    try:
        report = session.load_report
        for line in report.lines() if report is not None else []:
            print(line, file=sys.stderr)
        if args.no_ui:
            state = session.state
            campaign = session.store.name if session.store is not None else "campaign"
            # In a dungeon its own name: a generated one's key would name its seed.
            where = state.expedition.dungeon.name if state.expedition is not None else state.location
            print(
                f"{campaign}: day {state.day}, {state.phase.value} at {where}, "
                f"{len(state.party)} in the party, {state.actions} actions"
            )
            return 0
        from expedition.ui.app import run_app  # noqa: PLC0415 — Textual loads only when the screens run

        folder = session.store.folder.parent if session.store is not None else saves
        return run_app(session=session, saves=folder, ssh=hosting)
    finally:
        session.close()
