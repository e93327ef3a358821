"""Provides what exploring gear does when used (§7.4, HOUSE §1.4): water, bandages, oil, spikes, rope, more.

Each item has a `verify` (raise `IllegalAction` with a reason) and an `apply` (a generator that
emits events), registered into the table of uses (`items.item_uses.item_use`). The helper
`disarm_advantage` (tools a trap's disarm text names) serves the disarming verb too.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from expedition.rules.character.afflictions import Cure, apply_cure
from expedition.rules.core.conditions import Affliction
from expedition.rules.core.distance import manhattan
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.events import Event
from expedition.rules.core.lasting import (
    Span,
    add_lasting,
)
from expedition.rules.exploration.barricade import SPIKED
from expedition.rules.exploration.expedition import expedition_of
from expedition.rules.exploration.features import Trap
from expedition.rules.exploration.hazards.hazard_actions import drink_tainted
from expedition.rules.exploration.tiles import DoorState
from expedition.rules.exploration.traps import disarm_trap, find, traps_here
from expedition.rules.items.item_uses import Where, item_use
from expedition.rules.items.slots import inside, items_in
from expedition.rules.items.usage import roll_usage, spend, use_one

if TYPE_CHECKING:
    from expedition.rules.character.adventurer import Character
    from expedition.rules.core.context import Context
    from expedition.rules.core.decisions import Resolution
    from expedition.rules.core.item_defs import Item
    from expedition.rules.engine.campaign import CampaignState
    from expedition.rules.exploration.features import Door

TOOL_WORDS: dict[str, tuple[str, ...]] = {
    "iron_spikes": ("iron spikes",),
    "trapping_kit": ("trapping kit",),
    "mechanics_toolkit": ("mechanics toolkit",),
    "ashes_of_insight": ("ashes of insight",),
    "chalk": ("chalk",),
}
"""Words in a trap's disarm text that name each tool (HOUSE §1.8 trap tables)."""


def disarm_advantage(member: Character, trap: Trap) -> int:
    """1 when the trap's disarm text says a tool `member` carries gives advantage (HOUSE §1.8), else 0."""
    text = trap.disarm.lower()
    if "advantage" not in text:
        return 0
    keys = {i.defn.key for i in member.items}
    return int(any(key in keys and any(w in text for w in words) for key, words in TOOL_WORDS.items()))


def _tile(pos: tuple[int, int]) -> str:
    return f"{pos[0]},{pos[1]}"


# --- canteen and waterskin ----------------------------------------------------------------------


def _water(member: Character, item: Item) -> Item:
    held = items_in(member, inside(item))
    if not held:
        raise IllegalAction(f"The {item.name.lower()} is empty.")
    water = next((i for i in held if i.defn.key == "water"), None)
    water = water or next((i for i in held if i.defn.key == "tainted_water"), None)  # HOUSE §1.12
    if water is None:
        raise IllegalAction(f"The {item.name.lower()} holds no water; drink what it holds directly.")
    return water


def verify_drink(state: CampaignState, member: Character, item: Item, target: str) -> None:
    """A canteen or waterskin needs water inside."""
    _water(member, item)


@item_use("canteen", verify=verify_drink, where=Where.BOTH, verb="Drink from")
@item_use("waterskin", verify=verify_drink, where=Where.EXPLORING, verb="Drink from")
def drink(ctx: Context, state: CampaignState, member: Character, item: Item, target: str) -> Resolution[None]:
    """Drink one unit of the water the container holds: it removes Parched (§4.6, §7.1)."""
    water = _water(member, item)
    if water.defn.key == "tainted_water":  # the tainted pool: Nauseated, no cure (HOUSE §1.12)
        drink_tainted(ctx, member, item, water)
        return
    ctx.emit(WaterDrunk(rule="§4.6", character=member.id, container=item.uid, name=item.name))
    apply_cure(ctx, member, Cure.WATER, rule="§4.6")
    use_one(ctx, member, water, rule="§7.1")
    return
    yield


# --- cloth --------------------------------------------------------------------------------------


