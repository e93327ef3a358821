"""Tests for combat/maneuvers/attack_maneuvers.py: the maneuvers that strike (§5.7.1, §5.7.2, §16 #26)."""

from __future__ import annotations

import pytest

from expedition.rules.combat.attacking import AttackFoe
from expedition.rules.combat.maneuvers.maneuver_marks import (
    DISARMED,
    HOLD,
    RECKLESS,
    before_defence,
    foe_would_move,
    weapon_usable,
)
from expedition.rules.combat.maneuvers.maneuver_rules import UseManeuver
from expedition.rules.core.attributes import Attr
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import answers, resolve
from expedition.rules.core.dice import ScriptedDice
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.lasting import Span, add_lasting, has_lasting, lasting_on
from expedition.rules.core.roll_events import RollJudged
from expedition.rules.engine.dispatch import verify
from tests.rules.magic_helpers import give, run
from tests.rules.maneuver_helpers import apply_only, combat, fighter, foes, use


def test_bash_is_a_str_1_attack_that_stuns_on_a_hit() -> None:
    """§5.7.1 Bash (STR 1): a hit gives a stun token; a miss gives nothing."""
    state, _ = fighter("bash")
    foe, other = foes(state, "giant_rat", "giant_rat")
    with pytest.raises(IllegalAction, match="reaches Close"):
        verify(state, UseManeuver(actor="wiz", maneuver="bash", target=other.uid))
    use(state, "bash", [5, 3])
    assert (foe.wounds, foe.tokens.stun) == (1, 1)
    use(state, "bash", [2, 3])
    assert (foe.wounds, foe.tokens.stun) == (1, 1)


def test_disarm_drops_the_weapon_until_the_foe_spends_an_action() -> None:
    """§5.7.1 Disarm (-DEX 1, house): the foe's weapon attacks wait until it picks the weapon up."""
    state, _ = fighter("disarm")
    (foe,) = foes(state, "goblin_scrapper")
    use(state, "disarm", [6, 6, 5])  # disadvantage: the GM rerolls a 6 into a 5
    assert has_lasting(state, foe.uid, DISARMED)
    assert not weapon_usable(state, foe, "knife_in_the_gut")
    with pytest.raises(IllegalAction, match="already dropped"):
        verify(state, UseManeuver(actor="wiz", maneuver="disarm", target=foe.uid))
    ctx = Context(ScriptedDice([]))
    assert resolve(foe_would_move(ctx, state, combat(state), foe, can_move=True), answers())
    assert weapon_usable(state, foe, "knife_in_the_gut")


def test_disarm_refuses_a_foe_without_a_weapon() -> None:
    """§5.7.1 Disarm: a gremlin's teeth cannot be dropped (house list of weapon actions)."""
    state, _ = fighter("disarm")
    foes(state, "gremlin")
    with pytest.raises(IllegalAction, match="no weapon"):
        verify(state, UseManeuver(actor="wiz", maneuver="disarm", target="foe1"))


def test_glorious_finish_on_the_last_foe_restores_pre_and_a_miss_tires_pre() -> None:
    """§5.7.1 Glorious finish: last foe felled → everyone recovers 1 PRE fatigue; a miss → 1 PRE fatigue."""
    state, wiz = fighter("glorious_finish")
    (foe,) = foes(state, "gremlin")
    cle = state.character("cle")
    wiz[Attr.PRE].fatigue = cle[Attr.PRE].fatigue = 1
    apply_only(state, "glorious_finish", [2, 3])
    assert wiz[Attr.PRE].fatigue == 2
    apply_only(state, "glorious_finish", [6, 6])  # great success: 2+1 wounds, W 2
    assert foe.out
    assert (wiz[Attr.PRE].fatigue, cle[Attr.PRE].fatigue) == (1, 0)


def test_glorious_finish_on_a_helpless_foe_gives_nothing() -> None:
    """§5.7.1 Glorious finish (house): a stunned victim could not fight back."""
    state, _ = fighter("glorious_finish")
    (foe,) = foes(state, "gremlin")
    foe.tokens.stun = 1
    cle = state.character("cle")
    cle[Attr.PRE].fatigue = 1
    apply_only(state, "glorious_finish", [6, 6])
    assert foe.out and cle[Attr.PRE].fatigue == 1


def test_charge_drives_the_foe_back_and_a_wall_wounds_and_stuns_it() -> None:
    """§5.7.1 Charge: straight back a normal move, following; a wall: 1 wound and a stun token."""
    state, wiz = fighter("charge")
    (foe,) = foes(state, "giant_rat")
    use(state, "charge", [])
    assert foe.pos == (6, 2) and combat(state).positions["wiz"] == (5, 2)
    assert (foe.wounds, foe.tokens.stun) == (0, 0)
    combat(state).positions["wiz"], foe.pos = (6, 2), (7, 2)
    use(state, "charge", [])
    assert foe.pos == (8, 2) and combat(state).positions["wiz"] == (7, 2)
    assert (foe.wounds, foe.tokens.stun) == (1, 1)
    _ = wiz


def test_charge_refuses_a_ghost() -> None:
    """§5.7.1, §10.2.5: ghosts cannot be charged."""
    state, _ = fighter("charge")
    foes(state, "lesser_demon")
    with pytest.raises(IllegalAction, match="ghost"):
        verify(state, UseManeuver(actor="wiz", maneuver="charge", target="foe1"))


