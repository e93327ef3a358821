"""Provides the moves enemy scripts share (HOUSE §3.3): strike, heal, gain tokens, area attacks, feeding."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from expedition.rules.character.adventurer import Character
from expedition.rules.combat.combat_events import EnemyActed, report_tokens
from expedition.rules.combat.combat_harm import wound_foe
from expedition.rules.combat.combat_state import MAX_SHIELD_TOKENS, CombatState, Foe, standing
from expedition.rules.combat.enemies.attack_effects import heal, strike
from expedition.rules.combat.enemies.enemy_defs import EnemyDef, enemy_defs
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import Resolution
from expedition.rules.core.distance import manhattan
from expedition.rules.core.events import Note
from expedition.rules.core.lasting import Span, add_lasting, has_lasting

if TYPE_CHECKING:
    from expedition.rules.engine.campaign import CampaignState

NEARBY = 6
Script = Callable[
    [Context, "CampaignState", CombatState, Foe, Character, int, set[str]], Resolution[int | None]
]


def adjacent(combat: CombatState, foe: Foe, member: Character) -> bool:
    return manhattan(foe.pos, combat.positions[member.id]) == 1


def nearby(state: CampaignState, combat: CombatState, foe: Foe, reach: int = NEARBY) -> list[Character]:
    return [m for m in standing(state, combat) if manhattan(combat.positions[m.id], foe.pos) <= reach]


def mark(ctx: Context, foe: Foe, key: str, used: set[str]) -> None:
    used.add(key)
    ctx.emit(EnemyActed(rule="§10.2.5", foe=foe.uid, action=key, target=""))


def hit(
    ctx: Context, state: CampaignState, combat: CombatState, foe: Foe, key: str, victim: Character,
    used: set[str], *, disadvantage: int = 0,
) -> Resolution[int]:  # fmt: skip
    used.add(key)
    action = foe.defn.action(key)
    yield from strike(ctx, state, combat, foe, action, victim, disadvantage=disadvantage)
    return action.cost


def regenerate(ctx: Context, foe: Foe, used: set[str]) -> int:
    """Unnatural regeneration: heal 1 wound and stop bleeding (§12, HOUSE §6.4)."""
    mark(ctx, foe, "unnatural_regeneration", used)
    heal(ctx, foe, 1, "§12")
    foe.bleeding = False
    return 1


def tokens(ctx: Context, foe: Foe, key: str, used: set[str], *, shield: int = 0, dodge: int = 0) -> int:
    mark(ctx, foe, key, used)
    foe.tokens.shield = min(MAX_SHIELD_TOKENS, foe.tokens.shield + shield)
    foe.tokens.dodge += dodge
    ctx.emit(report_tokens(foe.uid, foe.tokens, foe.defn.action(key).name, "§10.2.4"))
    return 1


def area(
    ctx: Context, state: CampaignState, combat: CombatState, foe: Foe, key: str, victims: list[Character],
    used: set[str], *, burns_allies: int = 0,
) -> Resolution[int]:  # fmt: skip
    """An area attack: each victim defends alone (§10.2.3); `burns_allies` wounds every foe Nearby too."""
    used.add(key)
    action = foe.defn.action(key)
    for victim in victims:
        yield from strike(ctx, state, combat, foe, action, victim)
    for ally in combat.conscious_foes:
        if burns_allies and ally is not foe and manhattan(ally.pos, foe.pos) <= NEARBY:
            wound_foe(ctx, state, combat, ally, burns_allies, by="", pierce=True, rule="§12")
    return action.cost


def corpses(state: CampaignState, combat: CombatState) -> list[Foe]:
    """Bodies to feed on: fallen foes not yet eaten (house: the dead of either side lie where they fell)."""
    return [f for f in combat.foes if f.out and not has_lasting(state, f.uid, "corpse:eaten")]


def transform(ctx: Context, state: CampaignState, foe: Foe, corpse: Foe, into: str, *, healed: bool) -> bool:

    defs: list[EnemyDef] = enemy_defs(ctx, [into])
    if not defs:
        return False
    add_lasting(ctx, state, "corpse:eaten", corpse.uid, Span.FIGHT, source=foe.uid, rule="§12")
    ctx.emit(Note(rule="§12", text=f"The {foe.name} devours a body and becomes a {defs[0].name}."))
    foe.key, foe.defn = defs[0].key, defs[0]
    if healed:
        heal(ctx, foe, foe.wounds, "§12.5")
    return True
