"""Provides hunger and sleep in the interlude (§10.4.5): a ration a day, then a bed and its 2d6 table.

Beds come from the content's sleeping places. The inn costs more with settlement doom and
closes at doom 4 (§9.4); overcrowding doubles housing and empty streets halve it (§10.4.4).
House (HOUSE §4.4): proper accommodation is a rented room, in a size 4–5 settlement only,
3 silver a night. Camping out needs a camping supply per sleeper and rolls the camp table, after
a camp phase (`camp_out`). House (§9.4 doom 7, `hunt`): while the locals hunt the party, only the
streets are left, and any other bed chosen rolls the streets table.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from expedition.rules.character.adventurer import Character
from expedition.rules.character.afflictions import Cure, apply_cure
from expedition.rules.core.actions import Action
from expedition.rules.core.conditions import Affliction
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import Resolution
from expedition.rules.core.errors import IllegalAction, InvalidAction
from expedition.rules.core.events import Event, Note
from expedition.rules.interlude.blacksalt_events import roll_on
from expedition.rules.interlude.interlude_state import (
    InterludeContent,
    InterludeState,
    current,
    interlude_content,
    interlude_member,
)
from expedition.rules.interlude.settlement_defs import (  # place_sizes: re-exported
    PROPER,
    place_cost,
    place_sizes,
)
from expedition.rules.interlude.table_effects import apply_effect, interlude_gain
from expedition.rules.items.usage import use_one
from expedition.rules.trackers.decay import roll_decay_table
from expedition.rules.trackers.doom import hunted, inn_closed, inn_surcharge

if TYPE_CHECKING:
    from expedition.rules.engine.campaign import CampaignState
    from expedition.rules.interlude.settlement_defs import SleepingPlace

INN = "inn"
CAMP = "camp"
RATION = "ration"
CAMPING_SUPPLY = "camping_supplies"


def bed_cost(state: CampaignState, interlude: InterludeState, place: SleepingPlace) -> int:
    """Silver per person tonight: inn doom surcharge, then overcrowding ×2 or empty streets ×½ (§10.4.4)."""
    return cost_tonight(state, interlude, place.key, place_cost(place))


def cost_tonight(state: CampaignState, interlude: InterludeState, key: str, cost: int) -> int:
    """Silver per person tonight at place `key` whose nightly price is `cost` (see `bed_cost`)."""
    place_key = key
    if place_key == INN:
        cost += inn_surcharge(state.locations[interlude.settlement].doom.filled)
    if place_key in (INN, PROPER):
        if interlude.overcrowding:
            cost *= 2
        elif interlude.empty_streets:
            cost //= 2
    return cost


def streets(content: InterludeContent, size: int) -> SleepingPlace:
    """The free streets table that fits a settlement's size (§10.4.5)."""
    return next(
        p
        for p in content.sleeping_places()
        if p.cost == 0 and not p.needs and size in p.sizes and p.key.startswith("streets")
    )


def verify_bed(
    content: InterludeContent, state: CampaignState, interlude: InterludeState, member: Character, key: str
) -> SleepingPlace:
    """Raise unless `member` may sleep at the place `key` tonight; return the place.

    Raises:
        IllegalAction: Not offered here, closed by doom, without a camping supply, or too dear.
    """
    place = next((p for p in content.sleeping_places() if p.key == key), None)
    offered = place is not None and interlude.size in place_sizes(place)
    terms = PlaceTerms(list(place_sizes(place)), place_cost(place), place.needs) if place else None
    check_bed(state, interlude, member, key, terms if offered else None, streets(content, interlude.size).key)
    assert place is not None  # check_bed refused an unknown place
    return place


def verify_recorded_bed(state: CampaignState, interlude: InterludeState, member: Character, key: str) -> None:
    """Raise unless `member` may sleep at `key` tonight, judged on the places recorded on arrival.

    The guard of ChooseBed sees no world; `arrive` wrote down the sleeping places' terms, and the
    same `check_bed` the night uses judges them, so the two never disagree. An interlude that
    recorded nothing (a snapshot from before the record was kept) is only checked on what the
    state itself knows (the inn shut by doom, the hunt); the verb checks the rest.

    Raises:
        IllegalAction: Not offered here, closed by doom, without what it needs, or too dear.
    """
    if not interlude.places:
        doom = state.locations[interlude.settlement].doom.filled
        if key == INN and inn_closed(doom):
            raise IllegalAction("The inn is closed to the party.")
        if hunted(doom) and not key.startswith("streets"):
            raise IllegalAction("The locals hunt the party: only the streets are left to sleep in.")
        return
    record = interlude.places.get(key)
    terms = PlaceTerms(record[1:], record[0], interlude.place_needs.get(key, "")) if record else None
    offered = terms if terms is not None and interlude.size in terms.sizes else None
    street = next(
        (
            k
            for k, (cost, *sizes) in interlude.places.items()
            if not cost
            and not interlude.place_needs.get(k)
            and interlude.size in sizes
            and k.startswith("streets")
        ),
        "",
    )  # the same choice as `streets`, in the content's order
    check_bed(state, interlude, member, key, offered, street)


@dataclass(frozen=True, slots=True)
class PlaceTerms:
    """What a sleeping place asks (§10.4.5): the sizes offering it, its nightly price, an item it needs."""

    sizes: list[int]
    cost: int
    needs: str


