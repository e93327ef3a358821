"""The dungeon in seat views: only what the party saw, found or met (DESIGN.md "Session and seats").

Also DESIGN.md "Serving": a client only ever receives its seat's filtered view.

Every test names the design section it checks; the client's copy is the mirror `net.wire` rebuilds
from a view, and it must still draw the map and offer the actions the local game does.
"""

from __future__ import annotations

import asyncio
import random
import shutil
import socket
import tempfile
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from expedition.cli_new import _options, _specs
from expedition.net.hub import Hub
from expedition.net.plain_forms import mirror_state
from expedition.net.remote import RemoteSession
from expedition.persistence.state import state_hash
from expedition.rules.combat.combat_state import CombatState
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import resolve_default
from expedition.rules.core.dice import SeededDice
from expedition.rules.creation.party_creation import create_party
from expedition.rules.engine.campaign import CampaignState
from expedition.rules.engine.exploration_options import available_actions
from expedition.rules.engine.legal_actions import legal_actions
from expedition.rules.exploration.dungeon_map import Level
from expedition.rules.exploration.expedition import reveal
from expedition.rules.exploration.features import Cache, Corpse, Door, Encounter, Trap
from expedition.rules.exploration.locations import Location
from expedition.rules.exploration.looting import Loot
from expedition.rules.exploration.stepping import Step
from expedition.rules.exploration.tiles import DoorState, Tile
from expedition.session.campaigns import start_campaign
from expedition.session.session import Session, Update
from expedition.session.view_dungeon import NOWHERE, _sight
from expedition.session.views import Seat, view_for
from expedition.ui.app import make_app
from expedition.ui.screens.dungeon.combat_view import combat_map_view
from expedition.ui.screens.dungeon.expedition_screen import ExpeditionScreen
from expedition.ui.screens.dungeon.expedition_view import map_view
from expedition.ui.widgets.tile_map import MapView, TileMap, cell
from tests.rules.exploration_helpers import make_state, run, to_crypt
from tests.ui.combat_fixtures import guard_session
from tests.ui.expedition_fixtures import sample_state

SECRET_DOOR = (3, 4)
"""A secret door in the entrance hall's south wall (seen, not found)."""


def hall_state() -> CampaignState:
    """Wren in the lit entrance hall, which holds a found trap, a hidden one, a secret door, a cache
    with silver, a hidden cache and a body that will rise; the unseen crypt holds ghouls, a body
    and the helpers' spiked flagstones and cache (see `tests.rules.exploration_helpers`)."""
    state = make_state()
    assert state.expedition is not None
    level = state.expedition.level
    level.set_tile(SECRET_DOOR, Tile.DOOR)
    level.doors[SECRET_DOOR] = Door(SECRET_DOOR, secret=True, rooms=(0,))
    level.traps += [Trap((3, 1), 0, "pit", "Pit", found=True), Trap((1, 1), 0, "darts", "Dart trap")]
    level.caches += [
        Cache((4, 1), 0, silver=30, items=("rope",), description="Burial purse"),
        Cache((1, 2), 0, silver=5, hidden=True, description="Loose stone"),
    ]
    level.corpses += [
        Corpse((4, 3), "human", rises_in_days=2, rises_as="freshly_risen_corpse"),
        Corpse((7, 3), "ghoul", name="Old Nan"),
    ]
    level.encounters.append(Encounter(1, ("ghoul",), name="Ghoul pack"))
    reveal(state)  # the lantern was lit after setting out: the map's memory takes in the lit hall
    return state


def spectator_copy(state: CampaignState) -> CampaignState:
    """The client's copy of `state` from a spectator's view."""
    return mirror_state(view_for(state, Seat.spectator()))


def drawn(view: MapView) -> list[list[tuple[str, str]]]:
    """Every cell of the map as the tile map draws it (glyph and style)."""
    return [[cell(view, (x, y)) for x in range(view.width)] for y in range(view.height)]


def drawn_map(state: CampaignState) -> list[list[tuple[str, str]]]:
    """The expedition map as the screen draws it for `state` (a fight's map in a fight)."""
    expedition = state.expedition
    assert expedition is not None
    view = map_view(state, expedition)
    if expedition.combat is not None:
        view = combat_map_view(state, expedition, expedition.combat, view, "")
    return drawn(view)


