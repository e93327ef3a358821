"""Tests for expedition.rules.character.traumas: gaining, removing and the effects of traumas (§4.5)."""

from __future__ import annotations

import pytest

from expedition.rules.character.adventurer import Character, Status
from expedition.rules.character.progression import ProficiencyChanged, ScoreChanged
from expedition.rules.character.traumas import (
    TRAUMA_EFFECTS,
    FearfulReaction,
    TraumaGained,
    TraumaRemoved,
    ambush_dice_modifier,
    can_receive_help,
    can_share_in_camp,
    combat_move_action_cost,
    combat_move_tiles_limit,
    exploration_move_needs_support,
    exploration_move_supported,
    fearful_reaction,
    gain_trauma,
    remove_trauma,
    stun_on_spell_nearby,
    usable_hands,
)
from expedition.rules.combat.combat_events import CombatMoved
from expedition.rules.combat.combat_harm import DECLINE, defend
from expedition.rules.combat.combat_state import Foe
from expedition.rules.core.attributes import Attr
from expedition.rules.core.conditions import Trauma
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import Decision, answers, resolve, resolve_default
from expedition.rules.core.dice import ScriptedDice
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.item_defs import Item, ItemDef, Tag
from expedition.rules.core.notation import parse_attack
from expedition.rules.engine.campaign import CampaignState
from expedition.rules.exploration.stepping import Step
from expedition.rules.items.handling import put, wield
from expedition.rules.items.slots import BROKEN_ARM_HAND, RIGHT_HAND, free_space
from tests.rules.magic_helpers import fight, make_state, run


def make() -> tuple[Context, Character]:
    return Context(ScriptedDice([])), Character(id="bo", name="Bo")


def no_decision(decision: Decision) -> str:
    raise AssertionError(f"unexpected decision {decision.kind}")


def test_gaining_a_held_trauma_does_nothing() -> None:
    """§4.5: a trauma already held is not gained again (and lowers nothing)."""
    ctx, bo = make()
    bo.traumas = {Trauma.CHRONIC_PAIN}
    assert resolve(gain_trauma(ctx, bo, Trauma.CHRONIC_PAIN, rule="§4.4"), no_decision) is False
    assert all(bo[attr].score == 1 for attr in Attr)
    assert ctx.events == []


def test_gaining_a_plain_trauma_reports_it() -> None:
    """§4.5: a new trauma is added and reported."""
    ctx, bo = make()
    assert resolve(gain_trauma(ctx, bo, Trauma.VISIONS, rule="§4.4"), no_decision) is True
    assert bo.traumas == {Trauma.VISIONS}
    assert ctx.events == [TraumaGained(rule="§4.4", character="bo", trauma=Trauma.VISIONS)]


def test_chronic_pain_lowers_the_score_the_player_picks() -> None:
    """§4.5: Chronic pain lowers one score above 0 by 1; the owner picks among several."""
    ctx, bo = make()
    bo[Attr.STR].score = 3
    seen: list[Decision] = []

    def pick_dex(decision: Decision) -> str:
        seen.append(decision)
        return "DEX"

    assert resolve(gain_trauma(ctx, bo, Trauma.CHRONIC_PAIN, rule="§4.4"), pick_dex) is True
    assert seen[0].kind == "chronic_pain"
    assert seen[0].owner == "bo"
    assert seen[0].keys == ("STR", "DEX", "INT", "PRE")
    assert seen[0].default == "STR"
    assert bo[Attr.DEX].score == 0
    assert bo[Attr.STR].score == 3


def test_chronic_pain_with_one_choice_asks_nothing() -> None:
    """§4.5: with only one score above 0 there is nothing to decide."""
    ctx, bo = make()
    for attr in (Attr.STR, Attr.DEX, Attr.PRE):
        bo[attr].score = 0
    resolve(gain_trauma(ctx, bo, Trauma.CHRONIC_PAIN, rule="§4.4"), no_decision)
    assert bo[Attr.INT].score == 0


def test_chronic_pain_with_every_score_at_0_lowers_nothing() -> None:
    """§4.5: only a score above 0 can be lowered; the trauma is still gained."""
    ctx, bo = make()
    for attr in Attr:
        bo[attr].score = 0
    assert resolve(gain_trauma(ctx, bo, Trauma.CHRONIC_PAIN, rule="§4.4"), no_decision) is True
    assert bo.traumas == {Trauma.CHRONIC_PAIN}
    assert not any(isinstance(event, ScoreChanged) for event in ctx.events)


def test_chronic_pain_drops_excess_fatigue_then_wounds() -> None:
    """§4.5: when marks no longer fit the lowered score, fatigue goes first, then wounds."""
    ctx, bo = make()
    bo[Attr.STR].score = 2
    bo[Attr.STR].fatigue = 1
    bo[Attr.STR].wounds = 1
    resolve(gain_trauma(ctx, bo, Trauma.CHRONIC_PAIN, rule="§4.4"), answers("STR"))
    assert (bo[Attr.STR].score, bo[Attr.STR].fatigue, bo[Attr.STR].wounds) == (1, 0, 1)


