"""Tests for rules/combat/break_free.py: BreakFree, the way out of a hold (§16 #26, HOUSE §6.2)."""

from __future__ import annotations

import pytest

from expedition.rules.combat.break_free import BreakFree, break_free_options, recover_frees, verify_break_free
from expedition.rules.combat.combat_state import CombatState, Foe
from expedition.rules.combat.enemies.attack_effects import strike
from expedition.rules.combat.holds import ATTACHED, BOUND, GRABBED, holds_on, take_hold
from expedition.rules.combat.moving_and_fleeing import CombatMove
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import resolve
from expedition.rules.core.dice import ScriptedDice
from expedition.rules.core.errors import IllegalAction
from expedition.rules.engine.campaign import CampaignState
from expedition.rules.engine.dispatch import verify
from tests.rules.combat.enemies.test_specials import enemies, setup, wounds
from tests.rules.magic_helpers import WORLD, run


def _combat(state: CampaignState) -> CombatState:
    assert state.expedition is not None and state.expedition.combat is not None
    return state.expedition.combat


def _hold(state: CampaignState, foe: Foe, kind: str, who: str = "wiz") -> None:
    take_hold(Context(ScriptedDice([]), world=WORLD), state, _combat(state), foe, state.character(who), kind)


def test_break_free_is_a_str_test_that_ends_the_hold_on_a_success() -> None:
    """§16 #26: 1 action and a STR test; a success frees the victim, who may then move."""
    state, _ = setup("giant_crab")
    enemies(state, [])
    run(state, BreakFree(actor="wiz"), [5, 2])
    assert holds_on(state, "wiz") == []
    verify(state, CombatMove(actor="wiz", to=(1, 3)))


def test_a_rotworm_attaches_on_a_critical_bites_each_host_turn_and_comes_off_with_no_test() -> None:
    """§12.3, HOUSE §6.2: Infest attaches a worm on a critical; 1 wound as the host's turn starts."""
    state, foes = setup("rotworm_swarm")
    assert state.expedition is not None and state.expedition.combat is not None
    wiz = state.character("wiz")
    action = foes[0].defn.action("infest")
    ctx = Context(ScriptedDice([1, 2]), world=WORLD)
    resolve(strike(ctx, state, state.expedition.combat, foes[0], action, wiz), lambda d: d.default)
    assert [e.key for e in holds_on(state, "wiz")] == ["hold:attached"]
    before = wounds(wiz)
    run(state, BreakFree(actor="wiz"), [])
    assert wounds(wiz) == before + 1
    assert holds_on(state, "wiz") == []


def test_break_free_needs_a_hold_and_an_ally_only_pulls_off_a_rider() -> None:
    """§16 #26, HOUSE §6.2: nothing to break is refused; an ally Close pulls off only a rider."""
    state, foes = setup("giant_crab", "giant_leech")
    with pytest.raises(IllegalAction, match="Nothing holds"):
        verify_break_free(state, BreakFree(actor="wiz"))
    _hold(state, foes[0], GRABBED)
    verify_break_free(state, BreakFree(actor="wiz"))
    with pytest.raises(IllegalAction, match="Nothing holds"):
        verify_break_free(state, BreakFree(actor="cle", victim="wiz"))  # nobody pries a crab's claw for you
    _hold(state, foes[1], ATTACHED)
    verify_break_free(state, BreakFree(actor="cle", victim="wiz"))
    _combat(state).positions["cle"] = (4, 3)
    with pytest.raises(IllegalAction, match="Close"):
        verify_break_free(state, BreakFree(actor="cle", victim="wiz"))


def test_a_failed_str_test_leaves_the_hold_and_spends_the_action() -> None:
    """§16 #26: a failed STR test changes nothing but the action spent."""
    state, foes = setup("giant_crab")
    _hold(state, foes[0], GRABBED)
    run(state, BreakFree(actor="wiz"), [2, 3])
    assert holds_on(state, "wiz") != [] and _combat(state).actions_left == 1


def test_a_recover_shakes_off_only_a_binding() -> None:
    """§12.1, HOUSE §6.2: a Recover frees a bound victim with no test; a grab stays."""
    state, foes = setup("void_demon", "giant_crab")
    _hold(state, foes[0], BOUND)
    _hold(state, foes[1], GRABBED)
    recover_frees(Context(ScriptedDice([]), world=WORLD), state, state.character("wiz"))
    assert [e.key for e in holds_on(state, "wiz")] == ["hold:grabbed"]


def test_the_options_offer_ones_own_hold_and_a_rider_on_an_ally_close_by() -> None:
    """§16 #26, HOUSE §6.2: the action bar lists breaking one's own hold and pulling a rider off an ally."""
    state, foes = setup("giant_crab", "giant_leech")
    _hold(state, foes[0], GRABBED)
    _hold(state, foes[1], ATTACHED, "cle")
    labels = {label: choice for choice, label in break_free_options(state, "wiz")}
    assert labels == {
        "Break free of the Giant Crab (grabbed)": BreakFree(actor="wiz", kind="grabbed"),
        "Pull the Giant Leech off Cle": BreakFree(actor="wiz", victim="cle", kind="attached"),
    }