def test_a_spectator_gets_no_unfound_trap_secret_door_unmet_encounter_contents_or_countdown() -> None:
    """Session and seats: what the party never saw or found is not in a spectator's view."""
    state = hall_state()
    view = view_for(state, Seat.spectator())
    level = mirror_state(view).expedition.level  # type: ignore[union-attr]
    assert [trap.name for trap in level.traps] == ["Pit"]  # not the darts, not the crypt's spikes
    assert level.tile(SECRET_DOOR) is Tile.WALL and SECRET_DOOR not in level.doors
    assert level.encounters == []
    assert [(c.pos, c.silver, c.items, c.treasures, c.description) for c in level.caches] == [
        ((4, 1), 0, (), (), "Burial purse")
    ]
    assert [(c.pos, c.rises_in_days, c.rises_as) for c in level.corpses] == [((4, 3), None, "")]
    assert level.stairs_down is None and level.tile((8, 3)) is Tile.WALL  # the crypt's stairs
    words = repr(view)
    for secret in ("Spiked flagstones", "Dart trap", "Ghoul pack", "freshly_risen", "Old Nan", "Loose stone"):
        assert secret not in words


def test_seen_terrain_a_found_trap_and_known_doors_are_kept() -> None:
    """Session and seats: the map's memory comes through whole, with what the party found."""
    state = hall_state()
    expedition = state.expedition
    assert expedition is not None
    copy = spectator_copy(state).expedition
    assert copy is not None
    seen = expedition.seen[1]
    assert all(copy.level.tile(pos) is expedition.level.tile(pos) for pos in seen - {SECRET_DOOR})
    assert copy.seen == expedition.seen and copy.position == expedition.position
    assert copy.level.trap_at((3, 1)) is not None and copy.level.trap_at((3, 1)).found  # type: ignore[union-attr]
    assert copy.level.doors[(5, 2)] == expedition.level.doors[(5, 2)]
    unseen = {(x, y) for y in range(5) for x in range(10)} - seen
    assert unseen and all(copy.level.tile(pos) is Tile.WALL for pos in unseen)


def test_unseen_rooms_and_levels_keep_nothing_but_what_the_rules_on_the_client_need() -> None:
    """Session and seats: an unseen room keeps its index, its rectangle only within Far (Arcane eye, §11.1);
    an unvisited level keeps only its size."""
    state = hall_state()
    dungeon = spectator_copy(state).expedition.dungeon  # type: ignore[union-attr]
    hall, crypt = dungeon.levels[0].rooms
    stair_hall = spectator_copy(sample_state()).expedition.level.rooms[2]  # type: ignore[union-attr]
    assert (stair_hall.x, stair_hall.y, stair_hall.w, stair_hall.name) == (NOWHERE, NOWHERE, 0, "")
    assert hall.name == "Entrance"
    assert (crypt.x, crypt.y, crypt.w, crypt.h, crypt.name) == (6, 1, 3, 3, "")  # 5 tiles away
    deeper = dungeon.levels[1]
    assert deeper.rooms == [] and set("".join(deeper.tiles)) == {"#"} and deeper.stairs_up is None
    assert (deeper.width, deeper.height, len(dungeon.levels)) == (5, 3, 2)
    assert dungeon.doom == () and dungeon.wandering == () and dungeon.seed == 0


def test_what_the_party_sees_by_walking_in_and_looting_comes_into_the_view() -> None:
    """Session and seats: the crypt, once entered, and a cache once looted show what they hold."""
    state = hall_state()
    to_crypt(state)
    level = spectator_copy(state).expedition.level  # type: ignore[union-attr]
    assert level.tile((7, 2)) is Tile.FLOOR and level.stairs_down == (8, 3)
    assert level.trap_at((7, 2)) is None  # the spikes are there, but not found
    assert [e.name for e in level.encounters] == ["Ghoul pack"]  # in the party's room: met
    assert [(c.pos, c.silver, c.items) for c in level.caches if c.room == 1] == [((8, 1), 0, ())]
    state.expedition.level.encounters[0].defeated = True  # type: ignore[union-attr]
    run(state, Loot(actor="wren"), [])
    copy = spectator_copy(state).expedition
    assert copy is not None
    assert [(c.silver, c.items, c.looted) for c in copy.level.caches if c.room == 1] == [
        (12, ("rope",), True)
    ]
    assert set(copy.item_defs) == {"rope"}


