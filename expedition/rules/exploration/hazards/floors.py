"""Provides entering a room underfoot: floors that give way (HOUSE §1.9, §1.12, §1.13), and burning silk.

As the party steps into a room (`enter_room`, from the exploration Step) its water acts first
(`hazards_footing.wade_in`), then its floor.

The first time the party enters a room with a hollow floor, a sagging floor or a chasm, the
adventurer in front defends DEX 1, 2 or 3 (impact: chainmail does not help, HOUSE §6.6); the room
is then marked (`Room.crossed`) so it does not happen again. On a hit:

- hollow floor: they drop into a burial pit and are held there (HOUSE §6.2). House reading: they
  try to climb out at once with the §6.2 STR test; on a failure the others haul them out, which
  takes 1 exploration turn.
- sagging floor, chasm: they fall to the level below. House reading: the party climbs down after
  them and arrives where the stairs up are on that level, as if it had taken the stairs (no turn
  beyond the step's own). On the deepest level there is nothing below: the fall ends on a ledge
  and costs the faller 1 wound more.

Sticky silk (HOUSE §1.12, "fire clears the room in 1 ET"): `BurnSilk` is an exploration action for
an adventurer holding a lit torch or lantern in the room. It takes 1 exploration turn, the light
rolls its usage die (the silk-choked passage's words), and the hazard is gone for good.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from expedition.rules.character.adventurer import Character
from expedition.rules.character.harm import place_wounds
from expedition.rules.core.actions import Action
from expedition.rules.core.attributes import Attr
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import Resolution
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.events import Event, Note
from expedition.rules.core.item_defs import Item, Special
from expedition.rules.core.notation import parse_attack
from expedition.rules.exploration.expedition import arrive_on_level
from expedition.rules.exploration.exploration_turn import exploration_turn
from expedition.rules.exploration.hazards.footing import SECTION, wade_in
from expedition.rules.exploration.surroundings import acting, exploring
from expedition.rules.exploration.traps import failed_defence, run_test
from expedition.rules.items.slots import HANDS, worn_armour
from expedition.rules.items.usage import roll_usage
from expedition.rules.magic.warding import hovering

if TYPE_CHECKING:
    from expedition.rules.engine.campaign import CampaignState
    from expedition.rules.exploration.dungeon_map import Room

DEFENCE: dict[str, str] = {"hollow_floor": "DEX 1", "sagging_floor": "DEX 2", "chasm": "DEX 3"}
"""The attack each floor makes on the first adventurer across (HOUSE §0 notation, impact)."""
FALLS = frozenset({"sagging_floor", "chasm"})
"""Floors whose victim lands on the level below."""
BURNERS = frozenset({"torch", "lantern"})
"""Lights that can burn sticky silk away."""
SILK = "sticky_silk"


@dataclass(frozen=True, slots=True, kw_only=True)
class FloorGaveWay(Event):
    """The first adventurer across a room's treacherous floor (`hazard`) met it; `hit` if it took them."""

    victim: str
    hazard: str
    room: int
    hit: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class PitClimbed(Event):
    """A character got out of a burial pit: by themselves, or `hauled` out by the others."""

    character: str
    hauled: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class FellToLevelBelow(Event):
    """A character fell through the floor to level `depth`; the party follows to `pos`."""

    character: str
    depth: int
    pos: tuple[int, int]


@dataclass(frozen=True, slots=True, kw_only=True)
class SilkBurned(Event):
    """A character burned the sticky silk out of room `room` on level `depth`."""

    character: str
    depth: int
    room: int


@dataclass(frozen=True, slots=True, kw_only=True)
class BurnSilk(Action):
    """Burn the sticky silk out of the party's room with a lit torch or lantern: 1 ET (HOUSE §1.12)."""


def _section(hazard: str) -> str:

    return SECTION.get(hazard, "HOUSE §1.8")


def _front(state: CampaignState, actor: str) -> Character | None:
    chosen = next((m for m in state.party if m.id == actor and m.can_act), None)
    return chosen or next((m for m in state.party if m.can_act), None)


def defend_impact(
    ctx: Context, state: CampaignState, victim: Character, notation: str, *, rule: str
) -> Resolution[bool]:
    """`victim` defends a falling or crushing attack in HOUSE §0 notation; return True on a hit.

    Armour that is useless against impact (chainmail, HOUSE §6.6) does not roll.
    """
    attack = parse_attack(notation)
    result = yield from run_test(
        ctx,
        state,
        victim,
        attack.attrs[0],
        advantage=max(0, attack.defence),
        disadvantage=max(0, -attack.defence),
        purpose="to keep their footing",
        rule="HOUSE §0",
    )
    if result.succeeded:
        return False
    armour = [i for i in worn_armour(victim) if Special.NO_IMPACT not in i.defn.specials]
    yield from failed_defence(ctx, victim, attack, result, armour=armour, rule=rule)
    return True


