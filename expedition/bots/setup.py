"""Provides a campaign for a bot to play: a quick party (every creation choice at its default), in memory.

This is what `expedition new --quick --seed N` makes, without a saves folder: the session keeps its
journal in memory (`Session.records`), so a simulation writes nothing and replays from that.
"""

from __future__ import annotations

from functools import cache

from expedition.content.catalog import ASSETS
from expedition.content.classes import load_classes
from expedition.content.equipment import load_equipment
from expedition.content.lifepath_entries import load_lifepath
from expedition.content.problems import Problem
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import resolve_default
from expedition.rules.core.dice import SeededDice
from expedition.rules.creation.party_creation import MAX_PARTY, CharacterSpec, CreationOptions, create_party
from expedition.rules.engine.campaign import Player, new_campaign
from expedition.session.session import Session

__all__ = ["HASH_EVERY", "quick_session"]

HASH_EVERY = 50
"""Actions between the full state hashes of a bot's journal (it keeps no per-action digests)."""


@cache
def _options() -> CreationOptions:
    problems: list[Problem] = []
    lifepath = load_lifepath(ASSETS, problems)
    book = load_classes(ASSETS, problems)
    equipment = load_equipment(ASSETS, problems)
    if problems:
        raise RuntimeError("; ".join(f"the content in {ASSETS} could not be loaded: {p}" for p in problems))
    return CreationOptions(
        lifepath={table.key: table for table in lifepath.tables},
        classes=book.class_options(),
        items=dict(equipment.all),
    )


def quick_session(seed: int) -> Session:
    """A new campaign for one player with a quick party of four, one of each class in turn, in memory.

    Args:
        seed: The campaign seed (the party is made with the same dice, as `expedition new` does).

    Returns:
        A session with no store, journalling in memory without per-action digests, that does not
        copy the state before each action (`Session`'s `copies`: a bot reads each view before it
        acts, and a failed action, which stops the campaign anyway, is undone by replaying).
    """
    options = _options()
    classes = list(options.classes.classes) or [""]
    specs = [CharacterSpec(owner="player1", class_key=classes[i % len(classes)]) for i in range(MAX_PARTY)]
    ctx = Context(SeededDice(seed))
    party = resolve_default(create_party(ctx, specs, options))
    state = new_campaign(
        seed, party.characters, [Player("player1", "Player 1")], silver=party.silver, ctx=ctx
    )
    state.stash = list(party.stash)
    state.counterfeit = party.counterfeit
    state.sheets = dict(party.sheets)
    state.next_uid = max(state.next_uid, party.next_uid)
    return Session(state, None, hash_every=HASH_EVERY, digests=False, copies=False)