def _patient(state: CampaignState, member: Character, target: str) -> Character:
    patient = member if not target else next((c for c in state.living if c.id == target), None)
    if patient is None:
        raise IllegalAction("Bind the wound of someone in the party.")
    if Affliction.BLEEDING not in patient.afflictions:
        raise IllegalAction(f"{patient.name} is not bleeding.")
    return patient


def verify_cloth(state: CampaignState, member: Character, item: Item, target: str) -> None:
    """Cloth binds someone who bleeds: the user, or a companion named by `target`."""
    _patient(state, member, target)


@item_use("cloth", verify=verify_cloth, where=Where.EXPLORING, verb="Bind a wound with")
def bind(ctx: Context, state: CampaignState, member: Character, item: Item, target: str) -> Resolution[None]:
    """Cloth as a makeshift bandage: it stops Bleeding and is used up (§7.4)."""
    patient = _patient(state, member, target)
    apply_cure(ctx, patient, Cure.BANDAGE, rule="§4.6")
    spend(ctx, member, item, rule="§7.4")
    return
    yield


# --- bandages -----------------------------------------------------------------------------------


def bleeders(state: CampaignState, member: Character) -> list[str]:
    """Ids of the Bleeding that `member` can bandage now, the user first.

    Anyone in the party while exploring; in a fight only someone on or next to the user's tile,
    the reach of Help (§10.2.2).
    """
    combat = state.expedition.combat if state.expedition is not None else None
    here = combat.positions.get(member.id) if combat is not None else None
    found: list[str] = []
    for other in state.living:
        if Affliction.BLEEDING not in other.afflictions:
            continue
        if combat is not None and other.id != member.id:
            there = combat.positions.get(other.id)
            if here is None or there is None or manhattan(here, there) > 1:
                continue
        found.append(other.id)
    return sorted(found, key=lambda who: who != member.id)  # stable: the user, then party order


def _bandaged(state: CampaignState, member: Character, target: str) -> Character:
    patients = bleeders(state, member)
    if not patients:
        raise IllegalAction("Nobody within reach is Bleeding: the bandages would be wasted.")
    if target and target not in patients:
        raise IllegalAction("Bandages go on someone Bleeding within reach.")
    return state.character(target or patients[0])


def verify_bandages(state: CampaignState, member: Character, item: Item, target: str) -> None:
    """Bandages need someone Bleeding in reach: `target`, or by default the user, else the first."""
    _bandaged(state, member, target)


@item_use("bandages", verify=verify_bandages, where=Where.BOTH, verb="Bandage a wound with")
def bandage(
    ctx: Context, state: CampaignState, member: Character, item: Item, target: str
) -> Resolution[None]:
    """A strip of bandage stops the chosen patient's Bleeding (§4.6) and is used up (§7.4)."""
    patient = _bandaged(state, member, target)
    apply_cure(ctx, patient, Cure.BANDAGE, rule="§4.6")
    spend(ctx, member, item, rule="§7.4")
    return
    yield


# --- oil ----------------------------------------------------------------------------------------


def _lantern(member: Character, item: Item, target: str) -> Item:
    lamps = [i for i in member.items if i.defn.fuel == item.defn.key and (not target or str(i.uid) == target)]
    if not lamps:
        raise IllegalAction(f"{member.name} carries no lantern to fill with the {item.name.lower()}.")
    low = [i for i in lamps if i.usage < i.defn.usage or (i.lit and i.usage == 0)]
    if not low:
        raise IllegalAction("The lantern is already full.")
    return min(low, key=lambda i: i.usage)


def verify_oil(state: CampaignState, member: Character, item: Item, target: str) -> None:
    """Oil needs a carried lantern whose usage die is not full."""
    _lantern(member, item, target)


@item_use("oil", verify=verify_oil, where=Where.EXPLORING, verb="Refill a lantern with")
def refuel(
    ctx: Context, state: CampaignState, member: Character, item: Item, target: str
) -> Resolution[None]:
    """Refill a lantern: its usage die is full again, and the flask is used up (§7.4, §7.8)."""
    lamp = _lantern(member, item, target)
    lamp.usage = lamp.defn.usage
    ctx.emit(LanternRefuelled(rule="§7.8", character=member.id, lantern=lamp.uid, usage=lamp.usage))
    use_one(ctx, member, item, rule="§7.8")
    return
    yield


