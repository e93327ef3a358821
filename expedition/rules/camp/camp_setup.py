"""Provides setting up camp (§10.3): where the camp is, its pool of camp actions, supplies, fire, long rest.

`start_camp` uses camping supplies, offers a fire and a long rest, and builds the pool of camp
actions from the parts `pool.pool_parts` lists. `camp_of` and `current_camp` find the camp under way: a
dungeon camp lives in `ExpeditionState.camp`; camping out during the interlude keeps it in
`CampaignState.camp`.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from expedition.rules.camp.pool import pool_parts, pool_size
from expedition.rules.character.adventurer import Character
from expedition.rules.core.actions import Action
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import Choice, Decision, Resolution
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.events import Event, Note
from expedition.rules.core.phase import Phase
from expedition.rules.core.skills import Skill
from expedition.rules.exploration.camp_state import CampPlace, CampState
from expedition.rules.exploration.exploration_turn import exploration_turn
from expedition.rules.exploration.setting_up_camp import CampSetUp, SetUpCamp
from expedition.rules.items.usage import use_one
from expedition.rules.magic.prayers.sacrifices import plague_party

if TYPE_CHECKING:
    from expedition.rules.engine.campaign import CampaignState

__all__ = [
    "FIREWOOD",
    "SUPPLIES",
    "VERBS",
    "CampStarted",
    "FireLit",
    "camp_of",
    "current_camp",
    "room_place",
    "set_up_camp",
    "start_camp",
    "use_units",
]

SUPPLIES = "camping_supplies"
"""The item that adds camp actions and can light the fire (§7.4)."""
FIREWOOD = "firewood"
"""The house item that lights a fire in place of camping supplies (§7.4 GAP)."""


# --- where the camp is -------------------------------------------------------------------------


def camp_of(state: CampaignState) -> CampState | None:
    """The camp under way: the dungeon's, else a camp outside any dungeon, else None."""
    if state.expedition is not None and state.expedition.camp is not None:
        return state.expedition.camp
    return state.camp


def current_camp(state: CampaignState) -> CampState:
    """The camp under way.

    Raises:
        IllegalAction: When the party is not camping.
    """
    camp = camp_of(state)
    if camp is None or state.phase is not Phase.CAMP:
        raise IllegalAction("The party is not camping.")
    return camp


def room_place(state: CampaignState, *, camped_before: bool) -> CampPlace:
    """The camping qualities of the room the party stands in (HOUSE §1.3), as a `CampPlace`.

    Raises:
        IllegalAction: Outside a dungeon room.
    """
    expedition = state.expedition
    room = None if expedition is None else expedition.room
    if room is None:
        raise IllegalAction("Camp is made in a room.")
    return CampPlace(
        name=room.name or "a room",
        dry=room.dry,
        filthy=room.filthy,
        exposed=room.exposed,
        camped_before=camped_before,
    )


# --- setup -------------------------------------------------------------------------------------


def _units(party: Sequence[Character], key: str) -> int:
    return sum(item.quantity for member in party for item in member.items if item.defn.key == key)


def _spare(member: Character, campers: Sequence[str]) -> int:
    """Camping supplies `member` may use up at setup: all, less the one a camper keeps for the night."""
    return max(0, _units([member], SUPPLIES) - (1 if member.id in campers else 0))


def use_units(
    ctx: Context, party: Sequence[Character], key: str, count: int, *, rule: str, keep: Sequence[str] = ()
) -> int:
    """Use up `count` units of the item `key`, taken in party order.

    Args:
        ctx: Dice and events.
        party: Whose items.
        key: The item's key.
        count: Units wanted.
        rule: The section applied.
        keep: Characters who each keep one unit back (campers keep a camping supply, house).

    Returns:
        The units used (fewer when the party runs short).
    """
    used = 0
    for member in party:
        allowed = _units([member], key) - (1 if member.id in keep else 0)
        for item in [item for item in member.items if item.defn.key == key]:
            while used < count and allowed > 0 and item.quantity > 0 and item in member.items:
                use_one(ctx, member, item, rule=rule)
                used += 1
                allowed -= 1
    return used


def _yes_no(owner: str, kind: str, prompt: str, default: bool) -> Decision:
    return Decision(
        kind=kind,
        owner=owner,
        prompt=prompt,
        choices=(Choice("yes", "Yes"), Choice("no", "No")),
        default="yes" if default else "no",
        rule="§10.3",
    )