def check_bed(
    state: CampaignState,
    interlude: InterludeState,
    member: Character,
    key: str,
    terms: PlaceTerms | None,
    street: str,
) -> None:
    """Raise unless `member` may sleep at `key` tonight; `terms` is None when it is not offered here.

    Raises:
        IllegalAction: Not offered here, closed by doom, hunted, without what it needs, or too dear.
    """
    if terms is None:
        raise IllegalAction(f"There is no {key.replace('_', ' ')} to sleep in here.")
    doom = state.locations[interlude.settlement].doom.filled
    if key == INN and inn_closed(doom):
        raise IllegalAction("The inn is closed to the party.")
    if hunted(doom) and key != street:
        raise IllegalAction("The locals hunt the party: only the streets are left to sleep in.")
    if terms.needs and not any(item.defn.key == terms.needs for item in member.items):
        raise IllegalAction(f"{member.name} needs {terms.needs.replace('_', ' ')} to sleep there.")
    if cost_tonight(state, interlude, key, terms.cost) > state.silver:
        raise IllegalAction(f"The party cannot pay for the {key.replace('_', ' ')} tonight.")


def hunger(
    ctx: Context, state: CampaignState, interlude: InterludeState, *, fed: tuple[str, ...] = ()
) -> Resolution[None]:
    """Hunger bites (§10.4.5): each adventurer eats a ration, carried or from the stash.

    Without one they become Hungry and Parched; whoever is already Hungry rolls on the decay
    table instead (its doom is the settlement's). House: the adventurers in `fed` ate a cooked
    meal at tonight's camp, which is their ration for the day.
    """
    doom = state.locations[interlude.settlement].doom
    for member in state.living:
        if member.id in fed:
            ctx.emit(Note(rule="§10.4.5", text=f"{member.name} ate at the camp fire tonight."))
            continue
        if _eat(ctx, state, member):
            apply_cure(ctx, member, Cure.RATION, rule="§10.4.5")
            continue
        ctx.emit(WentHungry(rule="§10.4.5", character=member.id))
        if Affliction.HUNGRY in member.afflictions:
            yield from roll_decay_table(ctx, member, doom, state.omens, party=state.party, rule="§10.4.5")
        else:
            yield from interlude_gain(ctx, member, Affliction.HUNGRY, rule="§10.4.5")
            yield from interlude_gain(ctx, member, Affliction.PARCHED, rule="§10.4.5")


def _eat(ctx: Context, state: CampaignState, member: Character) -> bool:
    carried = next((i for i in member.items if i.defn.key == RATION and i.quantity > 0), None)
    if carried is not None:
        use_one(ctx, member, carried, rule="§10.4.5")
        return True
    stored = next((i for i in state.stash if i.defn.key == RATION and i.quantity > 0), None)
    if stored is None:
        return False
    stored.quantity -= 1
    if stored.quantity == 0:
        state.stash.remove(stored)
    ctx.emit(Note(rule="§10.4.5", text=f"{member.name} eats a ration from the stash."))
    return True


def sleep(ctx: Context, state: CampaignState, interlude: InterludeState) -> Resolution[None]:
    """Night (§10.4.5): each adventurer pays for their bed and rolls 2d6 on its table.

    A bed chosen stays chosen for the nights after. Whoever chose nothing, or can no longer have
    or pay for their choice, sleeps in the streets.
    """
    content = interlude_content(ctx)

    for member in state.living:
        key = interlude.beds.get(member.id, "")
        try:
            place = (
                verify_bed(content, state, interlude, member, key)
                if key
                else streets(content, interlude.size)
            )
        except IllegalAction as refused:
            ctx.emit(Note(rule="§10.4.5", text=f"{refused} {member.name} sleeps in the streets."))
            place = streets(content, interlude.size)
        cost = bed_cost(state, interlude, place)
        state.silver -= cost
        _, _, row = roll_on(ctx, place.table, who=member.id)
        ctx.emit(Slept(rule="§10.4.5", character=member.id, place=place.key, cost=cost, row=row.key))
        yield from apply_effect(ctx, state, interlude, row.effect, [member], resting=True, rule="§10.4.5")


@dataclass(frozen=True, slots=True, kw_only=True)
class WentHungry(Event):
    """An adventurer had no ration today (§10.4.5)."""

    character: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Slept(Event):
    """An adventurer spent the night somewhere (§10.4.5).

    Attributes:
        character: Who.
        place: The sleeping place's key.
        cost: Silver paid.
        row: The key of the table row rolled.
    """

    character: str
    place: str
    cost: int
    row: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ChooseBed(Action):
    """Choose where to sleep tonight and the nights after (§10.4.5); `place` is a sleeping place key."""

    place: str


def verify_choose_bed(state: CampaignState, action: ChooseBed) -> None:
    interlude = current(state)
    member = interlude_member(state, action)
    if not action.place:
        raise InvalidAction("name the place to sleep")
    verify_recorded_bed(state, interlude, member, action.place)  # what the verb's `verify_bed` refuses


def choose_bed(ctx: Context, state: CampaignState, action: ChooseBed) -> Resolution[None]:
    interlude = current(state)
    verify_bed(interlude_content(ctx), state, interlude, state.character(action.actor), action.place)
    interlude.beds[action.actor] = action.place
    ctx.emit(BedChosen(rule="§10.4.5", character=action.actor, place=action.place))
    return
    yield


@dataclass(frozen=True, slots=True, kw_only=True)
class BedChosen(Event):
    """An adventurer chose where to sleep (§10.4.5)."""

    character: str
    place: str
