"""Tests for combat/maneuvers/maneuver_marks.py: reactions and combat hooks (§5.7, §16 #26, HOUSE §6)."""

from __future__ import annotations

from expedition.rules.combat.combat_harm import defend
from expedition.rules.combat.maneuvers.maneuver_marks import (
    HIDDEN,
    OWED,
    ReactionUsed,
    before_defence,
    foe_would_move,
    pay_owed,
)
from expedition.rules.combat.moving_and_fleeing import CombatMove
from expedition.rules.core.attributes import Attr
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import Decision, answers, resolve
from expedition.rules.core.dice import ScriptedDice
from expedition.rules.core.lasting import Span, add_lasting, has_lasting
from tests.rules.magic_helpers import run
from tests.rules.maneuver_helpers import BITE, by_kind, combat, fighter, foes, use


def test_going_somewhere_stops_a_move_for_a_stun_token_or_passes() -> None:
    """§5.7.2 Going somewhere?: answered yes, the move is stopped and the hoodlum is stunned; no, it goes."""
    state, wiz = fighter("going_somewhere")
    (foe,) = foes(state, "giant_rat")
    ctx = Context(ScriptedDice([]))
    asked: list[Decision] = []

    def no(d: Decision) -> str:
        asked.append(d)
        return "pass"

    assert not resolve(foe_would_move(ctx, state, combat(state), foe, can_move=True), no)
    assert asked[0].owner == "wiz" and asked[0].default == "pass" and wiz.tokens.stun == 0
    assert resolve(foe_would_move(ctx, state, combat(state), foe, can_move=True), answers("stop"))
    assert wiz.tokens.stun == 1
    assert any(isinstance(e, ReactionUsed) for e in ctx.events)


def test_a_hidden_moon_curser_who_fails_the_dex_test_while_moving_is_revealed() -> None:
    """§5.7.2: moving while hidden needs a DEX test, or the hiding ends."""
    state, wiz = fighter("fade_into_darkness")
    foes(state, "giant_rat", at=(6, 2))
    use(state, "fade_into_darkness", [], "")
    run(state, CombatMove(actor="wiz", to=(1, 3)), [2, 3])
    assert not has_lasting(state, wiz.id, HIDDEN)


def test_aegis_answered_yes_swaps_places_and_takes_the_attack() -> None:
    """§5.7.1 Aegis: an ally next to the target pays a shield token and takes the attack."""
    state, wiz = fighter("", weapon="")
    cle = state.character("cle")
    cle.magic.maneuvers = ["aegis"]
    cle.tokens.shield = 1
    (foe,) = foes(state, "giant_rat")
    ctx = Context(ScriptedDice([2, 3]))
    hit = resolve(defend(ctx, state, combat(state), foe, "Bite", BITE, wiz), by_kind(aegis="aegis"))
    assert hit and cle.tokens.shield == 0
    assert combat(state).positions["cle"] == (1, 2) and combat(state).positions["wiz"] == (1, 1)
    assert sum(a.wounds for a in cle.attrs.values()) == 1 and sum(a.wounds for a in wiz.attrs.values()) == 0


def test_aegis_answered_no_leaves_the_target_to_defend() -> None:
    """§5.7.1 Aegis: declined ("pass", the default), nothing changes."""
    state, wiz = fighter("", weapon="")
    cle = state.character("cle")
    cle.magic.maneuvers = ["aegis"]
    cle.tokens.shield = 1
    (foe,) = foes(state, "giant_rat")
    ctx = Context(ScriptedDice([2, 3]))
    resolve(defend(ctx, state, combat(state), foe, "Bite", BITE, wiz), lambda d: d.default)
    assert cle.tokens.shield == 1 and combat(state).positions["wiz"] == (1, 2)
    assert sum(a.wounds for a in wiz.attrs.values()) == 1