def start_camp(ctx: Context, state: CampaignState, *, place: CampPlace) -> Resolution[CampState]:
    """Set up camp (§10.3): use camping supplies, light a fire, choose a long rest, build the pool.

    Asks the first member able to act: how many camping supplies to use up ("camp_supplies",
    keys "0".."n", default "1"), whether to light a fire ("camp_fire", "yes"/"no") when one is
    possible and there is fuel (a supply used now, or firewood, which is then used up), and
    whether to take a long rest ("long_rest") unless `place.long_rest` says. The phase becomes
    camp; breaking camp returns to the phase the party was in. While Kaal Rafir is angry, each
    camp brings his plague on the party (`sacrifices.plague_party`, house reading of §5.7.4).

    Raises:
        IllegalAction: When a camp is already under way or nobody can act.
    """
    if camp_of(state) is not None:
        raise IllegalAction("The party is already camping.")
    leader = next((member for member in state.party if member.can_act), None)
    if leader is None:
        raise IllegalAction("Nobody in the party can set up camp.")
    rule = "§10.3"
    carried = sum(_spare(member, place.campers) for member in state.party)
    supplies = 0
    if carried:
        key = yield Decision(
            kind="camp_supplies",
            owner=leader.id,
            prompt=f"Use up how many camping supplies? (+1 camp action each; the party has {carried}"
            + (" to spare)" if place.campers else ")"),
            choices=tuple(Choice(str(n), str(n)) for n in range(carried + 1)),
            default="1",
            rule=rule,
        )
        supplies = use_units(ctx, state.party, SUPPLIES, int(key), rule=rule, keep=place.campers)
    fire = False
    wood = _units(state.party, FIREWOOD)
    if place.fire_possible and (supplies or wood):
        fuel = "the camping supplies" if supplies else "firewood"
        answer = yield _yes_no(
            leader.id,
            "camp_fire",
            f"Light a fire with {fuel}? (+1 camp action{', +1 ambush die' if place.in_dungeon else ''})",
            True,
        )
        if answer == "yes":
            fire = True
            if not supplies:
                use_units(ctx, state.party, FIREWOOD, 1, rule=rule)
            ctx.emit(FireLit(rule=rule, fuel=SUPPLIES if supplies else FIREWOOD))
    long_rest = place.long_rest
    if long_rest is None:
        doom = " (doom +1 more when the camp breaks)" if place.in_dungeon else ""
        answer = yield _yes_no(leader.id, "long_rest", f"Take a long rest? (+2 camp actions{doom})", False)
        long_rest = answer == "yes"
    survivalists = sum(1 for m in state.living if Skill.SURVIVALIST in m.skills)
    parts = pool_parts(place, supplies=supplies, survivalists=survivalists, fire=fire, long_rest=long_rest)
    size = pool_size(parts)
    returns_to = state.phase.value if state.phase is not Phase.CAMP else Phase.EXPLORATION.value
    camp = CampState(
        place=place, pool=size, total=size, supplies_used=supplies, fire=fire, long_rest=long_rest,
        returns_to=returns_to,
    )  # fmt: skip
    if state.expedition is not None and place.in_dungeon:
        state.expedition.camp = camp
    else:
        state.camp = camp
    state.phase = Phase.CAMP
    ctx.emit(
        CampStarted(
            rule=rule,
            place=place.name,
            pool=size,
            parts=tuple(f"{p.label} {p.amount:+d}" for p in parts),
            fire=fire,
            long_rest=long_rest,
        )
    )

    plague_party(ctx, state)  # an angry Kaal Rafir at each camp (§5.7.4, house)
    return camp


# --- events ------------------------------------------------------------------------------------


# --- the exploration action that makes camp ---------------------------------------------------------


def set_up_camp(ctx: Context, state: CampaignState, action: SetUpCamp) -> Resolution[None]:
    """Settle in for one exploration turn, then start the camp in the party's room (§10.1, §10.3)."""
    expedition = state.expedition
    assert expedition is not None and expedition.room is not None  # verify ran first
    room = expedition.room
    yield from exploration_turn(ctx, state)
    if expedition.combat is not None or not any(member.can_act for member in state.party):
        # The turn spent settling in went wrong (a fight came, or everyone is down): no camp.
        ctx.emit(Note(rule="§10.3", text="The party never got to make camp."))
        return
    expedition.camps += 1
    ctx.emit(CampSetUp(rule="§10.1", room=room.id, dry=room.dry, filthy=room.filthy, exposed=room.exposed))
    yield from start_camp(ctx, state, place=room_place(state, camped_before=expedition.camps > 1))


VERBS: dict[type[Action], Callable[[Context, CampaignState, Any], Generator[Any, str, None]]] = {
    SetUpCamp: set_up_camp,
}
"""The verb of `SetUpCamp`: its guard and cost are exploration's (`setting_up_camp`), the camp is ours."""


@dataclass(frozen=True, slots=True, kw_only=True)
class CampStarted(Event):
    """Camp was set up and its pool of camp actions built.

    Attributes:
        place: Where.
        pool: Camp actions to spend.
        parts: What the pool is made of, as "label +n".
        fire: Whether a fire was lit.
        long_rest: Whether the party takes a long rest.
    """

    place: str
    pool: int
    parts: tuple[str, ...]
    fire: bool
    long_rest: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class FireLit(Event):
    """A camp fire was lit; `fuel` is the item key that fed it."""

    fuel: str