def test_a_view_changes_nothing_in_the_campaign_state() -> None:
    """Session and seats: the filtering works on a copy; the game keeps the whole dungeon."""
    state = hall_state()
    before = state_hash(state)
    for seat in (Seat.host(), Seat.for_player("ann"), Seat.spectator()):
        view_for(state, seat)
    assert state_hash(state) == before
    assert state.expedition is not None and len(state.expedition.level.traps) == 3


def test_every_seat_host_included_shares_one_filtered_dungeon_per_update() -> None:
    """Session and seats: the party's knowledge is every seat's; it is filtered once per update."""
    session = Session(hall_state(), None)
    heard: list[Update] = []
    for seat in (Seat.host(), Seat.for_player("ann"), Seat.spectator()):
        session.subscribe(heard.append, seat)
    assert session.submit(Seat.host(), Step(actor="wren", direction="south")).ok
    expeditions = [update.view.body["expedition"] for update in heard]
    assert len(expeditions) == 3 and all(e is expeditions[0] for e in expeditions)
    assert "Dart trap" not in repr(expeditions[0])


@pytest.mark.parametrize("build", [hall_state, sample_state], ids=["hall", "sample"])
def test_the_client_copy_decodes_and_draws_and_offers_what_the_local_game_does(
    build: Callable[[], CampaignState],
) -> None:
    """Serving: the client rebuilds a state from the filtered view; its map and actions match the game's."""
    state = build()
    copy = spectator_copy(state)
    assert drawn_map(copy) == drawn_map(state)
    assert legal_actions(copy) == legal_actions(state)
    for member in state.party:
        assert [(o.label, o.enabled, o.reason) for o in available_actions(copy, member.id)] == [
            (o.label, o.enabled, o.reason) for o in available_actions(state, member.id)
        ]


def test_a_fight_keeps_its_foes_and_encounter_and_the_client_offers_the_same_moves() -> None:
    """Serving: all of a running fight reaches the client, which draws and offers what the game does."""
    session = guard_session()
    host = Seat.host()
    assert session.submit(host, Step(actor=session.state.party[0].id, direction="east")).ok
    while session.pending is not None:
        session.answer(host, session.pending.default)
    state = session.state
    assert state.expedition is not None and state.expedition.combat is not None
    copy = spectator_copy(state)
    assert copy.expedition is not None and copy.expedition.combat == state.expedition.combat
    assert [e.name for e in copy.expedition.level.encounters] == ["Goblin guards"]
    assert drawn_map(copy) == drawn_map(state)
    assert legal_actions(copy) == legal_actions(state)


@pytest.mark.skipif(not hasattr(Location, "dead"), reason="the dead vigil is not in this build")
def test_the_dead_vigils_counts_and_its_risen_dead_stay_out_of_every_view() -> None:
    """Session and seats (HOUSE §1.7): kept and fallen bodies lose their count; the risen are left out."""
    state = hall_state()
    location = state.locations[state.location]
    location.dead = {1: [Corpse((4, 3), "goblin", rises_in_days=3, rises_as="freshly_risen_corpse")]}
    location.risen = {2: [Corpse((1, 1), "ghoul", vigil_dice=1)]}
    assert state.expedition is not None
    state.expedition.combat = CombatState(bodies={"g1": Corpse((2, 1), "goblin", vigil_dice=3)})
    for seat in (Seat.host(), Seat.for_player("ann"), Seat.spectator()):
        copy = mirror_state(view_for(state, seat))
        kept = copy.locations[state.location]
        assert [(c.pos, c.rises_in_days, c.rises_as) for c in kept.dead[1]] == [((4, 3), None, "")]
        assert kept.risen == {}
        assert copy.expedition is not None and copy.expedition.combat is not None
        assert copy.expedition.combat.bodies["g1"].vigil_dice is None
    assert location.dead[1][0].rises_in_days == 3 and location.risen  # the game keeps its count


