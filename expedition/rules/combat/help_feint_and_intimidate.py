"""Provides `Help` (§10.2.2, §3.5), the Duelist's `Feint` and the `Intimidate` skill (§6.1) in a fight.

Help puts the helper's die on an ally's tests in their next turn (2 actions); Feint strips a Close
foe's shield and dodge tokens (1 action); Intimidate is a PRE 1N attack on every Nearby foe, once a
fight (2 actions).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from expedition.rules.combat.combat_events import Attacked, report_tokens
from expedition.rules.combat.combat_harm import wound_foe
from expedition.rules.combat.fighter_turn import COSTS, done, fighter, start
from expedition.rules.core.actions import Action
from expedition.rules.core.attributes import Attr
from expedition.rules.core.conditions import Affliction
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import Resolution
from expedition.rules.core.distance import manhattan
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.events import Note
from expedition.rules.core.notation import parse_attack
from expedition.rules.core.rolls import attribute_test
from expedition.rules.core.skills import Skill

if TYPE_CHECKING:
    from expedition.rules.engine.campaign import CampaignState


@dataclass(frozen=True, slots=True, kw_only=True)
class Help(Action):
    """Help an ally on or next to your tile: your die joins their tests on their next turn (§10.2.2, §3.5).

    Attributes:
        ally: The ally's id.
    """

    ally: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Feint(Action):
    """Duelist: strip every shield and dodge token from a Close foe (§6.1).

    Attributes:
        target: The foe's uid.
    """

    target: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Intimidate(Action):
    """Intimidate skill: a PRE 1N attack on every Nearby foe, once per combat (§6.1)."""


COSTS[Help] = 2


COSTS[Intimidate] = 2


INTIMIDATION = parse_attack("PRE 1N")
"""The Intimidate skill's attack on every Nearby foe (§6.1)."""


def verify_help(state: CampaignState, action: Help) -> None:
    combat, member = fighter(state, action)
    ally = next((c for c in state.party if c.id == action.ally), None)
    if ally is None or ally.id == member.id or ally.id not in combat.positions or ally.id in combat.fled:
        raise IllegalAction("Help someone else in this fight.")
    if manhattan(combat.positions[ally.id], combat.positions[member.id]) > 1:
        raise IllegalAction(f"{ally.name} must be on or next to {member.name}'s tile.")
    if member.has(Affliction.SLEEPY):
        raise IllegalAction(f"{member.name} is Sleepy and cannot help.")


def verify_feint(state: CampaignState, action: Feint) -> None:
    combat, member = fighter(state, action)
    if not (member.has(Skill.DUELIST) or member.has(Skill.SWASHBUCKLER)):
        raise IllegalAction("Feinting needs the Duelist skill.")
    foe = combat.foe(action.target)
    if not foe.conscious or manhattan(foe.pos, combat.positions[member.id]) != 1:
        raise IllegalAction(f"The {foe.name} must be Close.")


def verify_intimidate(state: CampaignState, action: Intimidate) -> None:
    combat, member = fighter(state, action)
    if not member.has(Skill.INTIMIDATE):
        raise IllegalAction("Intimidating needs the Intimidate skill.")
    if member.id in combat.intimidated:
        raise IllegalAction(f"{member.name} has already intimidated in this fight.")


def help_ally(ctx: Context, state: CampaignState, action: Help) -> Resolution[None]:
    combat, member = start(state, action)
    combat.helped[action.ally] = member.id
    ctx.emit(Note(rule="§10.2.2", text=f"{member.name} helps {state.character(action.ally).name}."))
    yield from done(ctx, state, member, action)


def feint(ctx: Context, state: CampaignState, action: Feint) -> Resolution[None]:
    combat, member = start(state, action)
    foe = combat.foe(action.target)
    shields = foe.tokens.shield
    foe.tokens.shield = foe.tokens.dodge = 0
    if shields and member.has(Skill.SWASHBUCKLER):
        foe.feinted = True
    ctx.emit(report_tokens(foe.uid, foe.tokens, "feint", "§6.1"))
    yield from done(ctx, state, member, action)


def intimidate(ctx: Context, state: CampaignState, action: Intimidate) -> Resolution[None]:
    combat, member = start(state, action)
    combat.intimidated.add(member.id)
    here = combat.positions[member.id]
    targets = [f for f in combat.conscious_foes if manhattan(f.pos, here) <= 6 and not f.defn.immune_to_pre]
    result = yield from attribute_test(ctx, member, Attr.PRE, combat=True, rule="§6.1")
    critical = result.outcome.value == "great_success"
    for foe in targets:
        ctx.emit(
            Attacked(
                rule="§6.1",
                attacker=member.id,
                defender=foe.uid,
                attack="Intimidate",
                outcome=result.outcome.value,
                hit=result.succeeded,
                critical=critical,
                damage=INTIMIDATION.damage(critical) if result.succeeded else 0,
            )
        )
        if result.succeeded:
            wound_foe(ctx, state, combat, foe, INTIMIDATION.damage(critical), by=member.id, rule="§6.1")
    yield from done(ctx, state, member, action)
