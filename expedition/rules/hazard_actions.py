"""Provides the actions room hazards make possible: clearing a choked exit, drinking from a spring.

Each action has a guard in `GUARDS`, a verb in `VERBS` and a cost in `COSTS` (exploration turns);
`expedition.rules.turns` dispatches them with the other actions, and `hazard_offers` lists them
for the exploration action bar.

- Clear the rubble (HOUSE §1.9 fallen ceiling, §1.10 rotten props): 2 ET and loud; the choked
  door (`hazards_noise.choke_exit`) becomes an open door again.
- Drink from the spring (HOUSE §1.11 brackish spring): free (house reading), for an adventurer
  who can act, in the spring's room (`hazards_water.drink_from_spring`).

Not done: the tainted pool (HOUSE §1.12). Water is an item ("water") that sits inside a canteen
or waterskin and is drunk through that container (`item_uses_gear.drink`), which finds it by
that key; nothing yet fills a container, and no item records where its water came from or how
long it was carried. Tainted water needs a new item (or a flag on `Item`), a filling action with
the containers' capacity, and a change to the drinking verb: more than this module can own.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from expedition.rules.actions import Action
from expedition.rules.context import Context
from expedition.rules.decisions import Resolution
from expedition.rules.distance import Pos, manhattan
from expedition.rules.dungeon_map import Tile
from expedition.rules.errors import IllegalAction
from expedition.rules.events import Event
from expedition.rules.exploration_checks import acting, exploring
from expedition.rules.hazards_water import BRACKISH_SPRING, drink_from_spring

if TYPE_CHECKING:
    from expedition.rules.campaign import CampaignState

CLEAR_TURNS = 2
"""Exploration turns that clearing a choked exit takes (HOUSE §1.9)."""


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


def _clear(ctx: Context, state: CampaignState, action: ClearRubble) -> Resolution[None]:
    expedition = state.expedition
    assert expedition is not None  # verify ran first
    pos: Pos = tuple(action.at)  # type: ignore[assignment]  # a journal list decodes as a tuple
    expedition.level.set_tile(pos, Tile.DOOR)  # the door stays broken open (hazards_noise.choke_exit)
    ctx.emit(ExitCleared(rule="HOUSE §1.9", character=action.actor, pos=pos))
    from expedition.rules.expedition_turn import exploration_turn, make_noise

    yield from make_noise(ctx, state, what="digging through rubble")
    announced = list(expedition.coming)
    for _ in range(CLEAR_TURNS):
        yield from exploration_turn(ctx, state)
    from expedition.rules.expedition import reveal

    reveal(state)
    from expedition.rules.combat_setup import wandering_arrives

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
    return offers


GUARDS: dict[type[Action], Callable[[CampaignState, Any], None]] = {
    ClearRubble: _verify_clear,
    DrinkFromSpring: _verify_drink,
}
"""Each hazard action's guard."""
VERBS: dict[type[Action], Callable[[Context, CampaignState, Any], Generator[Any, str, None]]] = {
    ClearRubble: _clear,
    DrinkFromSpring: _drink,
}
"""Each hazard action's verb."""
COSTS: dict[type[Action], int] = {ClearRubble: CLEAR_TURNS, DrinkFromSpring: 0}
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
