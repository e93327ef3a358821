"""Provides every adventurer's combat action's guard and verb (§10.2.2), and their cost, for the dispatch.

Each action lives in its own module with its guard (`verify_*`, raising `IllegalAction` with a reason
a player can read), its verb and its events: `attacking`, `moving_and_fleeing`, `defending`,
`catching_breath`, `using_fight_items`, `help_feint_and_intimidate` and `fighter_turn` (Recover,
EndTurn, and the acting-fighter check and costs they all share). This module gathers them:
`expedition.rules.engine.dispatch` joins `GUARDS` and `VERBS` to the campaign's, and the action bar
asks `cost_of`.

Costs: AttackFoe, Recover, CombatMove, CombatCatchBreath, Defend, CombatUseItem, Feint and Flee take
1 action; Dodge, Help and Intimidate take 2; EndTurn takes none. A stunned adventurer may only
Recover (or end the turn) (§10.2.1).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from expedition.rules.combat.attacking import AttackFoe, make_attack, verify_attack
from expedition.rules.combat.catching_breath import CombatCatchBreath, breathe, verify_breath
from expedition.rules.combat.defending import Defend, Dodge, defend, dodge, verify_defend, verify_dodging
from expedition.rules.combat.fighter_turn import (
    EndTurn,
    Recover,
    Verb,
    cost_of,
    end,
    in_turn,
    recover,
    verify_end,
    verify_recover,
)
from expedition.rules.combat.help_feint_and_intimidate import (
    Feint,
    Help,
    Intimidate,
    feint,
    help_ally,
    intimidate,
    verify_feint,
    verify_help,
    verify_intimidate,
)
from expedition.rules.combat.moving_and_fleeing import CombatMove, Flee, move, verify_move
from expedition.rules.combat.using_fight_items import CombatUseItem, use_item_in_fight, verify_use_in_fight
from expedition.rules.core.actions import Action

if TYPE_CHECKING:
    from expedition.rules.engine.campaign import CampaignState

__all__ = ["GUARDS", "VERBS", "cost_of"]

GUARDS: dict[type[Action], Callable[[CampaignState, Any], None]] = {
    AttackFoe: verify_attack,
    Recover: verify_recover,
    CombatMove: verify_move,
    CombatCatchBreath: verify_breath,
    Defend: verify_defend,
    Dodge: verify_dodging,
    CombatUseItem: verify_use_in_fight,
    Help: verify_help,
    Feint: verify_feint,
    Intimidate: verify_intimidate,
    Flee: verify_move,
    EndTurn: verify_end,
}
"""Guards of the combat actions, merged into `turns`."""

VERBS: dict[type[Action], Verb] = {
    AttackFoe: in_turn(make_attack, GUARDS[AttackFoe]),
    Recover: in_turn(recover, GUARDS[Recover]),
    CombatMove: move,
    CombatCatchBreath: in_turn(breathe, GUARDS[CombatCatchBreath]),
    Defend: in_turn(defend, GUARDS[Defend]),
    Dodge: in_turn(dodge, GUARDS[Dodge]),
    CombatUseItem: in_turn(use_item_in_fight, GUARDS[CombatUseItem]),
    Help: in_turn(help_ally, GUARDS[Help]),
    Feint: in_turn(feint, GUARDS[Feint]),
    Intimidate: in_turn(intimidate, GUARDS[Intimidate]),
    Flee: move,
    EndTurn: end,
}
"""Verbs of the combat actions, merged into `turns`."""
