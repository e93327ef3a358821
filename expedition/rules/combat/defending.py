"""Provides `Defend` and `Dodge` (§10.2.2): shield tokens from the held shield, dodge tokens from a DEX test.

Giving those tokens up again is `Recover` (`fighter_turn`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from expedition.rules.character.adventurer import Character
from expedition.rules.combat.combat_events import report_tokens
from expedition.rules.combat.combat_state import MAX_SHIELD_TOKENS, helper_of
from expedition.rules.combat.fighter_turn import COSTS, done, fighter, start
from expedition.rules.core.actions import Action
from expedition.rules.core.attributes import Attr
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import Resolution
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.item_defs import Item
from expedition.rules.core.rolls import attribute_test
from expedition.rules.core.skills import Skill
from expedition.rules.exploration.hazards.footing import footing_dodge, verify_dodge
from expedition.rules.items.slots import HANDS

if TYPE_CHECKING:
    from expedition.rules.engine.campaign import CampaignState


@dataclass(frozen=True, slots=True, kw_only=True)
class Defend(Action):
    """Raise the held shield: its shield tokens plus Shield Expert or Master, at most 5 (§10.2.2)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Dodge(Action):
    """A DEX test for 2 dodge tokens, 3 on a great success (§10.2.2)."""


COSTS[Dodge] = 2


def held_shield(member: Character) -> Item | None:
    """The shield in the character's hands, if any."""
    return next((i for i in member.items if i.defn.is_shield and i.place in HANDS), None)


def verify_defend(state: CampaignState, action: Defend) -> None:
    _, member = fighter(state, action)
    if held_shield(member) is None:
        raise IllegalAction(f"{member.name} holds no shield.")
    if member.tokens.shield >= 5:
        raise IllegalAction(f"{member.name} already has 5 shield tokens.")


def verify_dodging(state: CampaignState, action: Dodge) -> None:
    _, member = fighter(state, action)
    shield = held_shield(member)
    if shield is not None and shield.defn.no_dodge:
        raise IllegalAction(f"Nobody dodges with a {shield.name}.")

    verify_dodge(state, member)  # waist-deep water (HOUSE §1.9, §1.11, §1.14)


def defend(ctx: Context, state: CampaignState, action: Defend) -> Resolution[None]:
    _, member = start(state, action)
    shield = held_shield(member)
    assert shield is not None
    bonus = 2 if member.has(Skill.SHIELD_MASTER) else 1 if member.has(Skill.SHIELD_EXPERT) else 0
    member.tokens.shield = min(MAX_SHIELD_TOKENS, member.tokens.shield + shield.defn.shield_tokens + bonus)
    ctx.emit(report_tokens(member.id, member.tokens, "defend", "§10.2.2"))
    yield from done(ctx, state, member, action)


def dodge(ctx: Context, state: CampaignState, action: Dodge) -> Resolution[None]:
    combat, member = start(state, action)
    helper = helper_of(state, combat, member.id)
    result = yield from attribute_test(
        ctx,
        member,
        Attr.DEX,
        helper=helper if helper and helper.can_act else None,
        combat=True,
        rule="§10.2.2",
    )
    if result.succeeded:
        member.tokens.dodge += 3 if result.outcome.value == "great_success" else 2
        ctx.emit(report_tokens(member.id, member.tokens, "dodge", "§10.2.2"))

    yield from footing_dodge(ctx, state, member)  # a mud sump (HOUSE §1.10)
    yield from done(ctx, state, member, action)
