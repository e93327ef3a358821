"""Provides the actions room hazards make possible: clearing a choked exit, a spring, a tainted pool.

Each action has a guard in `GUARDS`, a verb in `VERBS` and a cost in `COSTS` (exploration turns);
`expedition.rules.engine.dispatch` dispatches them with the other actions, and `hazard_offers` lists them
for the exploration action bar.

- Clear the rubble (HOUSE §1.9 fallen ceiling, §1.10 rotten props): 2 ET and loud; the choked
  door (`hazards_noise.choke_exit`) becomes an open door again.
- Drink from the spring (HOUSE §1.11 brackish spring): free (house reading), for an adventurer
  who can act, in the spring's room (`hazards_water.drink_from_spring`).

- Fill water from the pool (HOUSE §1.12 tainted pool): free (house reading), in the pool's room;
  every worn canteen and waterskin of the living party is topped up with tainted water (the house
  item "tainted_water"), which the drinking verb (`item_uses_gear.drink`, through `drink_tainted`)
  turns into Nauseated without curing Parched. Clean water is drunk before tainted water.

Not done: water carried through the pool's room for 3 or more ET does not turn tainted.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from expedition.rules.character.adventurer import Character, Status
from expedition.rules.combat.fight_setup import wandering_arrives
from expedition.rules.core.actions import Action
from expedition.rules.core.conditions import Affliction, gain_affliction
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import Resolution
from expedition.rules.core.distance import Pos, manhattan
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.events import Event
from expedition.rules.core.item_defs import Item
from expedition.rules.exploration.expedition import reveal
from expedition.rules.exploration.exploration_turn import exploration_turn, make_noise
from expedition.rules.exploration.hazards.water import BRACKISH_SPRING, drink_from_spring
from expedition.rules.exploration.surroundings import acting, exploring
from expedition.rules.exploration.tiles import Tile
from expedition.rules.items.handling import put
from expedition.rules.items.slots import cost_of, inside, is_worn_container, items_in
from expedition.rules.items.usage import use_one
from expedition.rules.magic.magic_effects import the_world

if TYPE_CHECKING:
    from expedition.rules.engine.campaign import CampaignState

CLEAR_TURNS = 2
"""Exploration turns that clearing a choked exit takes (HOUSE §1.9)."""
TAINTED_POOL = "tainted_pool"
"""The weaver-cavern hazard whose water is tainted (HOUSE §1.12)."""
TAINTED_WATER = "tainted_water"
"""The house item a container holds once filled at the tainted pool."""
UNITS_PER_SLOT = 2
"""Units of water one liquid slot of a canteen or waterskin holds (§7.1)."""
POOL_RULE = "HOUSE §1.12"


@dataclass(frozen=True, slots=True, kw_only=True)
class ClearRubble(Action):
    """Dig through the rubble that chokes a door (HOUSE §1.9): 2 ET, loud.

    Attributes:
        at: The choked door's tile.
    """

    at: Pos


@dataclass(frozen=True, slots=True, kw_only=True)
class DrinkFromSpring(Action):
    """Drink from the room's brackish spring (HOUSE §1.11): free."""


@dataclass(frozen=True, slots=True, kw_only=True)
class FillFromPool(Action):
    """Fill the party's canteens and waterskins at the tainted pool (HOUSE §1.12): free."""


def choked_doors(state: CampaignState) -> list[Pos]:
    """The choked doors next to the party (rubble on a door's tile), in a stable order."""
    expedition = state.expedition
    if expedition is None:
        return []
    level = expedition.level
    return sorted(
        pos
        for pos in level.doors
        if level.tile(pos) is Tile.RUBBLE and manhattan(pos, expedition.position) <= 1
    )


def _verify_clear(state: CampaignState, action: ClearRubble) -> None:
    exploring(state)
    acting(state, action)
    if tuple(action.at) not in choked_doors(state):
        raise IllegalAction("There is no choked door beside the party.")


def _verify_drink(state: CampaignState, action: DrinkFromSpring) -> None:
    expedition = exploring(state)
    acting(state, action)
    room = expedition.room
    if room is None or room.hazard != BRACKISH_SPRING:
        raise IllegalAction("There is no spring here to drink from.")


def fillable(state: CampaignState) -> list[tuple[Character, Item, int]]:
    """Each worn canteen or waterskin of a living adventurer with room left, its owner and free units."""
    found: list[tuple[Character, Item, int]] = []
    for member in [m for m in state.party if m.status is not Status.DEAD]:
        for container in [i for i in member.items if i.defn.liquid_capacity and is_worn_container(i)]:
            held = items_in(member, inside(container))
            units = (container.defn.liquid_capacity - cost_of(held)) * UNITS_PER_SLOT
            units += sum(-i.quantity % UNITS_PER_SLOT for i in held if i.defn.key == TAINTED_WATER)
            if units > 0:
                found.append((member, container, units))
    return found


