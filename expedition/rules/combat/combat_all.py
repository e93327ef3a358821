"""Provides the combat rules in one place (§10.2): state, setup, rounds, actions, the enemy phase and options.

The rules live in the `combat_*` modules, split by concept; this module re-exports their public API.
The attack action is `AttackFoe` (the name `Attack` belongs to the attack notation in snapshots);
`Attack` here is an alias of it for callers written against the first contract.
"""

from __future__ import annotations

from expedition.rules.combat.combat_actions import (
    AttackFoe,
    CombatCatchBreath,
    CombatMove,
    CombatUseItem,
    Defend,
    Dodge,
    EndTurn,
    Feint,
    Flee,
    Help,
    Intimidate,
    Recover,
    move_routes,
    move_tiles,
)
from expedition.rules.combat.combat_options import attack_odds, combat_options
from expedition.rules.combat.combat_state import (
    AdventurerFled,
    Attacked,
    CombatEnded,
    CombatMoved,
    CombatOutcome,
    CombatPhase,
    CombatStarted,
    CombatState,
    EnemyActed,
    Foe,
    FoeFled,
    FoeFleeing,
    FoeKnockedOut,
    FoePlaced,
    FoeWounded,
    RoundStarted,
    TokensChanged,
    TurnEnded,
    TurnStarted,
    combat_of,
)
from expedition.rules.combat.combat_verbs import attack_foe
from expedition.rules.combat.enemy_phase import enemy_turns
from expedition.rules.combat.fight_setup import enemy_defs, fight_here, start_combat, wandering_arrives
from expedition.rules.combat.rounds import actions_for, advance, end_turn

Attack = AttackFoe
"""Alias of `AttackFoe`."""

__all__ = [
    "AdventurerFled",
    "Attack",
    "AttackFoe",
    "Attacked",
    "CombatCatchBreath",
    "CombatEnded",
    "CombatMove",
    "CombatMoved",
    "CombatOutcome",
    "CombatPhase",
    "CombatStarted",
    "CombatState",
    "CombatUseItem",
    "Defend",
    "Dodge",
    "EndTurn",
    "EnemyActed",
    "Feint",
    "Flee",
    "Foe",
    "FoeFled",
    "FoeFleeing",
    "FoeKnockedOut",
    "FoePlaced",
    "FoeWounded",
    "Help",
    "Intimidate",
    "Recover",
    "RoundStarted",
    "TokensChanged",
    "TurnEnded",
    "TurnStarted",
    "actions_for",
    "advance",
    "attack_foe",
    "attack_odds",
    "combat_of",
    "combat_options",
    "end_turn",
    "enemy_defs",
    "enemy_turns",
    "fight_here",
    "move_routes",
    "move_tiles",
    "start_combat",
    "wandering_arrives",
]
