"""Provides the camp's ambush roll (§10.3): its dice and exact odds, the roll, and the group that attacks.

Breaking camp in a dungeon rolls the ambush dice first (`breaking_camp.BreakCamp`): any 6 is a
fight, two or more 6s a surprise (§16 #19), and a wandering group falls on the camp
(`ambush_fight`).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from typing import TYPE_CHECKING

from expedition.rules.camp.camp_setup import current_camp
from expedition.rules.camp.pool import Part, pool_size
from expedition.rules.character.adventurer import Character
from expedition.rules.combat.enemies.enemy_defs import enemy_defs
from expedition.rules.combat.fight_setup import start_combat
from expedition.rules.core.conditions import Trauma
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import GM, Resolution
from expedition.rules.core.events import Event
from expedition.rules.exploration.camp_state import CampState

if TYPE_CHECKING:
    from expedition.rules.engine.campaign import CampaignState

__all__ = [
    "SNORER",
    "WANDERING_CAP",
    "AmbushOdds",
    "AmbushResult",
    "AmbushRolled",
    "CampAmbushed",
    "ambush_dice",
    "ambush_fight",
    "ambush_group",
    "ambush_odds",
    "ambush_parts",
    "roll_ambush",
    "snorer",
]

SNORER = "loud_snorer"
"""The feature (§5.6, row 4) whose sleeper adds an ambush die."""
WANDERING_CAP = 8
"""Wandering rows stop at 8 (HOUSE §1.8)."""


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
    row = min(WANDERING_CAP, roll + expedition.encounter_depth - 1)  # house: E 1 on the first level
    group = expedition.dungeon.wandering_row(row)
    return group.name, group.core


def ambush_fight(ctx: Context, state: CampaignState, *, surprised: bool) -> Resolution[None]:
    """A wandering group falls on the camp (§10.3, HOUSE §1.5): the fight starts at once.

    The group's stat blocks come from the world (`ctx.world`); without them, or outside a
    dungeon, the group is only reported (and, in a dungeon, counted as coming, like a wandering
    check's group).
    """
    name, enemies = ambush_group(ctx, state)
    ctx.emit(CampAmbushed(rule="§10.3", group=name, enemies=enemies, surprised=surprised))
    foes = enemy_defs(ctx, enemies) if enemies else []
    if state.expedition is not None and foes:
        yield from start_combat(ctx, state, foes, surprised=surprised, group=name)
    elif state.expedition is not None and name:
        state.expedition.coming.append(name)


# --- events ------------------------------------------------------------------------------------


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
