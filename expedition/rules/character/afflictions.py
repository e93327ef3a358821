"""Provides what afflictions do over time and how they go away (§4.6): cures, Bleeding, Nauseated.

Gaining an affliction is `conditions.gain_affliction`; the effects on dice (§3.6) belong to the
test rules, and those on recovery and healing to `recovery`.
"""

from __future__ import annotations

from enum import StrEnum

from expedition.rules.character.adventurer import Character, Status
from expedition.rules.character.harm import choose_attribute, place_wounds, take_fatigue
from expedition.rules.core.attributes import Attr
from expedition.rules.core.conditions import Affliction, cure_affliction
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import Resolution
from expedition.rules.core.dice import risk_triggered
from expedition.rules.core.errors import InvalidAction


class Cure(StrEnum):
    """Something that removes afflictions (§4.6, §10.3); item and spell texts may add more."""

    RATION = "ration"
    SPECIAL_RATION = "special_ration"
    WATER = "water"
    TEA = "tea"
    HOT_CHOCOLATE = "hot_chocolate"
    COFFEE = "coffee"
    BANDAGE = "bandage"
    FIRST_AID = "first_aid"
    CAMPING = "camping"
    WOUNDED_IN_COMBAT = "wounded_in_combat"
    CAMP_REST = "camp_rest"
    TONIC = "tonic"
    INTERLUDE = "interlude"
    ALCOHOL = "alcohol"
    WINE = "wine"
    CHALLENGING_FOE_DEFEATED = "challenging_foe_defeated"
    LEFT_DUNGEON_ALIVE = "left_dungeon_alive"
    CHALLENGING_FIGHT_SURVIVED = "challenging_fight_survived"
    MAGIC = "magic"
    MIRACLE = "miracle"


_A = Affliction
CURES: dict[Cure, frozenset[Affliction]] = {
    Cure.RATION: frozenset({_A.HUNGRY, _A.PARCHED}),
    # Tea, coffee and hot chocolate are special rations: each quenches thirst but not hunger.
    Cure.SPECIAL_RATION: frozenset({_A.PARCHED}),
    Cure.WATER: frozenset({_A.PARCHED}),
    Cure.TEA: frozenset({_A.PARCHED, _A.ANGRY}),
    Cure.HOT_CHOCOLATE: frozenset({_A.PARCHED, _A.ANGRY}),
    Cure.COFFEE: frozenset({_A.PARCHED, _A.SLEEPY}),
    Cure.BANDAGE: frozenset({_A.BLEEDING}),
    Cure.FIRST_AID: frozenset({_A.BLEEDING}),
    Cure.CAMPING: frozenset({_A.SLEEPY}),
    Cure.WOUNDED_IN_COMBAT: frozenset({_A.SLEEPY}),
    Cure.CAMP_REST: frozenset({_A.SHAKEN}),
    Cure.TONIC: frozenset({_A.NAUSEATED}),
    Cure.INTERLUDE: frozenset({_A.NAUSEATED}),
    Cure.ALCOHOL: frozenset({_A.TERRIFIED}),
    # Wine is alcohol that also quenches thirst (§7.4).
    Cure.WINE: frozenset({_A.PARCHED, _A.TERRIFIED}),
    Cure.CHALLENGING_FOE_DEFEATED: frozenset({_A.TERRIFIED}),
    Cure.LEFT_DUNGEON_ALIVE: frozenset({_A.HOPELESS}),
    Cure.CHALLENGING_FIGHT_SURVIVED: frozenset({_A.HOPELESS}),
    Cure.MAGIC: frozenset({_A.CURSED, _A.PLAGUED, _A.DOOMED}),
    Cure.MIRACLE: frozenset({_A.CURSED, _A.PLAGUED, _A.DOOMED}),
}
"""The afflictions each cure removes (§4.6, §10.3)."""


def apply_cure(
    ctx: Context, character: Character, cure: Cure, *, only: Affliction | None = None, rule: str
) -> tuple[Affliction, ...]:
    """Remove the afflictions `cure` removes.

    Args:
        ctx: Dice and event log.
        character: Who is cured.
        cure: What cures them.
        only: Remove just this one of the cure's afflictions (a spell that lifts one curse).
        rule: The section applied.

    Returns:
        The afflictions removed, in sheet order.

    Raises:
        InvalidAction: When `only` is not something this cure removes.
    """
    targets = CURES[cure]
    if only is not None:
        if only not in targets:
            raise InvalidAction(f"{cure.replace('_', ' ')} does not cure {only.value}")
        targets = frozenset({only})
    return tuple(
        affliction
        for affliction in Affliction
        if affliction in targets and cure_affliction(ctx, character, affliction, rule=rule)
    )


def surgeon_cures_plague(ctx: Context, character: Character, *, rule: str = "§4.6") -> bool:
    """A surgeon visit in the interlude: a triggered 1d! (a 1) cures Plagued (§4.6).

    Rolls only when the character is Plagued.

    Returns:
        True if Plagued was cured.
    """
    if Affliction.PLAGUED not in character.afflictions:
        return False
    faces = ctx.roll(1, 6, who=character.id, why="surgeon treats the plague (1d!)", rule=rule)
    return risk_triggered(faces) and cure_affliction(ctx, character, Affliction.PLAGUED, rule=rule)


def actions_per_turn(character: Character, base: int = 2) -> int:
    """Actions in a combat turn: one fewer while Nauseated (§4.6, §10.2.1), never below 0."""
    return max(0, base - (1 if Affliction.NAUSEATED in character.afflictions else 0))


def bleeding_tick(ctx: Context, character: Character, *, rule: str = "§4.6") -> Resolution[Attr | None]:
    """Bleeding (§4.6): 1 fatigue every turn, on the attribute the owner picks (§16 #23).

    A fainted character whose point has no room on that attribute bleeds out: it is a lethal
    wound instead, so they either wake first or are mortally wounded (§16 #32).

    Asks a "bleeding" decision (keys "STR" … "PRE") only when the character is Bleeding and not dead.

    Returns:
        The attribute that took the fatigue, or None when not bleeding.
    """
    if Affliction.BLEEDING not in character.afflictions or character.status is Status.DEAD:
        return None
    attr = yield from choose_attribute(
        character,
        prompt=f"{character.name} bleeds: take 1 fatigue on which attribute?",
        kind="bleeding",
        rule=rule,
    )
    attribute = character[attr]
    if character.status is Status.FAINTED and attribute.available <= 0 and not attribute.fatigue:
        # Bleeding out (§16 #32): a point with nowhere to go would only add a turn down, and a
        # fainted bleeder would never reach the wake roll (§4.3). It is a lethal wound instead,
        # placed as §4.2 says, a mortal wound once no attribute can hold it.
        yield from place_wounds(ctx, character, 1, rule="§16 #32")
        return attr
    take_fatigue(ctx, character, attr, 1, rule=rule)
    return attr
