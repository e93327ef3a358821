"""A dungeon a location keeps while the party is away is in no seat view (DESIGN.md "Session and seats").

The kept dungeon (`rules.kept_dungeon`) is the whole map with all it holds; players see it again,
cut down to what the party knows, when they return and it is the running expedition's dungeon.
"""

from __future__ import annotations

from expedition.net.plain_forms import mirror_state
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import resolve_default
from expedition.rules.core.dice import SeededDice
from expedition.rules.engine.dispatch import apply
from expedition.rules.exploration.leaving_the_dungeon import ExitDungeon
from expedition.session.catalog_world import default_world
from expedition.session.views import Seat, view_for
from tests.rules.exploration_helpers import make_state

SEATS = (Seat.host(), Seat.for_player("ann"), Seat.spectator())


def test_no_seat_view_holds_the_dungeon_a_location_keeps_section_10_1() -> None:
    """Session and seats, §10.1: neither the kept dungeon nor its map is in a view; the game keeps both."""
    state = make_state()
    assert state.expedition is not None
    state.expedition.position = (1, 2)
    resolve_default(apply(Context(SeededDice(7), world=default_world()), state, ExitDungeon()))
    kept = state.locations["tomb"]
    assert kept.dungeon is not None and kept.seen
    for seat in SEATS:
        view = view_for(state, seat)
        assert "dungeon" not in view["locations"]["tomb"] and "seen" not in view["locations"]["tomb"]
        copy = mirror_state(view)
        assert copy.locations["tomb"].dungeon is None and copy.locations["tomb"].seen == {}
    assert kept.dungeon is not None and kept.seen  # the views took nothing from the game
