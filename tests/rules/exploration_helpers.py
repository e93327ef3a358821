"""Shared builders for the exploration tests: a small hand-built two-level dungeon and a party in it.

Level 1 (10 x 5): the entrance hall (room 0, with the exit at (1, 3)) and, through a door at
(5, 2), the crypt (room 1) holding a spike trap at (7, 2), a cache at (8, 1) and the stairs down
at (8, 3). Level 2 (5 x 3) is one corridor-like room with the stairs up at (1, 1).
"""

from __future__ import annotations

from expedition.rules.character.adventurer import Character
from expedition.rules.core.actions import Action
from expedition.rules.core.attributes import Attr
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import answers, resolve
from expedition.rules.core.dice import ScriptedDice
from expedition.rules.core.item_defs import Item, ItemDef, Light, Tag
from expedition.rules.core.skills import Skill
from expedition.rules.engine.campaign import CampaignState, Player, new_campaign
from expedition.rules.engine.dispatch import apply
from expedition.rules.exploration.dungeon_map import Dungeon, Level, Room
from expedition.rules.exploration.expedition import start_expedition
from expedition.rules.exploration.features import Cache, Door, EncounterRow, Trap
from expedition.rules.exploration.stepping import Step
from expedition.rules.exploration.tiles import DoorState
from expedition.rules.items import handling, slots, usage
from expedition.rules.trackers.doom import DoomThreshold

TILES_1 = [
    "##########",
    "#....#...#",
    "#....+...#",
    "#X...#..>#",
    "##########",
]
TILES_2 = [
    "#####",
    "#<..#",
    "#####",
]
LANTERN = ItemDef(
    key="lantern", name="Lantern", tags=frozenset({Tag.QUICK, Tag.SLOW}), usage=8, light=Light.NEARBY
)
POLE = ItemDef(key="three_meter_pole", name="3 meter pole", tags=frozenset({Tag.EQUIPMENT}))
ROPE = ItemDef(key="rope", name="Rope")


def make_dungeon(door: DoorState = DoorState.CLOSED) -> Dungeon:
    """The two-level test dungeon (see the module docstring), its door in state `door`."""
    level1 = Level(
        depth=1,
        width=10,
        height=5,
        tiles=list(TILES_1),
        rooms=[Room(0, 1, 1, 4, 3, name="Entrance", entrance=True), Room(1, 6, 1, 3, 3, name="Crypt")],
        doors={(5, 2): Door((5, 2), door, rooms=(0, 1))},
        traps=[Trap((7, 2), 1, "spikes", "Spiked flagstones", test="DEX", attack="DEX 2", disarm="DEX")],
        caches=[Cache((8, 1), 1, silver=12, items=("rope",))],
        stairs_down=(8, 3),
        exit=(1, 3),
        arrival=(1, 3),
    )
    level2 = Level(
        depth=2, width=5, height=3, tiles=list(TILES_2), rooms=[Room(0, 1, 1, 3, 1)], stairs_up=(1, 1)
    )
    return Dungeon(
        key="tomb",
        name="Tomb",
        seed=0,
        theme="undead",
        danger=0,
        levels=[level1, level2],
        doom=(DoomThreshold(2, "rats", "Rats."), DoomThreshold(4, "collapse", "Collapse.")),
        doom_size=4,
        wandering=(EncounterRow(1, "Crawlers", ("crawler",)), EncounterRow(2, "Ghouls", ("ghoul",))),
        entrance=(2, 2),
    )


def make_state(*, lit: bool = True, skills: frozenset[Skill] = frozenset()) -> CampaignState:
    """Wren (all scores 2) at (2, 2) in the entrance hall, a lit lantern in hand unless `lit` is False."""
    wren = Character("wren", "Wren", owner="ann", skills=set(skills))
    for attr in Attr:
        wren[attr].score = 2
    state = new_campaign(7, [wren], [Player("ann", "Ann")])
    ctx = Context(ScriptedDice([]))
    start_expedition(ctx, state, make_dungeon(), items={"rope": ROPE})
    if lit:
        lantern = Item.new(100, LANTERN)
        handling.put(ctx, wren, lantern, slots.LEFT_HAND)
        usage.light(ctx, wren, lantern)
    return state


def run(state: CampaignState, action: Action, faces: list[int], *keys: str) -> Context:
    """Apply `action` on exactly these scripted faces, answering decisions with `keys` then defaults."""
    ctx = Context(ScriptedDice(faces))
    resolve(apply(ctx, state, action), answers(*keys))
    assert ctx.dice.used == len(faces)  # type: ignore[attr-defined]  # every scripted face was rolled
    return ctx


def to_crypt(state: CampaignState) -> None:
    """Walk from the hall through the door into the crypt, onto (6, 2): 1 ET."""
    for _ in range(4):
        run(state, Step(direction="east"), [])