# --- iron spikes, rope, climbing gear ----------------------------------------------------------


def _tool_traps(state: CampaignState, words: tuple[str, ...]) -> list[Trap]:
    """Known armed traps here that the tool makes safe (their disarm text names it, not as advantage)."""
    return [
        t
        for t in traps_here(expedition_of(state))
        if t.known
        and t.armed
        and "advantage" not in t.disarm.lower()
        and any(w in t.disarm.lower() for w in words)
    ]


def _spikable(state: CampaignState) -> list[Door]:
    expedition = expedition_of(state)
    return [
        d
        for d in expedition.level.doors.values()
        if manhattan(d.pos, expedition.position) == 1
        and not (d.secret and not d.found)
        and d.state is not DoorState.BARRED
    ]


def _spike_target(state: CampaignState, target: str) -> Trap | Door:
    choices: list[Trap | Door] = [*_tool_traps(state, ("iron spikes",)), *_spikable(state)]
    found = next((c for c in choices if not target or _tile(c.pos) == target), None)
    if found is None:
        raise IllegalAction("Iron spikes wedge a trap that allows it, or a door next to the party.")
    return found


def verify_spikes(state: CampaignState, member: Character, item: Item, target: str) -> None:
    """Spikes need a trap they wedge here, or a door next to the party that is not barred."""
    _spike_target(state, target)


@item_use("iron_spikes", verify=verify_spikes, where=Where.EXPLORING, verb="Hammer in")
def spike(ctx: Context, state: CampaignState, member: Character, item: Item, target: str) -> Resolution[None]:
    """(house) Hammer iron spikes in: a trap that allows it is wedged safe, or a door is spiked shut.

    A spiked door counts as barred from the party's side (HOUSE §1.4 "Barricade a door"): the
    party pulls the spikes when it goes through, anything beyond must break it, and a wandering
    group that would come in through it hacks at it for 1d3 ET, loudly (`barricade_holds`).
    The spikes' usage die is rolled (Ud8).
    """
    found = _spike_target(state, target)
    roll_usage(ctx, member, item, rule="HOUSE §1.4")
    if isinstance(found, Trap):
        disarm_trap(ctx, found, rule="HOUSE §1.8")
        return
    door = found
    door.state, door.barred_from = DoorState.BARRED, expedition_of(state).position
    add_lasting(ctx, state, SPIKED, _tile(door.pos), Span.EXPEDITION, source=member.id, rule="HOUSE §1.4")
    ctx.emit(DoorSpiked(rule="HOUSE §1.4", character=member.id, pos=door.pos))
    return
    yield


def verify_rope(state: CampaignState, member: Character, item: Item, target: str) -> None:
    """A rope (or climbing gear) needs a known armed trap here that a rope makes safe."""
    if not [t for t in _tool_traps(state, ("rope",)) if not target or _tile(t.pos) == target]:
        raise IllegalAction(
            f"No known trap here is crossed with a {item.name.lower()} (a frayed bridge, a rotten boardwalk)."
        )


@item_use("rope", "climbing_gear", verify=verify_rope, where=Where.EXPLORING, verb="Run across a trap")
def run_rope(
    ctx: Context, state: CampaignState, member: Character, item: Item, target: str
) -> Resolution[None]:
    """(house) Run a rope across a trap that allows it: the trap is safe, and the rope stays there.

    Climbing gear does the same and rolls its usage die (Ud6) instead of being left behind.
    """
    trap = next(t for t in _tool_traps(state, ("rope",)) if not target or _tile(t.pos) == target)
    spend(ctx, member, item, rule="HOUSE §1.8")
    disarm_trap(ctx, trap, rule="HOUSE §1.8")
    return
    yield


# --- compass and ashes of insight --------------------------------------------------------------


