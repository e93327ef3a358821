"""Tests for combat/enemies/attack_effects.py:

What enemy attacks do besides wounds: stuns, holds, afflictions (§12).
"""

from __future__ import annotations

import pytest

from expedition.rules.character.adventurer import Status
from expedition.rules.combat.combat_events import EnemyActed
from expedition.rules.combat.combat_state import CombatState, Foe
from expedition.rules.combat.enemies.attack_effects import PLAIN, RIDERS, FoeHealed, heal, strike, stun
from expedition.rules.combat.enemies.habits import ACTIONS
from expedition.rules.combat.holds import holds_on
from expedition.rules.core.conditions import Affliction
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import Decision, resolve
from expedition.rules.core.dice import ScriptedDice
from expedition.rules.engine.campaign import CampaignState
from expedition.rules.items.slots import TORSO
from tests.rules.combat.enemies.test_specials import ENEMIES, setup
from tests.rules.magic_helpers import WORLD, give


def _combat(state: CampaignState) -> CombatState:
    assert state.expedition is not None and state.expedition.combat is not None
    return state.expedition.combat


def _strike(state: CampaignState, foe: Foe, key: str, faces: list[int], *, roll: bool = False) -> bool:
    """`foe` uses `key` on the wizard, who declines to defend (or rolls STR/DEX when `roll`)."""

    def answer(decision: Decision) -> str:
        return decision.default if roll or decision.kind != "defend" else "decline"

    ctx = Context(ScriptedDice(faces), world=WORLD)
    wiz = state.character("wiz")
    hit = resolve(strike(ctx, state, _combat(state), foe, foe.defn.action(key), wiz), answer)
    assert ctx.dice.used == len(faces)  # type: ignore[attr-defined]
    assert any(isinstance(e, EnemyActed) and e.action == key for e in ctx.events)
    return hit


@pytest.mark.parametrize("key", ENEMIES)
def test_every_action_in_the_content_is_an_attack_with_a_known_rider_or_a_scripted_action(key: str) -> None:
    """§12, HOUSE §3.3: every stat-block action is handled (a plain attack, a rider, or a script)."""
    for action in WORLD.catalog.enemies[key].actions:
        if action.attack is None:
            assert action.key in ACTIONS, f"{key}: {action.key}"
        else:
            known = f"{key}.{action.key}" in RIDERS or action.key in RIDERS or action.key in PLAIN
            assert known, f"{key}: {action.key}"


def test_a_rider_applies_only_on_a_hit() -> None:
    """§12.6: the Spiderling's Poisonous Bite nauseates on a hit; a successful defence avoids it all."""
    state, foes = setup("spiderling")
    assert not _strike(state, foes[0], "poisonous_bite", [5, 5], roll=True)
    assert not state.character("wiz").has(Affliction.NAUSEATED)
    assert _strike(state, foes[0], "poisonous_bite", [])
    assert state.character("wiz").has(Affliction.NAUSEATED)


def test_the_enemy_specific_rider_wins_over_the_plain_action() -> None:
    """§12.4, HOUSE §6.2: a Giant Leech's Bite attaches it; a Giant Rat's Bite only wounds."""
    state, foes = setup("giant_leech")
    _strike(state, foes[0], "bite", [])
    assert [e.key for e in holds_on(state, "wiz")] == ["hold:attached"]
    state, foes = setup("giant_rat")
    _strike(state, foes[0], "bite", [])
    assert holds_on(state, "wiz") == []


def test_an_infectious_bite_plagues_only_on_a_triggered_risk_die() -> None:
    """§12.5: Plagued on a triggered 1d! (a 1)."""
    state, foes = setup("reanimated_husk")
    _strike(state, foes[0], "infectious_bite", [2])
    assert not state.character("wiz").has(Affliction.PLAGUED)
    _strike(state, foes[0], "infectious_bite", [1])
    assert state.character("wiz").has(Affliction.PLAGUED)


def test_stun_tokens_go_to_the_standing_only() -> None:
    """§10.2.4, §4.3: fainting clears stun tokens, so the downed are given none."""
    state, _ = setup("dire_spider")
    wiz = state.character("wiz")
    stun(Context(ScriptedDice([])), wiz, 2, "test")
    assert wiz.tokens.stun == 2
    wiz.status = Status.FAINTED
    stun(Context(ScriptedDice([])), wiz, 1, "test")
    assert wiz.tokens.stun == 2


def test_heal_never_takes_a_foe_below_no_wounds() -> None:
    """§12.5: healing (Nibble, regeneration) removes at most the wounds the foe has."""
    state, foes = setup("starved_cadaver")
    foes[0].wounds = 1
    ctx = Context(ScriptedDice([]))
    assert heal(ctx, foes[0], 3, "§12.5") == 1 and foes[0].wounds == 0
    healed = [e for e in ctx.events if isinstance(e, FoeHealed)]
    assert healed[0].healed == 1 and healed[0].total == 0
    foes[0].wounds = 2
    _strike(state, foes[0], "nibble", [])
    assert foes[0].wounds == 1  # a hit heals the cadaver 1 wound


def test_chew_armour_breaks_one_ap_of_the_worn_piece_whatever_the_armour_roll() -> None:
    """§12.2 (house reading): a hit also breaks 1 AP of the piece it struck."""
    state, foes = setup("bugbear")
    wiz = state.character("wiz")
    mail = give(wiz, "chainmail", 9)
    mail.place = TORSO
    ctx = Context(ScriptedDice([5, 5, 5, 5]), world=WORLD)
    action = foes[0].defn.action("chew_armour")
    resolve(
        strike(ctx, state, _combat(state), foes[0], action, wiz),
        lambda d: "decline" if d.kind == "defend" else d.default,
    )
    assert mail.working_ap() == 2


def test_bash_knocks_the_victim_a_tile_away_from_the_crab() -> None:
    """§12.4: Bash knocks its target onto a free tile farther from the crab."""
    state, foes = setup("giant_crab")
    before = _combat(state).positions["wiz"]
    _strike(state, foes[0], "bash", [])
    after = _combat(state).positions["wiz"]
    foe = foes[0].pos
    assert after != before
    assert abs(after[0] - foe[0]) + abs(after[1] - foe[1]) > abs(before[0] - foe[0]) + abs(before[1] - foe[1])
