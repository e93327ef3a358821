"""Provides the camp actions' verbs (§10.3, §6.1): what each does, paid from the pool, and their events.

Each verb is a resolution; it first takes the action's cost out of the pool (`CampActionTaken`).
Breaking camp rolls for an ambush in a dungeon (`ambush`); camping out in the interlude goes on
with the interlude's night instead (house).
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from expedition.rules.camp.ambush import AmbushResult, ambush_fight, roll_ambush, snorer
from expedition.rules.camp.camp_action_types import (
    BreakCamp,
    Cook,
    KeepLookout,
    Memorise,
    PerformRitual,
    PerformSurgery,
    RepairGear,
    Sleep,
    UseCampItem,
    WellDeservedRest,
    camp_cost,
)
from expedition.rules.camp.camp_flow import break_camp, living
from expedition.rules.camp.camp_guards import carried, feeds, party_target
from expedition.rules.camp.camp_items import repair_armour, use_camp_item
from expedition.rules.camp.camp_setup import current_camp
from expedition.rules.camp.camp_state import CampState
from expedition.rules.camp.camping_out import FED
from expedition.rules.camp.transmute import Transmute, transmute
from expedition.rules.character.adventurer import Attr, Character
from expedition.rules.character.afflictions import Cure, apply_cure
from expedition.rules.character.recovery import heal_chosen_wound, rest_all_fatigue
from expedition.rules.core.actions import Action
from expedition.rules.core.conditions import Affliction
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import Choice, Decision, Resolution
from expedition.rules.core.events import Event
from expedition.rules.core.tracker import lower
from expedition.rules.exploration.traps import run_test
from expedition.rules.interlude.interlude_actions import night
from expedition.rules.items.usage import use_one
from expedition.rules.magic.spells.memorising import memorise

if TYPE_CHECKING:
    from expedition.rules.engine.campaign import CampaignState

__all__ = [
    "RULE",
    "VERBS",
    "CampActionTaken",
    "FoodCooked",
    "PartyRested",
    "PrayersRefreshed",
    "RitualPerformed",
    "SurgeryPerformed",
    "refresh_prayers",
]

RULE = "§10.3"
"""The section camp actions apply unless a skill's own (§6.1) does."""


def _pay(ctx: Context, state: CampaignState, action: Action) -> CampState:
    camp = current_camp(state)
    cost = camp_cost(state, action)
    camp.pool -= cost
    ctx.emit(
        CampActionTaken(
            rule=RULE, action=type(action).__name__, character=action.actor, cost=cost, left=camp.pool
        )
    )
    return camp


def _lookout(ctx: Context, state: CampaignState, action: KeepLookout) -> Resolution[None]:
    _pay(ctx, state, action).lookouts.append(action.actor)
    return
    yield


def refresh_prayers(ctx: Context, member: Character, *, rule: str = "§11.2") -> None:
    """Resting at camp un-exhausts every prayer (§11.2, §10.3)."""
    if member.magic.exhausted_prayers:
        count = len(member.magic.exhausted_prayers)
        member.magic.exhausted_prayers.clear()
        ctx.emit(PrayersRefreshed(rule=rule, character=member.id, count=count))


def _rest(ctx: Context, state: CampaignState, action: WellDeservedRest) -> Resolution[None]:
    _pay(ctx, state, action)
    ctx.emit(PartyRested(rule=RULE, sleep=False))
    for member in living(state):
        rest_all_fatigue(ctx, member, rule=RULE)
        apply_cure(ctx, member, Cure.CAMP_REST, rule="§4.6")
        apply_cure(ctx, member, Cure.CAMPING, rule="§4.6")
        refresh_prayers(ctx, member)
    return
    yield


def _item(ctx: Context, state: CampaignState, action: UseCampItem) -> Resolution[None]:
    camp = _pay(ctx, state, action)
    if not camp.item_round or action.actor in camp.item_users:
        camp.item_round, camp.item_users = True, []
    camp.item_users.append(action.actor)
    member = state.character(action.actor)
    yield from use_camp_item(
        ctx, member, party_target(state, member, action.target), carried(member, action.item)
    )


