"""Provides the camp actions (§10.3, §6.1): lookouts, rest, sleep, camp items, cooking, skills, breaking camp.

Each action spends camp actions from the shared pool (`camp_cost`); its guard raises
`IllegalAction` with a reason, and its verb is a resolution. `expedition.rules.turns` dispatches
to `GUARDS` and `VERBS`; `camp_options` lists what a character could do, for the camp screen.

House limits where the book is silent: a character keeps one lookout, and a surgeon operates
once per camp; the party sleeps once per camp; Crafting's free repair is once per crafter.
Transmute (alchemy) is not here: the rules for extracts and tonics are not defined enough.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from expedition.rules.actions import Action
from expedition.rules.afflictions import Cure, apply_cure
from expedition.rules.camp import (
    AmbushResult,
    CampAmbushed,
    ambush_group,
    break_camp,
    current_camp,
    living,
    roll_ambush,
    snorer,
)
from expedition.rules.camp_items import repair_armour, repairable, use_camp_item, verify_camp_item
from expedition.rules.camp_state import CampState
from expedition.rules.character import Attr, Character
from expedition.rules.conditions import Affliction
from expedition.rules.context import Context
from expedition.rules.decisions import Choice, Decision, Resolution
from expedition.rules.errors import IllegalAction, InvalidAction
from expedition.rules.events import Event
from expedition.rules.items import ArmourType, Item
from expedition.rules.memorising import memorise, memory_limit
from expedition.rules.recovery import heal_chosen_wound, rest_all_fatigue
from expedition.rules.skills import Skill, Trait
from expedition.rules.trackers import lower
from expedition.rules.traps import run_test
from expedition.rules.usage import use_one

if TYPE_CHECKING:
    from expedition.rules.campaign import CampaignState

RULE = "§10.3"


@dataclass(frozen=True, slots=True, kw_only=True)
class KeepLookout(Action):
    """Keep a lookout (§10.3): 1 camp action, one ambush die fewer."""


@dataclass(frozen=True, slots=True, kw_only=True)
class WellDeservedRest(Action):
    """A well deserved rest (§10.3): 1 camp action; all fatigue, Shaken and Sleepy go, prayers return."""


@dataclass(frozen=True, slots=True, kw_only=True)
class UseCampItem(Action):
    """Use a camp item (§10.3, §7.3): 1 camp action lets each adventurer use one.

    Attributes:
        item: The item's uid (carried by the actor).
        target: Who it is used on; "" for the actor.
    """

    item: int
    target: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class Cook(Action):
    """Cook some food (§10.3): 1 camp action; needs a fire, a supply used this camp and rations."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Sleep(Action):
    """Sleep (§10.3): 2 camp actions; fatigue, Sleepy and Shaken go, everyone heals 1 wound; +1 ambush die."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Memorise(Action):
    """Memorise spells or prayers (§10.3, §11.1, §11.2): 1 camp action; a wizard or cleric swaps them.

    Attributes:
        keys: What to hold in memory from now on (spells for a wizard, prayers for a cleric).
    """

    keys: tuple[str, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class PerformRitual(Action):
    """The Ritualist skill (§6.1): 1 camp action lowers doom or omens by 1."""


@dataclass(frozen=True, slots=True, kw_only=True)
class PerformSurgery(Action):
    """The Surgeon skill (§6.1): 1 camp action (§6.1 note), an INT test heals 1 wound on everyone."""


@dataclass(frozen=True, slots=True, kw_only=True)
class RepairGear(Action):
    """The Crafting skill (§6.1): repair 2 armour points for free, once per camp.

    Attributes:
        target: Whose armour; "" for the crafter's own.
    """

    target: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class BreakCamp(Action):
    """Roll for an ambush, then break camp (§10.3): doom +1, or +2 after a long rest (§16 #9)."""


COSTS: dict[type[Action], int] = {
    KeepLookout: 1,
    WellDeservedRest: 1,
    UseCampItem: 1,
    Cook: 1,
    Memorise: 1,
    Sleep: 2,
    PerformRitual: 1,
    PerformSurgery: 1,
    RepairGear: 0,
    BreakCamp: 0,
}
"""Camp actions each costs from the pool (§10.3)."""


def camp_cost(state: CampaignState, action: Action) -> int:
    """Camp actions `action` takes now: a camp item is free for whoever has not used one this round."""
    if isinstance(action, UseCampItem):
        camp = current_camp(state)
        return 0 if camp.item_round and action.actor not in camp.item_users else 1
    return COSTS.get(type(action), 1)


# --- guards ------------------------------------------------------------------------------------


def _camper(state: CampaignState, action: Action) -> tuple[CampState, Character]:
    camp = current_camp(state)
    if not action.actor:
        raise InvalidAction(f"{type(action).__name__} needs the acting character")
    member = next((c for c in state.party if c.id == action.actor), None)
    if member is None:
        raise IllegalAction(f"{action.actor} is not with the party.")
    if not member.can_act:
        raise IllegalAction(f"{member.name} cannot act ({member.status.value.replace('_', ' ')}).")
    return camp, member


def _affordable(guard: Callable[[CampaignState, Any], None]) -> Callable[[CampaignState, Any], None]:
    """Run `guard`, then check the pool holds the action's cost (the specific reason comes first)."""

    def verify(state: CampaignState, action: Action) -> None:
        guard(state, action)
        camp = current_camp(state)
        cost = camp_cost(state, action)
        if cost > camp.pool:
            raise IllegalAction(f"That takes {cost} camp action{'s' if cost > 1 else ''}; {camp.pool} left.")

    return verify


def _target(state: CampaignState, member: Character, target: str) -> Character:
    if not target:
        return member
    found = next((c for c in state.party if c.id == target), None)
    if found is None:
        raise IllegalAction(f"{target} is not with the party.")
    return found


def _carried(member: Character, uid: int) -> Item:
    item = next((i for i in member.items if i.uid == uid), None)
    if item is None:
        raise IllegalAction(f"{member.name} does not carry that item.")
    return item


def _verify_lookout(state: CampaignState, action: KeepLookout) -> None:
    camp, member = _camper(state, action)
    if member.id in camp.lookouts:
        raise IllegalAction(f"{member.name} is already keeping a lookout.")


def _verify_rest(state: CampaignState, action: WellDeservedRest) -> None:
    _camper(state, action)


def _verify_item(state: CampaignState, action: UseCampItem) -> None:
    _, member = _camper(state, action)
    verify_camp_item(member, _target(state, member, action.target), _carried(member, action.item))


def rations(state: CampaignState) -> int:
    """Rations the party carries."""
    return sum(i.quantity for m in state.party for i in m.items if i.defn.key == "ration")


def feeds(cook: Character) -> int:
    """Eaters one cooked ration feeds: 2, 3 with Cooking, 4 with Master Chef (§10.3, §6.1)."""
    return 4 if Skill.MASTER_CHEF in cook.skills else 3 if Skill.COOKING in cook.skills else 2


def _verify_cook(state: CampaignState, action: Cook) -> None:
    camp, _ = _camper(state, action)
    if not camp.fire:
        raise IllegalAction("Cooking needs a fire.")
    if not camp.supplies_used:
        raise IllegalAction("Cooking needs a camping supply used up for this camp.")
    if not rations(state):
        raise IllegalAction("Nobody has a ration to cook.")


def _verify_memorise(state: CampaignState, action: Memorise) -> None:
    _, member = _camper(state, action)
    wizard = Trait.MAGIC_USER in member.traits
    if not wizard and Trait.DIVINE_MANDATE not in member.traits:
        raise IllegalAction(f"{member.name} has no spells or prayers to memorise.")
    known = member.magic.known_spells if wizard else member.magic.known_prayers
    unknown = [key for key in action.keys if key not in known]
    if unknown:
        raise IllegalAction(f"{member.name} does not know {', '.join(unknown)}.")
    if len(set(action.keys)) > memory_limit(member):
        raise IllegalAction(f"{member.name} can hold only {memory_limit(member)} in memory.")


def _verify_sleep(state: CampaignState, action: Sleep) -> None:
    camp, _ = _camper(state, action)
    if camp.slept:
        raise IllegalAction("The party has already slept this camp.")


def _verify_ritual(state: CampaignState, action: PerformRitual) -> None:
    _, member = _camper(state, action)
    if Skill.RITUALIST not in member.skills:
        raise IllegalAction(f"{member.name} does not know the Ritualist skill.")


def _verify_surgery(state: CampaignState, action: PerformSurgery) -> None:
    camp, member = _camper(state, action)
    if Skill.SURGEON not in member.skills:
        raise IllegalAction(f"{member.name} does not know the Surgeon skill.")
    if f"surgery:{member.id}" in camp.done:
        raise IllegalAction(f"{member.name} has already operated this camp.")


def _verify_repair(state: CampaignState, action: RepairGear) -> None:
    camp, member = _camper(state, action)
    if Skill.CRAFTING not in member.skills:
        raise IllegalAction(f"{member.name} does not know the Crafting skill.")
    if f"repair:{member.id}" in camp.done:
        raise IllegalAction(f"{member.name} has already mended gear this camp.")
    target = _target(state, member, action.target)
    if not repairable(target, frozenset(ArmourType)):
        raise IllegalAction(f"{target.name} wears no broken armour.")


def _verify_break(state: CampaignState, action: BreakCamp) -> None:
    current_camp(state)


GUARDS: dict[type[Action], Callable[[CampaignState, Any], None]] = {
    KeepLookout: _affordable(_verify_lookout),
    WellDeservedRest: _affordable(_verify_rest),
    UseCampItem: _affordable(_verify_item),
    Cook: _affordable(_verify_cook),
    Memorise: _affordable(_verify_memorise),
    Sleep: _affordable(_verify_sleep),
    PerformRitual: _affordable(_verify_ritual),
    PerformSurgery: _affordable(_verify_surgery),
    RepairGear: _affordable(_verify_repair),
    BreakCamp: _verify_break,
}
"""Each camp action's guard."""


# --- verbs -------------------------------------------------------------------------------------


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
        ctx, member, _target(state, member, action.target), _carried(member, action.item)
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
    _pay(ctx, state, action)
    key = yield Decision(
        kind="ritual",
        owner=action.actor,
        prompt="Lower which tracker by 1?",
        choices=(Choice("doom", "Doom"), Choice("omens", "Bad omens")),
        default="doom",
        rule="§6.1",
    )
    tracker = state.here.doom if key == "doom" else state.omens
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
    repair_armour(ctx, _target(state, crafter, action.target), 2, rule="§6.1")
    return
    yield


def _break(ctx: Context, state: CampaignState, action: BreakCamp) -> Resolution[None]:
    camp = current_camp(state)
    result = AmbushResult.SAFE if camp.ambush_rolled else roll_ambush(ctx, state)
    yield from break_camp(ctx, state)
    if result is not AmbushResult.SAFE:
        yield from ambush_fight(ctx, state, surprised=result is AmbushResult.SURPRISED)


def ambush_fight(ctx: Context, state: CampaignState, *, surprised: bool) -> Resolution[None]:
    """A wandering group falls on the camp (§10.3, HOUSE §1.5): the fight starts at once.

    The group's stat blocks come from the world (`ctx.world`); without them, or outside a
    dungeon, the group is only reported (and, in a dungeon, counted as coming, like a wandering
    check's group).
    """
    from expedition.rules.combat_setup import enemy_defs, start_combat

    name, enemies = ambush_group(ctx, state)
    ctx.emit(CampAmbushed(rule=RULE, group=name, enemies=enemies, surprised=surprised))
    foes = enemy_defs(ctx, enemies) if enemies else []
    if state.expedition is not None and foes:
        yield from start_combat(ctx, state, foes, surprised=surprised, group=name)
    elif state.expedition is not None and name:
        state.expedition.coming.append(name)


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