def cross(ctx: Context, state: CampaignState, room: Room, actor: str = "") -> Resolution[None]:
    """The party enters `room`: a floor that gives way acts on the first adventurer across, once."""
    notation = DEFENCE.get(room.hazard)
    victim = _front(state, actor)
    if notation is None or room.crossed or victim is None or state.expedition is None:
        return
    room.crossed = True
    rule = _section(room.hazard)
    if hovering(state, victim.id):
        ctx.emit(FloorGaveWay(rule=rule, victim=victim.id, hazard=room.hazard, room=room.id, hit=False))
        return
    hit = yield from defend_impact(ctx, state, victim, notation, rule=rule)
    ctx.emit(FloorGaveWay(rule=rule, victim=victim.id, hazard=room.hazard, room=room.id, hit=hit))
    if not hit or victim.status.value == "dead":
        return
    if room.hazard in FALLS:
        yield from fall(ctx, state, victim, rule=rule)
    else:
        yield from climb_out(ctx, state, victim, rule=rule)


def enter_room(ctx: Context, state: CampaignState, before: str, actor: str = "") -> Resolution[None]:
    """The party has just stepped into a room: its hazard acts (the water, `footing.wade_in`, then the floor).

    Args:
        ctx: Dice and events.
        state: The campaign, exploring.
        before: The area the party stood in before the step; a step within one area enters nothing.
        actor: Who stepped first ("" for the first adventurer who can act).
    """
    expedition = state.expedition
    room = expedition.room if expedition is not None else None
    if expedition is None or room is None or expedition.area == before or room.hazard not in SECTION:
        return
    yield from wade_in(ctx, state, room)
    yield from cross(ctx, state, room, actor)


def climb_out(ctx: Context, state: CampaignState, victim: Character, *, rule: str) -> Resolution[None]:
    """Out of a burial pit: the §6.2 STR test, or (house) the others haul them out in 1 ET."""
    if victim.can_act:
        result = yield from run_test(
            ctx, state, victim, Attr.STR, purpose="to climb out of the pit", rule="HOUSE §6.2"
        )
        if result.succeeded:
            ctx.emit(PitClimbed(rule="HOUSE §6.2", character=victim.id, hauled=False))
            return
    ctx.emit(PitClimbed(rule=rule, character=victim.id, hauled=True))
    yield from exploration_turn(ctx, state)


def fall(ctx: Context, state: CampaignState, victim: Character, *, rule: str) -> Resolution[None]:
    """`victim` falls to the level below and the party follows (house); with no level below, 1 wound more."""
    expedition = state.expedition
    assert expedition is not None
    if expedition.depth >= len(expedition.dungeon.levels):
        ctx.emit(Note(rule=rule, text=f"There is no level below: {victim.name} lands hard on a ledge."))
        yield from place_wounds(ctx, victim, 1, rule=rule)
        return
    pos = arrive_on_level(state, down=True)
    ctx.emit(FellToLevelBelow(rule=rule, character=victim.id, depth=expedition.depth, pos=pos))


def burner(member: Character) -> Item | None:
    """A lit torch or lantern in `member`'s hands, if any."""
    return next((i for i in member.items if i.lit and i.place in HANDS and i.defn.key in BURNERS), None)


def _verify_burn(state: CampaignState, action: BurnSilk) -> None:

    expedition = exploring(state)
    member = acting(state, action)
    room = expedition.room
    if room is None or room.hazard != SILK:
        raise IllegalAction("There is no sticky silk here to burn.")
    if burner(member) is None:
        raise IllegalAction(f"{member.name} needs a lit torch or lantern in hand.")


def _burn(ctx: Context, state: CampaignState, action: BurnSilk) -> Resolution[None]:

    expedition = state.expedition
    room = expedition.room if expedition is not None else None
    member = state.character(action.actor)
    light = burner(member)
    assert expedition is not None and room is not None and light is not None  # verified
    room.hazard, room.hazard_text = "", ""
    ctx.emit(SilkBurned(rule="HOUSE §1.12", character=member.id, depth=expedition.depth, room=room.id))
    roll_usage(ctx, member, light, rule="HOUSE §1.12")
    yield from exploration_turn(ctx, state)


def silk_offers(state: CampaignState, actor: str) -> list[tuple[Action, str]]:
    """The BurnSilk action with its label, when the party stands among sticky silk."""
    expedition = state.expedition
    room = expedition.room if expedition is not None else None
    if room is None or room.hazard != SILK:
        return []
    return [(BurnSilk(actor=actor), "Burn away the sticky silk")]


GUARDS: dict[type[Action], Callable[[CampaignState, Any], None]] = {BurnSilk: _verify_burn}
"""The guard of `BurnSilk`, merged into `turns`."""
VERBS: dict[type[Action], Callable[[Context, CampaignState, Any], Generator[Any, str, None]]] = {
    BurnSilk: _burn
}
"""The verb of `BurnSilk`, merged into `turns`."""
