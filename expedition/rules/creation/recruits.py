"""Provides new recruits (§5.1, §10.4): a new adventurer in place of a fallen one (`interlude.recruiting`)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from expedition.rules.core.context import Context
from expedition.rules.core.decisions import Resolution
from expedition.rules.core.item_defs import Item
from expedition.rules.creation.party_creation import CharacterSpec, create_party
from expedition.rules.interlude.interlude_state import interlude_content

if TYPE_CHECKING:
    from expedition.rules.character.adventurer import Character
    from expedition.rules.engine.campaign import CampaignState


def recruit_id(state: CampaignState) -> str:
    """The first "c<n>" id no character of the campaign (party or roster) has."""
    taken = {c.id for c in state.party} | {entry.character.id for entry in state.roster}
    n = 1
    while f"c{n}" in taken:
        n += 1
    return f"c{n}"


def recruit(ctx: Context, state: CampaignState, player: str) -> Resolution[Character]:
    """Make one new adventurer for `player` with the full creation procedure (§5.1) and add them to the party.

    Their silver joins the party's purse, what fits nowhere goes to the stash, and every new
    item gets a fresh campaign uid (container places renamed to match).

    Returns:
        The new character.
    """
    options = interlude_content(ctx).creation_options()
    # A drawn name is never one the party or the roster already has: two "Dunstan"s in one party
    # (a fallen one and the one who came after) could not be told apart on screen.
    taken = {c.name for c in state.party} | {entry.character.name for entry in state.roster}
    free = tuple(name for name in options.names if name not in taken)
    options = replace(options, names=free) if free else options
    spec = CharacterSpec(owner=player, id=recruit_id(state))
    party = yield from create_party(ctx, [spec], options)
    renamed: dict[int, int] = {}
    items: list[Item] = [item for member in party.characters for item in member.items] + party.stash
    for item in items:
        renamed[item.uid] = state.next_uid
        state.next_uid += 1
    for item in items:
        for old, new in renamed.items():
            suffix = f":{old}"
            if item.place.endswith(suffix) and item.place.count(":") == 1:
                item.place = item.place[: -len(suffix)] + f":{new}"
                break
    for item in items:
        item.uid = renamed[item.uid]
    character = party.characters[0]
    state.party.append(character)
    state.sheets.update(party.sheets)
    state.silver += party.silver
    state.counterfeit += party.counterfeit
    state.stash += party.stash
    return character
