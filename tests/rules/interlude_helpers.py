"""Shared builders for the interlude tests: a campaign just back in its settlement."""

from __future__ import annotations

from collections.abc import Iterable

from expedition.rules.character.adventurer import Character
from expedition.rules.core.attributes import Attr
from expedition.rules.core.context import Context
from expedition.rules.core.dice import ScriptedDice, SeededDice
from expedition.rules.engine.campaign import CampaignState, Player, new_campaign
from expedition.rules.interlude.interlude_state import InterludeState, arrive
from expedition.session.catalog_world import default_world


def back_in_town(*, size: int | None = None, silver: int = 50, members: int = 2) -> CampaignState:
    """A campaign in its settlement (Blacksalt, a Fief unless `size` is given), on day 2, plans open."""
    party = [Character(f"c{i}", f"Hero{i}", owner="ann") for i in range(1, members + 1)]
    for member in party:
        for attr in Attr:
            member[attr].score = 3
    state = new_campaign(7, party, [Player("ann", "Ann")], silver=silver, ctx=Context(SeededDice(7)))
    ctx = Context(ScriptedDice([]), world=default_world())
    interlude = arrive(ctx, state)
    interlude.arrival = False
    interlude.day = 2
    if size is not None:
        interlude.size = size
    return state


def ctx_with(faces: Iterable[int]) -> Context:
    """A context on scripted dice, with the shipped world."""
    return Context(ScriptedDice(list(faces)), world=default_world())


def interlude_of(state: CampaignState) -> InterludeState:
    """The interlude, asserted present."""
    assert state.interlude is not None
    return state.interlude
