"""Tests for rules/combat/maneuvers/stances.py: set-up maneuvers and reactions (§5.7.1, §5.7.2)."""

from __future__ import annotations

import pytest

from expedition.rules.combat.attacking import AttackFoe
from expedition.rules.combat.combat_harm import defend
from expedition.rules.combat.enemy_phase import _target
from expedition.rules.combat.maneuvers.maneuver_marks import (
    HIDDEN,
    TURTLE,
    trick_advantage,
)
from expedition.rules.combat.maneuvers.maneuver_rules import UseManeuver
from expedition.rules.core.attributes import Attr
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import resolve
from expedition.rules.core.dice import ScriptedDice
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.lasting import has_lasting
from expedition.rules.core.roll_events import RollJudged
from expedition.rules.engine.combat_options import combat_options
from expedition.rules.engine.dispatch import verify
from expedition.rules.items import handling
from tests.rules.magic_helpers import give, run
from tests.rules.maneuver_helpers import BITE, apply_only, combat, fighter, foes, use


def test_turtle_defends_and_the_defence_dice_cause_no_fatigue() -> None:
    """§5.7.1 Turtle (2 actions): the shield's tokens, then defence tests cost no fatigue."""
    state, wiz = fighter("turtle", weapon="")
    handling.wield(Context(ScriptedDice([])), wiz, give(wiz, "metal_shield", 12), "left_hand")
    (foe,) = foes(state, "giant_rat")
    use(state, "turtle", [], "")
    assert wiz.tokens.shield == 2 and has_lasting(state, wiz.id, TURTLE)
    ctx = Context(ScriptedDice([4, 5]))
    keep = lambda d: "pass" if d.kind == "reroll" else d.default  # noqa: E731 - the dice stand as they fell
    resolve(defend(ctx, state, combat(state), foe, "Bite", BITE, wiz), keep)
    assert wiz[Attr.STR].fatigue == 0


def test_outsmart_swaps_the_next_str_attack_for_int_once_per_fight() -> None:
    """§5.7.2 Outsmart (house): the next STR/DEX attack tests the chosen PRE or INT; once per fight."""
    state, _ = fighter("outsmart")
    foes(state, "giant_rat")
    use(state, "outsmart", [], "INT")
    with pytest.raises(IllegalAction, match="once per fight"):
        verify(state, UseManeuver(actor="wiz", maneuver="outsmart", target="PRE"))
    ctx = run(state, AttackFoe(actor="wiz", target="foe1", weapon_uid=10), [5, 3])
    assert [e.attr for e in ctx.events if isinstance(e, RollJudged)] == [Attr.INT]


def test_quick_and_outsmart_options_offer_attributes_and_attack_maneuvers_offer_foes() -> None:
    """§5.7: the options list offers each maneuver with its own targets."""
    state, _ = fighter("outsmart", "bash", "aegis")
    foes(state, "giant_rat", "giant_rat")
    labels = {o.label: o for o in combat_options(state, "wiz")}
    assert labels["Outsmart → PRE"].enabled and labels["Outsmart → INT"].enabled
    assert labels["Bash → Giant Rat 1"].enabled and "Bash → Giant Rat 2" not in labels
    assert not labels["Aegis"].enabled and "reaction" in labels["Aegis"].reason


def test_dirty_tricks_give_allies_advantage_on_a_living_foe_within_two_tiles() -> None:
    """§5.7.2 Dirty tricks: allies (not the hoodlum) attack the distracted foe with advantage."""
    state, _ = fighter("dirty_tricks")
    foe, husk = foes(state, "giant_rat", "reanimated_husk")
    husk.pos = (1, 3)
    use(state, "dirty_tricks", [], foe.uid)
    assert trick_advantage(state, foe, "cle") == 1 and trick_advantage(state, foe, "wiz") == 0
    with pytest.raises(IllegalAction, match="not living"):
        verify(state, UseManeuver(actor="wiz", maneuver="dirty_tricks", target=husk.uid))


def test_fade_into_darkness_hides_gives_a_dodge_token_and_foes_pick_another() -> None:
    """§5.7.2 Fade into darkness, HOUSE §6.1: hidden, +1 dodge; foes target someone else."""
    state, wiz = fighter("fade_into_darkness")
    (foe,) = foes(state, "giant_rat")
    use(state, "fade_into_darkness", [], "")
    assert wiz.tokens.dodge == 1 and has_lasting(state, wiz.id, HIDDEN)
    target = _target(state, combat(state), foe)
    assert target is not None and target.id == "cle"


def test_fade_into_darkness_is_refused_while_carrying_a_light() -> None:
    """§5.7.2: impossible while carrying a light."""
    state, wiz = fighter("fade_into_darkness")
    foes(state, "giant_rat")
    give(wiz, "torch", 12).lit = True
    with pytest.raises(IllegalAction, match="light"):
        verify(state, UseManeuver(actor="wiz", maneuver="fade_into_darkness"))


@pytest.mark.parametrize("key", ["aegis", "payback", "going_somewhere"])
def test_a_reaction_used_as_an_action_is_refused_with_the_reason(key: str) -> None:
    """§5.7.1, §5.7.2: reactions are offered in the enemy turn, never taken as an action."""
    state, _ = fighter(key)
    foes(state, "giant_rat")
    with pytest.raises(IllegalAction, match="reaction"):
        verify(state, UseManeuver(actor="wiz", maneuver=key, target=""))


def test_turtle_needs_a_shield_and_a_shield_master_adds_two_tokens_up_to_five() -> None:
    """§5.7.1 Turtle, §6.3 Shield Master: no shield, no Turtle; the master's bonus stops at the cap of 5."""
    from expedition.rules.core.skills import Skill

    state, wiz = fighter("turtle", weapon="")
    foes(state, "giant_rat")
    with pytest.raises(IllegalAction, match="no shield"):
        verify(state, UseManeuver(actor="wiz", maneuver="turtle", target=""))
    handling.wield(Context(ScriptedDice([])), wiz, give(wiz, "metal_shield", 12), "left_hand")
    wiz.skills.add(Skill.SHIELD_MASTER)
    apply_only(state, "turtle", [], "")
    assert wiz.tokens.shield == 4
    apply_only(state, "turtle", [], "")
    assert wiz.tokens.shield == 5
