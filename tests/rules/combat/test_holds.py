"""Tests for combat/holds.py:

Grabbed, hooked, bound, attached and bagged adventurers (HOUSE §6.2, §16 #26).
"""

from __future__ import annotations

import pytest

from expedition.rules.combat.attacking import AttackFoe
from expedition.rules.combat.break_free import BreakFree
from expedition.rules.combat.combat_state import CombatState, Foe
from expedition.rules.combat.holds import (
    ATTACHED,
    BOUND,
    GRABBED,
    HOOKED,
    HoldBroken,
    carry_attached,
    holder_turn_begins,
    holds_by,
    holds_on,
    host_turn_begins,
    let_go,
    pinned,
    take_hold,
    verify_free_to_move,
)
from expedition.rules.core.conditions import Affliction
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import resolve_default
from expedition.rules.core.dice import ScriptedDice
from expedition.rules.core.distance import manhattan
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.notation import parse_attack
from expedition.rules.engine.campaign import CampaignState
from expedition.rules.items import handling
from tests.rules.combat.enemies.test_specials import enemies, setup, wounds
from tests.rules.magic_helpers import WORLD, give, run


def _combat(state: CampaignState) -> CombatState:
    assert state.expedition is not None and state.expedition.combat is not None
    return state.expedition.combat


def _hold(state: CampaignState, foe: Foe, kind: str, who: str = "wiz") -> Context:
    ctx = Context(ScriptedDice([]), world=WORLD)
    take_hold(ctx, state, _combat(state), foe, state.character(who), kind)
    return ctx


def test_grabbed_hooked_and_bound_pin_the_victim_but_an_attached_rider_does_not() -> None:
    """§16 #26, HOUSE §6.2: a pinned character cannot Move; an attached host can."""
    for kind in (GRABBED, HOOKED, BOUND):
        state, foes = setup("giant_crab")
        _hold(state, foes[0], kind)
        assert pinned(state, "wiz") is not None
        with pytest.raises(IllegalAction, match=kind):
            verify_free_to_move(state, state.character("wiz"))
    state, foes = setup("giant_leech")
    _hold(state, foes[0], ATTACHED)
    assert pinned(state, "wiz") is None and holds_by(state, foes[0].uid)
    verify_free_to_move(state, state.character("wiz"))
    with pytest.raises(ValueError):
        _hold(state, foes[0], "tickled")


def test_a_leech_makes_its_host_sleepy_and_bleeding_until_it_lets_go() -> None:
    """§12.4: attached, the leech makes its host Sleepy and Bleeding; both go with it."""
    state, foes = setup("giant_leech")
    wiz = state.character("wiz")
    _hold(state, foes[0], ATTACHED)
    assert wiz.has(Affliction.SLEEPY) and wiz.has(Affliction.BLEEDING)
    foes[0].out = True
    ctx = Context(ScriptedDice([]), world=WORLD)
    let_go(ctx, state, _combat(state))
    assert (
        holds_on(state, "wiz") == [] and not wiz.has(Affliction.SLEEPY) and not wiz.has(Affliction.BLEEDING)
    )
    assert [e.why for e in ctx.events if isinstance(e, HoldBroken)] == ["killed"]


def test_a_stunned_or_fleeing_holder_lets_go_but_a_stunned_rider_clings_on() -> None:
    """HOUSE §6.2: a holder lets go when stunned, fleeing or dead; an attached creature stays when stunned."""
    state, foes = setup("giant_crab", "giant_leech")
    _hold(state, foes[0], GRABBED)
    _hold(state, foes[1], ATTACHED, "cle")
    foes[0].tokens.stun = foes[1].tokens.stun = 1
    let_go(Context(ScriptedDice([]), world=WORLD), state, _combat(state))
    assert holds_on(state, "wiz") == [] and holds_on(state, "cle") != []
    foes[1].fleeing = True
    let_go(Context(ScriptedDice([]), world=WORLD), state, _combat(state))
    assert holds_on(state, "cle") == []


def test_hooked_victims_bleed_a_wound_as_the_holder_starts_its_turn() -> None:
    """§12.2: the Sack Man's hook deals 1 wound at the start of each of its turns."""
    state, foes = setup("sack_man")
    wiz = state.character("wiz")
    _hold(state, foes[0], HOOKED)
    resolve_default(holder_turn_begins(Context(ScriptedDice([]), world=WORLD), state, foes[0]))
    assert wounds(wiz) == 1


def test_an_attached_rotworm_bites_its_host_as_the_hosts_turn_starts() -> None:
    """§12.3: 1 wound at the start of each of the host's turns; a leech deals none this way."""
    state, foes = setup("rotworm_swarm", "giant_leech")
    wiz, cle = state.character("wiz"), state.character("cle")
    _hold(state, foes[0], ATTACHED)
    _hold(state, foes[1], ATTACHED, "cle")
    resolve_default(host_turn_begins(Context(ScriptedDice([]), world=WORLD), state, wiz))
    resolve_default(host_turn_begins(Context(ScriptedDice([]), world=WORLD), state, cle))
    assert (wounds(wiz), wounds(cle)) == (1, 0)


def test_an_attached_creature_rides_along_when_its_host_moves() -> None:
    """HOUSE §6.2: the rider keeps a tile next to its host wherever the host goes."""
    state, foes = setup("giant_leech")
    _hold(state, foes[0], ATTACHED)
    combat = _combat(state)
    combat.positions["wiz"] = (6, 3)
    carry_attached(state, combat)
    assert manhattan(foes[0].pos, (6, 3)) == 1


def test_a_victim_still_grabbed_at_the_end_of_its_turn_takes_a_wound() -> None:
    """§12.4, HOUSE §6.2: a failed STR test leaves the victim held; ending the turn held costs 1 wound."""
    from expedition.rules.combat.fighter_turn import EndTurn

    state, _ = setup("giant_crab")
    enemies(state, [])
    wiz = state.character("wiz")
    run(state, BreakFree(actor="wiz"), [2, 3])
    assert holds_on(state, "wiz") and wounds(wiz) == 0
    run(state, EndTurn(actor="wiz"), [])
    assert wounds(wiz) == 1


def test_a_critical_failure_against_an_attached_leech_hits_its_host_for_base_damage() -> None:
    """HOUSE §6.2, §10.2.2: a critically failed attack on an attached creature strikes the host for BASE."""
    state, foes = setup("giant_leech")
    enemies(state, [])
    wiz, cle = state.character("wiz"), state.character("cle")
    assert [e.key for e in holds_on(state, "wiz")] == ["hold:attached"]
    handling.wield(Context(ScriptedDice([])), cle, give(cle, "short_sword", 10), "right_hand")
    combat = _combat(state)
    combat.positions["cle"] = next(p for p in ((2, 1), (2, 3), (3, 1)) if manhattan(p, foes[0].pos) == 1)
    before = wounds(wiz)
    base = WORLD.items["short_sword"].attack
    assert base is not None
    run(state, AttackFoe(actor="cle", target="foe1", weapon_uid=10), [1, 2])
    assert wounds(wiz) == before + parse_attack(base).base
    assert foes[0].wounds == 0
