"""Provides the water hazards that act: surges and floods on a decay trigger, and the brackish spring.

`decay_hazards` runs in the exploration turn when the decay tracker triggers (it registers on
`exploration_turn.DECAY_STRUCK`; HOUSE §1.11 surge channel, HOUSE §1.14 flash flood);
`drink_from_spring` is the verb of the "Drink from the spring" action
(`hazard_actions.DrinkFromSpring`, HOUSE §1.11 brackish spring).

House readings:
- A swept adventurer is carried 1d3 tiles toward the room's exit farthest from the party, along
  the room's floor. The party moves as one marker, so it regroups where the farthest-swept
  adventurer lands (`PartyRegrouped`).
- In a surge channel a swept adventurer drops the first thing they hold in a hand; the water
  takes it (it is gone).
- Drinking from the spring is free (no exploration turn) and rolls its 2d! each time.
- The tainted pool (HOUSE §1.12) is in `hazard_actions` (`FillFromPool`, `drink_tainted`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from expedition.rules.character.adventurer import Character
from expedition.rules.character.afflictions import Cure, apply_cure
from expedition.rules.core.conditions import Affliction, gain_affliction
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import GM, Resolution
from expedition.rules.core.dice import risk_triggered
from expedition.rules.core.distance import Pos, manhattan
from expedition.rules.core.events import Event
from expedition.rules.exploration.dungeon_map import Room
from expedition.rules.exploration.expedition import reveal
from expedition.rules.exploration.exploration_turn import DECAY_STRUCK
from expedition.rules.exploration.hazards.noise import everyone_defends, exits_of, room_here
from expedition.rules.exploration.tiles import Tile
from expedition.rules.items.handling import drop
from expedition.rules.items.slots import HANDS

if TYPE_CHECKING:
    from expedition.rules.engine.campaign import CampaignState

SWEEPS: dict[str, str] = {"surge_channel": "HOUSE §1.11", "flash_flood": "HOUSE §1.14"}
"""Hazards that sweep the party away when decay triggers, with their sections."""
SWEEP_ATTACK = "STR 1"
"""What everyone in such a room defends when decay triggers (impact)."""
DROPS_HELD = frozenset({"surge_channel"})
"""Sweeps in which the swept also drop a held item."""
BRACKISH_SPRING = "brackish_spring"
"""The sea-cave hazard whose water can be drunk (HOUSE §1.11)."""
SPRING_DICE = 2
"""The spring's Nauseated risk: 2d!."""


@DECAY_STRUCK.register
def decay_hazards(ctx: Context, state: CampaignState) -> Resolution[None]:
    """Decay triggered: a surge channel or flash flood in the party's room strikes (HOUSE §1.11, §1.14).

    Everyone defends STR 1 (impact); each who fails is swept 1d3 tiles, and in a surge channel
    drops a held item. The party then regroups where the farthest-swept one landed.
    """
    room = room_here(state)
    expedition = state.expedition
    if room is None or expedition is None or room.hazard not in SWEEPS:
        return
    hazard, rule = room.hazard, SWEEPS[room.hazard]
    ctx.emit(WaterSurged(rule=rule, room=room.id, hazard=hazard))
    failed = yield from everyone_defends(ctx, state, SWEEP_ATTACK, what="the rushing water", rule=rule)
    farthest = 0
    for member in failed:
        tiles = ctx.roll(1, 3, who=GM, why=f"how far {member.name} is swept", rule=rule)[0]
        ctx.emit(SweptAway(rule=rule, character=member.id, tiles=tiles))
        farthest = max(farthest, tiles)
        if hazard in DROPS_HELD:
            _drop_held(ctx, member, rule)
    if farthest:
        target = swept_to(state, room, expedition.position, farthest)
        if target != expedition.position:
            expedition.position = target
            ctx.emit(PartyRegrouped(rule=rule, pos=target))

            reveal(state)


def _drop_held(ctx: Context, member: Character, rule: str) -> None:
    held = [item for hand in HANDS for item in member.items if item.place == hand]
    if held:
        drop(ctx, member, held[0], rule=rule)


def swept_to(state: CampaignState, room: Room, start: Pos, tiles: int) -> Pos:
    """Where the water carries someone from `start`: up to `tiles` steps over the room's floor.

    The water runs toward the room's exit farthest from `start` (house reading); with no exit,
    nobody moves.
    """
    expedition = state.expedition
    assert expedition is not None
    level = expedition.level
    exits = [d.pos for d in exits_of(level, room) if level.tile(d.pos) is Tile.DOOR]
    if not exits:
        return start
    goal = max(exits, key=lambda p: (manhattan(p, start), p))
    here = start
    for _ in range(tiles):
        steps = [(here[0] + dx, here[1] + dy) for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))]
        closer = [
            p
            for p in steps
            if room.contains(p) and level.walkable(p) and manhattan(p, goal) < manhattan(here, goal)
        ]
        if not closer:
            break
        here = min(closer, key=lambda p: (manhattan(p, goal), p))
    return here


def drink_from_spring(ctx: Context, state: CampaignState, drinker: Character) -> Resolution[None]:
    """`drinker` drinks from the brackish spring: no longer Parched, Nauseated on a 2d! (HOUSE §1.11)."""
    apply_cure(ctx, drinker, Cure.WATER, only=Affliction.PARCHED, rule="HOUSE §1.11")
    faces = ctx.roll(SPRING_DICE, 6, who=drinker.id, why="the brackish water", rule="HOUSE §1.11")
    sick = risk_triggered(faces)
    ctx.emit(SpringDrunk(rule="HOUSE §1.11", character=drinker.id, nauseated=sick))
    if sick:
        gain_affliction(ctx, drinker, Affliction.NAUSEATED, rule="HOUSE §1.11")
    return
    yield


@dataclass(frozen=True, slots=True, kw_only=True)
class WaterSurged(Event):
    """Decay triggered and the water of the party's room surged.

    Attributes:
        room: The room's id.
        hazard: The hazard's key ("surge_channel", "flash_flood").
    """

    room: int
    hazard: str


@dataclass(frozen=True, slots=True, kw_only=True)
class SweptAway(Event):
    """An adventurer failed against the surge and was swept along.

    Attributes:
        character: Who.
        tiles: How far (1d3).
    """

    character: str
    tiles: int


@dataclass(frozen=True, slots=True, kw_only=True)
class PartyRegrouped(Event):
    """The party regrouped where the water left the farthest-swept of them.

    Attributes:
        pos: The party's new tile.
    """

    pos: Pos


@dataclass(frozen=True, slots=True, kw_only=True)
class SpringDrunk(Event):
    """An adventurer drank from a brackish spring: thirst quenched, and perhaps sick.

    Attributes:
        character: Who drank.
        nauseated: True if the water made them Nauseated.
    """

    character: str
    nauseated: bool
