"""Provides the camp (§10.3): setting it up, its pool of camp actions, the ambush roll and breaking camp.

Order of play: setup (`start_camp` builds the pool and asks about supplies, the fire and a long
rest), camp actions (`camp_actions`), then the ambush roll and breaking camp, which the
`BreakCamp` action does together. A dungeon camp lives in `ExpeditionState.camp`; camping out
during the interlude keeps it in `CampaignState.camp`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from typing import TYPE_CHECKING

from expedition.rules.camp_state import CampPlace, CampState
from expedition.rules.character import Character, Status
from expedition.rules.conditions import Trauma
from expedition.rules.context import Context
from expedition.rules.decisions import GM, Choice, Decision, Resolution
from expedition.rules.doom import advance_doom
from expedition.rules.errors import IllegalAction
from expedition.rules.events import Event
from expedition.rules.skills import Skill
from expedition.rules.usage import use_one

if TYPE_CHECKING:
    from expedition.rules.campaign import CampaignState

SUPPLIES = "camping_supplies"
"""The item that adds camp actions and can light the fire (§7.4)."""
FIREWOOD = "firewood"
"""The house item that lights a fire in place of camping supplies (§7.4 GAP)."""
SNORER = "loud_snorer"
"""The feature (§5.6, row 4) whose sleeper adds an ambush die."""
WANDERING_CAP = 8
"""Wandering rows stop at 8 (HOUSE §1.8)."""


@dataclass(frozen=True, slots=True)
class Part:
    """One line of a sum shown to the players: what it is and what it adds (negative to take away)."""

    label: str
    amount: int


class AmbushResult(StrEnum):
    """How the ambush roll went (§10.3, §16 #19)."""

    SAFE = "safe"
    FIGHT = "fight"
    SURPRISED = "surprised"


@dataclass(frozen=True, slots=True)
class AmbushOdds:
    """Exact chances of the ambush roll (§10.3).

    Attributes:
        dice: Ambush dice to roll.
        fight: Chance of at least one 6 (a fight, surprised or not).
        surprised: Chance of two or more 6s (the adventurers are surprised).
    """

    dice: int
    fight: Fraction
    surprised: Fraction

    @property
    def safe(self) -> Fraction:
        """Chance of no 6 at all."""
        return 1 - self.fight


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
    from expedition.rules.campaign import Phase

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


def pool_parts(
    place: CampPlace, *, supplies: int, survivalists: int, fire: bool, long_rest: bool
) -> tuple[Part, ...]:
    """What the pool of camp actions is made of (§10.3, §16 #16: nothing by default)."""
    parts: list[Part] = []
    if place.dry:
        parts.append(Part("dry, stable place", 1))
    if supplies:
        parts.append(Part(f"{supplies} camping suppl{'y' if supplies == 1 else 'ies'} used", supplies))
    if survivalists:
        parts.append(Part(f"{survivalists} Survivalist{'s' if survivalists > 1 else ''}", survivalists))
    if fire:
        parts.append(Part("a fire", 1))
    if long_rest:
        parts.append(Part("long rest", 2))
    if place.filthy:
        parts.append(Part("filthy place", -1))
    return tuple(parts)


def pool_size(parts: Sequence[Part]) -> int:
    """The camp actions the parts give, never fewer than 0."""
    return max(0, sum(part.amount for part in parts))


def _units(party: Sequence[Character], key: str) -> int:
    return sum(item.quantity for member in party for item in member.items if item.defn.key == key)


def use_units(ctx: Context, party: Sequence[Character], key: str, count: int, *, rule: str) -> int:
    """Use up `count` units of the item `key`, taken in party order.

    Returns:
        The units used (fewer when the party runs short).
    """
    used = 0
    for member in party:
        for item in [item for item in member.items if item.defn.key == key]:
            while used < count and item.quantity > 0 and item in member.items:
                use_one(ctx, member, item, rule=rule)
                used += 1
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
    camp; breaking camp returns to the phase the party was in.

    Raises:
        IllegalAction: When a camp is already under way or nobody can act.
    """
    from expedition.rules.campaign import Phase

    if camp_of(state) is not None:
        raise IllegalAction("The party is already camping.")
    leader = next((member for member in state.party if member.can_act), None)
    if leader is None:
        raise IllegalAction("Nobody in the party can set up camp.")
    rule = "§10.3"
    carried = _units(state.party, SUPPLIES)
    supplies = 0
    if carried:
        key = yield Decision(
            kind="camp_supplies",
            owner=leader.id,
            prompt=f"Use up how many camping supplies? (+1 camp action each; the party has {carried})",
            choices=tuple(Choice(str(n), str(n)) for n in range(carried + 1)),
            default="1",
            rule=rule,
        )
        supplies = use_units(ctx, state.party, SUPPLIES, int(key), rule=rule)
    fire = False
    wood = _units(state.party, FIREWOOD)
    if place.fire_possible and (supplies or wood):
        fuel = "the camping supplies" if supplies else "firewood"
        answer = yield _yes_no(
            leader.id, "camp_fire", f"Light a fire with {fuel}? (+1 camp action, +1 ambush die)", True
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
    return camp


# --- the ambush roll ---------------------------------------------------------------------------


def snorer(state: CampaignState, member: Character) -> bool:
    """True if the character has the loud-snorer feature (§5.6)."""
    sheet = state.sheets.get(member.id)
    return sheet is not None and sheet.feature == SNORER


def ambush_parts(state: CampaignState, camp: CampState) -> tuple[Part, ...]:
    """What the ambush pool is made of (§10.3; Paranoid adds a die, §16 #10)."""
    parts: list[Part] = []
    if camp.place.exposed:
        parts.append(Part("exposed place", 1))
    if camp.fire:
        parts.append(Part("fire", 1))
    if camp.place.camped_before:
        parts.append(Part("camped before on this expedition", 1))
    if camp.slept:
        parts.append(Part("sleep", 1))
    for snoring in camp.snorers:
        parts.append(Part(f"{_name(state, snoring)} snores", 1))
    if camp.place.extra_dice:
        parts.append(Part("doom and events", camp.place.extra_dice))
    for member in state.living:
        if Trauma.PARANOID in member.traumas:
            parts.append(Part(f"{member.name} is paranoid", 1))
    for lookout in camp.lookouts:
        parts.append(Part(f"{_name(state, lookout)} keeps a lookout", -1))
    return tuple(parts)


def _name(state: CampaignState, character_id: str) -> str:
    return next((m.name for m in state.party if m.id == character_id), character_id)


def ambush_dice(state: CampaignState, camp: CampState) -> int:
    """Ambush dice to roll now, never fewer than 0."""
    return pool_size(ambush_parts(state, camp))


def ambush_odds(dice: int) -> AmbushOdds:
    """Exact chances of a fight (any 6) and of being surprised (two or more 6s) on `dice` d6."""
    none = Fraction(5, 6) ** dice
    one = dice * Fraction(1, 6) * Fraction(5, 6) ** (dice - 1) if dice else Fraction(0)
    return AmbushOdds(dice=dice, fight=1 - none, surprised=1 - none - one)


def roll_ambush(ctx: Context, state: CampaignState) -> AmbushResult:
    """Roll the ambush dice (§10.3): any 6 is a fight, two or more 6s a surprise (§16 #19)."""
    camp = current_camp(state)
    dice = ambush_dice(state, camp)
    faces = ctx.roll(dice, 6, who=GM, why="ambush roll", rule="§10.3")
    sixes = sum(1 for face in faces if face == 6)
    result = AmbushResult.SAFE if sixes == 0 else AmbushResult.FIGHT if sixes == 1 else AmbushResult.SURPRISED
    camp.ambush_rolled = True
    ctx.emit(AmbushRolled(rule="§10.3", dice=dice, sixes=sixes, result=result))
    return result


def ambush_group(ctx: Context, state: CampaignState) -> tuple[str, tuple[str, ...]]:
    """The wandering group that attacks the camp: row 1d6 + E − 1, at most 8 (HOUSE §1.5).

    Returns:
        The group's name and its enemy keys; ("", ()) outside a dungeon or without a table.
    """
    expedition = state.expedition
    if expedition is None or not expedition.dungeon.wandering:
        return "", ()
    roll = ctx.roll(1, 6, who=GM, why="wandering row (camp ambush)", rule="HOUSE §1.5")[0]
    group = expedition.dungeon.wandering_row(min(WANDERING_CAP, roll + expedition.effective_depth - 1))
    return group.name, group.core


# --- breaking camp -----------------------------------------------------------------------------


def break_camp(ctx: Context, state: CampaignState) -> Resolution[None]:
    """Break camp (§10.3): doom +1, or +2 after a long rest (§16 #9), and back to what the party did.

    Doom advances only in a dungeon; camping out in the interlude leaves it alone.
    """
    from expedition.rules.campaign import Phase

    camp = current_camp(state)
    doom = 2 if camp.long_rest else 1
    if camp.place.in_dungeon:
        yield from advance_doom(ctx, state.here.doom, state.omens, state.party, doom, rule="§16 #9")
    if state.expedition is not None and state.expedition.camp is camp:
        state.expedition.camp = None
    else:
        state.camp = None
    state.phase = Phase(camp.returns_to)
    ctx.emit(
        CampBroken(
            rule="§10.3",
            doom=doom if camp.place.in_dungeon else 0,
            long_rest=camp.long_rest,
            returns_to=camp.returns_to,
        )
    )


def living(state: CampaignState) -> list[Character]:
    """Party members not dead (everyone in camp shares rest and sleep)."""
    return [member for member in state.party if member.status is not Status.DEAD]


# --- events ------------------------------------------------------------------------------------


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


@dataclass(frozen=True, slots=True, kw_only=True)
class AmbushRolled(Event):
    """The ambush dice were rolled (the faces are in the `DiceRolled` before it)."""

    dice: int
    sixes: int
    result: AmbushResult


@dataclass(frozen=True, slots=True, kw_only=True)
class CampAmbushed(Event):
    """Something attacks the camp.

    Attributes:
        group: The wandering group's name ("" when there is no table to draw on).
        enemies: Its enemy keys.
        surprised: The adventurers are surprised: all slow, no initiative (§16 #19).
    """

    group: str
    enemies: tuple[str, ...]
    surprised: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class CampBroken(Event):
    """Camp was broken: doom advanced by `doom`, and the party went back to `returns_to`."""

    doom: int
    long_rest: bool
    returns_to: str