def _verify_fill(state: CampaignState, action: FillFromPool) -> None:
    expedition = exploring(state)
    acting(state, action)
    room = expedition.room
    if room is None or room.hazard != TAINTED_POOL:
        raise IllegalAction("There is no pool here to draw water from.")
    if not fillable(state):
        raise IllegalAction("No canteen or waterskin in the party has room for more water.")


def _fill(ctx: Context, state: CampaignState, action: FillFromPool) -> Resolution[None]:

    defn = the_world(ctx.world).items[TAINTED_WATER]
    for member, container, units in fillable(state):
        place = inside(container)
        water = next((i for i in items_in(member, place) if i.defn.key == TAINTED_WATER), None)
        if water is None:
            water = Item.new(state.next_uid, defn, units)
            state.next_uid += 1
            put(ctx, member, water, place, rule=POOL_RULE)
        else:
            water.quantity += units
        ctx.emit(
            TaintedWaterDrawn(
                rule=POOL_RULE, character=member.id, container=container.uid, name=container.name, units=units
            )
        )
    return
    yield


def drink_tainted(ctx: Context, member: Character, container: Item, water: Item) -> None:
    """`member` drinks a unit of tainted water from `container`: Nauseated, still Parched (HOUSE §1.12)."""
    ctx.emit(
        TaintedWaterDrunk(rule=POOL_RULE, character=member.id, container=container.uid, name=container.name)
    )
    gain_affliction(ctx, member, Affliction.NAUSEATED, rule=POOL_RULE)
    use_one(ctx, member, water, rule="§7.1")


def _clear(ctx: Context, state: CampaignState, action: ClearRubble) -> Resolution[None]:
    expedition = state.expedition
    assert expedition is not None  # verify ran first
    pos: Pos = tuple(action.at)  # type: ignore[assignment]  # a journal list decodes as a tuple
    expedition.level.set_tile(pos, Tile.DOOR)  # the door stays broken open (hazards_noise.choke_exit)
    ctx.emit(ExitCleared(rule="HOUSE §1.9", character=action.actor, pos=pos))

    yield from make_noise(ctx, state, what="digging through rubble")
    announced = list(expedition.coming)
    for _ in range(CLEAR_TURNS):
        yield from exploration_turn(ctx, state)

    reveal(state)

    yield from wandering_arrives(ctx, state, announced)  # a group the digging drew (HOUSE §1.5)


def _drink(ctx: Context, state: CampaignState, action: DrinkFromSpring) -> Resolution[None]:
    yield from drink_from_spring(ctx, state, state.character(action.actor))


def hazard_offers(state: CampaignState, actor: str) -> list[tuple[Action, str]]:
    """The hazard actions to list for `actor` where the party stands, with their labels."""
    room = state.expedition.room if state.expedition is not None else None
    offers: list[tuple[Action, str]] = [
        (ClearRubble(actor=actor, at=pos), "Clear the rubble from the door") for pos in choked_doors(state)
    ]
    if room is not None and room.hazard == BRACKISH_SPRING:
        offers.append((DrinkFromSpring(actor=actor), "Drink from the spring"))
    if room is not None and room.hazard == TAINTED_POOL:
        offers.append((FillFromPool(actor=actor), "Fill water from the pool"))
    return offers


GUARDS: dict[type[Action], Callable[[CampaignState, Any], None]] = {
    ClearRubble: _verify_clear,
    DrinkFromSpring: _verify_drink,
    FillFromPool: _verify_fill,
}
"""Each hazard action's guard."""
VERBS: dict[type[Action], Callable[[Context, CampaignState, Any], Generator[Any, str, None]]] = {
    ClearRubble: _clear,
    DrinkFromSpring: _drink,
    FillFromPool: _fill,
}
"""Each hazard action's verb."""
COSTS: dict[type[Action], int] = {ClearRubble: CLEAR_TURNS, DrinkFromSpring: 0, FillFromPool: 0}
"""Exploration turns each hazard action takes."""


@dataclass(frozen=True, slots=True, kw_only=True)
class ExitCleared(Event):
    """Someone dug through the rubble that choked a door: it is a way through again.

    Attributes:
        character: Who dug.
        pos: The door's tile.
    """

    character: str
    pos: Pos


@dataclass(frozen=True, slots=True, kw_only=True)
class TaintedWaterDrawn(Event):
    """Someone filled a canteen or waterskin at the tainted pool.

    Attributes:
        character: Whose container.
        container: The container's uid.
        name: The container's name.
        units: Units of tainted water added.
    """

    character: str
    container: int
    name: str
    units: int


@dataclass(frozen=True, slots=True, kw_only=True)
class TaintedWaterDrunk(Event):
    """Someone drank a unit of tainted water: it sickens and does not slake thirst.

    Attributes:
        character: Who drank.
        container: The container's uid.
        name: The container's name.
    """

    character: str
    container: int
    name: str
