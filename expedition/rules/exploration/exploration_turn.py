"""Provides one exploration turn (§10.1): lights, decay, fainting, bleeding, encumbrance, noise, darkness.

Order within a turn, in a dungeon expedition: lights spent at the last decay go out (§7.8, the
house reading in `usage`), decay advances and may trigger (§9.1), the fainted and the near death
count down (§4.3, §4.4, §16 #35), the bleeding bleed (§4.6), the encumbered test STR (§7.1),
then the house wandering checks for a decay trigger and for loitering, and the lingering doom
(HOUSE §1.5); last, whoever ends the turn in darkness takes 1 PRE fatigue or Terrified, as
their player chooses (§7.8).
Without an `ExpeditionState` (a campaign opened at a dungeon before the map existed) only the
book's core runs: decay, fainting and bleeding.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from expedition.rules.character.adventurer import Status
from expedition.rules.character.afflictions import bleeding_tick
from expedition.rules.character.fainting import faint_turn
from expedition.rules.character.harm import take_fatigue
from expedition.rules.character.mortal_wounds import MortallyWounded, near_death_turn
from expedition.rules.core.attributes import Attr
from expedition.rules.core.conditions import Affliction, gain_affliction
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import GM, Choice, Decision, Resolution
from expedition.rules.core.dice import risk_triggered
from expedition.rules.core.events import Event
from expedition.rules.core.hooks import Hook
from expedition.rules.core.lasting import Span, tick
from expedition.rules.core.tracker import TrackerTriggered
from expedition.rules.exploration.expedition import in_darkness
from expedition.rules.items import inventory, usage
from expedition.rules.magic.spells.utility_spells import fate_runs_out
from expedition.rules.trackers.decay import decay_turn
from expedition.rules.trackers.doom import advance_doom

if TYPE_CHECKING:
    from expedition.rules.engine.campaign import CampaignState

LOITER_EVERY = 3
"""Every third turn in a row in one area makes a 1d! wandering check (HOUSE §1.5)."""
LINGER_EVERY = 3
"""Every third decay trigger on one level advances doom by 1 (HOUSE §1.5)."""
WANDERING_CAP = 8
"""Wandering rows stop at 8 (HOUSE §1.8)."""

ROOM_TURN: Hook[Callable[[Context, CampaignState], Resolution[None]]] = Hook("a turn spent in the room")
"""Asked after the loitering check of every turn in a dungeon: hazards that act as a stay grows long
(grave dust, thin air: `hazards_air.room_turn`, HOUSE §1.9, §1.12)."""
DECAY_STRUCK: Hook[Callable[[Context, CampaignState], Resolution[None]]] = Hook("decay triggered this turn")
"""Asked after the wandering check of a turn in which decay triggered: surge channels and flash floods
(`hazards_water.decay_hazards`, HOUSE §1.11, §1.14)."""
NOISE_MADE: Hook[Callable[[Context, CampaignState], Resolution[None]]] = Hook("the party made a loud noise")
"""Asked after a noise's wandering check (`make_noise`): a collapse a loud action brings down
(`hazards_noise.collapse_on_noise`, HOUSE §1.10, §1.12, §1.14)."""


def exploration_turn(ctx: Context, state: CampaignState) -> Resolution[None]:
    """One exploration turn goes by (§10.1); see the module docstring for what happens in it."""
    state.turn += 1
    ctx.emit(ExplorationTurnPassed(rule="§10.1", turn=state.turn))

    yield from fate_runs_out(ctx, state)  # §11.1 Weave fate: unused dice hurt
    tick(ctx, state, Span.TURN, rule="§10.1")
    expedition = state.expedition
    here = state.here
    if expedition is not None:
        for member in state.party:
            usage.burn_out_lights(ctx, member, rule="§7.8")
    start = len(ctx.events)
    if not here.settlement:
        yield from decay_turn(ctx, state.decay, state.party, here.doom, state.omens)
    decayed = any(
        isinstance(event, TrackerTriggered) and event.tracker == state.decay.name
        for event in ctx.events[start:]
    )
    for member in list(state.party):
        if member.status is Status.FAINTED:
            faint_turn(ctx, member)
        elif member.status is Status.MORTALLY_WOUNDED and not _fell_this_turn(ctx, member.id):
            near_death_turn(ctx, member, rule="§16 #35")  # near death counts exploration turns too
    for member in list(state.party):
        yield from bleeding_tick(ctx, member)
    if expedition is None:
        return
    for member in list(state.party):
        if member.can_act:
            yield from inventory.encumbrance_tick(ctx, member)
    expedition.turns_in_area += 1
    if expedition.turns_in_area % LOITER_EVERY == 0:
        wandering_check(ctx, state, 1, reason="loitering")

    for hazard in ROOM_TURN:  # grave dust, thin air: a stay grows long (HOUSE §1.9, §1.12)
        yield from hazard(ctx, state)
    if decayed:
        expedition.decays_on_level += 1
        if expedition.decays_on_level % LINGER_EVERY == 0:
            ctx.emit(LingeredTooLong(rule="HOUSE §1.5", depth=expedition.depth))
            yield from advance_doom(ctx, here.doom, state.omens, state.party, 1, rule="HOUSE §1.5")
        reached = sum(1 for t in here.doom.thresholds if t.segment <= here.doom.peak)
        wandering_check(ctx, state, 3 if reached >= 3 else 2, reason="decay")

        for hazard in DECAY_STRUCK:  # surge channel, flash flood (HOUSE §1.11, §1.14)
            yield from hazard(ctx, state)
    for member in list(state.party):
        if member.status is not Status.DEAD and in_darkness(state, member.id):
            yield from endure_darkness(ctx, state, member.id)


def turns_pass(ctx: Context, state: CampaignState, count: int) -> Resolution[None]:
    """`count` exploration turns go by, one after the other (what an action's cost in turns spends)."""
    for _ in range(count):
        yield from exploration_turn(ctx, state)


def _fell_this_turn(ctx: Context, character_id: str) -> bool:
    # Near death (§4.4 row 6) gives until the end of the next turn (§16 #35): a character who fell
    # during the action whose turn this is has had no turn yet. The context holds one action's events.
    turns = 0
    for event in reversed(ctx.events):
        if isinstance(event, ExplorationTurnPassed):
            turns += 1
        elif isinstance(event, MortallyWounded) and event.character == character_id and event.near_death:
            return turns <= 1
    return False


def endure_darkness(ctx: Context, state: CampaignState, character_id: str) -> Resolution[str]:
    """A character ends a turn in darkness: 1 PRE fatigue or Terrified, their player's choice (§7.8).

    Asks a "darkness" decision with keys "fatigue" and "terrified". The default is "terrified"
    for someone already Terrified (it changes nothing, §4.6) or whose PRE has no free box (the
    fatigue would become a wound or make them faint, §4.1), else "fatigue".

    Returns:
        The key chosen.
    """
    member = state.character(character_id)
    terrified = Affliction.TERRIFIED in member.afflictions
    no_room = member[Attr.PRE].available <= 0
    key = yield Decision(
        kind="darkness",
        owner=member.id,
        prompt=f"{member.name} is in the dark: take 1 PRE fatigue, or become Terrified?",
        choices=(Choice("fatigue", "1 PRE fatigue"), Choice("terrified", "Terrified")),
        default="terrified" if terrified or no_room else "fatigue",
        rule="§7.8",
    )
    ctx.emit(DarknessEndured(rule="§7.8", character=member.id, choice=key))
    if key == "fatigue":
        take_fatigue(ctx, member, Attr.PRE, 1, rule="§7.8")
    else:
        gain_affliction(ctx, member, Affliction.TERRIFIED, rule="§7.8")
    return key


def wandering_check(ctx: Context, state: CampaignState, dice: int, *, reason: str) -> str | None:
    """Roll `dice` risk dice; on a trigger a wandering group is on its way (HOUSE §1.5).

    The group comes from the dungeon's wandering row 1d6 + E − 1 (at most 8). It gives a sign
    now and arrives next turn; the fight itself belongs to the combat rules, so this only
    reports it (`WanderingMonstersComing`) and remembers it in the expedition's `coming`.

    Returns:
        The group's name, or None when nothing comes.
    """
    expedition = state.expedition
    if expedition is None or dice <= 0:
        return None
    faces = ctx.roll(dice, 6, who=GM, why=f"wandering check ({reason})", rule="HOUSE §1.5")
    if not risk_triggered(faces):
        return None
    roll = ctx.roll(1, 6, who=GM, why="wandering row", rule="HOUSE §1.5")[0]
    row = min(WANDERING_CAP, roll + expedition.encounter_depth - 1)  # house: E 1 on the first level
    dungeon = expedition.dungeon
    if dungeon.wandering:
        group = dungeon.wandering_row(row)
        name, enemies = group.name, group.core
    else:
        name, enemies = "Something wandering", ()
    expedition.coming.append(name)
    ctx.emit(
        WanderingMonstersComing(
            rule="HOUSE §1.5", reason=reason, row=row, group=name, enemies=enemies, depth=expedition.depth
        )
    )
    return name


def make_noise(ctx: Context, state: CampaignState, *, very: bool = False, what: str) -> Resolution[None]:
    """A loud noise makes a 1d! wandering check; a very loud one 2d! and doom +1 (HOUSE §1.5)."""
    ctx.emit(NoiseMade(rule="HOUSE §1.5", what=what, very=very))
    if very:
        yield from advance_doom(ctx, state.here.doom, state.omens, state.party, 1, rule="HOUSE §1.5")
    wandering_check(ctx, state, 2 if very else 1, reason="noise")

    for hazard in NOISE_MADE:  # a loud action brings a roof down (HOUSE §1.10, §1.12, §1.14)
        yield from hazard(ctx, state)


@dataclass(frozen=True, slots=True, kw_only=True)
class ExplorationTurnPassed(Event):
    """An exploration turn went by.

    Attributes:
        turn: Turns spent on this expedition so far.
    """

    turn: int


@dataclass(frozen=True, slots=True, kw_only=True)
class DarknessEndured(Event):
    """A character ended a turn in darkness and paid for it (§7.8).

    Attributes:
        character: Who.
        choice: "fatigue" (1 PRE fatigue) or "terrified".
    """

    character: str
    choice: str


@dataclass(frozen=True, slots=True, kw_only=True)
class WanderingMonstersComing(Event):
    """A wandering check triggered: a group gives its sign and arrives next turn (HOUSE §1.5).

    Attributes:
        reason: What made the check: "decay", "loitering" or "noise".
        row: The wandering row rolled (1d6 + E − 1, at most 8).
        group: The group's name.
        enemies: The enemy keys of its core.
        depth: The level it comes on.
    """

    reason: str
    row: int
    group: str
    enemies: tuple[str, ...]
    depth: int


@dataclass(frozen=True, slots=True, kw_only=True)
class NoiseMade(Event):
    """The party made a loud (or very loud) noise (HOUSE §1.5)."""

    what: str
    very: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class LingeredTooLong(Event):
    """The party spent a third decay on one level: doom advances (HOUSE §1.5)."""

    depth: int
