"""Provides `expedition new`: make a party (every choice at its default) and save the new campaign."""

from __future__ import annotations

import argparse
import secrets
from pathlib import Path
from typing import Any

from expedition.cli_common import GAME, USAGE, add_saves_option, fail, fail_each
from expedition.cli_hosting import add_ssh_arguments, ssh_hosting
from expedition.content.classes import load_classes
from expedition.content.equipment import load_equipment
from expedition.content.lifepath_entries import load_lifepath
from expedition.content.problems import Problem
from expedition.rules.character.adventurer import Character
from expedition.rules.character.party import Party
from expedition.rules.core.attributes import Attr
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import resolve_default
from expedition.rules.core.dice import SeededDice
from expedition.rules.core.errors import RuleError
from expedition.rules.creation.party_creation import MAX_PARTY, CharacterSpec, CreationOptions, create_party


def add_new_command(commands: Any) -> None:
    """Register `expedition new` on the subcommand group."""
    parser: argparse.ArgumentParser = commands.add_parser(
        "new",
        help="start a new campaign with a new party",
        description="Make a new party and start a campaign. --quick takes every choice's default.",
    )
    parser.add_argument("--quick", action="store_true", help="no prompts: every decision takes its default")
    parser.add_argument(
        "--seed", type=int, default=None, metavar="N", help="campaign seed (random if left out)"
    )
    parser.add_argument(
        "--players",
        type=int,
        default=None,
        metavar="P",
        help=f"P players with one adventurer each (1-{MAX_PARTY}); without it one player has {MAX_PARTY}",
    )
    add_saves_option(parser)
    parser.add_argument(
        "--name",
        default=None,
        metavar="CAMPAIGN",
        help="campaign folder name (default: campaign-1, or the next number free)",
    )
    parser.add_argument("--no-ui", action="store_true", help="print the party instead of opening the game")
    add_ssh_arguments(parser)
    parser.set_defaults(handler=run_new)


def run_new(args: argparse.Namespace) -> int:
    """Make the party the arguments ask for, save it and play it (or print it with `--no-ui`).

    Whatever would stop the campaign being saved (the name, the players, the SSH options) is
    refused with one line and exit 2 before any party is made.
    """
    # Imported here: the session layer (and with it the whole rulebook) loads only for a command that
    # opens a campaign, so `odds`, `--version` and the rest start fast.
    from expedition.session.campaigns import (  # noqa: PLC0415 — see above
        CampaignInUse,
        CampaignOpenError,
        check_new_name,
        new_name,
        start_campaign,
    )

    if args.players is not None and not 1 <= args.players <= MAX_PARTY:
        return fail(f"--players must be 1 to {MAX_PARTY} (got {args.players})")
    saves = Path(args.saves) if args.saves else None
    if args.name is not None:
        try:
            check_new_name(args.name, saves)
        except CampaignOpenError as error:
            return fail(f"--name {args.name}: {error}")
        except OSError as error:
            return fail(f"{error.filename or saves}: the saves folder cannot be read ({error.strerror})")
    hosting = ssh_hosting(args)
    if isinstance(hosting, int):
        return hosting
    if not args.quick:
        if not args.no_ui:
            # The players make the party step by step on the creation screen.
            from expedition.ui.app import run_app  # noqa: PLC0415 — Textual loads only when the screens run

            return run_app(start="new", seed=args.seed, saves=saves, ssh=hosting, name=args.name)
        print("Without the game's screens only quick creation is available; taking every default.")
    seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
    try:
        options = _options()
    except ContentProblem as error:
        return fail_each(error.problems)
    ctx = Context(SeededDice(seed))
    try:
        party = resolve_default(create_party(ctx, _specs(args.players, options), options))
    except RuleError as error:
        return fail(f"the party cannot be made: {error}", GAME)
    try:
        session = start_campaign(party, seed, saves=saves, name=args.name or new_name(saves), ctx=ctx)
    except CampaignOpenError as error:
        return fail(str(error), GAME if isinstance(error, CampaignInUse) else USAGE)
    except OSError as error:
        return fail(f"{error.filename or saves}: the saves folder cannot be read ({error.strerror})")
    try:
        assert session.store is not None
        print(summary(party, seed, options))
        print(f"Saved campaign {session.store.name!r} to {session.store.snapshots()[-1]}")
        if args.no_ui:
            return 0
        from expedition.ui.app import run_app  # noqa: PLC0415 — Textual loads only when the screens run

        return run_app(session=session, saves=session.store.folder.parent, ssh=hosting)
    finally:
        session.close()


