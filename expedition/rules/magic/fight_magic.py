"""Provides the fight side of spells, prayers and maneuvers (§10.2.2): reach, foe targets, harm, shields.

It reads the combat state (`combat_state`): a cast, prayer or maneuver reaches only as far as its
text says from the actor's combat tile (§8, Close unless said). Taking the turn and paying its
actions is the round's business (`rounds.check_actions`, `rounds.pay_actions`), and a summoned
creature is placed by `fight_setup.summon`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from expedition.rules.character.adventurer import Character
from expedition.rules.combat.combat_events import report_tokens
from expedition.rules.combat.combat_harm import wound_foe
from expedition.rules.combat.combat_state import MAX_SHIELD_TOKENS, Foe, combat_of
from expedition.rules.combat.enemies.enemy_defs import EnemyTag
from expedition.rules.core.distance import Pos, manhattan
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.reach import Reach

if TYPE_CHECKING:
    from expedition.rules.core.context import Context
    from expedition.rules.engine.campaign import CampaignState


def position(state: CampaignState, who: str) -> Pos:
    """The combat tile of an adventurer id or a foe uid.

    Raises:
        IllegalAction: For someone not on the fight's map.
    """
    combat = combat_of(state)
    if who in combat.positions and who not in combat.fled:
        return combat.positions[who]
    for foe in combat.foes:
        if foe.uid == who and foe.conscious:
            return foe.pos
    raise IllegalAction(f"{who} is not on the fight's map.")


def check_reach(state: CampaignState, actor: str, target: str, reach: Reach) -> None:
    """Raise unless `target` is within `reach` of `actor` on the fight's map (same tile counts)."""
    distance = manhattan(position(state, actor), position(state, target))
    if distance and not reach.reaches(distance):
        raise IllegalAction(f"That reaches {reach}; the target is {distance} tiles away.")


def foe(state: CampaignState, actor: str, target: str, reach: Reach) -> Foe:
    """The conscious foe `target` names, within `reach` of `actor`.

    Raises:
        IllegalAction: Outside a fight, for no such foe, or out of reach.
    """
    combat = combat_of(state)
    found = next((f for f in combat.foes if f.uid == target and f.conscious), None)
    if found is None:
        raise IllegalAction("Choose an enemy still in the fight as the target.")
    check_reach(state, actor, target, reach)
    return found


def foes_in_reach(state: CampaignState, actor: str, reach: Reach) -> list[Foe]:
    """Conscious foes within `reach` of `actor`."""
    origin = position(state, actor)
    return [
        f
        for f in combat_of(state).conscious_foes
        if not manhattan(origin, f.pos) or reach.reaches(manhattan(origin, f.pos))
    ]


def has_tag(target: Foe, *tags: EnemyTag) -> bool:
    """True if the foe carries any of `tags`."""
    return any(tag in target.defn.tags for tag in tags)


def stun_foe(ctx: Context, target: Foe, count: int, why: str, rule: str) -> None:
    """Give a foe `count` stun tokens (nothing for 0 or less)."""
    if count <= 0:
        return
    target.tokens.stun += count
    ctx.emit(report_tokens(target.uid, target.tokens, why, rule))


def hurt_foe(
    ctx: Context,
    state: CampaignState,
    target: Foe,
    wounds: int,
    by: str,
    rule: str,
    *,
    reducible: bool = False,
) -> int:
    """Deal wounds to a foe through X1's `wound_foe`; unless `reducible`, armour and resistance do not apply.

    Returns:
        Wounds it took.
    """
    fixed = not reducible
    return wound_foe(
        ctx, state, combat_of(state), target, wounds, by=by, pierce=fixed, unreducible=fixed, rule=rule
    )


def turn_begins(ctx: Context, member: Character) -> None:
    """At the start of an adventurer's combat turn: Magic Shield gives 1 shield token, up to 5 (§11.1)."""
    if "magic_shield" in member.magic.effects and member.tokens.shield < MAX_SHIELD_TOKENS:
        member.tokens.shield += 1
        ctx.emit(report_tokens(member.id, member.tokens, "Magic Shield", "§11.1"))


def fight_ends(state: CampaignState) -> None:
    """When a fight ends, magic lasting "this combat" and once-per-fight uses end (§11.1, §5.7)."""
    for member in state.party:
        kept = ("prayer:", "item:", "mishap:")  # lasting's
        member.magic.effects[:] = [e for e in member.magic.effects if e.startswith(kept)]
        member.magic.spent.clear()
