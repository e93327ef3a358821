"""Tests for rules/combat/enemies/tactics.py: moves the scripts share (HOUSE §3.3)."""

from __future__ import annotations

from expedition.rules.combat.combat_events import EnemyActed
from expedition.rules.combat.combat_state import CombatState
from expedition.rules.combat.enemies.tactics import (
    adjacent,
    area,
    corpses,
    hit,
    nearby,
    regenerate,
    tokens,
    transform,
)
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import Decision, resolve
from expedition.rules.core.dice import ScriptedDice
from expedition.rules.core.lasting import has_lasting
from expedition.rules.engine.campaign import CampaignState
from tests.rules.combat.enemies.test_specials import setup, wounds
from tests.rules.magic_helpers import WORLD


def _combat(state: CampaignState) -> CombatState:
    assert state.expedition is not None and state.expedition.combat is not None
    return state.expedition.combat


def _decline(decision: Decision) -> str:
    return "decline" if decision.kind == "defend" else decision.default


def test_adjacent_is_orthogonal_and_nearby_is_six_tiles_of_the_standing() -> None:
    """§16 #2, #3: adjacent means orthogonally next to; Nearby reaches 6 tiles."""
    state, foes = setup("plagued_rat", at=(2, 2))
    combat = _combat(state)
    wiz, cle = state.character("wiz"), state.character("cle")
    assert adjacent(combat, foes[0], wiz) and not adjacent(combat, foes[0], cle)  # cle is diagonal
    foes[0].pos = (6, 3)  # 6 tiles from the wizard, 7 from the cleric
    assert nearby(state, combat, foes[0]) == [wiz] and nearby(state, combat, foes[0], reach=7) == [wiz, cle]


def test_hit_strikes_with_the_named_action_and_reports_its_cost() -> None:
    """§10.2.5: a scripted attack is defended as usual and spends the action's cost."""
    state, foes = setup("plagued_rat", at=(2, 2))
    used: set[str] = set()
    ctx = Context(ScriptedDice([]), world=WORLD)
    assert (
        resolve(
            hit(ctx, state, _combat(state), foes[0], "small_bite", state.character("wiz"), used), _decline
        )
        == 1
    )
    assert used == {"small_bite"} and wounds(state.character("wiz")) == 2


def test_regeneration_heals_a_wound_and_stops_bleeding() -> None:
    """§12, HOUSE §6.4: Unnatural regeneration heals 1 wound and ends the foe's bleeding."""
    _, foes = setup("bloodshot_goblin")
    foes[0].wounds, foes[0].bleeding = 2, True
    ctx = Context(ScriptedDice([]), world=WORLD)
    assert regenerate(ctx, foes[0], set()) == 1
    assert foes[0].wounds == 1 and not foes[0].bleeding
    assert any(isinstance(e, EnemyActed) and e.action == "unnatural_regeneration" for e in ctx.events)


def test_tokens_stack_dodge_freely_but_shields_stop_at_five() -> None:
    """§10.2.4: shield tokens are capped at 5; dodge tokens are not."""
    _, foes = setup("void_demon")
    foes[0].tokens.shield = 4
    tokens(Context(ScriptedDice([])), foes[0], "fade", set(), shield=2, dodge=3)
    assert (foes[0].tokens.shield, foes[0].tokens.dodge) == (5, 3)


def test_an_area_attack_gives_each_victim_a_defence_and_may_burn_allies() -> None:
    """§10.2.3 area attacks, §12.1: each victim defends alone; Piercing light burns foes Nearby too."""
    state, foes = setup("vault_weaver", "plagued_rat", at=(3, 2))
    foes[1].pos = (5, 2)
    people = [state.character("wiz"), state.character("cle")]
    ctx = Context(ScriptedDice([]), world=WORLD)
    cost = resolve(
        area(ctx, state, _combat(state), foes[0], "piercing_light", people, set(), burns_allies=2), _decline
    )
    assert cost == 2 and all(wounds(m) == 2 for m in people)
    assert foes[1].wounds == 2 and foes[0].wounds == 0


def test_a_body_is_eaten_once_and_the_eater_transforms() -> None:
    """§12.5: Feast turns a Starved Cadaver into an Unsatiable Dead; the corpse cannot be eaten twice."""
    state, foes = setup("starved_cadaver", "plagued_rat")
    combat = _combat(state)
    assert corpses(state, combat) == []
    foes[1].out = True
    foes[0].wounds = 3
    assert corpses(state, combat) == [foes[1]]
    ctx = Context(ScriptedDice([]), world=WORLD)
    assert transform(ctx, state, foes[0], foes[1], "unsatiable_dead", healed=True)
    assert foes[0].key == "unsatiable_dead" and foes[0].wounds == 0
    assert corpses(state, combat) == [] and has_lasting(state, foes[1].uid, "corpse:eaten")
    assert not transform(ctx, state, foes[0], foes[1], "no_such_thing", healed=False)