class ContentProblem(Exception):
    """The shipped content could not be loaded.

    Args:
        problems: Each fault, one line each (file, entry, what is wrong).
    """

    def __init__(self, problems: list[str]) -> None:
        super().__init__("; ".join(problems))
        self.problems = problems
        """Each fault, one line each."""


def _options() -> CreationOptions:
    # Imported here: only quick creation reads the whole catalog, so other commands start faster.
    from expedition.content.catalog import ASSETS  # noqa: PLC0415 — see above

    problems: list[Problem] = []
    lifepath = load_lifepath(ASSETS, problems)
    book = load_classes(ASSETS, problems)
    equipment = load_equipment(ASSETS, problems)
    if problems:
        raise ContentProblem([f"the content in {ASSETS} could not be loaded: {p}" for p in problems])
    return CreationOptions(
        lifepath={table.key: table for table in lifepath.tables},
        classes=book.class_options(),
        items=dict(equipment.all),
    )


def _specs(players: int | None, options: CreationOptions) -> list[CharacterSpec]:
    # Quick parties get one adventurer of each class in turn, so the defaults are not four warriors.
    classes = list(options.classes.classes) or [""]
    if players is None:
        owners = ["player1"] * MAX_PARTY
    else:
        owners = [f"player{seat}" for seat in range(1, players + 1)]
    return [
        CharacterSpec(owner=owner, class_key=classes[seat % len(classes)])
        for seat, owner in enumerate(owners)
    ]


def summary(party: Party, seed: int, options: CreationOptions | None = None) -> str:
    """The party in plain text: names, owners, attributes, skills, traits, burden, trappings, silver."""
    lines = [f"A new party (seed {seed}):", ""]
    for member in party.characters:
        lines += _character_lines(member, party, options)
        lines.append("")
    stash = ", ".join(_item_text(item.name, item.quantity) for item in party.stash) or "nothing"
    lines.append(
        f"Party silver: {party.silver}"
        + (f" (and {party.counterfeit} counterfeit)" if party.counterfeit else "")
    )
    lines.append(f"Stash: {stash}")
    return "\n".join(lines)


def _character_lines(member: Character, party: Party, options: CreationOptions | None) -> list[str]:
    sheet = party.sheets.get(member.id)
    attrs = "  ".join(
        f"{attr.value} {member[attr].score}"
        + (f"+{member[attr].proficiency}p" if member[attr].proficiency else "")
        for attr in Attr
    )
    calling = f"{_name(sheet.class_key, options)} ({_name(sheet.choice, options)})" if sheet else ""
    items = ", ".join(
        _item_text(item.name, item.quantity) + (" [wielded]" if item.wielded else "") for item in member.items
    )
    lines = [
        f"{member.name} — {calling}, played by {member.owner}",
        f"  {attrs}   insight {member.insight.unspent}",
        f"  skills: {_words(sorted(member.skills))}",
        f"  traits: {_words(sorted(member.traits))}",
        f"  burden: {_words([member.burden])}",
    ]
    if sheet:
        lines.append(f"  life: {_words([sheet.infancy, sheet.career, sheet.tragedy, sheet.feature])}")
        if sheet.maneuvers:
            lines.append(f"  maneuvers: {_words(list(sheet.maneuvers))}")
        lines.append(f"  brought {sheet.silver} silver")
    lines.append(f"  trappings: {items}")
    return lines


def _name(key: str, options: CreationOptions | None) -> str:
    if options is not None:
        book = options.classes
        for defs in (book.classes, book.backgrounds, book.schools, book.gods):
            if key in defs:
                return defs[key].name
    return key.replace("_", " ")


def _words(keys: list[str]) -> str:
    return ", ".join(key.replace("_", " ") for key in keys if key) or "none"


def _item_text(name: str, quantity: int) -> str:
    return f"{name} ×{quantity}" if quantity > 1 else name