def test_payback_answered_yes_stuns_the_attacker_and_costs_an_action_next_turn() -> None:
    """§5.7.1 Payback (house cost: 1 action of the next turn) after a shield token stops a melee attack."""
    state, wiz = fighter("payback", weapon="")
    wiz.tokens.shield = 1
    (foe,) = foes(state, "giant_rat")
    ctx = Context(ScriptedDice([2, 3, 5]))  # fails, a shield token rerolls the 2 into a 5
    hit = resolve(defend(ctx, state, combat(state), foe, "Bite", BITE, wiz), by_kind(payback="payback"))
    assert not hit and wiz.tokens.shield == 0 and foe.tokens.stun == 1
    assert has_lasting(state, wiz.id, OWED)
    combat(state).actions_left = 2
    pay_owed(ctx, state, combat(state), wiz)
    assert combat(state).actions_left == 1 and not has_lasting(state, wiz.id, OWED)


def test_payback_answered_no_leaves_the_attacker_alone() -> None:
    """§5.7.1 Payback declined: no stun, no action owed."""
    state, wiz = fighter("payback", weapon="")
    wiz.tokens.shield = 1
    (foe,) = foes(state, "giant_rat")
    ctx = Context(ScriptedDice([2, 3, 5]))
    resolve(defend(ctx, state, combat(state), foe, "Bite", BITE, wiz), lambda d: d.default)
    assert foe.tokens.stun == 0 and not has_lasting(state, wiz.id, OWED)


def test_through_next_enemy_phase_counts_one_round_before_the_foes_act_else_two() -> None:
    """§10.2.1, §5.7.1: before the enemy phase one cleanup covers it; after it, the next round's does."""
    from expedition.rules.combat.combat_state import CombatPhase
    from expedition.rules.combat.maneuvers.maneuver_marks import through_next_enemy_phase

    state, _ = fighter()
    foes(state, "giant_rat")
    combat(state).phase = CombatPhase.FAST
    assert through_next_enemy_phase(combat(state)) == 1
    combat(state).phase = CombatPhase.SLOW
    assert through_next_enemy_phase(combat(state)) == 2


def test_an_owed_action_never_takes_the_last_action_of_a_turn() -> None:
    """§5.7 (house): an action owed for a reaction is paid, but a turn keeps at least one action."""
    state, wiz = fighter()
    foes(state, "giant_rat")
    ctx = Context(ScriptedDice([]))
    add_lasting(ctx, state, OWED, wiz.id, Span.FIGHT, source=wiz.id, value=1, rule="§5.7")
    combat(state).actions_left = 1
    pay_owed(ctx, state, combat(state), wiz)
    assert combat(state).actions_left == 1 and not has_lasting(state, wiz.id, OWED)


def test_outsmarted_swaps_only_str_or_dex_and_is_used_up() -> None:
    """§5.7.2 Outsmart: an INT test stays INT and keeps the effect; a STR test becomes PRE, once."""
    from expedition.rules.combat.maneuvers.maneuver_marks import OUTSMART, outsmarted

    state, wiz = fighter()
    foes(state, "giant_rat")
    ctx = Context(ScriptedDice([]))
    add_lasting(ctx, state, OUTSMART, wiz.id, Span.FIGHT, source=wiz.id, text="PRE", rule="§5.7.2")
    assert outsmarted(ctx, state, wiz, Attr.INT) is Attr.INT and has_lasting(state, wiz.id, OUTSMART)
    assert outsmarted(ctx, state, wiz, Attr.STR) is Attr.PRE
    assert outsmarted(ctx, state, wiz, Attr.DEX) is Attr.DEX


def test_a_reaction_is_not_offered_to_a_stunned_ally() -> None:
    """§5.7.1 Aegis, §10.2: a stunned ally cannot react, so no decision is asked."""
    state, wiz = fighter("", weapon="")
    cle = state.character("cle")
    cle.magic.maneuvers = ["aegis"]
    cle.tokens.shield, cle.tokens.stun = 1, 1
    (foe,) = foes(state, "giant_rat")
    asked: list[Decision] = []
    guard = resolve(
        before_defence(Context(ScriptedDice([])), state, combat(state), foe, "Bite", wiz),
        lambda d: asked.append(d) or d.default,  # type: ignore[func-returns-value]
    )
    assert asked == [] and guard.defender is wiz and guard.tiring