def bearing(frm: tuple[int, int], to: tuple[int, int]) -> str:
    """The compass direction from one tile to another ("north-east"), "here" when they are the same."""
    dx, dy = to[0] - frm[0], to[1] - frm[1]
    ns = "north" if dy < 0 and abs(dy) * 2 >= abs(dx) else "south" if dy > 0 and dy * 2 >= abs(dx) else ""
    ew = "west" if dx < 0 and abs(dx) * 2 >= abs(dy) else "east" if dx > 0 and dx * 2 >= abs(dy) else ""
    return "-".join(p for p in (ns, ew) if p) or "here"


def verify_compass(state: CampaignState, member: Character, item: Item, target: str) -> None:
    """A compass works anywhere in a dungeon."""
    expedition_of(state)


@item_use("compass", verify=verify_compass, where=Where.EXPLORING, verb="Read")
def read_compass(
    ctx: Context, state: CampaignState, member: Character, item: Item, target: str
) -> Resolution[None]:
    """(house) Read the compass: it gives the bearing back to the way out (the exit, or the stairs up).

    The book's "harder to get lost" has no lost rule to soften; the needle instead tells the party
    which way it came in, which the map alone does not say on a level it has not fully seen.
    """
    expedition = expedition_of(state)
    level = expedition.level
    goal, what = (level.exit, "the way out") if level.exit is not None else (level.stairs_up, "the stairs up")
    goal = goal if goal is not None else level.arrival
    ctx.emit(
        CompassRead(
            rule="§7.4",
            character=member.id,
            toward=what,
            bearing=bearing(expedition.position, goal),
            distance=manhattan(expedition.position, goal),
        )
    )
    return
    yield


def verify_ashes(state: CampaignState, member: Character, item: Item, target: str) -> None:
    """Ashes of insight are flung while exploring."""
    expedition_of(state)


@item_use("ashes_of_insight", verify=verify_ashes, where=Where.EXPLORING, verb="Fling")
def fling_ashes(
    ctx: Context, state: CampaignState, member: Character, item: Item, target: str
) -> Resolution[None]:
    """(house) Fling the ashes (their quick use): what is unseen in this area shows.

    Hidden traps here are found, and in a room its secret doors and hidden caches too. The slow
    use (naming a magic item) has nothing to do: the game always names items. Used up either way.
    """
    expedition = expedition_of(state)
    found = find(ctx, traps_here(expedition), disarm=False, rule="§7.4")
    shown = [t.pos for t in found]
    room = expedition.room
    if room is not None:
        for door in expedition.level.doors.values():
            if door.secret and not door.found and room.id in door.rooms:
                door.found = True
                shown.append(door.pos)
        for cache in expedition.level.caches:
            if cache.hidden and cache.room == room.id and not cache.looted:
                cache.hidden = False
                shown.append(cache.pos)
    ctx.emit(AshesFlung(rule="§7.4", character=member.id, revealed=tuple(shown)))
    spend(ctx, member, item, rule="§7.4")
    return
    yield


@dataclass(frozen=True, slots=True, kw_only=True)
class WaterDrunk(Event):
    """A character drank a unit of water from a canteen or waterskin."""

    character: str
    container: int
    name: str


@dataclass(frozen=True, slots=True, kw_only=True)
class LanternRefuelled(Event):
    """A lantern was filled with oil: its usage die is full again."""

    character: str
    lantern: int
    usage: int


@dataclass(frozen=True, slots=True, kw_only=True)
class DoorSpiked(Event):
    """A door was spiked shut from the party's side (a barricade, HOUSE §1.4)."""

    character: str
    pos: tuple[int, int]


@dataclass(frozen=True, slots=True, kw_only=True)
class CompassRead(Event):
    """A compass gave the bearing back toward the way out (`distance` in tiles, as the crow flies)."""

    character: str
    toward: str
    bearing: str
    distance: int


@dataclass(frozen=True, slots=True, kw_only=True)
class AshesFlung(Event):
    """Ashes of insight were flung; `revealed` are the tiles of what showed (traps, doors, caches)."""

    character: str
    revealed: tuple[tuple[int, int], ...]
