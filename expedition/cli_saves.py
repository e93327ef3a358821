"""Provides `expedition replay` and `expedition saves list|check|export`: looking after saved campaigns.

Every failure prints one line naming the file or campaign and what is wrong (`saves check`, one per
damaged file) and exits with 2 (a replay that diverges exits with 1); nothing here prints a
traceback or changes a file.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from expedition.cli_common import GAME, OK, add_saves_option, fail, fail_each
from expedition.persistence.save_check import FileCheck, check_journal, check_snapshot
from expedition.persistence.snapshot import read_snapshot
from expedition.persistence.store import (
    JOURNAL_NAME,
    SUFFIX,
    CampaignStore,
    default_saves_dir,
    list_campaigns,
    no_such_campaign,
    saves_folder,
)
from expedition.rules.core.wording import plural


def add_saves_commands(commands: Any) -> None:
    """Register `expedition replay` and `expedition saves …` on the subcommand group."""
    replay = commands.add_parser(
        "replay",
        help="re-run a campaign's journal from its seed and verify every hash",
        description="Re-run a campaign's journal from its seed, checking every recorded hash; "
        "a divergence names the first action that went differently.",
    )
    replay.add_argument("campaign", help="the campaign's folder name under the saves folder")
    replay.add_argument("--to", type=int, metavar="N", help="stop after action N")
    add_saves_option(replay)
    replay.set_defaults(handler=run_replay)

    saves = commands.add_parser("saves", help="list, check and export saved campaigns")
    group = saves.add_subparsers(dest="saves_command", metavar="SUBCOMMAND", required=True)
    listing = group.add_parser("list", help="list the campaigns in the saves folder")
    add_saves_option(listing)
    listing.set_defaults(handler=run_list)
    checking = group.add_parser("check", help="check a snapshot, a journal or a campaign folder")
    checking.add_argument(
        "path", help="a snapshot file, a journal file, a campaign folder or a campaign name"
    )
    add_saves_option(checking)
    checking.set_defaults(handler=run_check)
    export = group.add_parser("export", help="print a snapshot as readable JSON")
    export.add_argument("path", help="a snapshot file, a campaign folder or a campaign name")
    export.add_argument("--json", action="store_true", help="JSON output (the only format so far)")
    add_saves_option(export)
    export.set_defaults(handler=run_export)


class _Missing(Exception):
    """What was asked for is not there; the message says so in the one wording."""


def _resolve(path: str, saves: str | None) -> Path:
    """A file or folder, else a campaign of that name in the saves folder.

    Raises:
        _Missing: When it is neither.
    """
    candidate = Path(path)
    if candidate.exists():
        return candidate
    root = default_saves_dir(saves)
    under = root / path
    if under.exists():
        return under
    if _looks_like_a_name(path):
        raise _Missing(no_such_campaign(path, root))
    raise _Missing(f"{candidate}: there is no such file or folder")


def _looks_like_a_name(path: str) -> bool:
    return "/" not in path and not Path(path).suffix


def _newest_snapshot(folder: Path) -> Path | None:
    snapshots = CampaignStore(folder.parent, folder.name).snapshots()
    return snapshots[-1] if snapshots else None


def run_replay(args: argparse.Namespace) -> int:
    """Replay a campaign's journal; print the summary, or why it failed."""
    # Imported here: the session layer (and with it the whole rulebook) is only needed by this command.
    from expedition.session.replay import ReplayDivergence, ReplayError, replay_campaign  # noqa: PLC0415

    if args.to is not None and args.to < 0:
        return fail(f"{args.campaign}: --to needs an action number of 0 or more, not {args.to}")
    root = default_saves_dir(args.saves)
    if _looks_like_a_name(args.campaign) and not (root / args.campaign).is_dir():
        return fail(no_such_campaign(args.campaign, root))
    try:
        store = CampaignStore(root, args.campaign)
        report = replay_campaign(store, to=args.to)
    except ReplayDivergence as error:
        return fail(str(error), GAME)  # the replay went differently
    except Exception as error:  # one line, never a traceback: ReplayError, PersistenceError, OSError …
        kind = "" if isinstance(error, ReplayError) else f"{type(error).__name__}: "
        return fail(f"{args.campaign}: {kind}{error}")
    print(
        f"{args.campaign}: replayed {report.actions} actions, {report.hashes} hashes verified; "
        f"state hash {report.final_hash}"
    )
    return OK


