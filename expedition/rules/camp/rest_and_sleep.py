"""Provides the camp's rests (§10.3): a well deserved rest, and sleep, which heals but adds an ambush die.

Both take fatigue and Shaken away from everyone living and bring a cleric's exhausted prayers
back (§11.2). Only sleep cures Sleepy (§16 #34: §4.6's "camping" is the camp's Sleep, as the §10.3
table says); sleep also heals a wound each, and a loud snorer (§5.6) chooses between snoring (an
ambush die) and lying awake (still Sleepy). House limit where the book is
silent: the party sleeps once a camp.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from expedition.rules.camp.ambush import snorer
from expedition.rules.camp.camp_party import camper, living
from expedition.rules.camp.camp_setup import current_camp
from expedition.rules.camp.pool import RULE, afford, spend
from expedition.rules.character.afflictions import Cure, apply_cure
from expedition.rules.character.recovery import heal_chosen_wound, rest_all_fatigue
from expedition.rules.core.actions import Action
from expedition.rules.core.decisions import Choice, Decision
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.events import Event

if TYPE_CHECKING:
    from expedition.rules.character.adventurer import Character
    from expedition.rules.core.context import Context
    from expedition.rules.core.decisions import Resolution
    from expedition.rules.engine.campaign import CampaignState

__all__ = [
    "REST_COST",
    "SLEEP_COST",
    "PartyRested",
    "PrayersRefreshed",
    "Sleep",
    "WellDeservedRest",
    "refresh_prayers",
    "rest",
    "sleep",
    "verify_rest",
    "verify_sleep",
]

REST_COST = 1
"""Camp actions a well deserved rest takes (§10.3)."""
SLEEP_COST = 2
"""Camp actions sleep takes (§10.3)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class WellDeservedRest(Action):
    """A well deserved rest (§10.3): 1 camp action; all fatigue, Shaken and Sleepy go, prayers return."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Sleep(Action):
    """Sleep (§10.3): 2 camp actions; fatigue, Sleepy and Shaken go, everyone heals 1 wound; +1 ambush die."""


def refresh_prayers(ctx: Context, member: Character, *, rule: str = "§11.2") -> None:
    """Resting at camp un-exhausts every prayer (§11.2, §10.3)."""
    if member.magic.exhausted_prayers:
        count = len(member.magic.exhausted_prayers)
        member.magic.exhausted_prayers.clear()
        ctx.emit(PrayersRefreshed(rule=rule, character=member.id, count=count))


def verify_rest(state: CampaignState, action: WellDeservedRest) -> None:
    """Raise unless the actor may call a rest now (anyone able to act, paid from the pool)."""
    camp, _ = camper(state, action)
    afford(camp, REST_COST)


def rest(ctx: Context, state: CampaignState, action: WellDeservedRest) -> Resolution[None]:
    """Everyone living rests: fatigue and Shaken go, prayers come back (§10.3, §4.6).

    Sleepy stays: the §10.3 table names only Shaken for a rest, and §4.6's "camping" cure of
    Sleepy is the camp's Sleep (§16 #34).
    """
    spend(ctx, current_camp(state), action, REST_COST)
    ctx.emit(PartyRested(rule=RULE, sleep=False))
    for member in living(state):
        rest_all_fatigue(ctx, member, rule=RULE)
        apply_cure(ctx, member, Cure.CAMP_REST, rule="§4.6")
        refresh_prayers(ctx, member)
    return
    yield


def verify_sleep(state: CampaignState, action: Sleep) -> None:
    """Raise unless the party may sleep now: once a camp (house), paid from the pool."""
    camp, _ = camper(state, action)
    if camp.slept:
        raise IllegalAction("The party has already slept this camp.")
    afford(camp, SLEEP_COST)


def sleep(ctx: Context, state: CampaignState, action: Sleep) -> Resolution[None]:
    """Everyone living sleeps and heals a wound; each loud snorer is asked ("snore", §5.6)."""
    camp = spend(ctx, current_camp(state), action, SLEEP_COST)
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


@dataclass(frozen=True, slots=True, kw_only=True)
class PartyRested(Event):
    """The party rested in camp: a well deserved rest, or sleep."""

    sleep: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class PrayersRefreshed(Event):
    """A cleric's exhausted prayers came back with rest (§11.2)."""

    character: str
    count: int
