"""A small hand-made level with two goblins next door, and a seeded party about to meet them.

Built by hand, not by the generator, so the combat snapshots and the seeded fight do not change
when the generator is tuned: an entrance room, a short corridor and a guard room whose
encounter (two Goblin Scrappers) fights as soon as the party steps in.
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
from expedition.rules.exploration.features import Encounter
from expedition.rules.exploration.tiles import Tile
from expedition.rules.items.usage import light
from expedition.session.catalog_world import default_world
from expedition.session.session import Session

SEED = 11
"""The campaign seed of the combat tests."""
WIDTH, HEIGHT = 48, 20
"""The level's size: small, so the whole fight is on screen."""
FOES = ("goblin_scrapper", "goblin_scrapper")
"""The guard room's encounter: two weak goblins (W 3, AP 1)."""


def _carve(rows: list[list[str]], x: int, y: int, w: int, h: int) -> None:
    for yy in range(y, y + h):
        for xx in range(x, x + w):
            rows[yy][xx] = Tile.FLOOR.value


def guard_level() -> Level:
    """Entrance room at the left; a corridor east into the guard room where the goblins wait."""
    rows = [[Tile.WALL.value] * WIDTH for _ in range(HEIGHT)]
    rooms = [
        Room(0, 2, 6, 10, 7, name="Entrance", entrance=True),
        Room(1, 18, 5, 12, 9, name="Guard room"),
    ]
    for room in rooms:
        _carve(rows, room.x, room.y, room.w, room.h)
    _carve(rows, 12, 9, 6, 1)  # the corridor between them
    rows[9][3] = Tile.EXIT.value
    return Level(
        depth=1,
        width=WIDTH,
        height=HEIGHT,
        tiles=["".join(row) for row in rows],
        theme="crypt",
        rooms=rooms,
        encounters=[Encounter(1, FOES, name="Goblin guards", activity=4)],
        exit=(3, 9),
        arrival=(17, 9),
    )


def guard_dungeon() -> Dungeon:
    """A one-level dungeon around `guard_level`."""
    return Dungeon(
        key="guard-post",
        name="The Goblin Post",
        seed=0,
        theme="crypt",
        danger=0,
        levels=[guard_level()],
        doom=(),
        doom_size=8,
        wandering=(),
        entrance=(17, 9),
    )


def guard_state(seed: int = SEED) -> CampaignState:
    """A quick seeded party of four in the corridor, one step from the guard room."""
    options = _options()
    dice = SeededDice(seed)
    ctx = Context(dice)
    party = resolve_default(create_party(ctx, _specs(None, options), options))
    state = new_campaign(seed, party.characters, [Player("player1", "Player 1")], ctx=ctx)
    start_expedition(ctx, state, guard_dungeon())
    for member in state.party:
        lamp = next((item for item in member.items if item.defn.light is not None), None)
        if lamp is not None:
            light(ctx, member, lamp)
            break
    reveal(state)
    state.dice = dice.state()
    return state


def guard_session(seed: int = SEED) -> Session:
    """A session (no saves, journal in memory) on `guard_state`, with the shipped content."""
    return Session(guard_state(seed), None, world=default_world())