def run_list(args: argparse.Namespace) -> int:
    """Say which saves folder is used and why, then list its campaigns with their newest snapshots."""
    folder = saves_folder(args.saves)
    root = folder.path
    print(f"Saves folder: {root} ({folder.reason})")
    names = list_campaigns(root)
    if not names:
        print("no campaigns yet")
        return OK
    for name in names:
        print(f"{name}: {_summary(root / name)}")
    return OK


def _summary(folder: Path) -> str:
    newest = _newest_snapshot(folder)
    if newest is None:
        return "no snapshots"
    count = len(CampaignStore(folder.parent, folder.name).snapshots())
    try:
        _, body = read_snapshot(newest)
    except Exception as error:
        return f"{count} snapshots; newest {newest.name} is damaged ({getattr(error, 'reason', error)})"
    details = ", ".join(f"{key} {body[key]}" for key in ("day", "phase", "actions") if key in body)
    return f"{count} snapshots, newest {newest.name}" + (f" ({details})" if details else "")


def run_check(args: argparse.Namespace) -> int:
    """Check a snapshot, journal or campaign folder: exit 0 when intact, 2 with a line per damaged file.

    Every snapshot is decoded into the game's state, as opening the campaign would, and the journal
    is checked record by record; an intact folder is one line, each damaged file one line of its own.
    """
    try:
        path = _resolve(args.path, args.saves)
    except _Missing as missing:
        return fail(str(missing))
    try:
        checks, line = _check(path)
    except Exception as error:  # anything unexpected is still one line
        return fail(f"{path}: {getattr(error, 'reason', None) or error}")
    damaged = [f"{check.path}: {check.problem}" for check in checks if not check.ok]
    if damaged:
        return fail_each(damaged)
    print(line)
    return OK


def _check(path: Path) -> tuple[list[FileCheck], str]:
    """Every file checked under `path`, and the line that says an intact one is intact."""
    if path.is_dir():
        snapshots = CampaignStore(path.parent, path.name).snapshots()
        if not snapshots:
            return [FileCheck(path, problem="no snapshots")], ""
        checks = [check_snapshot(snapshot) for snapshot in snapshots]
        journal = path / JOURNAL_NAME
        decoded = plural(len(snapshots), "snapshot")
        parts = [f"{decoded} decoded, newest {snapshots[-1].name} ({checks[-1].summary})"]
        if journal.exists():
            checks.append(check_journal(journal))
            parts.append(checks[-1].summary + (f"; {checks[-1].note}" if checks[-1].note else ""))
        return checks, f"{path}: ok ({'; '.join(parts)})"
    if not path.exists():
        return [FileCheck(path, problem="there is no such file or folder")], ""
    check = check_journal(path) if path.name == JOURNAL_NAME else check_snapshot(path)
    return [check], f"{path}: ok ({check.summary}" + (f"; {check.note})" if check.note else ")")


def run_export(args: argparse.Namespace) -> int:
    """Print a snapshot (header and body) as indented JSON; bytes appear as hex."""
    try:
        path = _resolve(args.path, args.saves)
    except _Missing as missing:
        return fail(str(missing))
    try:
        if path.is_dir():
            newest = _newest_snapshot(path)
            if newest is None:
                return fail(f"{path}: no snapshots")
            path = newest
        if path.suffix != SUFFIX and not path.exists():
            return fail(f"{path}: there is no such file")
        header, body = read_snapshot(path)
    except Exception as error:
        return fail(f"{path}: {getattr(error, 'reason', None) or error}")
    dump = {
        "file": str(path),
        "format_version": header.format_version,
        "app_version": header.app_version,
        "checksum": header.checksum,
        "body": body,
    }
    print(json.dumps(dump, indent=2, ensure_ascii=False, default=_jsonable))
    return OK


def _jsonable(value: object) -> object:
    if isinstance(value, bytes):
        return value.hex()
    raise TypeError(f"{type(value).__name__} is not plain")