def test_brain_damage_lowers_a_proficiency_above_0() -> None:
    """§4.5: Brain damage lowers one proficiency above 0 by 1 (the highest by default)."""
    ctx, bo = make()
    bo[Attr.INT].proficiency = 1
    bo[Attr.PRE].proficiency = 2
    resolve_default(gain_trauma(ctx, bo, Trauma.BRAIN_DAMAGE, rule="§4.4"))
    assert (bo[Attr.INT].proficiency, bo[Attr.PRE].proficiency) == (1, 1)
    assert ctx.events[-1] == ProficiencyChanged(rule="§4.4", character="bo", attr=Attr.PRE, old=2, new=1)


def test_brain_damage_without_proficiency_lowers_nothing() -> None:
    """§4.5: with no proficiency above 0, Brain damage takes nothing."""
    ctx, bo = make()
    assert resolve(gain_trauma(ctx, bo, Trauma.BRAIN_DAMAGE, rule="§4.4"), no_decision) is True
    assert len(ctx.events) == 1


def test_removing_a_trauma_does_not_restore_the_lost_score() -> None:
    """§4.5, §10.5.4: removing Chronic pain leaves the lowered score where it is."""
    ctx, bo = make()
    resolve(gain_trauma(ctx, bo, Trauma.CHRONIC_PAIN, rule="§4.4"), answers("PRE"))
    assert remove_trauma(ctx, bo, Trauma.CHRONIC_PAIN, rule="§10.5.4") is True
    assert bo.traumas == set()
    assert bo[Attr.PRE].score == 0
    assert ctx.events[-1] == TraumaRemoved(rule="§10.5.4", character="bo", trauma=Trauma.CHRONIC_PAIN)
    assert remove_trauma(ctx, bo, Trauma.CHRONIC_PAIN, rule="§10.5.4") is False


def test_paranoid_cannot_receive_help_and_shares_only_rations() -> None:
    """§3.5, §4.5: the Paranoid never receive help and share only rations in camp."""
    _, bo = make()
    assert can_receive_help(bo) and can_share_in_camp(bo, ration=False)
    bo.traumas = {Trauma.PARANOID}
    assert not can_receive_help(bo)
    assert not can_share_in_camp(bo, ration=False)
    assert can_share_in_camp(bo, ration=True)


def test_paranoid_adds_an_ambush_die() -> None:
    """§16 #10: Paranoid adds +1 ambush die (overriding the book's −1)."""
    _, bo = make()
    assert ambush_dice_modifier(bo) == 0
    bo.traumas = {Trauma.PARANOID}
    assert ambush_dice_modifier(bo) == 1


def test_broken_leg_limits_combat_moves_and_needs_support() -> None:
    """§4.5, §10.2.2: Broken leg: 1 tile per move, 2 actions, help or a cane when exploring."""
    _, bo = make()
    assert (combat_move_tiles_limit(bo), combat_move_action_cost(bo), exploration_move_needs_support(bo)) == (
        None,
        1,
        False,
    )
    bo.traumas = {Trauma.BROKEN_LEG}
    assert (combat_move_tiles_limit(bo), combat_move_action_cost(bo), exploration_move_needs_support(bo)) == (
        1,
        2,
        True,
    )


def test_broken_arm_leaves_one_hand() -> None:
    """§4.5: one arm cannot attack or carry."""
    _, bo = make()
    assert usable_hands(bo) == 2
    bo.traumas = {Trauma.BROKEN_ARM}
    assert usable_hands(bo) == 1


def test_fearful_steps_back_and_is_stunned_once_per_round() -> None:
    """§4.5: Fearful steps back on each attack; a second attack stuns, never more."""
    _, bo = make()
    assert fearful_reaction(bo, 2) == FearfulReaction()
    bo.traumas = {Trauma.FEARFUL}
    assert fearful_reaction(bo, 1) == FearfulReaction(step_back=1, stun=0)
    assert fearful_reaction(bo, 2) == FearfulReaction(step_back=1, stun=1)
    assert fearful_reaction(bo, 3) == FearfulReaction(step_back=1, stun=0)


def test_visions_stun_when_a_spell_is_cast_nearby() -> None:
    """§4.5: Visions give a stun token when someone casts Nearby."""
    _, bo = make()
    assert stun_on_spell_nearby(bo) == 0
    bo.traumas = {Trauma.VISIONS}
    assert stun_on_spell_nearby(bo) == 1


def test_every_trauma_has_a_description() -> None:
    """§4.5: the sheet can describe each trauma."""
    assert set(TRAUMA_EFFECTS) == set(Trauma)


# --- traumas in play: Broken arm, Broken leg, Fearful ------------------------------------------

