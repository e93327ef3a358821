"""A fixed dungeon and a seeded party in it, for the expedition screen's tests.

The dungeon is built here by hand, not by the generator, so the snapshots do not change when
the generator is tuned: a 120×80 level with an entrance room, a corridor, a door, a room with
a cache, a known trap and an encounter.
"""

from __future__ import annotations

from expedition.cli_new import _options, _specs
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import resolve_default
from expedition.rules.core.dice import SeededDice
from expedition.rules.creation.party_creation import create_party
from expedition.rules.engine.campaign import CampaignState, Player, new_campaign
from expedition.rules.exploration.dungeon_map import Dungeon, Level, Room
from expedition.rules.exploration.expedition import reveal, start_expedition
from expedition.rules.exploration.features import Cache, Door, Encounter, Trap
from expedition.rules.exploration.tiles import DoorState, Tile
from expedition.rules.items.usage import light
from expedition.session.session import Session

SEED = 7
"""The campaign seed of every expedition test."""
WIDTH, HEIGHT = 120, 80
"""The level's size: the smallest the issue asks the map to scroll."""


def _carve(rows: list[list[str]], x: int, y: int, w: int, h: int, tile: Tile = Tile.FLOOR) -> None:
    for yy in range(y, y + h):
        for xx in range(x, x + w):
            rows[yy][xx] = tile.value


def sample_level() -> Level:
    """Level 1: entrance room at the left, a corridor east through a door to a vault, stairs down far away."""
    rows = [[Tile.WALL.value] * WIDTH for _ in range(HEIGHT)]
    rooms = [
        Room(0, 3, 30, 10, 7, name="Entrance", entrance=True),
        Room(1, 30, 28, 12, 9, kind="ossuary", name="Ossuary"),
        Room(2, 100, 65, 8, 6, name="Stair hall"),
    ]
    for room in rooms:
        _carve(rows, room.x, room.y, room.w, room.h)
    _carve(rows, 13, 33, 16, 1)  # corridor east from the entrance
    rows[33][29] = Tile.DOOR.value
    _carve(rows, 42, 32, 62, 1)  # corridor from the ossuary to the far east
    _carve(rows, 103, 32, 1, 33)  # and south to the stair hall
    rows[33][2] = Tile.EXIT.value
    rows[68][104] = Tile.STAIRS_DOWN.value
    _carve(rows, 34, 30, 2, 2, Tile.WATER)
    return Level(
        depth=1,
        width=WIDTH,
        height=HEIGHT,
        tiles=["".join(row) for row in rows],
        theme="crypt",
        rooms=rooms,
        doors={(29, 33): Door((29, 33), DoorState.CLOSED, rooms=(1,))},
        traps=[Trap((16, 33), 0, "tripwire", "Tripwire", hidden=False, test="DEX")],
        caches=[Cache((39, 35), 1, silver=12, description="Burial purse")],
        encounters=[Encounter(1, ("skeleton", "skeleton"), name="Restless dead")],
        stairs_down=(104, 68),
        exit=(2, 33),
        arrival=(4, 33),
    )


def sample_dungeon() -> Dungeon:
    """A one-level dungeon around `sample_level`."""
    return Dungeon(
        key="sample-crypt",
        name="The Salt Crypt",
        seed=0,
        theme="crypt",
        danger=0,
        levels=[sample_level()],
        doom=(),
        doom_size=8,
        wandering=(),
        entrance=(5, 33),
    )


def sample_state(seed: int = SEED) -> CampaignState:
    """A quick seeded party of four, standing in the sample dungeon's entrance room."""
    options = _options()
    dice = SeededDice(seed)
    ctx = Context(dice)
    party = resolve_default(create_party(ctx, _specs(None, options), options))
    state = new_campaign(seed, party.characters, [Player("player1", "Player 1")], ctx=ctx)
    start_expedition(ctx, state, sample_dungeon())
    # The first adventurer carrying a light lights it, so the party sees the room (§7.8).
    for member in state.party:
        lamp = next((item for item in member.items if item.defn.light is not None), None)
        if lamp is not None:
            light(ctx, member, lamp)
            break
    reveal(state)
    state.dice = dice.state()
    return state


def sample_session(seed: int = SEED) -> Session:
    """A session (no saves, journal in memory) on `sample_state`."""
    return Session(sample_state(seed), None)
