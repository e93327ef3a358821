"""Shared builders for the skill tests (test_skill_fight, test_skill_slip, test_skill_beasts)."""

from __future__ import annotations

from collections.abc import Callable

from expedition.rules.combat.combat_harm import defend
from expedition.rules.combat.combat_state import Foe
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import Decision, resolve
from expedition.rules.core.dice import ScriptedDice
from expedition.rules.core.notation import Attack, parse_attack
from expedition.rules.engine.campaign import CampaignState
from tests.rules.maneuver_helpers import combat

KNIFE = parse_attack("STR 1B+1")
ANIMALS = {
    "plagued_rat",
    "rat_king",
    "giant_rat",
    "bloated_plague_rat",
    "swarm_of_insects",
    "rotworm_swarm",
    "giant_leech",
    "giant_frog",
    "giant_crab",
    "golden_ridge_maneater",
    "spiderling",
    "dire_spider",
    "giant_spider",
}


def asked(seen: list[Decision], answer: str = "") -> Callable[[Decision], str]:
    """An answerer that records each decision and picks `answer` when offered, else the default."""

    def pick(d: Decision) -> str:
        seen.append(d)
        return answer if answer and answer in d.keys else d.default

    return pick


def attacked(
    state: CampaignState, foe: Foe, name: str, attack: Attack, pick: Callable[[Decision], str]
) -> bool:
    """The foe attacks the wizard (combat_harm.defend) with dice 5, 2; True if it hit."""
    ctx = Context(ScriptedDice([5, 2]))
    return resolve(defend(ctx, state, combat(state), foe, name, attack, state.character("wiz")), pick)