_AXE = ItemDef("battle_axe", "Battle axe", tags=frozenset({Tag.TWO_HANDED}), attack="STR 4+2B", hands=2)
_DAGGER = ItemDef("dagger", "Dagger", attack="STR 1+3P")
_CANE = ItemDef("cane", "Cane", attack="STR 1")


def test_broken_arm_stops_the_broken_hand_wielding_and_carrying() -> None:
    """§4.5: a Broken arm (the left, house) unwields its weapon; that hand takes nothing new."""
    ctx, bo = make()
    dagger, spare = Item.new(1, _DAGGER), Item.new(2, _DAGGER)
    wield(ctx, bo, dagger, BROKEN_ARM_HAND)
    assert resolve(gain_trauma(ctx, bo, Trauma.BROKEN_ARM, rule="§4.5"), no_decision)
    assert not dagger.wielded
    with pytest.raises(IllegalAction, match="broken"):
        put(ctx, bo, spare, BROKEN_ARM_HAND)
    with pytest.raises(IllegalAction, match="broken"):
        wield(ctx, bo, dagger, BROKEN_ARM_HAND)
    wield(ctx, bo, spare, RIGHT_HAND)  # the good hand still fights
    assert spare.wielded and free_space(bo, BROKEN_ARM_HAND) == 0


def test_broken_arm_cannot_wield_two_handed() -> None:
    """§4.5: with one arm, a two-handed weapon cannot be wielded; one already wielded is let go."""
    ctx, bo = make()
    axe = Item.new(1, _AXE)
    wield(ctx, bo, axe, RIGHT_HAND)
    resolve(gain_trauma(ctx, bo, Trauma.BROKEN_ARM, rule="§4.5"), no_decision)
    assert not axe.wielded
    with pytest.raises(IllegalAction, match="broken"):
        wield(ctx, bo, axe, RIGHT_HAND)


def test_broken_leg_explores_only_with_a_cane_or_a_helper() -> None:
    """§4.5: moving while exploring with a Broken leg needs an able ally or a cane."""
    _, bo = make()
    ally = Character(id="cy", name="Cy")
    assert exploration_move_supported(bo, [bo])
    bo.traumas = {Trauma.BROKEN_LEG}
    assert not exploration_move_supported(bo, [bo])
    assert exploration_move_supported(bo, [bo, ally])
    ally.status = Status.FAINTED
    assert not exploration_move_supported(bo, [bo, ally])
    bo.items.append(Item.new(1, _CANE))
    assert exploration_move_supported(bo, [bo, ally])


def test_broken_leg_blocks_the_partys_step_without_support() -> None:
    """§4.5, §10.1: the party cannot step while a lone Broken-legged adventurer has no cane."""
    state = make_state()
    wiz, cle = state.party
    wiz.traumas.add(Trauma.BROKEN_LEG)
    run(state, Step(direction="east"), [])  # the cleric helps
    cle.status = Status.FAINTED
    with pytest.raises(IllegalAction, match="leg is broken"):
        run(state, Step(direction="east"), [])


def _attack_wiz(state: CampaignState, foe: Foe) -> Context:
    assert state.expedition is not None and state.expedition.combat is not None
    ctx = Context(ScriptedDice([]))
    wiz = state.party[0]
    resolve(
        defend(ctx, state, state.expedition.combat, foe, "Bite", parse_attack("STR 1"), wiz),
        lambda d: DECLINE if d.kind == "defend" else d.default,
    )
    return ctx


def test_fearful_steps_straight_back_and_a_second_attack_stuns_once() -> None:
    """§4.5: each attack pushes a Fearful adventurer 1 tile back; the 2nd in a round gives 1 stun, no more."""
    state = make_state()
    (foe,) = fight(state, "gremlin")
    assert state.expedition is not None and state.expedition.combat is not None
    combat = state.expedition.combat
    wiz = state.party[0]
    wiz.traumas.add(Trauma.FEARFUL)
    combat.positions["wiz"], foe.pos = (4, 2), (5, 2)
    _attack_wiz(state, foe)
    assert combat.positions["wiz"] == (3, 2) and wiz.tokens.stun == 0
    _attack_wiz(state, foe)
    assert combat.positions["wiz"] == (2, 2) and wiz.tokens.stun == 1
    _attack_wiz(state, foe)
    assert combat.positions["wiz"] == (1, 2) and wiz.tokens.stun == 1


def test_without_fearful_an_attack_moves_nobody() -> None:
    """§4.5: only the Fearful step back."""
    state = make_state()
    (foe,) = fight(state, "gremlin")
    assert state.expedition is not None and state.expedition.combat is not None
    state.expedition.combat.positions["wiz"], foe.pos = (4, 2), (5, 2)
    ctx = _attack_wiz(state, foe)
    assert state.expedition.combat.positions["wiz"] == (4, 2)
    assert not any(isinstance(e, CombatMoved) for e in ctx.events)