@pytest.mark.parametrize("seed", [1, 4])
def test_in_random_play_the_client_copy_always_draws_and_offers_what_the_game_does(
    seed: int, tmp_path: Path
) -> None:
    """Serving: in exploration, fights and camps the filtered copy never changes the map or the actions."""
    options = _options()
    ctx = Context(SeededDice(seed))
    party = resolve_default(create_party(ctx, _specs(None, options), options))
    session = start_campaign(party, seed, saves=tmp_path, ctx=ctx)
    rng = random.Random(seed)
    host = Seat.host()
    compared = 0
    try:
        for _ in range(300):
            if session.pending is not None:
                session.answer(host, rng.choice(session.pending.keys))
                continue
            state = session.state
            if state.expedition is not None:
                copy = spectator_copy(state)
                assert legal_actions(copy) == legal_actions(state)
                assert drawn_map(copy) == drawn_map(state)
                compared += 1
            actions = legal_actions(state)
            if not actions:
                break
            session.submit(host, rng.choice(actions))
    finally:
        session.close()
    assert compared > 20


# --- end to end: a client on the hub's socket ------------------------------------------------------


class HubThread:
    """A `Hub` serving `session` on a Unix socket from its own thread and event loop."""

    def __init__(self, session: Session) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="exp-", dir="/tmp"))  # short: socket paths are limited
        self.hub = Hub(session, "served")
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.call(self.hub.start(self.folder / "hub.sock"))

    def call(self, coroutine: Any) -> Any:
        """Run a coroutine in the hub's loop and wait for it."""
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(20)

    def connect(self, seat: Seat) -> RemoteSession:
        """A client holding `seat`."""

        async def issue() -> str:
            return self.hub.issue(seat)

        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.connect(str(self.folder / "hub.sock"))
        return RemoteSession(sock, self.call(issue()))

    def close(self) -> None:
        self.call(self.hub.close())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)
        self.loop.close()
        shutil.rmtree(self.folder, ignore_errors=True)


@pytest.fixture
def served() -> Iterator[tuple[Session, HubThread]]:
    session = Session(hall_state(), None)
    running = HubThread(session)
    yield session, running
    running.close()


async def test_a_client_on_the_socket_gets_the_filtered_dungeon_and_draws_the_map(
    served: tuple[Session, HubThread],
) -> None:
    """Serving: a client only ever receives its seat's filtered view, and its screen draws the map from it."""
    session, running = served
    remote = running.connect(Seat.spectator())
    try:
        assert "Dart trap" not in repr(remote.view().body) and "Ghoul pack" not in repr(remote.view().body)
        level = remote.view().state.expedition.level  # type: ignore[union-attr]
        assert level.tile(SECRET_DOOR) is Tile.WALL and [t.name for t in level.traps] == ["Pit"]
        app = make_app(first_screen=lambda: ExpeditionScreen(remote, remote.seat))  # type: ignore[arg-type]
        async with app.run_test(size=(100, 34)) as pilot:
            await pilot.pause()
            shown = app.screen.query_one("#exp-map", TileMap).view
            assert shown is not None and drawn(shown) == drawn_map(session.state)
            assert shown.code_at(SECRET_DOOR) == "#" and cell(shown, (3, 1)) == ("^", "trap")
    finally:
        remote.close()


def test_what_the_party_sees_follows_a_door_opened_on_the_same_level() -> None:
    """Session and seats: the tiles in sight a view keeps are worked out again once a door opens,
    though the same question on the same terrain is answered from what was kept."""
    level = Level(depth=1, width=7, height=3, tiles=["#######", "#..+..#", "#######"])
    level.doors[(3, 1)] = Door((3, 1), rooms=(0, 1))
    shut = _sight(level, (1, 1), 10)
    assert (3, 1) in shut and (4, 1) not in shut
    assert _sight(level, (1, 1), 10) is shut
    level.doors[(3, 1)].state = DoorState.OPEN
    assert {(4, 1), (5, 1)} <= _sight(level, (1, 1), 10)
