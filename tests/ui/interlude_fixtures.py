"""A seeded party just out of the sample dungeon, back in a settlement, for the interlude screen."""

from __future__ import annotations

from expedition.rules.core.context import Context
from expedition.rules.core.dice import SeededDice
from expedition.rules.core.skills import Skill
from expedition.rules.exploration.leaving_the_dungeon import ExitDungeon
from expedition.rules.interlude.interlude_state import new_item, receive
from expedition.session.catalog_world import default_world
from expedition.session.session import Session
from expedition.session.views import Seat
from tests.ui.expedition_fixtures import sample_state

SETTLEMENT = "yoros"
"""A city (size 5): common and uncommon goods are always in stock, dearer ones roll their risk dice."""
TREASURE = "stolen_golden_icon"
"""The treasure the second adventurer brings back to sell (valuable)."""
SILVER = 60
"""The party's purse on its return."""


def interlude_session(settlement: str = SETTLEMENT) -> Session:
    """The sample party, the first with Haggle and the second carrying treasure, just out of the dungeon.

    The party walks out through the session (`ExitDungeon`), so the interlude begins the way it does
    in play: day 1 is the day of return, with only its night left.
    """
    world = default_world()
    state = sample_state()
    assert state.expedition is not None
    state.expedition.position = state.expedition.level.exit
    state.settlement = settlement
    state.silver = SILVER
    state.party[0].skills.add(Skill.HAGGLE)
    ctx = Context(SeededDice(1), world=world)
    receive(ctx, state, state.party[1], new_item(state, world.items[TREASURE]), rule="")
    session = Session(state, None, world=world)
    result = session.submit(Seat.host(), ExitDungeon())
    assert result.ok, result.reason
    return session