def test_reckless_attack_adds_a_wound_and_the_next_defence_has_disadvantage() -> None:
    """§5.7.1 Reckless attack: +1 wound; the barbarian's next defence only has disadvantage."""
    state, wiz = fighter("reckless_attack")
    (foe,) = foes(state, "giant_rat")
    use(state, "reckless_attack", [5, 3])
    assert foe.wounds == 3  # the short sword's 2, +1
    ctx = Context(ScriptedDice([]))
    guard = resolve(before_defence(ctx, state, combat(state), foe, "Bite", wiz), answers())
    assert guard.disadvantage == 1 and not has_lasting(state, wiz.id, RECKLESS)
    again = resolve(before_defence(ctx, state, combat(state), foe, "Bite", wiz), answers())
    assert again.disadvantage == 0


def test_clean_kill_doubles_the_damage_on_an_immobilised_target() -> None:
    """§5.7.2 Clean Kill: double damage against a held foe only."""
    state, _ = fighter("clean_kill")
    first, second = foes(state, "giant_rat", "giant_rat")
    second.pos = (1, 3)
    use(state, "clean_kill", [5, 3], first.uid)
    assert first.wounds == 2
    add_lasting(Context(ScriptedDice([])), state, HOLD, second.uid, Span.FIGHT, rule="test")
    use(state, "clean_kill", [5, 3], second.uid)
    assert second.wounds == 4


def test_incapacitating_strike_deals_one_wound_and_holds_the_foe_for_its_next_turn() -> None:
    """§5.7.2, HOUSE §6.2: 1 wound, immobilised through the foe's next turn; it may struggle (§16 #26)."""
    state, _ = fighter("incapacitating_strike")
    (foe,) = foes(state, "giant_rat")
    use(state, "incapacitating_strike", [6, 6])
    assert foe.wounds == 1
    (hold,) = lasting_on(state, foe.uid, HOLD)
    assert hold.span is Span.ROUND and hold.left == 1
    ctx = Context(ScriptedDice([1, 2, 3]))  # LVL 3 dice, no 4+
    assert resolve(foe_would_move(ctx, state, combat(state), foe, can_move=False), answers())
    assert has_lasting(state, foe.uid, HOLD)
    ctx = Context(ScriptedDice([1, 2, 5]))
    assert resolve(foe_would_move(ctx, state, combat(state), foe, can_move=False), answers())
    assert not has_lasting(state, foe.uid, HOLD)


def test_fast_trapping_throws_a_trap_three_tiles_for_four_wounds_and_a_hold() -> None:
    """§5.7.2 Fast trapping (house): a DEX test at 3 tiles; the trap deals 4 wounds and holds (§16 #26)."""
    state, wiz = fighter("fast_trapping")
    give(wiz, "trapping_kit", 11)
    (foe,) = foes(state, "giant_rat", at=(4, 2))
    use(state, "fast_trapping", [5, 3, 6])  # DEX test, then the kit's usage die
    assert foe.wounds == 4 and has_lasting(state, foe.uid, HOLD)
    foe.pos = (5, 2)
    with pytest.raises(IllegalAction, match="reaches 3 tiles"):
        verify(state, UseManeuver(actor="wiz", maneuver="fast_trapping", target=foe.uid))


def test_fast_trapping_needs_a_trapping_kit() -> None:
    """§5.7.2 Fast trapping: no kit, no trap."""
    state, _ = fighter("fast_trapping")
    foes(state, "giant_rat", at=(4, 2))
    with pytest.raises(IllegalAction, match="trapping kit"):
        verify(state, UseManeuver(actor="wiz", maneuver="fast_trapping", target="foe1"))


def test_wing_it_hurls_the_melee_weapon_with_dex_at_disadvantage() -> None:
    """§5.7.2 Wing it: DEX with disadvantage, 3 tiles, the weapon's damage; (house) it leaves the hand."""
    state, wiz = fighter("wing_it")
    (foe,) = foes(state, "giant_rat", at=(4, 2))
    ctx = use(state, "wing_it", [6, 6, 5])
    judged = [e for e in ctx.events if isinstance(e, RollJudged)]
    assert judged[0].attr is Attr.DEX
    assert foe.wounds == 2
    assert not any(i.wielded for i in wiz.items if i.uid == 10)


def test_knife_in_the_back_strikes_again_with_an_extra_die_on_a_flanked_foe() -> None:
    """§5.7.2 Knife in the back: after an attack, once a turn, no action, one more die; flanked only."""
    state, _ = fighter("knife_in_the_back", weapon="dagger")
    (foe,) = foes(state, "giant_rat")
    with pytest.raises(IllegalAction, match="follows an attack"):
        verify(state, UseManeuver(actor="wiz", maneuver="knife_in_the_back", target=foe.uid))
    run(state, AttackFoe(actor="wiz", target=foe.uid, weapon_uid=10), [2, 3])
    with pytest.raises(IllegalAction, match="not flanked"):
        verify(state, UseManeuver(actor="wiz", maneuver="knife_in_the_back", target=foe.uid))
    combat(state).positions["cle"] = (2, 1)
    ctx = use(state, "knife_in_the_back", [5, 3, 2])
    assert [len(e.faces) for e in ctx.events if isinstance(e, RollJudged)] == [3]
    assert foe.wounds == 1 and combat(state).actions_left == 1
    with pytest.raises(IllegalAction):
        verify(state, UseManeuver(actor="wiz", maneuver="knife_in_the_back", target=foe.uid))


def test_blades_in_the_dark_doubles_damage_only_on_an_unaware_foe() -> None:
    """§5.7.2 Blades in the dark, HOUSE §6.1: unaware = round 1 of an ambush, or the thief is hidden."""
    state, _ = fighter("blades_in_the_dark")
    foe, _other = foes(state, "giant_rat", "giant_rat")
    with pytest.raises(IllegalAction, match="knows where"):
        verify(state, UseManeuver(actor="wiz", maneuver="blades_in_the_dark", target=foe.uid))
    combat(state).ambush = True
    use(state, "blades_in_the_dark", [5, 3])
    assert foe.wounds == 4