def _cook(ctx: Context, state: CampaignState, action: Cook) -> Resolution[None]:
    _pay(ctx, state, action)
    cook = state.character(action.actor)
    needy = {Affliction.HUNGRY, Affliction.PARCHED}
    eaters = sorted(living(state), key=lambda m: not needy & m.afflictions)
    per = feeds(cook)
    wanted = -(-len(eaters) // per)
    givers = [cook, *(m for m in state.party if m is not cook)]
    cooked = 0
    for giver in givers:
        for item in [i for i in giver.items if i.defn.key == "ration"]:
            while cooked < wanted and item in giver.items:
                use_one(ctx, giver, item, rule=RULE)
                cooked += 1
    fed = eaters[: cooked * per]
    ctx.emit(FoodCooked(rule=RULE, cook=cook.id, rations=cooked, fed=tuple(m.id for m in fed)))
    for eater in fed:
        apply_cure(ctx, eater, Cure.RATION, rule=RULE)
        current_camp(state).done.append(f"fed:{eater.id}")  # camping out: the day's ration (house)
    return
    yield


def _memorise(ctx: Context, state: CampaignState, action: Memorise) -> Resolution[None]:
    memorise(ctx, state.character(action.actor), action.keys, rule=RULE)  # may refuse: no grimoire
    _pay(ctx, state, action)
    return
    yield


def _sleep(ctx: Context, state: CampaignState, action: Sleep) -> Resolution[None]:
    camp = _pay(ctx, state, action)
    camp.slept = True
    ctx.emit(PartyRested(rule=RULE, sleep=True))
    for member in living(state):
        restless = False
        if snorer(state, member):
            key = yield Decision(
                kind="snore",
                owner=member.id,
                prompt=f"{member.name} snores: sleep soundly (+1 ambush die) or lie awake (stay Sleepy)?",
                choices=(Choice("snore", "Sleep and snore"), Choice("restless", "Lie awake")),
                default="snore",
                rule="§5.6",
            )
            restless = key == "restless"
            if not restless:
                camp.snorers.append(member.id)
        rest_all_fatigue(ctx, member, rule=RULE)
        apply_cure(ctx, member, Cure.CAMP_REST, rule="§4.6")
        if not restless:
            apply_cure(ctx, member, Cure.CAMPING, rule="§4.6")
        refresh_prayers(ctx, member)
        yield from heal_chosen_wound(ctx, member, resting=True, rule=RULE)


def _ritual(ctx: Context, state: CampaignState, action: PerformRitual) -> Resolution[None]:
    camp = _pay(ctx, state, action)
    interlude = state.interlude
    # Camping out (house): the doom lowered is the settlement's.
    outside = interlude is not None and not camp.place.in_dungeon
    key = yield Decision(
        kind="ritual",
        owner=action.actor,
        prompt="Lower which tracker by 1?",
        choices=(
            Choice("doom", "This settlement's doom" if outside else "Doom"),
            Choice("omens", "Bad omens"),
        ),
        default="doom",
        rule="§6.1",
    )
    doom = (
        state.locations[interlude.settlement].doom if interlude is not None and outside else state.here.doom
    )
    tracker = doom if key == "doom" else state.omens
    moved = lower(ctx, tracker, 1, rule="§6.1")
    ctx.emit(RitualPerformed(rule="§6.1", character=action.actor, tracker=key, lowered=moved))


def _surgery(ctx: Context, state: CampaignState, action: PerformSurgery) -> Resolution[None]:
    camp = _pay(ctx, state, action)
    camp.done.append(f"surgery:{action.actor}")
    surgeon = state.character(action.actor)
    result = yield from run_test(ctx, state, surgeon, Attr.INT, purpose="to operate", rule="§6.1")
    ctx.emit(SurgeryPerformed(rule="§6.1", character=surgeon.id, succeeded=result.succeeded))
    if result.succeeded:
        for member in living(state):
            yield from heal_chosen_wound(ctx, member, rule="§6.1")


def _repair(ctx: Context, state: CampaignState, action: RepairGear) -> Resolution[None]:
    camp = _pay(ctx, state, action)
    camp.done.append(f"repair:{action.actor}")
    crafter = state.character(action.actor)
    repair_armour(ctx, party_target(state, crafter, action.target), 2, rule="§6.1")
    return
    yield


def _break(ctx: Context, state: CampaignState, action: BreakCamp) -> Resolution[None]:
    camp = current_camp(state)
    interlude = state.interlude
    if not camp.place.in_dungeon and interlude is not None:
        # Camping out (house): no ambush; the interlude's night goes on (hunger, the beds, morning).
        fed = tuple(done.removeprefix(FED) for done in camp.done if done.startswith(FED))
        yield from break_camp(ctx, state)
        yield from night(ctx, state, interlude, fed=fed)
        return
    result = AmbushResult.SAFE if camp.ambush_rolled else roll_ambush(ctx, state)
    yield from break_camp(ctx, state)
    if result is not AmbushResult.SAFE:
        yield from ambush_fight(ctx, state, surprised=result is AmbushResult.SURPRISED)


VERBS: dict[type[Action], Callable[[Context, CampaignState, Any], Generator[Any, str, None]]] = {
    KeepLookout: _lookout,
    WellDeservedRest: _rest,
    UseCampItem: _item,
    Cook: _cook,
    Memorise: _memorise,
    Sleep: _sleep,
    PerformRitual: _ritual,
    PerformSurgery: _surgery,
    RepairGear: _repair,
    BreakCamp: _break,
    Transmute: transmute,
}
"""Each camp action's verb."""


# --- events ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class CampActionTaken(Event):
    """A camp action was taken: `cost` came out of the pool, `left` remain."""

    action: str
    character: str
    cost: int
    left: int


@dataclass(frozen=True, slots=True, kw_only=True)
class PartyRested(Event):
    """The party rested in camp: a well deserved rest, or sleep."""

    sleep: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class PrayersRefreshed(Event):
    """A cleric's exhausted prayers came back with rest (§11.2)."""

    character: str
    count: int


@dataclass(frozen=True, slots=True, kw_only=True)
class FoodCooked(Event):
    """A meal was cooked: `rations` used, `fed` the characters who ate."""

    cook: str
    rations: int
    fed: tuple[str, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class RitualPerformed(Event):
    """A Ritualist lowered a tracker ("doom" or "omens") by `lowered` (0 when already empty)."""

    character: str
    tracker: str
    lowered: int


@dataclass(frozen=True, slots=True, kw_only=True)
class SurgeryPerformed(Event):
    """A surgeon operated in camp."""

    character: str
    succeeded: bool
